package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

class LongKeyedTableTest {
    @Test
    void holdsWhatAHashMapHoldsThroughGrowthAndKeepsTheFirstObjectPerKey() {
        LongKeyedTable<String> table = new LongKeyedTable<>();
        Map<Long, String> expected = new HashMap<>();
        Random random = new Random(42);
        for (int i = 0; i < 50_000; i++) {
            // Keys that differ only in their high bits, and repeats, as LMDB ids of several kinds give.
            long key = random.nextBoolean() ? random.nextInt(20_000) : (long) random.nextInt(20_000) << 40;
            String value = "v" + i;
            table.putIfAbsent(key, value);
            expected.putIfAbsent(key, value);
        }
        assertEquals(expected.size(), table.size());
        expected.forEach((k, v) -> assertEquals(v, table.get(k), "key " + k));
        assertNull(table.get(-7));
    }

    /**
     * Dense small keys are paged, sparse ones hashed after the table gives pages up, negative and huge keys hashed
     * throughout: whatever the mix, the table holds what a HashMap holds, and returns whether each put kept its object.
     */
    @Test
    void pagedSparseAndOutOfRangeKeysAllHoldWhatAHashMapHolds() {
        for (long stride : new long[] {4, 128, 1 << 20}) {
            LongKeyedTable<String> table = new LongKeyedTable<>();
            Map<Long, String> expected = new HashMap<>();
            Random random = new Random(stride);
            for (int i = 0; i < 200_000; i++) {
                int kind = random.nextInt(10);
                long key = kind == 0 ? -1 - random.nextInt(1_000) : kind == 1 ? Long.MAX_VALUE - random.nextInt(1_000)
                        : stride * random.nextInt(100_000);
                String value = "v" + i;
                assertEquals(!expected.containsKey(key), table.putIfAbsent(key, value), "key " + key);
                expected.putIfAbsent(key, value);
            }
            assertEquals(expected.size(), table.size());
            LongKeyedTable<String> t = table;
            expected.forEach((k, v) -> assertEquals(v, t.get(k), "key " + k));
            assertNull(table.get(stride * 100_001));
            assertNull(table.get(-5_000));
        }
    }
}
