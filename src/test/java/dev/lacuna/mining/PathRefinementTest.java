package dev.lacuna.mining;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lacuna.generate.KgGenerator;
import dev.lacuna.generate.KgShape;
import dev.lacuna.testing.TestData;

/**
 * {@link PathRefinement} walks a path body from the far head variable; on every open rule of three atoms that the
 * refinement into four atoms gets (maxad 4), forced backward it must give the forward walk's refinements and
 * counts, on a generated KG with hubs and on two real ones.
 */
class PathRefinementTest {

    @Test
    void backwardWalkCountsAsTheForwardWalkOnAGeneratedKg() {
        KgIndex.Builder builder = new KgIndex.Builder();
        new KgGenerator(KgShape.wikidata5mLike(20_000, 2, 42)).generate((s, r, o) -> builder.add(
                KgGenerator.entityName(s), KgGenerator.relationName(r), KgGenerator.entityName(o)));
        compare(builder.build(), 0.1);
    }

    @Test
    void backwardWalkCountsAsTheForwardWalkOnKinshipAndUmls() {
        compare(KgIndex.fromTsv(TestData.kg("kinship", "facts.txt")), 0.1);
        compare(KgIndex.fromTsv(TestData.kg("umls", "facts.txt")), 0.1);
    }

    private static void compare(KgIndex kg, double minhc) {
        MinerOptions options = MinerOptions.defaults().withMaxAtoms(4).withThreads(1);
        Matcher forward = new Matcher(kg, options);
        forward.pathDirection = -1;
        Matcher backward = new Matcher(kg, options);
        backward.pathDirection = 1;
        // the miner's queue (OpenRuleCostBench builds it as Miner does); closed rules take no path walk
        List<WorkRule> queue = OpenRuleCostBench.queue(kg, options, forward);
        queue.removeIf(w -> w.closed);
        int compared = 0;
        // every k-th rule keeps the test at seconds; each KG's queue has thousands of path bodies
        int stride = Math.max(1, queue.size() / 1500);
        for (int i = 0; i < queue.size(); i += stride) {
            WorkRule rule = queue.get(i);
            double minSupport = Math.ceil(minhc * kg.size(rule.headRelation()));
            int before = backward.backwardPaths;
            List<WorkRule> expected = forward.refine(rule, minSupport);
            List<WorkRule> actual = backward.refine(rule, minSupport);
            if (backward.backwardPaths == before) {
                continue;
            }
            compared++;
            assertEquals(describe(expected), describe(actual), () -> "refinements of " + rule.key);
        }
        assertTrue(compared >= 500, "path bodies walked backward: " + compared + " of " + queue.size());
    }

    private static List<String> describe(List<WorkRule> rules) {
        List<String> out = new ArrayList<>();
        for (WorkRule w : rules) {
            out.add(w.key + " support " + w.support);
        }
        out.sort(null);
        return out;
    }
}
