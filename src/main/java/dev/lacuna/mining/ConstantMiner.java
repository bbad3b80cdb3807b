package dev.lacuna.mining;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import dev.lacuna.LacunaException;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.rules.RuleMeasures;

/**
 * Mines rules with constants the way AMIE3 3.5.1 does with {@code -const} (its allowConstants; read from
 * MiningAssistant, DefaultMiningAssistant, AMIE and Rule in dig-team/amie), breadth first like {@link Miner}:
 * <ol>
 * <li>Seeds: {@code ?a r ?b} for every relation with at least {@code minInitialSupport} facts, and its
 *     instantiated heads: the argument opposite the functional one (AMIE3's findCountingVariable: the subject
 *     is counted if the relation is functional, so the constant goes into the object; else into the subject)
 *     becomes a constant C, kept if the head variable then takes at least {@code minInitialSupport} values (AMIE3
 *     passes -minis as the threshold there) and at least 2 (its {@code cardLastEdge < 2} test).</li>
 * <li>Refinement as without constants (closing and dangling atoms, support = distinct head bindings at least
 *     ceil(minhc x facts of the head relation), a relation at most 3 times), plus AMIE3's "instantiated" operator
 *     on every dangling refinement that passed the threshold: copies whose fresh variable is a constant C, kept
 *     when (a) their support passes the same threshold, (b) the new atom's join variable takes at least 2 values
 *     over the groundings of the whole rule, head included, (c) the new atom is not redundant in AMIE3's sense
 *     (Rule.getRedundantAtoms: no atom of the rule, head included, unifies with it or it with that atom, see
 *     {@link ConstRule#isRedundant}).</li>
 * <li>With constants AMIE3 does not stop adding dangling atoms one atom before the length limit; a dangling rule
 *     at the limit is neither output nor refined, only its instantiated copies are kept.</li>
 * <li>Closed (every variable in two atoms; constants do not count) rules are measured. A head with one variable
 *     (an instantiated head) counts that variable: support, body size and PCA body size are numbers of its
 *     values; PCA body size counts the values with some fact of the head relation on that side. Head coverage
 *     is support / facts of the head relation. Output, skyline and "PCA confidence 1.0 is not refined" are as in
 *     {@link Miner}.</li>
 * </ol>
 * Where Lacuna differs: AMIE3 adds a DIFFERENTFROM pseudo-atom {@code ?z != C} when a dangling atom repeats the
 * relation of an atom that has the constant C on the fresh side (e.g. {@code ?a r ?z} next to {@code ?a r C});
 * such rules can then be output with {@code ?z!=C} in them. Lacuna does not generate DIFFERENTFROM atoms: that
 * dangling rule is dropped (its instantiated copies are still made, they are the same as AMIE3's). So Lacuna
 * never outputs a rule with {@code !=}, and may miss rules that AMIE3 only reaches through such a rule.
 * The constant-free rules are exactly those of {@link Miner} without constants (checked by a test).
 */
public final class ConstantMiner {
    private final KgIndex kg;
    private final MinerOptions options;
    private final MiningProgress progress;

    public ConstantMiner(KgIndex kg, MinerOptions options, MiningProgress progress) {
        this.kg = kg;
        this.options = options;
        this.progress = progress == null ? MiningProgress.NONE : progress;
    }

    /** Runs the mining; the rules come back in {@link AmieRules#ORDER}. */
    public List<MinedRule> mine() {
        if (kg.tripleCount() == 0) {
            throw new LacunaException("the knowledge graph has no triples: nothing to mine");
        }
        long start = System.nanoTime();
        List<ConstRule> queue = seeds();
        Map<ConstRule.Key, Double> outputPca = new HashMap<>();
        List<ConstRule> output = new ArrayList<>();
        ConstMatcher[] matchers = new ConstMatcher[options.threads()];
        for (int i = 0; i < matchers.length; i++) {
            matchers[i] = new ConstMatcher(kg, options);
        }
        int generation = 1;
        while (!queue.isEmpty()) {
            generation++;
            final List<ConstRule> current = queue;
            progress.generation(generation, current.size(), output.size(), System.nanoTime() - start);
            @SuppressWarnings("unchecked")
            List<ConstRule>[] refined = new List[current.size()];
            AtomicLong done = new AtomicLong();
            parallel(current.size(), matchers, (m, i) -> {
                ConstRule parent = current.get(i);
                double minSupport = Math.ceil(options.minHeadCoverage() * kg.size(parent.headRelation()));
                refined[i] = m.refine(parent, minSupport);
                progress.refined(done.incrementAndGet(), current.size());
            });
            Map<ConstRule.Key, ConstRule> merged = new HashMap<>();
            for (int i = 0; i < current.size(); i++) {
                for (ConstRule child : refined[i]) {
                    ConstRule known = merged.putIfAbsent(child.key, child);
                    if (known != null && known.support != child.support) {
                        throw new IllegalStateException("support differs for one rule: " + child.key);
                    }
                }
                refined[i] = null;
            }
            List<ConstRule> next = new ArrayList<>(merged.values());
            next.sort((x, y) -> x.key.compareTo(y.key));
            List<ConstRule> closed = new ArrayList<>();
            for (ConstRule w : next) {
                if (w.closed) {
                    closed.add(w);
                }
            }
            AtomicLong measured = new AtomicLong();
            parallel(closed.size(), matchers, (m, i) -> {
                ConstRule w = closed.get(i);
                m.measure(w);
                w.output = passes(w, outputPca);
                progress.measured(measured.incrementAndGet(), closed.size());
            });
            for (ConstRule w : closed) {
                if (w.output) {
                    output.add(w);
                    outputPca.put(w.key, w.pca);
                }
            }
            queue = new ArrayList<>();
            for (ConstRule w : next) {
                boolean perfect = w.closed && w.pcaBodySize == w.support;
                if (!perfect && w.length() < options.maxAtoms()) {
                    queue.add(w);
                }
            }
        }
        progress.generation(generation + 1, 0, output.size(), System.nanoTime() - start);
        List<MinedRule> rules = new ArrayList<>(output.size());
        for (ConstRule w : output) {
            rules.add(toMinedRule(w));
        }
        rules.sort(AmieRules.ORDER);
        return rules;
    }

