package dev.lacuna.mining;

import java.util.Arrays;

/** The derived columns {@link KgIndex} builds from its sorted edge arrays: per-entity relation lists and distinct ends. */
final class IndexColumns {
    private IndexColumns() {
    }

    /**
     * One long per (entity, relation) run of {@code edges}: {@code relation << 32 | position of its first edge},
     * entity by entity, then a sentinel holding the edge count, so that every run ends where the next entry
     * starts; {@code relOffsets} gets each entity's first run.
     */
    static long[] relationRuns(long[] edges, int[] offsets, int[] relOffsets) {
        int ne = offsets.length - 1;
        int total = 0;
        for (int e = 0; e < ne; e++) {
            int last = -1;
            for (int k = offsets[e]; k < offsets[e + 1]; k++) {
                if (KgIndex.high(edges[k]) != last) {
                    last = KgIndex.high(edges[k]);
                    total++;
                }
            }
        }
        long[] runs = new long[total + 1];
        int m = 0;
        for (int e = 0; e < ne; e++) {
            int last = -1;
            for (int k = offsets[e]; k < offsets[e + 1]; k++) {
                if (KgIndex.high(edges[k]) != last) {
                    last = KgIndex.high(edges[k]);
                    runs[m++] = KgIndex.pack(last, k);
                }
            }
            relOffsets[e + 1] = m;
        }
        runs[total] = KgIndex.pack(Integer.MAX_VALUE, edges.length);
        return runs;
    }

    /** The distinct subjects (or objects) of a relation's facts, sorted. */
    static int[] distinct(long[] sortedFacts, boolean subject) {
        int[] values = new int[sortedFacts.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = subject ? KgIndex.high(sortedFacts[i]) : KgIndex.low(sortedFacts[i]);
        }
        if (!subject) {
            Arrays.sort(values);
        }
        int m = 0;
        for (int i = 0; i < values.length; i++) {
            if (m == 0 || values[m - 1] != values[i]) {
                values[m++] = values[i];
            }
        }
        return Arrays.copyOf(values, m);
    }
}
