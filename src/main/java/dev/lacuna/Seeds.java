package dev.lacuna;

import java.util.SplittableRandom;

/**
 * The one way a stage derives its random stream from the one {@code --seed}: {@code Seeds.stream(seed, Stage.X)}.
 *
 * <p>Each stage draws from a stream of its own: its seed is {@code --seed} mixed with a constant of its own (and the
 * item it draws for: a depth, a question), so for every seed no two stages start the same stream, and a change in
 * how one stage draws never shifts another's draws (SeedsTest holds the streams apart). A stage's mixing is
 * written once, in its constant below; changing one changes what every build with that seed draws. The generator's
 * shape is the one stage on the bare seed, so {@code lacuna generate} writes the KGs it always wrote. For the same
 * reason one overlap is kept: at seed 1 the generator's triples stream ({@code seed * g + 1}, g being
 * SplittableRandom's increment) is its shape stream one draw along; at every other seed the two are apart.
 *
 * <p>Load ids, groundings, balancing and the split once took the bare seed as well, and so drew the same numbers:
 * the split's permutation was made of the numbers the load's permutation of the entities was made of.
 * A build records the scheme as the parameter {@code seed_streams} ({@link #STREAMS}); a folder without it was
 * built before, and stays readable and verifiable, but the same seed no longer draws the same benchmark.
 */
public final class Seeds {
    /** How stages derive their streams, as summary.json's parameter {@code seed_streams} records it. */
    public static final String STREAMS = "per-stage";

    /** A stage that draws at random, and how it mixes the seed with the item it draws for (rule, question, depth). */
    public enum Stage {
        /** load: the entities' private ids, a permutation. */
        LOAD_IDS((seed, a, b) -> seed ^ 0x6c6f6164L), // "load"
        /** build: one seed per rule, taken in rule order, for its groundings. */
        GROUNDINGS((seed, a, b) -> seed ^ 0x67726f756e64L), // "ground"
        /** build: a question's topic side. */
        QUESTIONS((seed, a, b) -> seed ^ 0x70_91_c5_1dL),
        /** build: the paper's balancing (Algorithm 1). */
        BALANCING((seed, a, b) -> seed ^ 0x62616c616e6365L), // "balance"
        /** build: the 8:1:1 split. */
        SPLIT((seed, a, b) -> seed ^ 0x73706c6974L), // "split"
        /** build --depth: the split of the questions of depth {@code a}, apart from the other depths' splits. */
        SPLIT_BY_DEPTH((seed, depth, b) -> seed + depth - 1),
        /** build --depth: the chains chosen at depth {@code a}. */
        LADDER((seed, depth, b) -> seed ^ (0x1add_e7L * depth)),
        /** build --depth: the deeper questions' topic side. */
        DEEP_QUESTIONS((seed, a, b) -> seed ^ 0x0dee_9a55L),
        /** build --break replace: a trap per question. */
        TRAPS((seed, a, b) -> seed ^ 0x7472617073L),
        /** build --noise: the incomplete triples the noisy graph loses. */
        NOISE((seed, a, b) -> seed ^ 0x6e6f697365L),
        /** export: a question's subgraph trimmed to its budget; {@code a} is the question id's hash. */
        EXPORT_TRIM((seed, questionHash, b) -> seed * 31 + questionHash),
        /** evaluate: the questions shown as case studies of each failure kind. */
        CASE_STUDIES((seed, a, b) -> seed ^ 0x6361736573L),
        /** tog: ToG's random choices for one question; {@code a} is the question id's hash. */
        TOG_WALK((seed, questionHash, b) -> seed ^ (questionHash * 0x9E3779B97F4A7C15L)),
        /** generate: the KG's shape (types, relations, planted rules); the bare seed, as every KG was generated. */
        GENERATOR_SHAPE((seed, a, b) -> seed),
        /** generate: the triples streamed. */
        GENERATOR_TRIPLES((seed, a, b) -> seed * 0x9E3779B97F4A7C15L + 1),
        /** generate: the object a functional relation {@code a} gives to subject {@code b}. */
        GENERATOR_VALUES((seed, relation, subject) -> seed ^ (relation << 40) ^ (subject * 0xBF58476D1CE4E5B9L));

        private final Mix mix;

        Stage(Mix mix) {
            this.mix = mix;
        }
    }

    @FunctionalInterface
    private interface Mix {
        long of(long seed, long a, long b);
    }

    private Seeds() {
    }

    /** The stage's seed derived from {@code seed}. */
    public static long of(long seed, Stage stage) {
        return stage.mix.of(seed, 0, 0);
    }

    /** The stage's seed for one item (a depth, a question's hash). */
    public static long of(long seed, Stage stage, long item) {
        return stage.mix.of(seed, item, 0);
    }

    /** The stage's seed for an item named by two numbers (a relation and a subject). */
    public static long of(long seed, Stage stage, long item, long part) {
        return stage.mix.of(seed, item, part);
    }

    /** The stage's own random stream. */
    public static SplittableRandom stream(long seed, Stage stage) {
        return new SplittableRandom(of(seed, stage));
    }

    /** The stage's own random stream for one item. */
    public static SplittableRandom stream(long seed, Stage stage, long item) {
        return new SplittableRandom(of(seed, stage, item));
    }
}