    /** {@code ?a r ?b} and its instantiated heads, for every relation with enough facts. */
    private List<ConstRule> seeds() {
        List<ConstRule> seeds = new ArrayList<>();
        for (int r = 0; r < kg.relationCount(); r++) {
            if (kg.size(r) < options.minInitialSupport() || kg.size(r) == 0) {
                continue;
            }
            seeds.add(ConstRule.of(new int[] {0, r, 1}, kg.size(r)));
            // the constant goes opposite the counted (functional) side
            boolean constantInObject = kg.subjectIsFunctional(r);
            int[] constants = constantInObject ? kg.objects(r) : kg.subjects(r);
            for (int c : constants) {
                long range = constantInObject ? kg.inRange(c, r) : kg.outRange(c, r);
                int values = KgIndex.low(range) - KgIndex.high(range);
                if (values >= options.minInitialSupport() && values >= 2) {
                    int[] head = constantInObject ? new int[] {0, r, ConstRule.constant(c)}
                            : new int[] {ConstRule.constant(c), r, 1};
                    seeds.add(ConstRule.of(head, values));
                }
            }
        }
        return seeds;
    }

    /** Thresholds and AMIE3's skyline, as in {@link Miner}. */
    private boolean passes(ConstRule w, Map<ConstRule.Key, Double> outputPca) {
        if (w.std < options.minStdConfidence() || w.pca < options.minPcaConfidence()) {
            return false;
        }
        int nBody = w.length() - 1;
        int full = (1 << nBody) - 1;
        for (int subset = 1; subset < full; subset++) {
            int[] atoms = new int[3 * (1 + Integer.bitCount(subset))];
            System.arraycopy(w.atoms, 0, atoms, 0, 3);
            int k = 3;
            for (int i = 0; i < nBody; i++) {
                if ((subset & (1 << i)) != 0) {
                    System.arraycopy(w.atoms, 3 * (i + 1), atoms, k, 3);
                    k += 3;
                }
            }
            Double pca = outputPca.get(ConstRule.keyOf(atoms));
            if (pca != null && w.pca <= pca) {
                return false;
            }
        }
        return true;
    }

    private MinedRule toMinedRule(ConstRule w) {
        List<Atom> body = new ArrayList<>();
        for (int i = 3; i < w.atoms.length; i += 3) {
            body.add(atom(w.atoms[i], w.atoms[i + 1], w.atoms[i + 2]));
        }
        int hs = w.atoms[0];
        int ho = w.atoms[2];
        Rule rule = Rule.of(body, atom(hs, w.headRelation(), ho));
        int functional;
        if (hs >= 0 && ho >= 0) {
            functional = kg.subjectIsFunctional(w.headRelation()) ? -1 : -2;
        } else {
            functional = hs >= 0 ? -1 : -2;
        }
        return new MinedRule(rule, RuleMeasures.of(w.support, kg.size(w.headRelation()), w.bodySize,
                w.pcaBodySize, functional));
    }

    private Atom atom(int s, int r, int o) {
        String relation = kg.relationName(r);
        if (ConstRule.isConstant(s)) {
            return Atom.withSubjectConstant(kg.entityName(ConstRule.entity(s)), relation, o);
        }
        if (ConstRule.isConstant(o)) {
            return Atom.withObjectConstant(s, relation, kg.entityName(ConstRule.entity(o)));
        }
        return new Atom(s, relation, o);
    }

    private interface Task {
        void run(ConstMatcher matcher, int index);
    }

    /** Runs task(0..n-1) on the matchers' threads, one index at a time. */
    private static void parallel(int n, ConstMatcher[] matchers, Task task) {
        if (n == 0) {
            return;
        }
        int threads = Math.min(matchers.length, n);
        if (threads == 1) {
            for (int i = 0; i < n; i++) {
                task.run(matchers[0], i);
            }
            return;
        }
        AtomicInteger nextIndex = new AtomicInteger();
        Thread[] workers = new Thread[threads];
        Throwable[] failure = new Throwable[1];
        for (int t = 0; t < threads; t++) {
            ConstMatcher m = matchers[t];
            workers[t] = new Thread(() -> {
                try {
                    for (int i = nextIndex.getAndIncrement(); i < n; i = nextIndex.getAndIncrement()) {
                        task.run(m, i);
                    }
                } catch (Throwable e) {
                    synchronized (failure) {
                        failure[0] = e;
                    }
                    nextIndex.set(n);
                }
            }, "lacuna-const-miner-" + t);
            workers[t].start();
        }
        for (Thread w : workers) {
            try {
                w.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LacunaException("mining interrupted");
            }
        }
        if (failure[0] instanceof RuntimeException re) {
            throw re;
        }
        if (failure[0] instanceof Error er) {
            throw er;
        }
        if (failure[0] != null) {
            throw new IllegalStateException(failure[0]);
        }
    }
}
