package dev.lacuna.mining;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * One thread's evaluator for rules without constants: builds the refinement slots of a rule, counts them over
 * the head facts with the shared {@link BodyJoin} (each grounding marks its slots in {@link SlotCounts}) and
 * measures closed rules with {@link BodyMeasure}. Special shapes get their own strategies, each giving the same
 * counts as the join fact by fact: bodies that mention one head variable only ({@link GroupedRefinement}),
 * body atoms on both head variables (a merge filter on the head facts). At maxad 4 the open 3-atom rules that
 * one closing atom turns into a walk from the head's subject to its object are refined per head relation, all at
 * once ({@link #refineTogether}, {@link ThreeHopClosures}). Not thread-safe: each worker thread has its own.
 */
final class Matcher implements BodyJoin.Leaf {
    private final KgIndex kg;
    private final MinerOptions options;
    private final BodyJoin join;
    private final SlotCounts counts;
    private final BodyMeasure measure;
    private final GroupedRefinement grouped;
    private final HeadFacts heads;
    private ThreeHopClosures threeHop;
    private WalkMeasures walkMeasures;
    private boolean allSlotsOnHead;

    Matcher(KgIndex kg, MinerOptions options) {
        this.kg = kg;
        this.options = options;
        this.join = new BodyJoin(kg);
        this.counts = new SlotCounts(kg);
        this.measure = new BodyMeasure(join);
        this.grouped = new GroupedRefinement(join, counts);
        this.heads = new HeadFacts(kg, join);
    }

    /** A grounding of the body for the current head fact: every slot marks the relations it can take. */
    @Override
    public void reached() {
        counts.markSlots(join.val);
        if (allSlotsOnHead) {
            join.stop = true; // further groundings mark nothing new
        }
    }

    // ------------------------------------------------------------------ refinement

    /**
     * All refinements of {@code rule} by one dangling or closing atom that keep support at or above
     * {@code minSupport}, following AMIE3's operators: a closing atom joins two existing variables (on a
     * rule that is not closed it must use its open variables), a dangling atom joins one existing variable
     * and a fresh one (only open variables on a rule that is not closed). Candidates that cannot become
     * closed within the length limit are not built.
     */
    List<WorkRule> refine(WorkRule rule, double minSupport) {
        List<WorkRule> result = new ArrayList<>();
        int length = rule.length();
        int maxAtoms = options.maxAtoms();
        if (length >= maxAtoms) {
            return result;
        }
        int[] occ = rule.occurrences();
        int nv = rule.variableCount;
        int openCount = 0;
        for (int v = 0; v < nv; v++) {
            if (occ[v] == 1) {
                openCount++;
            }
        }
        boolean closed = openCount == 0;
        counts.clearSlots();
        // closing atoms
        if (nv >= 2 && !(openCount > 2 && length == maxAtoms - 1)) {
            for (int s = 0; s < nv; s++) {
                boolean sourceOk = closed || occ[s] == 1;
                if (!sourceOk) {
                    continue;
                }
                for (int t = 0; t < nv; t++) {
                    if (t == s) {
                        continue;
                    }
                    boolean targetOk = closed || openCount == 1 || occ[t] == 1;
                    if (!targetOk) {
                        continue;
                    }
                    // the new atom's remaining open variables must be closable within the length limit
                    counts.addSlot(SlotCounts.CLOSING, s, t);
                    counts.addSlot(SlotCounts.CLOSING, t, s);
                }
            }
        }
        // dangling atoms: only while a further atom can still close the rule
        if (length < maxAtoms - 1) {
            for (int v = 0; v < nv; v++) {
                if (closed || occ[v] == 1) {
                    counts.addSlot(SlotCounts.DANGLING_OUT, v, -1);
                    counts.addSlot(SlotCounts.DANGLING_IN, v, -1);
                }
            }
        }
        if (counts.nSlots == 0) {
            return result;
        }
        join.load(rule.atoms, nv);
        counts.resetCounts();
        allSlotsOnHead = counts.allSlotsWithin(1);
        heads.prepare(rule.headRelation());
        long[] headFacts = heads.facts;
        int bodyMask = heads.bodyMask;
        int grouping = heads.groupingVariable();
        if (grouping >= 0) {
            grouped.run(heads.groupedBy(rule.headRelation(), grouping), grouping, bodyMask, allSlotsOnHead);
        } else {
            join.leaf = this;
            int[] val = join.val;
            for (long f : headFacts) {
                counts.nextFact();
                val[0] = KgIndex.high(f);
                val[1] = KgIndex.low(f);
                join.stop = false;
                join.cut = false;
                join.join(bodyMask);
            }
        }
        int nRel = counts.nRel;
        for (int s = 0; s < counts.nSlots; s++) {
            int base = s * nRel;
            int[] slotA = counts.a;
            int[] slotB = counts.b;
            for (int r = 0; r < nRel; r++) {
                int c = counts.count[base + r];
                if (c < minSupport || c == 0) {
                    continue;
                }
                if (rule.relationOccurrences(r) >= options.maxRelationOccurrences()) {
                    continue;
                }
                int ns;
                int no;
                int newVars = nv;
                switch (counts.kind[s]) {
                    case SlotCounts.DANGLING_OUT -> {
                        ns = slotA[s];
                        no = nv;
                        newVars = nv + 1;
                    }
                    case SlotCounts.DANGLING_IN -> {
                        ns = nv;
                        no = slotA[s];
                        newVars = nv + 1;
                    }
                    default -> {
                        ns = slotA[s];
                        no = slotB[s];
                        if (rule.containsAtom(ns, r, no)) {
                            continue;
                        }
                    }
                }
                int[] atoms = Arrays.copyOf(rule.atoms, rule.atoms.length + 3);
                atoms[atoms.length - 3] = ns;
                atoms[atoms.length - 2] = r;
                atoms[atoms.length - 1] = no;
                if (length + 1 == maxAtoms && !WorkRule.isClosed(atoms, newVars)) {
                    continue; // can never be output nor refined
                }
                result.add(WorkRule.of(atoms, c));
            }
        }
        return result;
    }

    /**
     * The refinements of open 3-atom rules of one head relation that {@link ThreeHopClosures} refines together (each
     * with {@link ThreeHopClosures#key} >= 0), in their order: the same lists as {@link #refine} of each.
     */
    List<List<WorkRule>> refineTogether(List<WorkRule> rules, double minSupport, LongConsumer progress) {
        if (threeHop == null) {
            threeHop = new ThreeHopClosures(kg, options.maxRelationOccurrences());
        }
        return threeHop.refine(rules.get(0).headRelation(), rules, minSupport, progress);
    }

    // ------------------------------------------------------------------ measures

    /**
     * Body size and PCA body size of a closed rule: distinct (x, y) for which the body holds, and those among
     * them whose functional side has a head-relation fact. Counting stops once the PCA body size exceeds
     * {@code pcaLimit} (the rule then cannot reach the PCA threshold); {@link WorkRule#exact} says whether it did.
     */
    void measure(WorkRule rule, long pcaLimit) {
        join.load(rule.atoms, rule.variableCount);
        int head = rule.headRelation();
        boolean subjectFunctional = kg.subjectIsFunctional(head);
        measure.run(head, subjectFunctional ? 0 : 1, subjectFunctional ? 1 : 0, subjectFunctional, pcaLimit);
        rule.measured(measure.bodySize, measure.pcaBodySize, measure.exact);
    }

    /** Measures closed walk rules that share head relation and first two edges together ({@link WalkMeasures}). */
    void measureTogether(List<WorkRule> rules, long[] pcaLimits) {
        if (walkMeasures == null) {
            walkMeasures = new WalkMeasures(kg);
        }
        walkMeasures.measure(rules, pcaLimits);
    }
}
