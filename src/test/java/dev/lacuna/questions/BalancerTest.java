package dev.lacuna.questions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import dev.lacuna.BadInputException;

class BalancerTest {

    /** Questions named "<answer><n>", answers given as counts in order. */
    private static List<String> items(Map<String, Integer> counts) {
        List<String> out = new ArrayList<>();
        counts.forEach((answer, n) -> {
            for (int i = 0; i < n; i++) {
                out.add(answer + i);
            }
        });
        return out;
    }

    private static final Function<String, String> ANSWER = s -> s.substring(0, 1);

    private static Map<String, Integer> countByAnswer(List<String> kept) {
        Map<String, Integer> counts = new TreeMap<>();
        kept.forEach(s -> counts.merge(ANSWER.apply(s), 1, Integer::sum));
        return counts;
    }

    private static Map<String, Integer> abc(int a, int b, int c) {
        Map<String, Integer> m = new TreeMap<>();
        m.put("a", a);
        m.put("b", b);
        m.put("c", c);
        return m;
    }

    @Test
    void handWorkedIntegerThreshold() {
        // |Q| = 10, tau = 0.2: tau|Q| = 2. a (5 > 2) and b (3 > 2) keep 2; c (2 > 2 is false) keeps both.
        Balancer.Result<String> r = Balancer.balance(items(abc(5, 3, 2)), ANSWER, 0.2, 1);
        assertEquals(abc(2, 2, 2), countByAnswer(r.kept()));
        assertEquals(List.of("a", "b"), r.downsampledAnswers());
        assertEquals(2, r.limit());
        assertEquals(4, r.removed());
        // tau = 0.3: tau|Q| = 3. b has exactly 3: not more than 3, so all kept (the strict test).
        assertEquals(abc(3, 3, 2), countByAnswer(Balancer.balance(items(abc(5, 3, 2)), ANSWER, 0.3, 1).kept()));
    }

    @Test
    void handWorkedFractionalThresholdTakesTheFloor() {
        // tau|Q| = 0.25 * 10 = 2.5: a 5 > 2.5 and b 3 > 2.5 are cut to floor(2.5) = 2; c 2 stays.
        Balancer.Result<String> r = Balancer.balance(items(abc(5, 3, 2)), ANSWER, 0.25, 7);
        assertEquals(abc(2, 2, 2), countByAnswer(r.kept()));
        assertEquals(2, r.limit());
    }

    @Test
    void theBoundaryIsComputedInDecimal() {
        // In doubles 0.29 * 100 = 28.999999999999996: floor 28 and "29 > 28.99" would cut an answer with 29.
        assertEquals(0, Balancer.threshold(0.29, 100).compareTo(BigDecimal.valueOf(29)));
        Map<String, Integer> counts = new TreeMap<>();
        counts.put("a", 29);
        counts.put("b", 30);
        counts.put("c", 41);
        Balancer.Result<String> r = Balancer.balance(items(counts), ANSWER, 0.29, 3);
        assertEquals(29, r.limit());
        assertEquals(Map.of("a", 29, "b", 29, "c", 29), countByAnswer(r.kept()));
        assertEquals(List.of("b", "c"), r.downsampledAnswers());
    }

    @Test
    void fewerThanOneOverTauQuestionsAreAllRemovedAsAlgorithmOneSays() {
        // |Q| = 50, tau = 0.01: every answer has 1 > 0.5 questions and floor(0.5) = 0 are kept.
        List<String> fifty = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            fifty.add("q" + i);
        }
        Balancer.Result<String> r = Balancer.balance(fifty, s -> s, Balancer.DEFAULT_TAU, 1);
        assertEquals(List.of(), r.kept());
        assertEquals(0, r.limit());
    }

    @Test
    void keptQuestionsStayInInputOrderAndTheSampleIsSeeded() {
        Map<String, Integer> counts = new TreeMap<>();
        counts.put("a", 50);
        counts.put("b", 40);
        counts.put("c", 10);
        List<String> input = items(counts);
        Collections.shuffle(input, new Random(5));
        Balancer.Result<String> one = Balancer.balance(input, ANSWER, 0.1, 42);
        Balancer.Result<String> again = Balancer.balance(input, ANSWER, 0.1, 42);
        Balancer.Result<String> other = Balancer.balance(input, ANSWER, 0.1, 43);
        assertEquals(one.kept(), again.kept());
        assertNotEquals(one.kept(), other.kept());
        assertEquals(Map.of("a", 10, "b", 10, "c", 10), countByAnswer(one.kept()));
        List<String> inInputOrder = new ArrayList<>(input);
        inInputOrder.retainAll(one.kept());
        assertEquals(inInputOrder, one.kept());
    }

    @Test
    void questionsAreBalancedByTheirHardAnswer() {
        List<Question> qs = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            qs.add(TestQuestions.question(String.format("q%03d", i), i < 6 ? "7" : "8"));
        }
        // tau|Q| = 0.25 * 8 = 2: answer 7 (6 questions) is cut to 2, answer 8 (2) stays.
        Balancer.Result<Question> r = Balancer.balance(qs, 0.25, 9);
        assertEquals(4, r.kept().size());
        assertEquals(2, r.kept().stream().filter(q -> q.hardAnswer().equals("7")).count());
        assertEquals(List.of("7"), r.downsampledAnswers());
    }

    @Test
    void tauOutsideZeroToOneIsBadInput() {
        for (double tau : new double[] {0, -0.1, 1.5, Double.NaN}) {
            BadInputException e = assertThrows(BadInputException.class,
                    () -> Balancer.balance(List.of("a"), s -> s, tau, 1));
            assertTrue(e.getMessage().contains("tau"), e.getMessage());
        }
        assertEquals(List.of("a"), Balancer.balance(List.of("a"), s -> s, 1.0, 1).kept());
    }
}
