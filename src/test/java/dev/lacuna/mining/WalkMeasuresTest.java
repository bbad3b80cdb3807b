package dev.lacuna.mining;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

import dev.lacuna.generate.KgGenerator;
import dev.lacuna.generate.KgShape;
import dev.lacuna.testing.TestData;

/**
 * {@link WalkMeasures} measures closed walk rules of four atoms per head relation and first two edges; every rule
 * must get exactly the body size, PCA body size and exactness that {@link Matcher#measure} gives it alone, with
 * the miner's PCA limit (where counting stops early for some rules) and without a limit.
 */
class WalkMeasuresTest {

    @Test
    void measuresEveryWalkRuleAsTheRuleAloneOnAGeneratedKg() {
        KgIndexBuilder builder = new KgIndexBuilder();
        new KgGenerator(KgShape.wikidata5mLike(20_000, 2, 42)).generate((s, r, o) -> builder.add(
                KgGenerator.entityName(s), KgGenerator.relationName(r), KgGenerator.entityName(o)));
        compare(builder.build());
    }

    @Test
    void measuresEveryWalkRuleAsTheRuleAloneOnKinshipAndUmls() {
        compare(KgIndex.fromTsv(TestData.kg("kinship", "facts.txt")));
        compare(KgIndex.fromTsv(TestData.kg("umls", "facts.txt")));
    }

    @Test
    void labelsFollowTheWalkFromTheCountedVariableAndRefuseOtherShapes() {
        int r = 5;
        int s = 7;
        int t = 9;
        // 0 -r-> 2 <-s- 3 -t-> 1: from the subject r forward, s backward, t forward
        WorkRule walk = WorkRule.of(new int[] {0, 1, 1, 0, r, 2, 3, s, 2, 3, t, 1}, 1);
        assertArrayEquals(new int[] {2 * r, 2 * s + 1, 2 * t}, WalkMeasures.labels(walk, true));
        // from the object: t backward, s forward, r backward
        assertArrayEquals(new int[] {2 * t + 1, 2 * s, 2 * r + 1}, WalkMeasures.labels(walk, false));
        // an atom on both head variables; two atoms on the subject; a closed three-atom rule
        assertNull(WalkMeasures.labels(WorkRule.of(new int[] {0, 1, 1, 0, r, 1, 0, s, 2, 2, t, 1}, 1), true));
        assertNull(WalkMeasures.labels(WorkRule.of(new int[] {0, 1, 1, 0, r, 2, 0, s, 2, 2, t, 1}, 1), true));
        assertNull(WalkMeasures.labels(WorkRule.of(new int[] {0, 1, 1, 0, r, 2, 2, s, 1}, 1), true));
    }

    private static void compare(KgIndex kg) {
        MinerOptions options = MinerOptions.defaults().withMaxAtoms(4).withThreads(1);
        Matcher matcher = new Matcher(kg, options);
        Map<WorkRule.Key, WorkRule> closed = new TreeMap<>();
        Map<Integer, List<WorkRule>> byHead = new HashMap<>();
        for (WorkRule w : FourAtomQueue.of(kg, options, matcher)) {
            if (WalkLabels.key(w) >= 0) {
                byHead.computeIfAbsent(w.headRelation(), h -> new ArrayList<>()).add(w);
            }
        }
        for (List<WorkRule> rules : byHead.values()) {
            double minSupport = Math.ceil(options.minHeadCoverage() * kg.size(rules.get(0).headRelation()));
            for (List<WorkRule> children : matcher.refineTogether(rules, minSupport, n -> { })) {
                for (WorkRule c : children) {
                    closed.putIfAbsent(c.key, c);
                }
            }
        }
        List<WorkRule> rules = new ArrayList<>(closed.values());
        List<int[]> groups = WalkMeasures.groups(kg, rules);
        int measured = 0;
        int stopped = 0;
        for (boolean limited : new boolean[] {true, false}) {
            for (int[] group : groups) {
                List<WorkRule> members = new ArrayList<>();
                long[] limits = new long[group.length];
                for (int k = 0; k < group.length; k++) {
                    members.add(rules.get(group[k]));
                    limits[k] = limited ? (long) Math.ceil(members.get(k).support / options.minPcaConfidence()) + 1
                            : Long.MAX_VALUE;
                }
                matcher.measureTogether(members, limits);
                for (int k = 0; k < group.length; k++) {
                    WorkRule w = members.get(k);
                    String together = w.bodySize + " " + w.pcaBodySize + " " + w.exact;
                    matcher.measure(w, limits[k]);
                    assertEquals(w.bodySize + " " + w.pcaBodySize + " " + w.exact, together, "measures of " + w.key);
                    measured++;
                    stopped += w.exact ? 0 : 1;
                }
            }
        }
        assertTrue(groups.size() >= 20, "groups measured together: " + groups.size());
        assertTrue(measured >= 200, "walk rules compared: " + measured);
        assertTrue(stopped > 0, "some rules stop at their PCA limit");
    }
}
