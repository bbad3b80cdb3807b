package dev.lacuna.questions;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.lacuna.LacunaException;

/** The build's refusal to come out empty or lopsided: which step took the questions, and the option that keeps them. */
class ShortfallTest {
    private static final Shortfall.Before MADE = new Shortfall.Before(90, 0, Map.of(), 0);

    /** n items with n distinct answers, the way a small KG's questions mostly are. */
    private static List<String> distinct(int n) {
        List<String> items = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            items.add("a" + i);
        }
        return items;
    }

    @Test
    void theTauNamedKeepsOneQuestionPerAnswerAndIsShort() {
        assertEquals(new BigDecimal("0.012"), Shortfall.tauKeepingOne(90));
        assertEquals(new BigDecimal("0.0027"), Shortfall.tauKeepingOne(374));
        assertEquals(new BigDecimal("0.01"), Shortfall.tauKeepingOne(100));
        assertEquals(BigDecimal.ONE, Shortfall.tauKeepingOne(1));
        for (int n = 1; n <= 5000; n++) {
            double tau = Shortfall.tauKeepingOne(n).doubleValue();
            Balancer.Result<String> r = Balancer.balance(distinct(n), a -> a, tau, 1);
            assertEquals(1, r.limit(), "n " + n + ", tau " + tau);
            // all n answers have one question each, so all stay
            assertEquals(n, r.kept().size(), "n " + n);
        }
    }

    @Test
    void balancingThatTakesEveryQuestionStopsTheBuildAndNamesTheTau() {
        List<String> ninety = distinct(90);
        Balancer.Result<String> r = Balancer.balance(ninety, a -> a, 0.01, 1);
        assertTrue(r.kept().isEmpty(), "Algorithm 1 as written keeps floor(0.9) = 0 per answer");
        LacunaException e = assertThrows(LacunaException.class,
                () -> Shortfall.check(MADE, r, Splitter.split(List.of(), 1), 0.01, 1));
        String m = e.getMessage();
        assertTrue(m.contains("balancing (the paper's Algorithm 1, --tau 0.01) removed all 90 questions"), m);
        assertTrue(m.contains("0.01 x 90 = 0.9 allows floor(0.9) = 0"), m);
        assertTrue(m.contains("--tau 0.012 (at least 1/90)"), m);
        assertTrue(m.contains("nothing published"), m);
    }

    @Test
    void aSplitUnderTheMinimumStopsTheBuild() {
        assertEquals(5, Shortfall.questionsFor(1));
        assertEquals(15, Shortfall.questionsFor(2));
        assertEquals(0, Shortfall.questionsFor(0));
        Balancer.Result<String> four = Balancer.balance(distinct(4), a -> a, 1.0, 1);
        Splitter.Split split = new Splitter.Split(List.of(), List.of(), List.of());
        LacunaException e = assertThrows(LacunaException.class, () -> Shortfall.check(MADE, four, split, 1.0, 1));
        assertTrue(e.getMessage().contains("--min-split 1 asks for at least 1 in each, which takes 5 questions"),
                e.getMessage());
        assertTrue(e.getMessage().contains("--min-split 0 accepts"), e.getMessage());
        assertDoesNotThrow(() -> Shortfall.check(MADE, four, split, 1.0, 0));
    }

    @Test
    void noQuestionToBalanceNamesTheStepsThatTookThem() {
        Balancer.Result<String> none = Balancer.balance(List.of(), a -> a, 0.01, 1);
        LacunaException e = assertThrows(LacunaException.class, () -> Shortfall.check(
                new Shortfall.Before(12, 7, Map.of("answer_label_in_text", 5L), 0), none,
                new Splitter.Split(List.of(), List.of(), List.of()), 0.01, 1));
        assertTrue(e.getMessage().contains("the leak check dropped 7"), e.getMessage());
        assertTrue(e.getMessage().contains("5 were left out as giving their answer away (answer_label_in_text 5)"),
                e.getMessage());
        assertTrue(e.getMessage().contains("--questions template"), e.getMessage());
    }
}
