package dev.lacuna.store;

import java.util.function.LongConsumer;

/**
 * The difference of two sorted runs of packed triples ({@link TriplePacking}), each key once however often it
 * repeats: what a rebuild must add to a stored graph and what it must take out of it.
 */
public final class SortedKeys {
    private SortedKeys() {
    }

    /**
     * Calls {@code onlyWanted} for each distinct key of {@code want[0..n)} missing from {@code have[0..m)} and
     * {@code onlyHad} for each the other way round, in key order; both arrays sorted.
     */
    public static void difference(long[] want, int n, long[] have, int m, LongConsumer onlyWanted, LongConsumer onlyHad) {
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (j == m || (i < n && want[i] < have[j])) {
                onlyWanted.accept(want[i]);
                i = skip(want, i, n);
            } else if (i == n || have[j] < want[i]) {
                onlyHad.accept(have[j]);
                j = skip(have, j, m);
            } else {
                i = skip(want, i, n);
                j = skip(have, j, m);
            }
        }
    }

    /** The index after the run of equal keys starting at {@code i}. */
    private static int skip(long[] keys, int i, int end) {
        long key = keys[i];
        while (i < end && keys[i] == key) {
            i++;
        }
        return i;
    }
}
