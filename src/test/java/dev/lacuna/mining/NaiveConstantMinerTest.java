package dev.lacuna.mining;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;

/**
 * An independent, naive re-derivation of AMIE3's {@code -const} language on small generated graphs: candidates are
 * built syntactically (every relation, every variable, every entity as a constant), every count is taken by brute
 * force over all assignments of the rule's variables to entities, and rules are identified by the model's
 * {@link Rule#of} canonical form. The set of rules {@link ConstantLanguage} outputs and every measure of every rule
 * must equal what this enumeration accepts.
 */
class NaiveConstantMinerTest {
    private static int seedsWithConstantRules;

    @ParameterizedTest(name = "seed {0} maxad {1} minis {2} minhc {3}")
    @CsvSource({
            "1, 2, 4, 0.2", "2, 2, 3, 0.1", "3, 3, 4, 0.2", "4, 3, 3, 0.1", "5, 3, 5, 0.3", "6, 3, 2, 0.15",
            "7, 2, 2, 0.1", "8, 3, 4, 0.25", "9, 3, 3, 0.2", "10, 3, 6, 0.1" })
    void sameRulesAndMeasuresAsNaiveEnumeration(long seed, int maxAtoms, int minis, double minhc) {
        Kg g = Kg.random(seed);
        MinerOptions options = new MinerOptions(minhc, 0.1, 0.2, maxAtoms, minis, 3, 2, true);
        List<MinedRule> mined = new Miner(g.index(), options).mine();
        Map<Rule, long[]> expected = new Naive(g, options).mine();

        Map<Rule, MinedRule> actual = new HashMap<>();
        for (MinedRule m : mined) {
            actual.put(m.rule(), m);
        }
        List<String> problems = new ArrayList<>();
        for (Map.Entry<Rule, long[]> e : expected.entrySet()) {
            MinedRule m = actual.get(e.getKey());
            long[] x = e.getValue();
            if (m == null) {
                problems.add("missing " + e.getKey() + " support " + x[0] + " body " + x[1] + " pca body " + x[2]);
                continue;
            }
            var r = m.measures();
            if (r.support() != x[0] || r.bodySize() != x[1] || r.pcaBodySize() != x[2] || r.functionalVariable() != x[4]
                    || !close(r.headCoverage(), (double) x[0] / x[3])
                    || !close(r.standardConfidence(), (double) x[0] / x[1])
                    || !close(r.pcaConfidence(), (double) x[0] / x[2])) {
                problems.add("measures of " + e.getKey() + ": mined " + r + ", naive support " + x[0] + " body " + x[1]
                        + " pca body " + x[2] + " head facts " + x[3] + " functional " + x[4]);
            }
        }
        for (Rule r : actual.keySet()) {
            if (!expected.containsKey(r)) {
                problems.add("extra " + r);
            }
        }
        assertTrue(problems.isEmpty(), problems.size() + " problems, e.g.\n" + String.join("\n",
                problems.subList(0, Math.min(20, problems.size()))));
        assertEquals(expected.size(), mined.size());
        System.out.printf("seed %d maxad %d: %d rules, %d with constants%n", seed, maxAtoms, mined.size(),
                mined.stream().filter(m -> m.rule().hasConstants()).count());
        if (mined.stream().anyMatch(m -> m.rule().hasConstants())) {
            seedsWithConstantRules++;
        }
        // the generated graphs must exercise constants: most cases output some rule with a constant
        if (seed == 10) {
            assertTrue(seedsWithConstantRules >= 6, "only " + seedsWithConstantRules + " cases had rules with constants");
        }
    }

    private static boolean close(double a, double b) {
        return Math.abs(a - b) < 1e-9;
    }

    /** A small graph with a few hub entities (so that constants reach support), as triples of ids. */
    record Kg(int entities, int relations, boolean[][][] holds, List<int[]> triples) {
        static Kg random(long seed) {
            Random rnd = new Random(seed);
            int n = 10 + rnd.nextInt(5);
            int nr = 3 + rnd.nextInt(2);
            boolean[][][] h = new boolean[nr][n][n];
            List<int[]> triples = new ArrayList<>();
            int count = 35 + rnd.nextInt(25);
            for (int i = 0; i < count; i++) {
                int r = rnd.nextInt(nr);
                int s = rnd.nextInt(n);
                // skew: a third of the objects are one of two hubs
                int o = rnd.nextInt(3) == 0 ? rnd.nextInt(2) : rnd.nextInt(n);
                if (rnd.nextInt(4) == 0) {
                    int t = s;
                    s = o;
                    o = t;
                }
                if (s != o && !h[r][s][o]) {
                    h[r][s][o] = true;
                    triples.add(new int[] {s, r, o});
                }
            }
            return new Kg(n, nr, h, triples);
        }

