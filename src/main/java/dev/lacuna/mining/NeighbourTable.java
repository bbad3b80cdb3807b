package dev.lacuna.mining;

import java.util.Arrays;

/**
 * The edges of one entity indexed by their other end, in an open-addressing hash table sized to the entity's
 * degree: answers "which edges of e lead to n" in constant time. Rebuilt in place when the entity changes.
 */
final class NeighbourTable {
    private int entity = -1;
    private long[] edges;
    private int from;
    private int[] keys = new int[16];
    private int[] heads = new int[16];
    private int[] next = new int[16];
    private int mask = 15;

    /** Indexes edges[from, to) of entity e unless it is already the indexed entity. */
    void build(int e, long[] edges, int from, int to) {
        if (e == entity && edges == this.edges) {
            return;
        }
        entity = e;
        this.edges = edges;
        this.from = from;
        int n = to - from;
        int cap = Integer.highestOneBit(Math.max(4, n * 2 - 1)) << 1;
        if (keys.length < cap) {
            keys = new int[cap];
            heads = new int[cap];
        }
        mask = cap - 1;
        Arrays.fill(keys, 0, cap, -1);
        if (next.length < n) {
            next = new int[Math.max(n, next.length * 2)];
        }
        for (int k = from; k < to; k++) {
            int key = KgIndex.low(edges[k]);
            int slot = mix(key) & mask;
            while (keys[slot] != -1 && keys[slot] != key) {
                slot = (slot + 1) & mask;
            }
            if (keys[slot] == -1) {
                keys[slot] = key;
                heads[slot] = -1;
            }
            next[k - from] = heads[slot];
            heads[slot] = k;
        }
    }

    boolean isFor(int e, long[] edges) {
        return e == entity && edges == this.edges;
    }

    /** The first edge index leading to n, or -1; continue with {@link #next}. */
    int first(int n) {
        int slot = mix(n) & mask;
        while (true) {
            int k = keys[slot];
            if (k == n) {
                return heads[slot];
            }
            if (k == -1) {
                return -1;
            }
            slot = (slot + 1) & mask;
        }
    }

    int next(int edge) {
        return next[edge - from];
    }

    private static int mix(int x) {
        int h = x * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
