package dev.lacuna.rules;

/**
 * The measures AMIE3 prints for a rule. {@code support} counts distinct head bindings for which body and
 * head hold; {@code bodySize} those for which the body holds; {@code pcaBodySize} those for which the body
 * holds and the head relation has some fact on the functional side. {@code functionalVariable} is AMIE3's
 * -1 (?a, the head subject) or -2 (?b, the head object). With a constant in the head (mine --const) it is the side
 * of the head's one variable, ?a: -1 for {@code ?a r C}, -2 for {@code C r ?a}.
 */
public record RuleMeasures(double headCoverage, double standardConfidence, double pcaConfidence, long support,
        long bodySize, long pcaBodySize, int functionalVariable) {

    public RuleMeasures {
        if (functionalVariable != -1 && functionalVariable != -2) {
            throw new IllegalArgumentException("functional variable must be -1 or -2, got " + functionalVariable);
        }
    }

    /** Measures from counts, computed the way AMIE3 does (ratios of counts; 0 when a denominator is 0). */
    public static RuleMeasures of(long support, long headRelationSize, long bodySize, long pcaBodySize,
            int functionalVariable) {
        return new RuleMeasures(ratio(support, headRelationSize), ratio(support, bodySize),
                ratio(support, pcaBodySize), support, bodySize, pcaBodySize, functionalVariable);
    }

    private static double ratio(long a, long b) {
        return b == 0 ? 0.0 : (double) a / (double) b;
    }

    /** The functional variable as the vocabulary writes it: ?a or ?b. */
    public String functionalVariableName() {
        return functionalVariable == -1 ? "?a" : "?b";
    }
}
