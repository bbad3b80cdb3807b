package dev.lacuna.mining;

import java.util.Arrays;

/**
 * For the join: per body atom and side, the entities that have an edge of the atom's relation on that side, as
 * bits. Most range lookups of the join's inner levels find nothing (measuring FB15k-237 part 1/8 at maxad 4:
 * hundreds of millions of binary searches of an entity's relation list, mostly for a relation it does not have),
 * and a bit test answers those from a small array instead. A set is built from the relation's distinct subjects or
 * objects once an atom has been asked often enough to pay for it. Built sets are kept per relation and side (up to
 * {@link #CACHE_WORDS}) for every later rule that asks for them: measured one by one, consecutive rules put other
 * relations in the same place, and a slot was rebuilt for each (clearing the old relation's bits, setting the new
 * one's); {@link WalkMeasures} tests its rules' last edges against kept sets. Past the budget a slot keeps one
 * set of its own, rebuilt when its relation changes. Exact: a clear bit means the range is empty. Not thread-safe.
 */
final class EdgeEndFilter {
    private static final int SLOTS = 16;
    /** The longs of kept sets, per filter (each thread has one): 64 MiB, 122 sets at 4.4 million entities. */
    static final long CACHE_WORDS = 8L << 20;

    private final KgIndex kg;
    /** Each slot's current set: a kept one or its own. */
    private final long[][] bits = new long[SLOTS][];
    /** The relation whose ends each slot's bits hold, -1 for none. */
    private final int[] relation = new int[SLOTS];
    /** Each slot's own set, used past the budget, and the relation whose ends it holds (-1 for none). */
    private final long[][] own = new long[SLOTS][];
    private final int[] ownRelation = new int[SLOTS];
    /** Kept sets per relation: of subjects (out-edges) and objects (in-edges). */
    private final long[][] keptOut;
    private final long[][] keptIn;
    private long keptWords;
    /** Lookups per slot since the body was loaded, while the slot has no bits for its relation. */
    private final int[] lookups = new int[SLOTS];

    private final long cacheWords;

    EdgeEndFilter(KgIndex kg) {
        this(kg, CACHE_WORDS);
    }

    /** With another budget for kept sets than {@link #CACHE_WORDS} (for tests). */
    EdgeEndFilter(KgIndex kg, long cacheWords) {
        this.kg = kg;
        this.cacheWords = cacheWords;
        Arrays.fill(relation, -1);
        Arrays.fill(ownRelation, -1);
        this.keptOut = new long[kg.relationCount()][];
        this.keptIn = new long[kg.relationCount()][];
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
            long[] kept = (out ? keptOut : keptIn)[r];
            if (kept != null) {
                bits[slot] = kept;
                relation[slot] = r;
                return (kept[e >>> 6] & (1L << e)) != 0;
            }
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

    /**
     * The set of the entities with an edge of relation r on the given side, kept for later calls while the budget
     * allows it; null past the budget (the caller then looks the range up).
     */
    long[] kept(boolean out, int r) {
        long[] kept = (out ? keptOut : keptIn)[r];
        int words = (kg.entityCount() + 63) >>> 6;
        if (kept == null && keptWords + words <= cacheWords) {
            kept = new long[words];
            for (int e : out ? kg.subjects(r) : kg.objects(r)) {
                kept[e >>> 6] |= 1L << e;
            }
            (out ? keptOut : keptIn)[r] = kept;
            keptWords += words;
        }
        return kept;
    }

    private void build(int slot, boolean out, int r, int[] ends) {
        int words = (kg.entityCount() + 63) >>> 6;
        long[] b;
        if (keptWords + words <= cacheWords) {
            b = new long[words];
            (out ? keptOut : keptIn)[r] = b;
            keptWords += words;
        } else {
            b = own[slot];
            if (b == null) {
                b = new long[words];
                own[slot] = b;
            } else if (ownRelation[slot] >= 0) {
                // every set bit is an end of the old relation (a slot keeps its side), so clearing their words clears all
                int old = ownRelation[slot];
                for (int e : out ? kg.subjects(old) : kg.objects(old)) {
                    b[e >>> 6] = 0;
                }
            }
            ownRelation[slot] = r;
        }
        for (int e : ends) {
            b[e >>> 6] |= 1L << e;
        }
        bits[slot] = b;
        relation[slot] = r;
    }
}
