package dev.lacuna.mining;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
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
 * Mines closed Horn rules the way AMIE3 3.5.1 does (see ../shared/reference/amie3/README.md), breadth first,
 * one rule length (generation) at a time:
 * <ol>
 * <li>seeds: {@code ?a r ?b} for every relation with at least {@code minInitialSupport} facts;</li>
 * <li>each queued rule is refined by dangling and closing atoms; a refinement is kept while its support
 *     (distinct head bindings) is at least ceil(minhc x facts of the head relation); refinements equal up to
 *     variable renaming merge into one;</li>
 * <li>each closed refinement gets body size, PCA body size, standard and PCA confidence (functional side as
 *     AMIE3 chooses it); it is output if standard confidence >= minc, PCA confidence >= minpca and its PCA
 *     confidence is strictly higher than that of every output shorter rule with the same head whose body is
 *     part of its own (AMIE3's skyline). AMIE3 also compares with the closed rule a copy was refined from,
 *     but it keeps only one copy of each rule per derivation until output, so in effect a rule passes if some
 *     derivation passes; comparing with every closed parent drops rules AMIE3 outputs (UMLS, maxad 4), while
 *     comparing with output rules only reproduces every reference file;</li>
 * <li>rules with PCA confidence 1.0 are not refined further.</li>
 * </ol>
 * With {@code constants} (AMIE3's {@code -const}) the {@link ConstantMiner} mines instead: rules may then have
 * instantiated atoms ({@code ?a gender female}); AMIE3's DIFFERENTFROM pseudo-atoms ({@code ?z != C}) are not
 * generated, see there. Variables are not injective. Work within a generation is spread over threads; the output does not depend on
 * the number of threads because decisions only look at earlier generations, and the result is sorted.
 */
public final class Miner {
    private final KgIndex kg;
    private final MinerOptions options;
    private final MiningProgress progress;

    public Miner(KgIndex kg, MinerOptions options, MiningProgress progress) {
        this.kg = kg;
        this.options = options;
        this.progress = progress == null ? MiningProgress.NONE : progress;
    }

    public Miner(KgIndex kg, MinerOptions options) {
        this(kg, options, null);
    }

    /** Runs the mining; the rules come back in {@link AmieRules#ORDER}. With constants: {@link ConstantMiner}. */
    public List<MinedRule> mine() {
        if (options.constants()) {
            return new ConstantMiner(kg, options, progress).mine();
        }
        if (kg.tripleCount() == 0) {
            throw new LacunaException("the knowledge graph has no triples: nothing to mine");
        }
        long start = System.nanoTime();
        List<WorkRule> queue = new ArrayList<>();
        for (int r = 0; r < kg.relationCount(); r++) {
            if (kg.size(r) >= options.minInitialSupport() && kg.size(r) > 0) {
                queue.add(WorkRule.of(new int[] {0, r, 1}, kg.size(r)));
            }
        }
        // Output rules of earlier generations: canonical key -> PCA confidence (for the skyline).
        Map<WorkRule.Key, Double> outputPca = new HashMap<>();
        List<WorkRule> output = new ArrayList<>();
        Matcher[] matchers = new Matcher[options.threads()];
        for (int i = 0; i < matchers.length; i++) {
            matchers[i] = new Matcher(kg, options);
        }
        int generation = 1;
        while (!queue.isEmpty()) {
            generation++;
            final List<WorkRule> current = queue;
            progress.generation(generation, current.size(), output.size(), System.nanoTime() - start);
            // 1. refine every queued rule; merge refinements equal up to renaming
            @SuppressWarnings("unchecked")
            List<WorkRule>[] refined = new List[current.size()];
            AtomicLong done = new AtomicLong();
            parallel(current.size(), matchers, (m, i) -> {
                WorkRule parent = current.get(i);
                double minSupport = Math.ceil(options.minHeadCoverage() * kg.size(parent.headRelation()));
                refined[i] = m.refine(parent, minSupport);
                progress.refined(done.incrementAndGet(), current.size());
            });
            Map<WorkRule.Key, WorkRule> merged = new HashMap<>();
            for (int i = 0; i < current.size(); i++) {
                for (WorkRule child : refined[i]) {
                    WorkRule known = merged.putIfAbsent(child.key, child);
                    if (known != null && known.support != child.support) {
                        throw new IllegalStateException("support differs for one rule: " + child.key);
                    }
                }
                refined[i] = null;
            }
            List<WorkRule> next = new ArrayList<>(merged.values());
            next.sort(Comparator.comparing((WorkRule w) -> w.key.codes(), Arrays::compare));
            // 2. measure closed refinements
            List<WorkRule> closed = new ArrayList<>();
            for (WorkRule w : next) {
                if (w.closed) {
                    closed.add(w);
                }
            }
            AtomicLong measured = new AtomicLong();
            parallel(closed.size(), matchers, (m, i) -> {
                WorkRule w = closed.get(i);
                long limit = options.minPcaConfidence() > 0
                        ? (long) Math.ceil(w.support / options.minPcaConfidence()) + 1 : Long.MAX_VALUE;
                m.measure(w, limit);
                w.output = passes(w, outputPca);
                progress.measured(measured.incrementAndGet(), closed.size());
            });
            for (WorkRule w : closed) {
                if (w.output) {
                    output.add(w);
                }
            }
            for (WorkRule w : closed) {
                if (w.output) {
                    outputPca.put(w.key, w.pca);
                }
            }
            // 3. queue what can still grow: not at the length limit, not perfect (PCA confidence 1.0)
            queue = new ArrayList<>();
            for (WorkRule w : next) {
                boolean perfect = w.closed && w.exact && w.pcaBodySize == w.support;
                if (!perfect && w.length() < options.maxAtoms()) {
                    queue.add(w);
                }
            }
        }
        progress.generation(generation + 1, 0, output.size(), System.nanoTime() - start);
        List<MinedRule> rules = new ArrayList<>(output.size());
        for (WorkRule w : output) {
            rules.add(toMinedRule(w));
        }
        rules.sort(AmieRules.ORDER);
        return rules;
    }

    /** Thresholds and AMIE3's skyline. */
    private boolean passes(WorkRule w, Map<WorkRule.Key, Double> outputPca) {
        if (!w.exact || w.std < options.minStdConfidence() || w.pca < options.minPcaConfidence()) {
            return false;
        }
        // every output shorter rule with the same head whose body is a proper subset of this body
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
            Double pca = outputPca.get(WorkRule.keyOf(atoms));
            if (pca != null && w.pca <= pca) {
                return false;
            }
        }
        return true;
    }

    private MinedRule toMinedRule(WorkRule w) {
        List<Atom> body = new ArrayList<>();
        for (int i = 3; i < w.atoms.length; i += 3) {
            body.add(new Atom(w.atoms[i], kg.relationName(w.atoms[i + 1]), w.atoms[i + 2]));
        }
        Rule rule = Rule.of(body, new Atom(0, kg.relationName(w.headRelation()), 1));
        int functional = kg.subjectIsFunctional(w.headRelation()) ? -1 : -2;
        return new MinedRule(rule, RuleMeasures.of(w.support, kg.size(w.headRelation()), w.bodySize,
                w.pcaBodySize, functional));
    }

    private interface Task {
        void run(Matcher matcher, int index);
    }

    /** Runs task(0..n-1) on the matchers' threads; work is handed out one index at a time. */
    private static void parallel(int n, Matcher[] matchers, Task task) {
        if (n == 0) {
            return;
        }
        AtomicInteger nextIndex = new AtomicInteger();
        int threads = Math.min(matchers.length, n);
        if (threads == 1) {
            for (int i = 0; i < n; i++) {
                task.run(matchers[0], i);
            }
            return;
        }
        Thread[] workers = new Thread[threads];
        Throwable[] failure = new Throwable[1];
        for (int t = 0; t < threads; t++) {
            Matcher m = matchers[t];
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
            }, "lacuna-miner-" + t);
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
    }

}
