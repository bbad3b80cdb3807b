package dev.lacuna.mining;

import java.util.Arrays;

/**
 * Open-addressing map from long keys to int values (>= 0), reused across rules by {@link #clear}. The constant
 * counts of {@link ConstMatcher} are keyed by (cell << 32 | entity); java.util.HashMap hashes such keys to
 * cell ^ entity, which collides massively on small graphs, and boxes every key. fastutil's map of the same design
 * took about twice the CPU time on this pattern (docs/measurements.md, Primitive collections).
 */
final class LongIndexMap {
    private long[] keys = new long[64];
    private int[] values = new int[64];
    private int size;

    /** The value for the key, or -1. */
    int get(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            int v = values[i];
            if (v < 0) {
                return -1;
            }
            if (keys[i] == key) {
                return v;
            }
        }
    }

    /** Maps a key that is not in the map yet. */
    void put(long key, int value) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (values[i] >= 0) {
            i = (i + 1) & mask;
        }
        keys[i] = key;
        values[i] = value;
        size++;
    }

    void clear() {
        if (size > 0) {
            Arrays.fill(values, -1);
            size = 0;
        }
    }

    LongIndexMap() {
        Arrays.fill(values, -1);
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldValues.length * 2];
        Arrays.fill(values, -1);
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] >= 0) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L; // Fibonacci hashing: spreads both halves of the key
        return (int) (h >>> 40) & mask;
    }
}
