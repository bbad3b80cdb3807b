package dev.lacuna.mining;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongConsumer;

import dev.lacuna.LacunaException;
import dev.lacuna.Progress;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.rules.RuleMeasures;

/**
 * Mines closed Horn rules the way AMIE3 3.5.1 does (see testdata/reference/amie3/README.md), breadth first,
 * one rule length (generation) at a time:
 * <ol>
 * <li>seeds: {@code ?a r ?b} for every relation with at least {@code minInitialSupport} facts that the
 *     {@link RelationChoice} allows as a head (a head target whatever its size, as AMIE3's {@code -htr} seeds it);</li>
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
 * <li>rules with PCA confidence 1.0 are not refined further;</li>
 * <li>a refinement whose new atom uses a relation the {@link RelationChoice} keeps out of bodies is dropped before
 *     it is merged or measured, which is AMIE3's search: it never adds such an atom.</li>
 * </ol>
 * With {@code constants} (AMIE3's {@code -const}) the search runs over {@link ConstantLanguage}: rules may then have
 * instantiated atoms ({@code ?a gender female}); AMIE3's DIFFERENTFROM pseudo-atoms ({@code ?z != C}) are not
 * generated, see there. Variables are not injective. Work within a generation is spread over threads; the output does not depend on
 * the number of threads because decisions only look at earlier generations, and the result is sorted.
 */
public final class Miner {
    private final KgIndex kg;
    private final MinerOptions options;
    private final Progress.Channel progress;
    private final HeadPartition heads;

    public Miner(KgIndex kg, MinerOptions options, Progress.Channel progress) {
        this(kg, options, progress, HeadPartition.ALL);
    }

    /** A miner of the rules whose head relation lies in {@code heads} (see {@link HeadPartition}). */
    public Miner(KgIndex kg, MinerOptions options, Progress.Channel progress, HeadPartition heads) {
        this.kg = kg;
        this.options = options;
        this.progress = progress == null ? Progress.Channel.SILENT : progress;
        this.heads = heads;
    }

    public Miner(KgIndex kg, MinerOptions options) {
        this(kg, options, null);
    }

    /** Runs the mining; the rules come back in {@link AmieRules#ORDER}. */
    public List<MinedRule> mine() {
        if (kg.tripleCount() == 0) {
            throw new LacunaException("the knowledge graph has no triples: nothing to mine");
        }
        if (!options.constants()) {
            return search(new PlainLanguage());
        }
        ConstantLanguage language = new ConstantLanguage(kg, options);
        List<MinedRule> rules = search(language);
        language.warnLeftOut();
        return rules;
    }

    /**
     * What differs between the rule languages (without constants: {@link WorkRule} and {@link Matcher}; with
     * constants: {@link ConstantLanguage}); the breadth-first search, thresholds and skyline are shared.
     *
     * @param <R> the language's rule encoding
     * @param <E> its evaluator, one per thread
     */
    interface Language<K extends Comparable<K>, R extends Candidate<K>, E> {
        /** The one-atom rules to start from, for the relations with {@code heads[r]}. */
        List<R> seeds(boolean[] heads);

        E evaluator();

        /** The refinements of {@code rule} with support at least {@code minSupport}. */
        List<R> refine(E evaluator, R rule, double minSupport);

        /**
         * Groups of queued rules (indexes into {@code queue}, one head relation each) that {@link #refineTogether}
         * refines in one pass; every other rule is refined alone.
         */
        default List<int[]> together(List<R> queue) {
            return List.of();
        }

        /**
         * The refinements of each rule of a group from {@link #together}, as {@link #refine} gives them; the rules
         * done are counted into {@code progress} as the work goes, {@code rules.size()} in all.
         */
        default List<List<R>> refineTogether(E evaluator, List<R> rules, double minSupport, LongConsumer progress) {
            throw new UnsupportedOperationException("no rules are refined together in this language");
        }

        /** Body sizes and confidences; counting may stop once the PCA body size exceeds {@code pcaLimit}. */
        void measure(E evaluator, R rule, long pcaLimit);

