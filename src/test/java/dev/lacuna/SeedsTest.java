package dev.lacuna;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/**
 * Every folder a build wrote stays reproducible from its seed only while each stage mixes the seed as it did when
 * the folder was written: these are the mixings the stages used before they shared {@link Seeds}.
 */
class SeedsTest {

    @Test
    void stagesKeepTheirMixing() {
        long seed = 1234567L;
        assertEquals(seed, Seeds.of(seed, Seeds.Stage.GROUNDINGS));
        assertEquals(seed ^ 0x7091c51dL, Seeds.of(seed, Seeds.Stage.QUESTIONS));
        assertEquals(seed ^ 0x7472617073L, Seeds.of(seed, Seeds.Stage.TRAPS));
        assertEquals(seed ^ 0x6e6f697365L, Seeds.of(seed, Seeds.Stage.NOISE));
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

    @Test
    void aStreamIsTheStagesSeedAndDiffersBetweenStages() {
        assertEquals(new java.util.SplittableRandom(Seeds.of(9, Seeds.Stage.NOISE)).nextLong(),
                Seeds.stream(9, Seeds.Stage.NOISE).nextLong());
        assertNotEquals(Seeds.stream(9, Seeds.Stage.NOISE).nextLong(), Seeds.stream(9, Seeds.Stage.TRAPS).nextLong());
        assertNotEquals(Seeds.stream(9, Seeds.Stage.LADDER, 2).nextLong(), Seeds.stream(9, Seeds.Stage.LADDER, 3).nextLong());
    }
}
