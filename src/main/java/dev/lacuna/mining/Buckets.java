package dev.lacuna.mining;

/**
 * Groups (key, value) pairs, packed as longs by {@link KgIndex#pack}, by key into one array by counting sort: a walk
 * that indexes a hub's neighbours once per group ({@link ThreeHopClosures}) then reads a key's values as the run
 * {@code values[start[key]]} to {@code values[start[key] + fill[key] - 1]}.
 */
final class Buckets {
    private Buckets() {
    }

    /**
     * @param keys  the distinct keys among the pairs; {@code fill[key]} holds each one's number of pairs on entry, and
     *              again on return
     * @return {@code values}, or a larger array when it was too small for {@code count} values
     */
    static int[] group(IntList keys, int[] start, int[] fill, long[] pairs, int count, int[] values) {
        int[] out = values.length < count ? new int[Math.max(count, 2 * values.length)] : values;
        int at = 0;
        for (int i = 0; i < keys.size(); i++) {
            int key = keys.get(i);
            start[key] = at;
            at += fill[key];
            fill[key] = 0;
        }
        for (int i = 0; i < count; i++) {
            int key = KgIndex.high(pairs[i]);
            out[start[key] + fill[key]++] = KgIndex.low(pairs[i]);
        }
        return out;
    }
}
