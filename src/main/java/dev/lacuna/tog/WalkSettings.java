package dev.lacuna.tog;

/**
 * How Think-on-Graph walks: its pruning tool, width (relations kept per entity, chains kept per depth), depth,
 * entities kept of 20 or more under llm pruning ({@code num_retain_entity}), the seed of that sample, and how the walk
 * answers without a chat model (ignored with one: the model answers). ToG's defaults are width 3, depth 3, 5 kept.
 */
public record WalkSettings(Pruning pruning, int width, int depth, int retain, long seed, AnswerRule answerRule) {
    public static final int WIDTH = 3;
    public static final int DEPTH = 3;
    public static final int RETAIN = 5;
    public static final AnswerRule ANSWER_RULE = AnswerRule.ALL_DEPTHS;
}
