package dev.lacuna.questions;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Function;

import dev.lacuna.BadInputException;
import dev.lacuna.FisherYates;
import dev.lacuna.Seeds;

/**
 * Answer down-sampling, the paper's Algorithm 1 ("Dataset Balancing", section 3.2): for each answer entity a
 * with question set Q_a, if |Q_a| > tau * |Q| keep a random subset of size floor(tau * |Q|), else keep Q_a.
 *
 * <p>Exactly as written there: the test is strict ({@code >}), the kept size is the floor, and |Q| is the
 * size of the whole input, so with tau = 0.01 and fewer than 100 questions every answer exceeds tau * |Q|
 * and floor(tau * |Q|) = 0 removes everything. tau * |Q| is computed in decimal from tau as written (0.29 *
 * 100 is 29, not 28.999999999999996), so the boundary does not depend on binary rounding.
 *
 * <p>answer(q) is the hard answer (the entity the question was generated for), as in Algorithm 1. (The
 * authors' released script counts every entity of a question's answer list instead; we follow the paper.)
 *
 * <p>Deterministic: answers are visited in sorted order, one {@link SplittableRandom} seeded with the seed
 * draws each sample (a partial Fisher-Yates shuffle of Q_a in input order), and the kept questions come back
 * in input order.
 */
public final class Balancer {
    public static final double DEFAULT_TAU = 0.01;

    private Balancer() {
    }

    /** What balancing kept, and which answers were down-sampled. */
    public record Result<T>(List<T> kept, List<String> downsampledAnswers, long limit, int inputSize) {
        public Result {
            kept = List.copyOf(kept);
            downsampledAnswers = List.copyOf(downsampledAnswers);
        }

        public int removed() {
            return inputSize - kept.size();
        }
    }

    /** Balances benchmark questions by their hard answer. */
    public static Result<Question> balance(List<Question> questions, double tau, long seed) {
        return balance(questions, Question::hardAnswer, tau, seed);
    }

    /** Algorithm 1 over any items, with {@code answerOf} as answer(q). */
    public static <T> Result<T> balance(List<T> questions, Function<T, String> answerOf, double tau, long seed) {
        checkTau(tau);
        int size = questions.size();
        BigDecimal threshold = threshold(tau, size);
        long limit = threshold.setScale(0, RoundingMode.FLOOR).longValueExact();

        Map<String, List<Integer>> byAnswer = new TreeMap<>();
        for (int i = 0; i < size; i++) {
            byAnswer.computeIfAbsent(answerOf.apply(questions.get(i)), a -> new ArrayList<>()).add(i);
        }
        boolean[] keep = new boolean[size];
        List<String> downsampled = new ArrayList<>();
        SplittableRandom random = Seeds.stream(seed, Seeds.Stage.BALANCING);
        for (Map.Entry<String, List<Integer>> entry : byAnswer.entrySet()) {
            List<Integer> group = entry.getValue();
            if (BigDecimal.valueOf(group.size()).compareTo(threshold) > 0) {
                downsampled.add(entry.getKey());
                int[] indices = group.stream().mapToInt(Integer::intValue).toArray();
                int take = (int) Math.min(limit, indices.length);
                FisherYates.shuffleFront(indices, take, random);
                for (int i = 0; i < take; i++) {
                    keep[indices[i]] = true;
                }
            } else {
                group.forEach(i -> keep[i] = true);
            }
        }
        List<T> kept = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            if (keep[i]) {
                kept.add(questions.get(i));
            }
        }
        return new Result<>(kept, downsampled, limit, size);
    }

    /** tau * |Q| in exact decimal arithmetic, tau taken as its shortest decimal form. */
    public static BigDecimal threshold(double tau, int size) {
        return BigDecimal.valueOf(tau).multiply(BigDecimal.valueOf(size));
    }

    private static void checkTau(double tau) {
        if (!(tau > 0 && tau <= 1)) {
            throw new BadInputException("tau must be in (0, 1], got " + tau);
        }
    }
}
