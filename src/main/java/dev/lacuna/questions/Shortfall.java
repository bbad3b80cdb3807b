package dev.lacuna.questions;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.lacuna.LacunaException;

/**
 * A build that would come out empty or lopsided stops and says so, before anything is published: which step took
 * the questions and which option would keep them. The paper's rules are kept as written: Algorithm 1 has no floor of
 * one question per answer, so where tau x |Q| &lt; 1 it removes every question (the paper's sizes, 2,165 questions
 * and more at tau 0.01, never meet it); instead of quietly keeping one per answer, which would be another balancing
 * than the one recorded, the build stops and names the smallest tau (in two significant digits) that allows one.
 * A split with fewer questions than {@code --min-split} (default 1: an empty test split is no benchmark) stops the
 * build too.
 */
public final class Shortfall {
    private Shortfall() {
    }

    /**
     * How the questions came to be, before balancing: one candidate per rule and removed triple, less those the leak
     * check dropped, those left out as giving their answer away (by reason) and the duplicates merged.
     */
    public record Before(long candidates, long droppedByLeakCheck, Map<String, Long> giveAway, long duplicatesMerged) {
    }

    /**
     * Stops the build (exit 1) if no question is left to balance, balancing left none, or a split holds fewer than
     * {@code minSplit}.
     */
    public static void check(Before before, Balancer.Result<?> balanced, Splitter.Split split, double tau, int minSplit) {
        if (balanced.inputSize() == 0) {
            throw stop(nothingToBalance(before));
        }
        if (balanced.kept().isEmpty()) {
            throw stop(balancingTookAll(balanced, tau));
        }
        int[] parts = {split.train().size(), split.valid().size(), split.test().size()};
        if (parts[0] < minSplit || parts[1] < minSplit || parts[2] < minSplit) {
            throw stop(splitTooSmall(parts, minSplit, balanced, tau));
        }
    }

    /**
     * The smallest tau, in two significant digits, for which tau x n is at least 1, so that Algorithm 1 keeps a question
     * for every answer of n questions; 1 for n of 1.
     */
    public static BigDecimal tauKeepingOne(int n) {
        BigDecimal tau = BigDecimal.ONE.divide(BigDecimal.valueOf(n), new MathContext(2, RoundingMode.CEILING));
        return tau.compareTo(BigDecimal.ONE) > 0 ? BigDecimal.ONE : tau.stripTrailingZeros();
    }

    /** The fewest questions whose 8:1:1 split ({@link Splitter#sizes}) gives each part at least {@code min}. */
    public static int questionsFor(int min) {
        int n = 0;
        while (true) {
            int[] sizes = Splitter.sizes(n);
            if (sizes[0] >= min && sizes[1] >= min && sizes[2] >= min) {
                return n;
            }
            n++;
        }
    }

    private static LacunaException stop(String why) {
        return new LacunaException("build stopped, nothing published and the store as it was: " + why);
    }

    private static String nothingToBalance(Before b) {
        List<String> took = new ArrayList<>();
        List<String> fixes = new ArrayList<>();
        if (b.droppedByLeakCheck() > 0) {
            took.add(String.format(Locale.ROOT, "the leak check dropped %,d (questions that named their answer)",
                    b.droppedByLeakCheck()));
            fixes.add("--questions template (its questions never name their answer)");
        }
        long givenAway = b.giveAway() == null ? 0 : b.giveAway().values().stream().mapToLong(Long::longValue).sum();
        if (givenAway > 0) {
            List<String> reasons = new ArrayList<>();
            b.giveAway().forEach((reason, n) -> {
                if (n > 0) {
                    reasons.add(reason + " " + n);
                }
            });
            took.add(String.format(Locale.ROOT, "%,d were left out as giving their answer away (%s)", givenAway,
                    String.join(", ", reasons)));
            fixes.add("other rules (self-loop heads and answers whose text labels name them cannot be asked; see"
                    + " docs/explanation/method.md)");
        }
        if (b.duplicatesMerged() > 0) {
            took.add(String.format(Locale.ROOT, "%,d were merged as duplicates", b.duplicatesMerged()));
        }
        return String.format(Locale.ROOT, "no question is left to balance: of %,d candidates (one per rule and removed"
                + " triple) %s. Keep some with %s", b.candidates(), took.isEmpty() ? "none was made" : String.join(", ", took),
                fixes.isEmpty() ? "more rules or groundings (--maxad 4, --groundings-per-rule, lower --minhc/--minc/--minpca)"
                        : String.join(", or ", fixes));
    }

    private static String balancingTookAll(Balancer.Result<?> r, double tau) {
        BigDecimal threshold = Balancer.threshold(tau, r.inputSize());
        return String.format(Locale.ROOT, "balancing (the paper's Algorithm 1, --tau %s) removed all %,d questions: tau"
                + " x |Q| = %s x %,d = %s allows floor(%s) = %d question(s) per answer, and each of the %,d answers has"
                + " more. --tau %s (at least 1/%,d) allows one question per answer and keeps at least one for each answer;"
                + " or get more questions (--maxad 4, --groundings-per-rule, lower --minhc/--minc/--minpca). Algorithm 1"
                + " is applied as the paper writes it, without a floor of one (docs/explanation/method.md)",
                BigDecimal.valueOf(tau).toPlainString(), r.inputSize(), BigDecimal.valueOf(tau).toPlainString(),
                r.inputSize(), threshold.stripTrailingZeros().toPlainString(),
                threshold.stripTrailingZeros().toPlainString(), r.limit(), r.downsampledAnswers().size(),
                tauKeepingOne(r.inputSize()).toPlainString(), r.inputSize());
    }

    private static String splitTooSmall(int[] parts, int min, Balancer.Result<?> balanced, double tau) {
        int kept = balanced.kept().size();
        StringBuilder m = new StringBuilder(String.format(Locale.ROOT, "the 8:1:1 split of %,d questions gives train %,d,"
                + " valid %,d, test %,d, and --min-split %d asks for at least %d in each, which takes %,d questions or"
                + " more. ", kept, parts[0], parts[1], parts[2], min, min, questionsFor(min)));
        if (balanced.removed() > 0) {
            m.append(String.format(Locale.ROOT, "Balancing (--tau %s) kept %,d of %,d, at most %d per answer: a larger"
                    + " --tau keeps more. ", BigDecimal.valueOf(tau).toPlainString(), kept, balanced.inputSize(),
                    balanced.limit()));
        }
        m.append("More rules or groundings give more questions (--maxad 4, --groundings-per-rule, lower"
                + " --minhc/--minc/--minpca); --min-split ").append(Math.min(parts[0], Math.min(parts[1], parts[2])))
                .append(" accepts this split as it is");
        return m.toString();
    }
}