        /**
         * Groups of closed rules (indexes into {@code closed}, one head relation each) that {@link #measureTogether}
         * measures in one pass; every other rule is measured alone.
         */
        default List<int[]> measuredTogether(List<R> closed) {
            return List.of();
        }

        /** Measures each rule of a group from {@link #measuredTogether} as {@link #measure} does, with its limit. */
        default void measureTogether(E evaluator, List<R> rules, long[] pcaLimits) {
            throw new UnsupportedOperationException("no rules are measured together in this language");
        }

        /** The canonical key of a head plus some of a rule's body atoms (the skyline's sub-rule lookup). */
        K keyOf(int[] atoms);

        /** The rule as output, or null when no rule file could hold it (a constant with whitespace in its name). */
        MinedRule toMinedRule(R rule);
    }

    private <K extends Comparable<K>, R extends Candidate<K>, E> List<MinedRule> search(Language<K, R, E> language) {
        boolean[] bodies = bodyRelations();
        List<R> queue = new ArrayList<>(language.seeds(headRelations()));
        // Output rules of earlier generations: canonical key -> PCA confidence (for the skyline).
        Map<K, Double> outputPca = new HashMap<>();
        List<R> output = new ArrayList<>();
        List<E> evaluators = new ArrayList<>();
        for (int i = 0; i < options.threads(); i++) {
            evaluators.add(language.evaluator());
        }
        int generation = 1;
        while (!queue.isEmpty()) {
            generation++;
            final List<R> current = queue;
            // 1. refine every queued rule; merge refinements equal up to renaming
            List<List<R>> refined = new ArrayList<>(Collections.nCopies(current.size(), null));
            try (Progress refining = progress.start("refining into " + generation + " atoms", current.size(),
                    "queued rules")) {
                refining.message("(" + output.size() + " rules output so far)");
                List<int[]> units = units(language.together(current), current);
                parallel(units.size(), evaluators, (e, u) -> {
                    int[] unit = units.get(u);
                    R first = current.get(unit[0]);
                    double minSupport = Math.ceil(options.minHeadCoverage() * kg.size(first.headRelation()));
                    if (unit.length == 1) {
                        refined.set(unit[0], language.refine(e, first, minSupport));
                        refining.step(1);
                    } else {
                        List<R> rules = new ArrayList<>(unit.length);
                        for (int i : unit) {
                            rules.add(current.get(i));
                        }
                        List<List<R>> children = language.refineTogether(e, rules, minSupport, refining::step);
                        for (int k = 0; k < unit.length; k++) {
                            refined.set(unit[k], children.get(k));
                        }
                    }
                });
            }
            Map<K, R> merged = new HashMap<>();
            for (int i = 0; i < current.size(); i++) {
                for (R child : refined.get(i)) {
                    if (!bodyAllowed(child, bodies)) {
                        continue; // as AMIE3 never adds the atom: no refinement of it can lose it again
                    }
                    R known = merged.putIfAbsent(child.key, child);
                    if (known != null && known.support != child.support) {
                        throw new IllegalStateException("support differs for one rule: " + child.key);
                    }
                }
                refined.set(i, null);
            }
            List<R> next = new ArrayList<>(merged.values());
            next.sort((x, y) -> x.key.compareTo(y.key));
            // 2. measure closed refinements
            List<R> closed = new ArrayList<>();
            for (R w : next) {
                if (w.closed) {
                    closed.add(w);
                }
            }
            try (Progress measuring = progress.start("measuring rules of " + generation + " atoms", closed.size(),
                    "rules")) {
                List<int[]> units = units(language.measuredTogether(closed), closed);
                parallel(units.size(), evaluators, (e, u) -> {
                    int[] unit = units.get(u);
                    if (unit.length == 1) {
                        language.measure(e, closed.get(unit[0]), pcaLimit(closed.get(unit[0])));
                    } else {
                        List<R> rules = new ArrayList<>(unit.length);
                        long[] limits = new long[unit.length];
                        for (int k = 0; k < unit.length; k++) {
                            rules.add(closed.get(unit[k]));
                            limits[k] = pcaLimit(rules.get(k));
                        }
                        language.measureTogether(e, rules, limits);
                    }
                    for (int i : unit) {
                        closed.get(i).output = passes(closed.get(i), outputPca, language);
                    }
                    measuring.step(unit.length);
                });
            }
            for (R w : closed) {
                if (w.output) {
                    output.add(w);
                    outputPca.put(w.key, w.pca);
                }
            }
            // 3. queue what can still grow: not at the length limit, not perfect (PCA confidence 1.0)
            queue = new ArrayList<>();
            for (R w : next) {
                boolean perfect = w.closed && w.exact && w.pcaBodySize == w.support;
                if (!perfect && w.length() < options.maxAtoms()) {
                    queue.add(w);
                }
            }
        }
        List<MinedRule> rules = new ArrayList<>(output.size());
        for (R w : output) {
            MinedRule m = language.toMinedRule(w);
            if (m != null) {
                rules.add(m);
            }
        }
        rules.sort(AmieRules.ORDER);
        return rules;
    }

