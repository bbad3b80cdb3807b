package dev.lacuna.eval;

/**
 * What {@code evaluate} refuses to score without being told to, because the score would look fine and be wrong:
 * a file that answers too few of the split's questions ({@link CoverageCheck}), and answers that more than one
 * entity form resolves ({@link NamingAmbiguity}).
 *
 * @param scoreAnyway  {@code --score-anyway}: score a file however few questions it answers
 * @param namingGiven  the naming was given ({@code --entities} or {@code --export}), so no guess is made
 */
public record EvaluationGuards(boolean scoreAnyway, boolean namingGiven) {
    /** No refusals: for callers that chose their files and naming themselves (tests, benches). */
    public static final EvaluationGuards NONE = new EvaluationGuards(true, true);
}
