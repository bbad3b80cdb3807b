package dev.lacuna.mining;

import java.util.Arrays;

/**
 * For the join: per body atom and side, the entities that have an edge of the atom's relation on that side, as
 * bits. Most range lookups of the join's inner levels find nothing (measuring FB15k-237 part 1/8 at maxad 4:
 * hundreds of millions of binary searches of an entity's relation list, mostly for a relation it does not have),
 * and a bit test answers those from a small array instead. A set is built from the relation's distinct subjects or
 * objects once an atom has been asked often enough to pay for it, and is kept while later rules put the same
 * relation in the same place. Exact: a clear bit means the range is empty. Not thread-safe.
 */
final class EdgeEndFilter {
    private static final int SLOTS = 16;

    private final KgIndex kg;
    private final long[][] bits = new long[SLOTS][];
    /** The relation whose ends each slot's bits hold, -1 for none. */
    private final int[] relation = new int[SLOTS];
    /** Lookups per slot since the body was loaded, while the slot has no bits for its relation. */
    private final int[] lookups = new int[SLOTS];

    EdgeEndFilter(KgIndex kg) {
        this.kg = kg;
        Arrays.fill(relation, -1);
    }

    /** A new body: the counts that decide when a set pays start again. */
    void reset() {
        Arrays.fill(lookups, 0);
    }

    /**
     * False only if e has no edge of relation r: out-edges for {@code out}, else in-edges. {@code atom} is the body
     * atom asking; each atom and side keeps its own set.
     */
    boolean mayHave(int atom, boolean out, int r, int e) {
        int slot = 2 * atom + (out ? 0 : 1);
        if (slot >= SLOTS) {
            return true;
        }
        if (relation[slot] != r) {
            int[] ends = out ? kg.subjects(r) : kg.objects(r);
            // a set costs a walk of the relation's ends (and of the old ones, to clear them): built once the
            // lookups it would answer are a sizeable share of that
            if (++lookups[slot] < 32 + ends.length / 64) {
                return true;
            }
            build(slot, out, r, ends);
        }
        return (bits[slot][e >>> 6] & (1L << e)) != 0;
    }

    private void build(int slot, boolean out, int r, int[] ends) {
        long[] b = bits[slot];
        if (b == null) {
            b = new long[(kg.entityCount() + 63) >>> 6];
            bits[slot] = b;
        } else if (relation[slot] >= 0) {
            // every set bit is an end of the old relation (a slot keeps its side), so clearing their words clears all
            int old = relation[slot];
            for (int e : out ? kg.subjects(old) : kg.objects(old)) {
                b[e >>> 6] = 0;
            }
        }
        for (int e : ends) {
            b[e >>> 6] |= 1L << e;
        }
        relation[slot] = r;
    }
}
