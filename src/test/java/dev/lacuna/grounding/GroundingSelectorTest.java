package dev.lacuna.grounding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

class GroundingSelectorTest {
    private static Triple t(long h, String r, long t) {
        return new Triple(h, r, t);
    }

    private static GroundingSelector.Selection selectGreedy(List<Grounding> candidates) {
        return GroundingSelector.select(candidates, GroundingSelector.Mode.GREEDY);
    }

    private static Grounding g(Triple head, Triple... body) {
        return new Grounding(0, null, List.of(body), head);
    }

    @Test
    void aHeadUsedInATakenBodyIsNotDeleted() {
        Triple a = t(1, "father", 2);
        Triple b = t(2, "son", 1);
        Triple c = t(1, "husband", 3);
        // First grounding keeps a in its body; the second wants to delete a: refused.
        var s = selectGreedy(List.of(g(b, a), g(a, b)));
        assertEquals(1, s.selected().size());
        assertEquals(Set.of(b), s.deleted());
        assertEquals(1, s.headIsProtected() + s.bodyUsesDeleted());
        // A grounding whose body needs a deleted head is refused.
        s = selectGreedy(List.of(g(a, c), g(c, a)));
        assertEquals(Set.of(a), s.deleted());
    }

    @Test
    void groundingsSharingAHeadAreAllKept() {
        Triple head = t(1, "brother", 5);
        var s = selectGreedy(List.of(g(head, t(1, "son", 9)), g(head, t(1, "nephew", 7))));
        assertEquals(2, s.selected().size());
        assertEquals(Set.of(head), s.deleted());
    }

    @Test
    void headInOwnBodyIsExcluded() {
        Triple a = t(1, "father", 2);
        var s = selectGreedy(List.of(g(a, a, t(2, "son", 1))));
        assertEquals(0, s.selected().size());
        assertEquals(1, s.headInOwnBody());
    }

    @Test
    void filterDropsEveryHeadUsedInAnySampledBody() {
        Triple a = t(1, "father", 2);
        Triple b = t(2, "son", 1);
        Triple c = t(1, "husband", 3);
        // g(b, a) and g(a, b) use each other's heads: the filter drops both, greedy keeps the first.
        var s = GroundingSelector.select(List.of(g(b, a), g(a, b), g(c, t(3, "wife", 1))), GroundingSelector.Mode.FILTER);
        assertEquals(Set.of(c), s.deleted());
        assertEquals(2, s.headIsProtected());
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(GroundingSelector.Mode.class)
    void constraintsHoldOnRandomInput(GroundingSelector.Mode mode) {
        Random random = new Random(3);
        String[] rels = {"a", "b", "c"};
        List<Grounding> candidates = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            List<Triple> body = new ArrayList<>();
            for (int k = 0; k < 2; k++) {
                body.add(t(random.nextInt(30), rels[random.nextInt(3)], random.nextInt(30)));
            }
            candidates.add(g(t(random.nextInt(30), rels[random.nextInt(3)], random.nextInt(30)), body.toArray(new Triple[0])));
        }
        var s = GroundingSelector.select(candidates, mode);
        assertFalse(s.selected().isEmpty());
        Set<Triple> bodies = new HashSet<>();
        s.selected().forEach(x -> bodies.addAll(x.body()));
        for (Triple d : s.deleted()) {
            assertFalse(bodies.contains(d), "deleted " + d + " is a body triple of a selected grounding");
        }
        for (Grounding x : s.selected()) {
            assertTrue(s.deleted().contains(x.head()));
        }
        // Same input, same result: nothing depends on hashing or timing.
        assertEquals(s.selected(), GroundingSelector.select(candidates, mode).selected());
        Collections.reverse(candidates);
        assertEquals(s.candidates(), GroundingSelector.select(candidates, mode).candidates());
    }
}