        KgIndex index() {
            KgIndexBuilder b = new KgIndexBuilder();
            for (int[] t : triples) {
                b.add("e" + t[0], "r" + t[1], "e" + t[2]);
            }
            return b.build();
        }

        int size(int r) {
            int c = 0;
            for (int[] t : triples) {
                if (t[1] == r) {
                    c++;
                }
            }
            return c;
        }

        boolean subjectFunctional(int r) {
            Set<Integer> s = new HashSet<>();
            Set<Integer> o = new HashSet<>();
            for (int[] t : triples) {
                if (t[1] == r) {
                    s.add(t[0]);
                    o.add(t[2]);
                }
            }
            return s.size() >= o.size();
        }
    }

    /**
     * The search spelled out naively. A rule is a list of {s, r, o} atoms, head first; a term >= 0 is a variable,
     * a term < 0 the constant entity -term-1.
     */
    static final class Naive {
        private final Kg g;
        private final MinerOptions o;

        Naive(Kg g, MinerOptions o) {
            this.g = g;
            this.o = o;
        }

        /** Output rule -> {support, body size, pca body size, head relation facts, functional variable}. */
        Map<Rule, long[]> mine() {
            List<List<int[]>> queue = new ArrayList<>();
            for (int r = 0; r < g.relations(); r++) {
                if (g.size(r) == 0 || g.size(r) < o.minInitialSupport()) {
                    continue;
                }
                queue.add(List.of(new int[] {0, r, 1}));
                boolean constantInObject = g.subjectFunctional(r);
                for (int c = 0; c < g.entities(); c++) {
                    int[] head = constantInObject ? new int[] {0, r, -c - 1} : new int[] {-c - 1, r, 1};
                    long values = support(List.of(head));
                    if (values >= o.minInitialSupport() && values >= 2) {
                        queue.add(List.of(head));
                    }
                }
            }
            Map<Rule, long[]> output = new HashMap<>();
            Map<Rule, Double> outputPca = new HashMap<>();
            while (!queue.isEmpty()) {
                Map<Rule, List<int[]>> next = new HashMap<>();
                for (List<int[]> rule : queue) {
                    for (List<int[]> child : refine(rule)) {
                        next.putIfAbsent(key(child), child);
                    }
                }
                Map<Rule, long[]> newOutput = new HashMap<>();
                queue = new ArrayList<>();
                for (Map.Entry<Rule, List<int[]>> e : next.entrySet()) {
                    List<int[]> rule = e.getValue();
                    boolean closed = closed(rule);
                    long support = support(rule);
                    long body = 0;
                    long pcaBody = 0;
                    if (closed) {
                        long[] sizes = bodySizes(rule);
                        body = sizes[0];
                        pcaBody = sizes[1];
                        double std = body == 0 ? 0 : (double) support / body;
                        double pca = pcaBody == 0 ? 0 : (double) support / pcaBody;
                        if (std >= o.minStdConfidence() && pca >= o.minPcaConfidence() && skyline(rule, pca, outputPca)) {
                            int[] h = rule.get(0);
                            int functional = h[0] >= 0 && h[2] >= 0 ? (g.subjectFunctional(h[1]) ? -1 : -2)
                                    : h[0] >= 0 ? -1 : -2;
                            newOutput.put(e.getKey(), new long[] {support, body, pcaBody, g.size(h[1]), functional});
                        }
                    }
                    boolean perfect = closed && pcaBody == support;
                    if (!perfect && rule.size() < o.maxAtoms()) {
                        queue.add(rule);
                    }
                }
                for (Map.Entry<Rule, long[]> e : newOutput.entrySet()) {
                    output.put(e.getKey(), e.getValue());
                    long[] x = e.getValue();
                    outputPca.put(e.getKey(), (double) x[0] / x[2]);
                }
            }
            return output;
        }

        private boolean skyline(List<int[]> rule, double pca, Map<Rule, Double> outputPca) {
            int n = rule.size() - 1;
            for (int subset = 1; subset < (1 << n) - 1; subset++) {
                List<int[]> sub = new ArrayList<>();
                sub.add(rule.get(0));
                for (int i = 0; i < n; i++) {
                    if ((subset & (1 << i)) != 0) {
                        sub.add(rule.get(i + 1));
                    }
                }
                Double p = outputPca.get(key(sub));
                if (p != null && pca <= p) {
                    return false;
                }
            }
            return true;
        }

