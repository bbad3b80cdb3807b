package dev.lacuna.construct;

import java.nio.file.Path;

import dev.lacuna.BadInputException;
import dev.lacuna.Defaults;
import dev.lacuna.depth.DepthLadder;
import dev.lacuna.grounding.GroundingSelector;
import dev.lacuna.mining.RelationChoice;
import dev.lacuna.questions.GeneratorKind;
import dev.lacuna.questions.LlmSettings;

/**
 * Parameters of one {@code lacuna build}; every one is recorded in summary.json and the benchmark graph.
 *
 * @param out               the output folder
 * @param force             replace an existing output folder
 * @param groundingsPerRule groundings drawn per rule (the paper: 30)
 * @param tau               down-sampling threshold of Algorithm 1 (the paper: 0.01)
 * @param seed              the one seed of every random choice
 * @param generator         the question generator
 * @param phraseFile        relation phrases overriding the template generator's table, or null
 * @param llm               LLM settings when the generator is {@link GeneratorKind#LLM}, else null
 * @param deleteBatch       triples per SPARQL DELETE DATA request
 * @param selection         how groundings are selected for deletion (see {@link GroundingSelector})
 * @param depth             the deepest questions asked, 1 to 3 ({@link DepthLadder}); 1 is the paper's build
 * @param perDepth          proofs kept per rule at each depth of 2 and more
 * @param minSplit          the fewest questions each of train, valid and test must hold, or the build stops
 *                          ({@code --min-split}; decides whether a build succeeds, never what it writes, so not recorded)
 * @param relations         the relations rules may conclude and use ({@code --vocabulary}, AMIE3's {@code -htr} ...):
 *                          rules read from a file are held to it too, so no question asks about an excluded head
 */
public record BuildSettings(Path out, boolean force, int groundingsPerRule, double tau, long seed, GeneratorKind generator,
                            Path phraseFile, LlmSettings llm, int deleteBatch, GroundingSelector.Mode selection,
                            int depth, int perDepth, int minSplit, RelationChoice relations) {
    public static final int DEFAULT_GROUNDINGS_PER_RULE = 30;
    public static final int DEFAULT_PER_DEPTH = 30;
    /** An empty split is no benchmark: by default each of train, valid and test holds a question at least. */
    public static final int DEFAULT_MIN_SPLIT = 1;

    public BuildSettings {
        if (depth < 1 || depth > DepthLadder.MAX_DEPTH) {
            throw new BadInputException("--depth must be 1, 2 or 3, not " + depth);
        }
        if (perDepth < 1) {
            throw new BadInputException("--per-depth must be at least 1, not " + perDepth);
        }
        if (minSplit < 0) {
            throw new BadInputException("--min-split must be 0 or more, not " + minSplit);
        }
        if (relations == null) {
            relations = RelationChoice.DEFAULT;
        }
    }

    /** A build with the default split minimum and relation choice. */
    public BuildSettings(Path out, boolean force, int groundingsPerRule, double tau, long seed, GeneratorKind generator,
                         Path phraseFile, LlmSettings llm, int deleteBatch, GroundingSelector.Mode selection,
                         int depth, int perDepth) {
        this(out, force, groundingsPerRule, tau, seed, generator, phraseFile, llm, deleteBatch, selection, depth,
                perDepth, DEFAULT_MIN_SPLIT, RelationChoice.DEFAULT);
    }

    /** The paper's build, depth 1 only. */
    public BuildSettings(Path out, boolean force, int groundingsPerRule, double tau, long seed, GeneratorKind generator,
                         Path phraseFile, LlmSettings llm, int deleteBatch, GroundingSelector.Mode selection) {
        this(out, force, groundingsPerRule, tau, seed, generator, phraseFile, llm, deleteBatch, selection, 1,
                DEFAULT_PER_DEPTH);
    }
    public static final double DEFAULT_TAU = 0.01;
    public static final int DEFAULT_DELETE_BATCH = 500;

    public static BuildSettings defaults(Path out) {
        return new BuildSettings(out, false, DEFAULT_GROUNDINGS_PER_RULE, DEFAULT_TAU, Defaults.SEED, GeneratorKind.TEMPLATE, null, null,
                DEFAULT_DELETE_BATCH, GroundingSelector.Mode.FILTER);
    }

    public BuildSettings withSeed(long s) {
        return new BuildSettings(out, force, groundingsPerRule, tau, s, generator, phraseFile, llm, deleteBatch, selection,
                depth, perDepth, minSplit, relations);
    }

    public BuildSettings withDepth(int d, int proofsPerRule) {
        return new BuildSettings(out, force, groundingsPerRule, tau, seed, generator, phraseFile, llm, deleteBatch, selection,
                d, proofsPerRule, minSplit, relations);
    }

    public BuildSettings withMinSplit(int n) {
        return new BuildSettings(out, force, groundingsPerRule, tau, seed, generator, phraseFile, llm, deleteBatch, selection,
                depth, perDepth, n, relations);
    }

    public BuildSettings withRelations(RelationChoice choice) {
        return new BuildSettings(out, force, groundingsPerRule, tau, seed, generator, phraseFile, llm, deleteBatch, selection,
                depth, perDepth, minSplit, choice);
    }
}
