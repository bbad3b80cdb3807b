package dev.lacuna.mining;

import java.util.Arrays;

/** The derived columns {@link KgIndex} builds from its sorted edge arrays: per-entity relation lists and distinct ends. */
final class IndexColumns {
    private IndexColumns() {
    }

    /** For each (entity, relation) run in {@code edges}, the position of its first edge. */
    static int[] relationStarts(long[] edges, int[] offsets, int total) {
        int[] starts = new int[total];
        int m = 0;
        for (int e = 0; e < offsets.length - 1; e++) {
            int last = -1;
            for (int k = offsets[e]; k < offsets[e + 1]; k++) {
                if (KgIndex.high(edges[k]) != last) {
                    last = KgIndex.high(edges[k]);
                    starts[m++] = k;
                }
            }
        }
        return starts;
    }

    /** The distinct relations of each entity's edges, in order; {@code relOffsets} gets each entity's start. */
    static int[] distinctRelations(long[] edges, int[] offsets, int[] relOffsets) {
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
        int[] rels = new int[total];
        int m = 0;
        for (int e = 0; e < ne; e++) {
            int last = -1;
            for (int k = offsets[e]; k < offsets[e + 1]; k++) {
                if (KgIndex.high(edges[k]) != last) {
                    last = KgIndex.high(edges[k]);
                    rels[m++] = last;
                }
            }
            relOffsets[e + 1] = m;
        }
        return rels;
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