        private List<List<int[]>> refine(List<int[]> rule) {
            List<List<int[]>> out = new ArrayList<>();
            int length = rule.size();
            if (length >= o.maxAtoms()) {
                return out;
            }
            double minSupport = Math.ceil(o.minHeadCoverage() * g.size(rule.get(0)[1]));
            Map<Integer, Integer> occ = occurrences(rule);
            List<Integer> vars = new ArrayList<>(occ.keySet());
            List<Integer> open = new ArrayList<>();
            for (int v : vars) {
                if (occ.get(v) == 1) {
                    open.add(v);
                }
            }
            boolean closed = open.isEmpty();
            int fresh = 0;
            for (int v : vars) {
                fresh = Math.max(fresh, v + 1);
            }
            fresh = Math.max(fresh, 2);
            // closing atoms
            if (vars.size() >= 2 && !(open.size() > 2 && length == o.maxAtoms() - 1)) {
                List<Integer> sources = closed ? vars : open;
                List<Integer> targets = closed || open.size() == 1 ? vars : open;
                for (int s : sources) {
                    for (int t : targets) {
                        if (s == t) {
                            continue;
                        }
                        for (int r = 0; r < g.relations(); r++) {
                            for (int[] atom : new int[][] {{s, r, t}, {t, r, s}}) {
                                if (contains(rule, atom) || occurrencesOf(rule, r) >= o.maxRelationOccurrences()) {
                                    continue;
                                }
                                List<int[]> c = plus(rule, atom);
                                long support = support(c);
                                if (support > 0 && support >= minSupport
                                        && (length + 1 < o.maxAtoms() || closed(c))) {
                                    out.add(c);
                                }
                            }
                        }
                    }
                }
            }
            // dangling atoms and their instantiated copies
            for (int v : closed ? vars : open) {
                for (int r = 0; r < g.relations(); r++) {
                    if (occurrencesOf(rule, r) >= o.maxRelationOccurrences()) {
                        continue;
                    }
                    for (boolean outward : new boolean[] {true, false}) {
                        int[] atom = outward ? new int[] {v, r, fresh} : new int[] {fresh, r, v};
                        List<int[]> dangling = plus(rule, atom);
                        long support = support(dangling);
                        if (support == 0 || support < minSupport) {
                            continue;
                        }
                        boolean constantOnFreshSide = false;
                        for (int[] a : rule) {
                            if (a[1] == r && (outward ? a[2] : a[0]) < 0) {
                                constantOnFreshSide = true;
                            }
                        }
                        if (!constantOnFreshSide && length + 1 < o.maxAtoms()) {
                            out.add(dangling);
                        }
                        for (int e = 0; e < g.entities(); e++) {
                            int[] inst = outward ? new int[] {v, r, -e - 1} : new int[] {-e - 1, r, v};
                            if (redundant(rule, inst)) {
                                continue;
                            }
                            List<int[]> c = plus(rule, inst);
                            long s = support(c);
                            if (s == 0 || s < minSupport || distinctValues(c, v) < 2) {
                                continue;
                            }
                            if (length + 1 < o.maxAtoms() || closed(c)) {
                                out.add(c);
                            }
                        }
                    }
                }
            }
            return out;
        }

        /** AMIE3's Rule.getRedundantAtoms for a new atom, written out per argument. */
        private static boolean redundant(List<int[]> rule, int[] atom) {
            for (int[] a : rule) {
                if (a[1] != atom[1]) {
                    continue;
                }
                boolean aGeneralisesAtom = (a[0] >= 0 || a[0] == atom[0]) && (a[2] >= 0 || a[2] == atom[2]);
                boolean atomGeneralisesA = (atom[0] >= 0 || atom[0] == a[0]) && (atom[2] >= 0 || atom[2] == a[2]);
                if (aGeneralisesAtom || atomGeneralisesA) {
                    return true;
                }
            }
            return false;
        }

        private static boolean contains(List<int[]> rule, int[] atom) {
            for (int[] a : rule) {
                if (a[0] == atom[0] && a[1] == atom[1] && a[2] == atom[2]) {
                    return true;
                }
            }
            return false;
        }

        private static int occurrencesOf(List<int[]> rule, int r) {
            int n = 0;
            for (int[] a : rule) {
                if (a[1] == r) {
                    n++;
                }
            }
            return n;
        }

