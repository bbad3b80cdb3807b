package dev.lacuna.mining;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import dev.lacuna.generate.KgGenerator;
import dev.lacuna.generate.KgShape;
import dev.lacuna.testing.TestData;

/**
 * {@link ThreeHopClosures} refines all open 3-atom walk rules of a head relation in one pass; for every such rule
 * of the miner's maxad-4 queue it must give exactly what {@link Matcher#refine} gives that rule alone (the same
 * closed rules with the same support), on a generated KG with hubs and on two real ones.
 */
class ThreeHopClosuresTest {

    @Test
    void refinesEveryWalkRuleAsTheRuleAloneOnAGeneratedKg() {
        KgIndexBuilder builder = new KgIndexBuilder();
        new KgGenerator(KgShape.wikidata5mLike(20_000, 2, 42)).generate((s, r, o) -> builder.add(
                KgGenerator.entityName(s), KgGenerator.relationName(r), KgGenerator.entityName(o)));
        compare(builder.build());
    }

    /**
     * A KG of over 1,024 relations has too many label pairs for the stamp table; then every x's pairs are found
     * alone and sorted, never a whole group's from the far end. Both ways give the same refinements, and on the
     * generated KG (hubs) the far end's side is taken for some groups.
     */
    @Test
    void findsTheSamePairsWithoutThePairTable() {
        KgIndexBuilder builder = new KgIndexBuilder();
        new KgGenerator(KgShape.wikidata5mLike(20_000, 2, 42)).generate((s, r, o) -> builder.add(
                KgGenerator.entityName(s), KgGenerator.relationName(r), KgGenerator.entityName(o)));
        KgIndex kg = builder.build();
        MinerOptions options = MinerOptions.defaults().withMaxAtoms(4).withThreads(1);
        Map<Integer, List<WorkRule>> byHead = new TreeMap<>();
        for (WorkRule w : FourAtomQueue.of(kg, options, new Matcher(kg, options))) {
            if (WalkLabels.key(w) >= 0) {
                byHead.computeIfAbsent(w.headRelation(), h -> new ArrayList<>()).add(w);
            }
        }
        ThreeHopClosures withTable = new ThreeHopClosures(kg, options.maxRelationOccurrences());
        ThreeHopClosures sorted = new ThreeHopClosures(kg, options.maxRelationOccurrences(), 0);
        int children = 0;
        for (List<WorkRule> rules : byHead.values()) {
            int head = rules.get(0).headRelation();
            double minSupport = Math.ceil(options.minHeadCoverage() * kg.size(head));
            List<List<WorkRule>> a = withTable.refine(head, rules, minSupport, n -> { });
            List<List<WorkRule>> b = sorted.refine(head, rules, minSupport, n -> { });
            for (int i = 0; i < rules.size(); i++) {
                assertEquals(describe(a.get(i)), describe(b.get(i)), "refinements of " + rules.get(i).key);
                children += a.get(i).size();
            }
        }
        assertTrue(children >= 100, "closed refinements compared: " + children);
        assertTrue(withTable.groupsFromFarEnd() > 0, "some groups take the far end's side");
        assertEquals(0, sorted.groupsFromFarEnd(), "without the table no group does");
    }

    @Test
    void refinesEveryWalkRuleAsTheRuleAloneOnKinshipAndUmls() {
        compare(KgIndex.fromTsv(TestData.kg("kinship", "facts.txt")));
        compare(KgIndex.fromTsv(TestData.kg("umls", "facts.txt")));
    }

    @Test
    void keyTellsTheThreeShapesApartAndRefusesOthers() {
        int r = 5;
        // h - x - y: (0 r 2), (2 r 3)
        assertEquals(WalkLabels.FROM_SUBJECT, shape(new int[] {0, 1, 1, 0, r, 2, 2, r, 3}));
        // x - y - o: (2 r 3), (3 r 1)
        assertEquals(WalkLabels.FROM_OBJECT, shape(new int[] {0, 1, 1, 2, r, 3, 3, r, 1}));
        // h - x, y - o: (0 r 2), (3 r 1)
        assertEquals(WalkLabels.PRODUCT, shape(new int[] {0, 1, 1, 0, r, 2, 3, r, 1}));
        // closed, an atom on both head variables, two atoms on the subject: not walks
        assertEquals(-1, WalkLabels.key(WorkRule.of(new int[] {0, 1, 1, 0, r, 2, 2, r, 1}, 1)));
        assertEquals(-1, WalkLabels.key(WorkRule.of(new int[] {0, 1, 1, 0, r, 1, 0, r, 2}, 1)));
        assertEquals(-1, WalkLabels.key(WorkRule.of(new int[] {0, 1, 1, 0, r, 2, 0, r, 3}, 1)));
    }

    @Test
    void labelsFitUpToAMillionRelations() {
        assertTrue(WalkLabels.labelsFit(KgIndex.ofIds(2, relations(1_048_575), new int[] {0}, new int[] {0},
                new int[] {1}, 1)));
        assertFalse(WalkLabels.labelsFit(KgIndex.ofIds(2, relations(1_048_576), new int[] {0}, new int[] {0},
                new int[] {1}, 1)));
    }

    private static String[] relations(int n) {
        String[] names = new String[n];
        Arrays.setAll(names, i -> "r" + i);
        return names;
    }

    private static int shape(int[] atoms) {
        long key = WalkLabels.key(WorkRule.of(atoms, 1));
        return key < 0 ? -1 : (int) (key >>> 42);
    }

    private static void compare(KgIndex kg) {
        MinerOptions options = MinerOptions.defaults().withMaxAtoms(4).withThreads(1);
        Matcher matcher = new Matcher(kg, options);
        List<WorkRule> queue = FourAtomQueue.of(kg, options, matcher);
        Map<Integer, List<WorkRule>> byHead = new TreeMap<>();
        for (WorkRule w : queue) {
            if (WalkLabels.key(w) >= 0) {
                byHead.computeIfAbsent(w.headRelation(), h -> new ArrayList<>()).add(w);
            }
        }
        int compared = 0;
        int children = 0;
        // every head relation is refined together; every k-th of its rules alone keeps the test at seconds
        int stride = Math.max(1, queue.size() / 800);
        for (List<WorkRule> rules : byHead.values()) {
            double minSupport = Math.ceil(options.minHeadCoverage() * kg.size(rules.get(0).headRelation()));
            long[] reported = {0};
            List<List<WorkRule>> together = matcher.refineTogether(rules, minSupport, n -> {
                assertTrue(n > 0, "progress steps forward");
                reported[0] += n;
            });
            assertEquals(rules.size(), reported[0], "progress counts every rule once");
            for (int i = 0; i < rules.size(); i += stride) {
                WorkRule rule = rules.get(i);
                List<WorkRule> alone = matcher.refine(rule, minSupport);
                assertEquals(describe(alone), describe(together.get(i)), () -> "refinements of " + rule.key);
                compared++;
                children += alone.size();
            }
        }
        assertTrue(compared >= 500, "walk rules compared: " + compared + " of " + queue.size());
        assertTrue(children >= 100, "closed refinements compared: " + children);
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
