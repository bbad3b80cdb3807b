package dev.lacuna.depth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import dev.lacuna.grounding.Grounding;
import dev.lacuna.grounding.Triple;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.chain.DepthSearch;
import dev.lacuna.testing.ChainRules;

/**
 * The ladder on a KG small enough to count its exact-depth derivations by hand. Rules: b(x, y) => c(x, y);
 * c(x, y) => d(x, y); d(x, z), e(z, y) => f(x, y); c(x, y) => g(y, x). Nothing derives b or e.
 *
 * <p>Entities 1, 2, 3: b(1,2) gives c(1,2) gives d(1,2) and g(2,1); d(1,2) and e(2,3) give f(1,3). With its own two
 * heads removed, d(1,2) (via c(1,2)), g(2,1) (via c(1,2)) and f(1,3) (via d(1,2)) each need exactly 2 steps; with
 * c(1,2), d(1,2), f(1,3) removed, f(1,3) needs exactly 3. c(1,2) is no depth-2 triple (nothing derives b(1,2)),
 * nor g(2,1) a depth-3 one (its only derivation's body c(1,2) comes from b(1,2) alone).
 *
 * <p>Entities 4..8: the same from b(4,5), but f(4,6) also follows from the stated d(4,8) and e(8,6), two derivations
 * sharing nothing: f(4,6) has no exact depth at all, while d(4,5) and g(5,4) are of exact depth 2.
 *
 * <p>So the KG holds 5 triples of exact depth 2 and 1 of exact depth 3.
 */
class LadderSearchTest {
    private static Triple t(long s, String r, long o) {
        return new Triple(s, r, o);
    }

    private static List<Triple> complete() {
        return List.of(t(1, "b", 2), t(1, "c", 2), t(1, "d", 2), t(2, "e", 3), t(1, "f", 3), t(2, "g", 1),
                t(4, "b", 5), t(4, "c", 5), t(4, "d", 5), t(5, "e", 6), t(4, "f", 6), t(5, "g", 4),
                t(4, "d", 8), t(8, "e", 6));
    }

    @Test
    void everyExactDepthDerivationOfTheKgIsCountedAndNoOther() {
        Map<Integer, ExactDerivations.Level> levels = new ExactDerivations(FactIndex.of(complete()), ChainRules.rules()).find(3);
        assertEquals(Set.of(t(1, "d", 2), t(2, "g", 1), t(1, "f", 3), t(4, "d", 5), t(5, "g", 4)),
                levels.get(2).byHard().keySet());
        assertEquals(Set.of(t(1, "f", 3)), levels.get(3).byHard().keySet());
        Proof three = levels.get(3).byHard().get(t(1, "f", 3)).get(0);
        assertEquals(List.of(t(1, "c", 2), t(1, "d", 2), t(1, "f", 3)), three.heads());
        assertEquals(Set.of(t(1, "b", 2), t(2, "e", 3)), three.graphBody());
    }

    @Test
    void theRarestRungIsChosenFirstAndEveryKeepableProofIsKeptExactInWhatRemains() {
        FactIndex complete = FactIndex.of(complete());
        LadderSearch.Result r = new LadderSearch(complete, ChainRules.rules()).search(3, 30, 1);
        assertEquals(1, r.counts().get(3).exact());
        assertEquals(1, r.counts().get(3).kept());
        assertEquals(5, r.counts().get(2).exact());
        // f(1,3) is asked at depth 3; its depth-3 proof passes through d(1,2), which is asked at depth 2 as well.
        assertEquals(4, r.counts().get(2).kept());
        assertEquals(1, r.counts().get(2).headRemoved());
        Set<Triple> hards = new TreeSet<>();
        r.proofs().forEach(p -> hards.add(p.hard()));
        assertEquals(Set.of(t(1, "f", 3), t(1, "d", 2), t(2, "g", 1), t(4, "d", 5), t(5, "g", 4)), hards);
        assertEquals(3, r.proofs().get(0).depth(), "deepest first");
        // Each proof holds, and is exact, in complete less every head the ladder removes.
        Set<Triple> removed = new HashSet<>(r.removed());
        var incomplete = complete.without(removed);
        for (Proof p : r.proofs()) {
            Set<Triple> earlier = new HashSet<>();
            for (Grounding g : p.steps()) {
                for (Triple b : g.body()) {
                    assertTrue(earlier.contains(b) || incomplete.holds(b.head(), b.relation(), b.tail()), p + ": " + b);
                }
                assertTrue(removed.contains(g.head()));
                earlier.add(g.head());
            }
            assertFalse(new DepthSearch(ChainRules.rules(), incomplete).within(p.hard().fact(), p.depth() - 1), p.toString());
            assertTrue(new DepthSearch(ChainRules.rules(), incomplete).within(p.hard().fact(), p.depth()), p.toString());
        }
    }

    @Test
    void aDepthOneGroundingAgreesOnlyWhenItNeitherRemovesAProofBodyNorNeedsARemovedHead() {
        LadderSearch.Result r = new LadderSearch(FactIndex.of(complete()), ChainRules.rules()).search(3, 30, 1);
        MinedRule any = ChainRules.rules().get(0).rule();
        // c(1,2) <= b(1,2): its head is removed by the ladder, its body kept: it agrees.
        assertTrue(LadderSearch.agrees(new Grounding(0, any, List.of(t(1, "b", 2)), t(1, "c", 2)), r));
        // d(1,2) <= c(1,2): c(1,2) is a proof head, gone from incomplete.
        assertFalse(LadderSearch.agrees(new Grounding(1, any, List.of(t(1, "c", 2)), t(1, "d", 2)), r));
        // A grounding whose head is b(1,2) would remove a proof body triple.
        assertFalse(LadderSearch.agrees(new Grounding(0, any, List.of(t(9, "x", 9)), t(1, "b", 2)), r));
    }
}
