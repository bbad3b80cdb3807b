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
        assertEquals(expected.size(), table.values().size());
        assertEquals(Map.copyOf(expected).values().stream().sorted().toList(),
                table.values().stream().sorted().toList());
    }
}
