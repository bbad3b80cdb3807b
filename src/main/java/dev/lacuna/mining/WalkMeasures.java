package dev.lacuna.mining;

import static dev.lacuna.mining.WalkLabels.label;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Body size and PCA body size of closed four-atom rules whose body is a walk of three edges from the counted head
 * variable f to the other one, g ({@code f - x - y - g}), measured together for all such rules that share their head
 * relation and their first two edges. Measured alone ({@link BodyMeasure}), each rule walks f's first two edges
 * again for every value of f; most of maxad 4's closed rules are such walks and share those two edges with others
 * (FB15k-237: 77,391 of its 120,069 closed rules of four atoms, in 20,480 groups). Here, per value of f, the join's own steps are taken
 * once for the group: the distinct x, the distinct y, and then y's edges of every rule's third label at once,
 * counting per rule the distinct g as the join does (per y a bit test per rule, or one walk of y's relation runs when
 * the group has more rules than y has runs). The values of f run in the join's order and each rule stops
 * counting where the join would stop it (its PCA body size past its limit), so every rule gets the figures the join
 * gives it. Not thread-safe: each worker thread has its own.
 */
final class WalkMeasures {
    private final KgIndex kg;
    private final long[] out;
    private final long[] in;
    private final long[] outRuns;
    private final long[] inRuns;
    // stamps of the x, y and g already met for the current value of f (g: for the current rule too)
    private final int[] xSeen;
    private final int[] ySeen;
    private final int[] gSeen;
    private int xStamp;
    private int yStamp;
    private int gStamp;
    /** Per relation, the group's rule whose last edge leaves y as the subject (out) or object (in) of it; -1 none. */
    private final int[] outRule;
    private final int[] inRule;
    private final IntList ys = new IntList();
    /** Per relation and side, the entities with such an edge: most y have none of a rule's last relation. */
    private final EdgeEndFilter filter;
    private IntList[] ends = new IntList[0];

    WalkMeasures(KgIndex kg) {
        this.kg = kg;
        this.out = kg.outEdges();
        this.in = kg.inEdges();
        this.outRuns = kg.outRuns();
        this.inRuns = kg.inRuns();
        this.filter = new EdgeEndFilter(kg);
        int n = kg.entityCount();
        this.xSeen = new int[n];
        this.ySeen = new int[n];
        this.gSeen = new int[n];
        this.outRule = new int[kg.relationCount()];
        this.inRule = new int[kg.relationCount()];
        Arrays.fill(outRule, -1);
        Arrays.fill(inRule, -1);
    }

    /**
     * The groups (indexes into {@code rules}, two rules or more) of closed walk rules that share head relation and
     * first two labels; every other rule is measured alone.
     */
    static List<int[]> groups(KgIndex kg, List<WorkRule> rules) {
        if (!WalkLabels.labelsFit(kg)) {
            return List.of();
        }
        Map<Long, List<Integer>> byPrefix = new HashMap<>();
        List<Long> order = new ArrayList<>();
        for (int i = 0; i < rules.size(); i++) {
            WorkRule rule = rules.get(i);
            int[] labels = labels(rule, kg.subjectIsFunctional(rule.headRelation()));
            if (labels == null) {
                continue;
            }
            long key = WalkLabels.pack(rule.headRelation(), labels[0], labels[1]);
            List<Integer> group = byPrefix.get(key);
            if (group == null) {
                group = new ArrayList<>();
                byPrefix.put(key, group);
                order.add(key);
            }
            group.add(i);
        }
        List<int[]> groups = new ArrayList<>();
        for (Long key : order) {
            List<Integer> group = byPrefix.get(key);
            if (group.size() > 1) {
                groups.add(group.stream().mapToInt(Integer::intValue).toArray());
            }
        }
        return groups;
    }

    /**
     * The labels of a closed rule's body walked from f (the head's subject if {@code fIsSubject}) to g, when the
     * body is such a walk through two other variables; else null.
     */
    static int[] labels(WorkRule rule, boolean fIsSubject) {
        if (!rule.closed || rule.length() != 4 || rule.variableCount != 4) {
            return null;
        }
        int[] a = rule.atoms;
        int f = fIsSubject ? 0 : 1;
        int g = 1 - f;
        int[] labels = new int[3];
        boolean[] used = new boolean[4];
        int at = f;
        for (int step = 0; step < 3; step++) {
            int found = -1;
            for (int i = 1; i <= 3; i++) {
                if (!used[i] && (a[3 * i] == at || a[3 * i + 2] == at)) {
                    if (found >= 0) {
                        return null;
                    }
                    found = i;
                }
            }
            if (found < 0) {
                return null;
            }
            used[found] = true;
            boolean fromSubject = a[3 * found] == at;
            labels[step] = label(a[3 * found + 1], fromSubject);
            at = fromSubject ? a[3 * found + 2] : a[3 * found];
            if (step < 2 && (at == f || at == g)) {
                return null;
            }
        }
        return at == g ? labels : null;
    }