    /**
     * Per relation id: whether it seeds a rule. A head relation of this part ({@code --heads}) that the relation choice
     * allows, with at least {@code --minis} facts, or named by {@code --head-target-relations} (AMIE3 seeds its head
     * targets whatever their size) and with a fact at all.
     */
    private boolean[] headRelations() {
        boolean[] part = heads.heads(kg);
        RelationChoice choice = options.relations();
        boolean[] seeded = new boolean[kg.relationCount()];
        for (int r = 0; r < seeded.length; r++) {
            String name = kg.relationName(r);
            seeded[r] = part[r] && kg.size(r) > 0 && choice.head(name)
                    && (kg.size(r) >= options.minInitialSupport() || choice.targeted(name));
        }
        return seeded;
    }

    /** Per relation id: whether a body atom may use it; null when every relation may. */
    private boolean[] bodyRelations() {
        boolean[] allowed = new boolean[kg.relationCount()];
        boolean all = true;
        for (int r = 0; r < allowed.length; r++) {
            allowed[r] = options.relations().body(kg.relationName(r));
            all &= allowed[r];
        }
        return all ? null : allowed;
    }

    /** Whether every body atom of a refinement uses a relation the choice allows in bodies. */
    private static boolean bodyAllowed(Candidate<?> rule, boolean[] bodies) {
        if (bodies == null) {
            return true;
        }
        for (int i = 4; i < rule.atoms.length; i += 3) {
            if (!bodies[rule.atoms[i]]) {
                return false;
            }
        }
        return true;
    }

    /** The count of PCA body size past which a rule cannot reach the PCA threshold. */
    private long pcaLimit(Candidate<?> w) {
        return options.minPcaConfidence() > 0
                ? (long) Math.ceil(w.support / options.minPcaConfidence()) + 1 : Long.MAX_VALUE;
    }

    /**
     * The work units of a list of rules: the language's groups done together, largest head relation first (so that
     * no thread is left with a large one at the end), then every other rule alone.
     */
    private <R extends Candidate<?>> List<int[]> units(List<int[]> together, List<R> queue) {
        List<int[]> groups = new ArrayList<>(together);
        groups.sort((x, y) -> Integer.compare(kg.size(queue.get(y[0]).headRelation()),
                kg.size(queue.get(x[0]).headRelation())));
        boolean[] grouped = new boolean[queue.size()];
        for (int[] g : groups) {
            for (int i : g) {
                grouped[i] = true;
            }
        }
        List<int[]> units = new ArrayList<>(groups);
        for (int i = 0; i < queue.size(); i++) {
            if (!grouped[i]) {
                units.add(new int[] {i});
            }
        }
        return units;
    }