        private static List<int[]> plus(List<int[]> rule, int[] atom) {
            List<int[]> c = new ArrayList<>(rule);
            c.add(atom);
            return c;
        }

        private static Map<Integer, Integer> occurrences(List<int[]> rule) {
            Map<Integer, Integer> occ = new HashMap<>();
            for (int[] a : rule) {
                if (a[0] >= 0) {
                    occ.merge(a[0], 1, Integer::sum);
                }
                if (a[2] >= 0) {
                    occ.merge(a[2], 1, Integer::sum);
                }
            }
            return occ;
        }

        private static boolean closed(List<int[]> rule) {
            return occurrences(rule).values().stream().allMatch(c -> c >= 2);
        }

        // ---------------------------------------------------------- brute force over assignments

        private interface Visitor {
            void visit(int[] val);
        }

        /** Calls the visitor for every assignment of the rule's variables under which all given atoms hold. */
        private void assignments(List<int[]> atoms, Visitor visitor) {
            List<Integer> vars = new ArrayList<>();
            for (int[] a : atoms) {
                for (int t : new int[] {a[0], a[2]}) {
                    if (t >= 0 && !vars.contains(t)) {
                        vars.add(t);
                    }
                }
            }
            int max = 2;
            for (int v : vars) {
                max = Math.max(max, v + 1);
            }
            int[] val = new int[max];
            assign(atoms, vars, 0, val, visitor);
        }

        private void assign(List<int[]> atoms, List<Integer> vars, int i, int[] val, Visitor visitor) {
            if (i == vars.size()) {
                for (int[] a : atoms) {
                    int s = a[0] >= 0 ? val[a[0]] : -a[0] - 1;
                    int ob = a[2] >= 0 ? val[a[2]] : -a[2] - 1;
                    if (!g.holds()[a[1]][s][ob]) {
                        return;
                    }
                }
                visitor.visit(val);
                return;
            }
            for (int e = 0; e < g.entities(); e++) {
                val[vars.get(i)] = e;
                assign(atoms, vars, i + 1, val, visitor);
            }
        }

        /** Distinct head bindings (pairs, or values of the single head variable) for which all atoms hold. */
        long support(List<int[]> rule) {
            int[] h = rule.get(0);
            Set<Long> seen = new HashSet<>();
            assignments(rule, val -> seen.add(headKey(h, val)));
            return seen.size();
        }

        private static long headKey(int[] h, int[] val) {
            long x = h[0] >= 0 ? val[h[0]] : -1;
            long y = h[2] >= 0 ? val[h[2]] : -1;
            return (x + 1) * 1_000_003L + (y + 1);
        }

        long distinctValues(List<int[]> rule, int v) {
            Set<Integer> seen = new HashSet<>();
            assignments(rule, val -> seen.add(val[v]));
            return seen.size();
        }

        /** {body size, PCA body size} of a closed rule. */
        long[] bodySizes(List<int[]> rule) {
            int[] h = rule.get(0);
            List<int[]> body = rule.subList(1, rule.size());
            Set<Long> bodyHeads = new HashSet<>();
            Set<Long> pcaHeads = new HashSet<>();
            boolean twoVars = h[0] >= 0 && h[2] >= 0;
            boolean subjectSide = twoVars ? g.subjectFunctional(h[1]) : h[0] >= 0;
            assignments(body, val -> {
                long k = headKey(h, val);
                bodyHeads.add(k);
                int x = subjectSide ? val[h[0]] : val[h[2]];
                for (int z = 0; z < g.entities(); z++) {
                    if (subjectSide ? g.holds()[h[1]][x][z] : g.holds()[h[1]][z][x]) {
                        pcaHeads.add(k);
                        break;
                    }
                }
            });
            return new long[] {bodyHeads.size(), pcaHeads.size()};
        }

        /** The model's canonical form, with entity and relation names as the miner prints them. */
        static Rule key(List<int[]> rule) {
            List<Atom> body = new ArrayList<>();
            for (int[] a : rule.subList(1, rule.size())) {
                body.add(atom(a));
            }
            return Rule.of(body, atom(rule.get(0)));
        }

        private static Atom atom(int[] a) {
            String r = "r" + a[1];
            if (a[0] < 0) {
                return Atom.withSubjectConstant("e" + (-a[0] - 1), r, a[2]);
            }
            if (a[2] < 0) {
                return Atom.withObjectConstant(a[0], r, "e" + (-a[2] - 1));
            }
            return new Atom(a[0], r, a[2]);
        }
    }
}