    /**
     * Measures a group from {@link #groups}, as {@link Matcher#measure} measures each of its rules with the
     * limit at the same index of {@code pcaLimits}.
     */
    void measure(List<WorkRule> rules, long[] pcaLimits) {
        int k = rules.size();
        int head = rules.get(0).headRelation();
        boolean fIsSubject = kg.subjectIsFunctional(head);
        int[] prefix = labels(rules.get(0), fIsSubject);
        long[] body = new long[k];
        long[] pcaBody = new long[k];
        boolean[] exact = new boolean[k];
        Arrays.fill(exact, true);
        if (ends.length < k) {
            ends = Arrays.copyOf(ends, k);
        }
        int[] lastRelation = new int[k];
        boolean[] lastOut = new boolean[k];
        long[][] lastSet = new long[k][];
        for (int j = 0; j < k; j++) {
            if (ends[j] == null) {
                ends[j] = new IntList();
            }
            int last = labels(rules.get(j), fIsSubject)[2];
            lastRelation[j] = last >>> 1;
            lastOut[j] = fromSubject(last);
            lastSet[j] = filter.kept(lastOut[j], lastRelation[j]);
            (lastOut[j] ? outRule : inRule)[lastRelation[j]] = j;
        }
        int active = k;
        int r1 = prefix[0] >>> 1;
        boolean out1 = fromSubject(prefix[0]);
        int r2 = prefix[1] >>> 1;
        boolean out2 = fromSubject(prefix[1]);
        long[] edges1 = out1 ? out : in;
        long[] edges2 = out2 ? out : in;
        // the join's domain of f: the first edge's ends, the only atom on f
        for (int f : out1 ? kg.subjects(r1) : kg.objects(r1)) {
            xStamp = next(xStamp, xSeen);
            yStamp = next(yStamp, ySeen);
            ys.clear();
            long range1 = out1 ? kg.outRange(f, r1) : kg.inRange(f, r1);
            for (int e1 = KgIndex.high(range1); e1 < KgIndex.low(range1); e1++) {
                int x = KgIndex.low(edges1[e1]);
                if (xSeen[x] == xStamp) {
                    continue;
                }
                xSeen[x] = xStamp;
                long range2 = out2 ? kg.outRange(x, r2) : kg.inRange(x, r2);
                for (int e2 = KgIndex.high(range2); e2 < KgIndex.low(range2); e2++) {
                    int y = KgIndex.low(edges2[e2]);
                    if (ySeen[y] != yStamp) {
                        ySeen[y] = yStamp;
                        ys.add(y);
                    }
                }
            }
            if (ys.size() == 0) {
                continue;
            }
            for (int j = 0; j < k; j++) {
                ends[j].clear();
            }
            for (int i = 0; i < ys.size(); i++) {
                int y = ys.get(i);
                int runs = kg.outRelEnd(y) - kg.outRelStart(y) + kg.inRelEnd(y) - kg.inRelStart(y);
                if (active <= runs) {
                    for (int j = 0; j < k; j++) {
                        if (exact[j] && (lastSet[j] == null || (lastSet[j][y >>> 6] & (1L << y)) != 0)) {
                            long range = lastOut[j] ? kg.outRange(y, lastRelation[j]) : kg.inRange(y, lastRelation[j]);
                            add(ends[j], lastOut[j] ? out : in, KgIndex.high(range), KgIndex.low(range));
                        }
                    }
                } else {
                    lastEdges(outRuns, kg.outRelStart(y), kg.outRelEnd(y), outRule, out);
                    lastEdges(inRuns, kg.inRelStart(y), kg.inRelEnd(y), inRule, in);
                }
            }
            boolean pcaSide = fIsSubject ? kg.hasOut(f, head) : kg.hasIn(f, head);
            for (int j = 0; j < k; j++) {
                IntList gs = ends[j];
                if (gs.size() == 0 || !exact[j]) {
                    continue;
                }
                gStamp = next(gStamp, gSeen);
                long n = 0;
                for (int i = 0; i < gs.size(); i++) {
                    int g = gs.get(i);
                    if (gSeen[g] != gStamp) {
                        gSeen[g] = gStamp;
                        n++;
                    }
                }
                body[j] += n;
                if (pcaSide) {
                    pcaBody[j] += n;
                    if (pcaBody[j] > pcaLimits[j]) {
                        exact[j] = false; // where the join stops counting this rule
                        (lastOut[j] ? outRule : inRule)[lastRelation[j]] = -1;
                        active--;
                    }
                }
            }
            if (active == 0) {
                break;
            }
        }
        for (int j = 0; j < k; j++) {
            (lastOut[j] ? outRule : inRule)[lastRelation[j]] = -1;
            rules.get(j).measured(body[j], pcaBody[j], exact[j]);
        }
    }

    /** Adds the other ends of y's edges (its relation runs [from, to)) to the list of the rule with their label. */
    private void lastEdges(long[] runs, int from, int to, int[] ruleOf, long[] edges) {
        for (int m = from; m < to; m++) {
            int j = ruleOf[KgIndex.high(runs[m])];
            if (j >= 0) {
                add(ends[j], edges, KgIndex.low(runs[m]), KgIndex.low(runs[m + 1]));
            }
        }
    }

    private static void add(IntList gs, long[] edges, int from, int to) {
        for (int e = from; e < to; e++) {
            gs.add(KgIndex.low(edges[e]));
        }
    }

    private static boolean fromSubject(int label) {
        return (label & 1) == 0;
    }

    /** The next stamp of a seen-array, clearing it when the stamps run out. */
    private static int next(int stamp, int[] seen) {
        if (stamp == Integer.MAX_VALUE - 1) {
            Arrays.fill(seen, 0);
            return 1;
        }
        return stamp + 1;
    }
}
