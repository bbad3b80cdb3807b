package dev.lacuna;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Every folder a build wrote stays reproducible from its seed only while each stage mixes the seed as it did when
 * the folder was written (summary.json's {@code seed_streams} names the scheme): these are the stages' mixings.
 */
class SeedsTest {

    @Test
    void stagesKeepTheirMixing() {
        long seed = 1234567L;
        assertEquals(seed ^ 0x6c6f6164L, Seeds.of(seed, Seeds.Stage.LOAD_IDS));
        assertEquals(seed ^ 0x67726f756e64L, Seeds.of(seed, Seeds.Stage.GROUNDINGS));
        assertEquals(seed ^ 0x62616c616e6365L, Seeds.of(seed, Seeds.Stage.BALANCING));
        assertEquals(seed ^ 0x73706c6974L, Seeds.of(seed, Seeds.Stage.SPLIT));
        assertEquals(seed, Seeds.of(seed, Seeds.Stage.GENERATOR_SHAPE));
        assertEquals(seed ^ 0x7091c51dL, Seeds.of(seed, Seeds.Stage.QUESTIONS));
        assertEquals(seed ^ 0x7472617073L, Seeds.of(seed, Seeds.Stage.TRAPS));
        assertEquals(seed ^ 0x6e6f697365L, Seeds.of(seed, Seeds.Stage.NOISE));
        assertEquals(seed ^ 0x6361736573L, Seeds.of(seed, Seeds.Stage.CASE_STUDIES));
        assertEquals(seed ^ 0x0dee9a55L, Seeds.of(seed, Seeds.Stage.DEEP_QUESTIONS));
        assertEquals(seed ^ (0x1adde7L * 3), Seeds.of(seed, Seeds.Stage.LADDER, 3));
        assertEquals(seed + 2, Seeds.of(seed, Seeds.Stage.SPLIT_BY_DEPTH, 3));
        int hash = "q-17".hashCode();
        assertEquals(seed * 31 + hash, Seeds.of(seed, Seeds.Stage.EXPORT_TRIM, hash));
        assertEquals(seed ^ (hash * 0x9E3779B97F4A7C15L), Seeds.of(seed, Seeds.Stage.TOG_WALK, hash));
        assertEquals(seed * 0x9E3779B97F4A7C15L + 1, Seeds.of(seed, Seeds.Stage.GENERATOR_TRIPLES));
        int r = 5;
        int y = -9;
        assertEquals(seed ^ ((long) r << 40) ^ (y * 0xBF58476D1CE4E5B9L), Seeds.of(seed, Seeds.Stage.GENERATOR_VALUES, r, y));
    }

    /**
     * No two stages of one run draw the same numbers: the first draws of every stage's stream, for many seeds, are
     * all different (a stage sharing another's seed, or starting a few steps along its stream, would repeat them).
     * The split of each depth of a ladder is the split stage on that depth's seed, as {@code DepthSplit} takes it.
     * The one known exception is in {@link Seeds}' comment: at seed 1 the generator's triples repeat its shape's
     * draws one step along, kept so that generated KGs keep their bytes.
     */
    @Test
    void everyStageDrawsFromAStreamOfItsOwn() {
        List<String> shared = new ArrayList<>();
        for (long seed : seeds()) {
            Map<Long, String> drawnBy = new HashMap<>();
            Map<String, SplittableRandom> streams = new LinkedHashMap<>();
            for (Seeds.Stage stage : List.of(Seeds.Stage.LOAD_IDS, Seeds.Stage.GROUNDINGS, Seeds.Stage.QUESTIONS,
                    Seeds.Stage.BALANCING, Seeds.Stage.SPLIT, Seeds.Stage.DEEP_QUESTIONS, Seeds.Stage.TRAPS,
                    Seeds.Stage.NOISE, Seeds.Stage.CASE_STUDIES, Seeds.Stage.GENERATOR_SHAPE, Seeds.Stage.GENERATOR_TRIPLES)) {
                streams.put(stage.name(), Seeds.stream(seed, stage));
            }
            for (int depth = 2; depth <= 3; depth++) {
                streams.put("LADDER " + depth, Seeds.stream(seed, Seeds.Stage.LADDER, depth));
                streams.put("SPLIT of depth " + depth,
                        Seeds.stream(Seeds.of(seed, Seeds.Stage.SPLIT_BY_DEPTH, depth), Seeds.Stage.SPLIT));
            }
            streams.forEach((name, stream) -> {
                for (int i = 0; i < 64; i++) {
                    String other = drawnBy.put(stream.nextLong(), name);
                    if (other != null && !other.equals(name) && !(seed == 1 && other.startsWith("GENERATOR_"))) {
                        shared.add("seed " + seed + ": " + other + " and " + name);
                    }
                }
            });
        }
        assertEquals(List.of(), shared.stream().distinct().limit(20).toList());
    }

    private static List<Long> seeds() {
        List<Long> seeds = new ArrayList<>();
        for (long s = -50; s <= 1000; s++) {
            seeds.add(s);
        }
        seeds.addAll(List.of(Long.MIN_VALUE, Long.MAX_VALUE, 0x6c6f6164L, 0x73706c6974L, 20_260_101L));
        return seeds;
    }

    @Test
    void aStreamIsTheStagesSeedAndDiffersBetweenStages() {
        assertEquals(new java.util.SplittableRandom(Seeds.of(9, Seeds.Stage.NOISE)).nextLong(),
                Seeds.stream(9, Seeds.Stage.NOISE).nextLong());
        assertNotEquals(Seeds.stream(9, Seeds.Stage.NOISE).nextLong(), Seeds.stream(9, Seeds.Stage.TRAPS).nextLong());
        assertNotEquals(Seeds.stream(9, Seeds.Stage.LADDER, 2).nextLong(), Seeds.stream(9, Seeds.Stage.LADDER, 3).nextLong());
    }
}
