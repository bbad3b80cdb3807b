package dev.lacuna.mining;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The head facts a refinement runs over, shared by both matchers: a relation's facts filtered by the body atoms
 * on both head variables, or re-sorted by object for grouping by the head's object. Not thread-safe.
 */
final class HeadFacts {
    private final KgIndex kg;
    private final BodyJoin join;
    /** Set by {@link #prepare}: the head facts left, sorted by subject then object, and the body atoms left. */
    long[] facts;
    int bodyMask;
    /** The cache key of {@link #facts} when they are one relation's facts filtered by one atom, else -1. */
    private long filterKey;

    HeadFacts(KgIndex kg, BodyJoin join) {
        this.kg = kg;
        this.join = join;
    }

    // Fact lists derived from a relation (filtered, or re-sorted by object), kept per thread because many
    // rules share a head relation; bounded so that a large KG does not keep them all.
    private static final long DERIVED_LIMIT = 4_000_000;
    private final Map<Long, long[]> derivedFacts = new HashMap<>();
    private long derivedLongs;

    private long[] derived(long key, Supplier<long[]> compute) {
        long[] known = derivedFacts.get(key);
        if (known == null) {
            known = compute.get();
            if (derivedLongs > DERIVED_LIMIT) {
                derivedFacts.clear();
                derivedLongs = 0;
            }
            derivedFacts.put(key, known);
            derivedLongs += known.length;
        }
        return known;
    }

    /**
     * The facts of {@code headRelation} for which the loaded body's atoms on the two head variables only
     * ({@code ?a r1 ?b}, {@code ?b r1 ?a}) hold, into {@link #facts}, and the other atoms into {@link #bodyMask}.
     * The facts are filtered once, by a merge per head subject, instead of a binary search in the subject's edges
     * for every head fact.
     */
    void prepare(int headRelation) {
        facts = kg.facts(headRelation);
        bodyMask = (1 << join.bodyCount) - 1;
        filterKey = -1;
        int filters = 0;
        for (int i = 0; i < join.bodyCount; i++) {
            boolean same = join.bs[i] == 0 && join.bo[i] == 1;
            if (same || (join.bs[i] == 1 && join.bo[i] == 0)) {
                if (filters++ == 0) {
                    filterKey = filterKey(headRelation, join.br[i], !same);
                }
                facts = headFactsWith(facts, headRelation, join.br[i], !same);
                bodyMask &= ~(1 << i);
            }
        }
        if (filters > 1) {
            filterKey = -1;
        }
    }

    private static long filterKey(int headRelation, int r1, boolean inverse) {
        return ((long) headRelation << 33) | ((long) r1 << 1) | (inverse ? 1 : 0);
    }

    /**
     * The head facts (a, b) among {@code facts} for which r1(a, b) holds (r1(b, a) if {@code inverse}). Facts are
     * sorted by subject, then object, and a's edges under r1 by neighbour, so each subject's objects are merged
     * with one slice. Results on a whole relation are kept (bounded) because many rules share a head and such an atom.
     */
    private long[] headFactsWith(long[] facts, int headRelation, int r1, boolean inverse) {
        if (facts == kg.facts(headRelation)) {
            return derived(filterKey(headRelation, r1, inverse), () -> filterFacts(facts, r1, inverse));
        }
        return filterFacts(facts, r1, inverse);
    }

    private long[] filterFacts(long[] facts, int r1, boolean inverse) {
        long[] edges = inverse ? kg.inEdges() : kg.outEdges();
        long[] kept = new long[facts.length];
        int n = 0;
        int i = 0;
        while (i < facts.length) {
            int a = KgIndex.high(facts[i]);
            int j = KgIndex.runEnd(facts, i);
            long range = inverse ? kg.inRange(a, r1) : kg.outRange(a, r1);
            int from = KgIndex.high(range);
            int to = KgIndex.low(range);
            for (int k = i; k < j && from < to; k++) {
                int b = KgIndex.low(facts[k]);
                from = KgIndex.gallop(edges, from, to, KgIndex.pack(r1, b));
                if (from < to && KgIndex.low(edges[from]) == b) {
                    kept[n++] = facts[k];
                }
            }
            i = j;
        }
        return Arrays.copyOf(kept, n);
    }

    /**
     * The head variable the body atoms left in {@link #bodyMask} mention when they mention only one of the two
     * (the other, "outer" one is then in the head only or in the atoms on both head variables, which {@link #facts}
     * already hold), else -1. Counting the atoms on both head variables here would send a body such as
     * {@code ?a r1 ?b, ?c r2 ?b} (open ?c) to the join fact by fact, which walks the in-edges of a hub ?b again for
     * every one of its facts: the costliest rules of the refinement into 4 atoms on a generated 2M-triple KG.
     */
    int groupingVariable() {
        boolean mentionsA = false;
        boolean mentionsB = false;
        for (int i = 0; i < join.bodyCount; i++) {
            if ((bodyMask & (1 << i)) != 0) {
                mentionsA |= join.bs[i] == 0 || join.bo[i] == 0;
                mentionsB |= join.bs[i] == 1 || join.bo[i] == 1;
            }
        }
        return mentionsA == mentionsB ? -1 : mentionsA ? 0 : 1;
    }

    /** {@link #facts} grouped by head variable {@code g}: (g, other) pairs, sorted. */
    long[] groupedBy(int headRelation, int g) {
        if (g == 0) {
            return facts;
        }
        if (facts == kg.facts(headRelation)) {
            return byObject(headRelation);
        }
        // keys with the top bit set cannot collide with the others, which are >= 0 or small negatives
        return filterKey >= 0 ? derived(Long.MIN_VALUE | filterKey, () -> swapped(facts)) : swapped(facts);
    }

    /** A relation's facts as (object, subject) pairs, sorted: grouped by object. Kept (bounded) per relation. */
    long[] byObject(int relation) {
        // keys below zero cannot collide with headFactsWith's, which are >= 0
        return derived(-1L - relation, () -> swapped(kg.facts(relation)));
    }

    private static long[] swapped(long[] facts) {
        long[] swapped = new long[facts.length];
        for (int i = 0; i < facts.length; i++) {
            swapped[i] = KgIndex.pack(KgIndex.low(facts[i]), KgIndex.high(facts[i]));
        }
        Arrays.sort(swapped);
        return swapped;
    }
}