    /** Thresholds and AMIE3's skyline. */
    private <K extends Comparable<K>, R extends Candidate<K>> boolean passes(R w, Map<K, Double> outputPca,
                                                                        Language<K, R, ?> language) {
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
            Double pca = outputPca.get(language.keyOf(atoms));
            if (pca != null && w.pca <= pca) {
                return false;
            }
        }
        return true;
    }

    /** Rules without constants: the compact {@link WorkRule} encoding and the specialised {@link Matcher}. */
    private final class PlainLanguage implements Language<WorkRule.Key, WorkRule, Matcher> {
        @Override
        public List<WorkRule> seeds(boolean[] heads) {
            List<WorkRule> seeds = new ArrayList<>();
            for (int r = 0; r < kg.relationCount(); r++) {
                if (heads[r]) {
                    seeds.add(WorkRule.of(new int[] {0, r, 1}, kg.size(r)));
                }
            }
            return seeds;
        }

        @Override
        public Matcher evaluator() {
            return new Matcher(kg, options);
        }

        @Override
        public List<WorkRule> refine(Matcher matcher, WorkRule rule, double minSupport) {
            return matcher.refine(rule, minSupport);
        }

        /**
         * At maxad 4, the open 3-atom rules that one closing atom turns into a walk from the head's subject to its
         * object, per head relation ({@link ThreeHopClosures}); at other lengths the last step has other shapes.
         */
        @Override
        public List<int[]> together(List<WorkRule> queue) {
            if (options.maxAtoms() != 4 || !WalkLabels.labelsFit(kg)) {
                return List.of(); // every rule refined alone: slower, the same rules
            }
            Map<Integer, List<Integer>> byHead = new TreeMap<>();
            for (int i = 0; i < queue.size(); i++) {
                if (WalkLabels.key(queue.get(i)) >= 0) {
                    byHead.computeIfAbsent(queue.get(i).headRelation(), h -> new ArrayList<>()).add(i);
                }
            }
            List<int[]> groups = new ArrayList<>();
            for (List<Integer> g : byHead.values()) {
                groups.add(g.stream().mapToInt(Integer::intValue).toArray());
            }
            return groups;
        }

        @Override
        public List<List<WorkRule>> refineTogether(Matcher matcher, List<WorkRule> rules, double minSupport,
                                                    LongConsumer progress) {
            return matcher.refineTogether(rules, minSupport, progress);
        }

        @Override
        public void measure(Matcher matcher, WorkRule rule, long pcaLimit) {
            matcher.measure(rule, pcaLimit);
        }

        /** Closed walk rules of four atoms sharing head relation and first two edges ({@link WalkMeasures}). */
        @Override
        public List<int[]> measuredTogether(List<WorkRule> closed) {
            return WalkMeasures.groups(kg, closed);
        }

        @Override
        public void measureTogether(Matcher matcher, List<WorkRule> rules, long[] pcaLimits) {
            matcher.measureTogether(rules, pcaLimits);
        }

        @Override
        public WorkRule.Key keyOf(int[] atoms) {
            return WorkRule.keyOf(atoms);
        }

        @Override
        public MinedRule toMinedRule(WorkRule w) {
            List<Atom> body = new ArrayList<>();
            for (int i = 3; i < w.atoms.length; i += 3) {
                body.add(new Atom(w.atoms[i], kg.relationName(w.atoms[i + 1]), w.atoms[i + 2]));
            }
            Rule rule = Rule.of(body, new Atom(0, kg.relationName(w.headRelation()), 1));
            int functional = kg.subjectIsFunctional(w.headRelation()) ? -1 : -2;
            return new MinedRule(rule, RuleMeasures.of(w.support, kg.size(w.headRelation()), w.bodySize,
                    w.pcaBodySize, functional));
        }
    }

    private interface Task<E> {
        void run(E evaluator, int index);
    }

    /** Runs task(0..n-1) on one thread per evaluator; work is handed out one index at a time. */
    private static <E> void parallel(int n, List<E> evaluators, Task<E> task) {
        if (n == 0) {
            return;
        }
        AtomicInteger nextIndex = new AtomicInteger();
        int threads = Math.min(evaluators.size(), n);
        if (threads == 1) {
            for (int i = 0; i < n; i++) {
                task.run(evaluators.get(0), i);
            }
            return;
        }
        Thread[] workers = new Thread[threads];
        Throwable[] failure = new Throwable[1];
        for (int t = 0; t < threads; t++) {
            E evaluator = evaluators.get(t);
            workers[t] = new Thread(() -> {
                try {
                    for (int i = nextIndex.getAndIncrement(); i < n; i = nextIndex.getAndIncrement()) {
                        task.run(evaluator, i);
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
        if (failure[0] != null) {
            throw new IllegalStateException(failure[0]);
        }
    }
}
