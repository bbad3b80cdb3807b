package dev.lacuna.mining;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One thread's evaluator for the {@link ConstantLanguage}: the shared {@link BodyJoin} with the rule's constants
 * bound before the join starts (which also handles bodies whose parts share no variable: AMIE3's constants make
 * rules such as {@code ?a r C ^ ?b s D => ?a h ?b} closed). Refinement counts relations per slot as
 * {@link Matcher} does ({@link SlotCounts}), then, in a second pass over the head bindings, the head bindings of
 * each constant the fresh variable of a passing dangling atom can take. With two head variables both passes take the
 * fast paths of {@link Matcher}: head facts filtered by the body atoms on both, and a body on one head variable
 * joined once per value of it. Not thread-safe.
 */
final class ConstMatcher implements BodyJoin.Leaf {
    private final KgIndex kg;
    private final MinerOptions options;
    private final BodyJoin join;
    private final SlotCounts counts;
    private final BodyMeasure measure;
    private final HeadFacts heads;
    private final GroupedRefinement grouped;
    private final long[] out;
    private final long[] in;
    private boolean allSlotsOnHead;

    /** (slot, relation, constant) -> head bindings, for the instantiated copies of dangling atoms. */
    private final LongIndexMap constantIndex = new LongIndexMap();
    private final List<ConstantCount> constantCounts = new ArrayList<>();
    private List<ConstantCount>[] constantsByCell;
    /** The second pass counts constants only in the (slot, relation) cells of dangling atoms that passed. */
    private boolean[] wanted = new boolean[0];
    private final BodyJoin.Leaf constantLeaf = this::constantsReached;
    private final int[] constantLastA = new int[SlotCounts.MAX_SLOTS];
    private int headStamp;
    /** Head bindings a mark stands for: the group's size in the grouped second pass, else one. */
    private int increment = 1;
    /** The grouped second pass's outer head variable, whose slots are marked per fact; -1 outside it. */
    private int outerVariable = -1;
    private boolean found;

    /** Head bindings of one (slot, relation, constant); the join variable's first value and whether it took two. */
    static final class ConstantCount {
        final int constant;
        int count;
        int stamp;
        final int firstJoinValue;
        boolean joinTakesTwoValues;

        ConstantCount(int constant, int firstJoinValue) {
            this.constant = constant;
            this.firstJoinValue = firstJoinValue;
        }
    }

    ConstMatcher(KgIndex kg, MinerOptions options) {
        this.kg = kg;
        this.options = options;
        this.join = new BodyJoin(kg);
        this.counts = new SlotCounts(kg);
        this.measure = new BodyMeasure(join);
        this.heads = new HeadFacts(kg, join);
        this.grouped = new GroupedRefinement(join, counts);
        this.out = kg.outEdges();
        this.in = kg.inEdges();
    }

    /** Loads the body; each constant becomes a variable bound to its entity for the whole join. */
    private void load(ConstRule rule) {
        join.load(rule.atoms, rule.variableBound());
        for (int i = 0; i < join.bodyCount; i++) {
            if (ConstRule.isConstant(join.bs[i])) {
                join.bs[i] = join.bindConstant(ConstRule.entity(join.bs[i]));
            }
            if (ConstRule.isConstant(join.bo[i])) {
                join.bo[i] = join.bindConstant(ConstRule.entity(join.bo[i]));
            }
        }
    }

    private static boolean isHeadVariable(ConstRule rule, int v) {
        return v >= 0 && (rule.atoms[0] == v || rule.atoms[2] == v);
    }

    /** First pass: a grounding marks the relations each slot can take. */
    @Override
    public void reached() {
        counts.markSlots(join.val);
        if (allSlotsOnHead) {
            join.stop = true; // further groundings mark nothing new
        }
    }

    /**
     * Second pass: a grounding counts the constants at the far end of each wanted dangling (slot, relation). In the
     * grouped pass the slots on the outer variable are left to {@link #countConstantsGrouped}.
     */
    private void constantsReached() {
        int[] val = join.val;
        found = true;
        for (int s = 0; s < counts.nSlots; s++) {
            if (counts.kind[s] == SlotCounts.CLOSING || counts.a[s] == outerVariable) {
                continue;
            }
            int a = val[counts.a[s]];
            if (constantLastA[s] == a) {
                continue;
            }
            constantLastA[s] = a;
            markConstants(s, a);
        }
        if (allSlotsOnHead) {
            join.stop = true;
        }
    }

    /** The constants of the wanted relations of dangling slot s at the far end of entity a's edges. */
    private void markConstants(int s, int a) {
        boolean outward = counts.kind[s] == SlotCounts.DANGLING_OUT;
        long[] edges = outward ? out : in;
        int base = s * counts.nRel;
        for (int k = outward ? kg.outStart(a) : kg.inStart(a), to = outward ? kg.outEnd(a) : kg.inEnd(a);
                k < to; k++) {
            int r = KgIndex.high(edges[k]);
            if (wanted[base + r]) {
                markConstant(s, r, KgIndex.low(edges[k]), a);
            }
        }
    }

    /**
     * The second pass for a body on head variable h only (as {@link GroupedRefinement} does the first): the body is
     * joined once per value of h, and what its groundings mark counts for each of the group's facts, which are
     * distinct head bindings; a slot on the outer variable o takes each fact's own value of o. Gives the counts
     * and the join values of the pass fact by fact.
     */
    private void countConstantsGrouped(long[] facts, int h, int bodyMask) {
        int o = 1 - h;
        outerVariable = o;
        int i = 0;
        while (i < facts.length) {
            int hv = KgIndex.high(facts[i]);
            int j = KgIndex.runEnd(facts, i);
            headStamp++;
            increment = j - i;
            Arrays.fill(constantLastA, 0, counts.nSlots, -1);
            join.val[h] = hv;
            join.val[o] = -1;
            join.stop = false;
            join.cut = false;
            found = false;
            join.join(bodyMask);
            increment = 1;
            if (found) {
                for (int f = i; f < j; f++) {
                    headStamp++;
                    int ov = KgIndex.low(facts[f]);
                    for (int s = 0; s < counts.nSlots; s++) {
                        if (counts.kind[s] != SlotCounts.CLOSING && counts.a[s] == o) {
                            markConstants(s, ov);
                        }
                    }
                }
            }
            i = j;
        }
        outerVariable = -1;
        join.val[h] = -1;
    }

    private void markConstant(int slot, int r, int constant, int joinValue) {
        int cell = slot * counts.nRel + r;
        long key = ((long) cell << 32) | constant;
        int index = constantIndex.get(key);
        ConstantCount c;
        if (index < 0) {
            c = new ConstantCount(constant, joinValue);
            constantIndex.put(key, constantCounts.size());
            constantCounts.add(c);
            if (constantsByCell[cell] == null) {
                constantsByCell[cell] = new ArrayList<>();
            }
            constantsByCell[cell].add(c);
        } else {
            c = constantCounts.get(index);
            if (c.firstJoinValue != joinValue) {
                c.joinTakesTwoValues = true;
            }
        }
        if (c.stamp != headStamp) {
            c.stamp = headStamp;
            c.count += increment;
        }
    }

    // ------------------------------------------------------------------ head bindings

    private interface HeadVisitor {
        void visit();
    }

    /** Binds the head's variables to each of its distinct bindings in turn ({@code headFacts} when it has two). */
    private void forEachHeadBinding(ConstRule rule, long[] headFacts, HeadVisitor visitor) {
        int s = rule.atoms[0];
        int r = rule.atoms[1];
        int o = rule.atoms[2];
        if (s >= 0 && o >= 0) {
            for (long f : headFacts) {
                join.val[0] = KgIndex.high(f);
                join.val[1] = KgIndex.low(f);
                visitor.visit();
            }
        } else if (s >= 0) {
            long range = kg.inRange(ConstRule.entity(o), r);
            for (int k = KgIndex.high(range); k < KgIndex.low(range); k++) {
                join.val[0] = KgIndex.low(in[k]);
                visitor.visit();
            }
        } else {
            long range = kg.outRange(ConstRule.entity(s), r);
            for (int k = KgIndex.high(range); k < KgIndex.low(range); k++) {
                join.val[1] = KgIndex.low(out[k]);
                visitor.visit();
            }
        }
        join.val[0] = -1;
        join.val[1] = -1;
    }

    // ------------------------------------------------------------------ refinement

    /**
     * The refinements of {@code rule} with AMIE3's closing, dangling and instantiated operators (see
     * {@link ConstantLanguage}), each with support (distinct head bindings) at least {@code minSupport}: the slots a
     * new atom can take, a first pass over the head bindings that counts each slot's relations, a second that counts
     * the constants at the far end of the dangling atoms that passed, then the rules that pass.
     */
    List<ConstRule> refine(ConstRule rule, double minSupport) {
        List<ConstRule> result = new ArrayList<>();
        if (rule.length() >= options.maxAtoms() || !addSlots(rule)) {
            return result;
        }
        load(rule);
        startCounting(rule);
        HeadScope scope = headScope(rule);
        countRelations(rule, scope);
        if (markWanted(rule, minSupport)) {
            countConstants(rule, scope);
        }
        for (int s = 0; s < counts.nSlots; s++) {
            for (int r = 0; r < counts.nRel; r++) {
                int support = counts.count[s * counts.nRel + r];
                if (support == 0 || support < minSupport
                        || rule.relationOccurrences(r) >= options.maxRelationOccurrences()) {
                    continue;
                }
                if (counts.kind[s] == SlotCounts.CLOSING) {
                    addClosing(result, rule, s, r, support);
                } else {
                    addDangling(result, rule, s, r, support, minSupport);
                }
            }
        }
        constantsByCell = null;
        constantCounts.clear();
        constantIndex.clear();
        return result;
    }

    /**
     * The slots a new atom can take, from how often each variable occurs: a closing atom between two variables, a
     * dangling atom from one to a fresh variable; false when there is none.
     */
    private boolean addSlots(ConstRule rule) {
        int length = rule.length();
        int maxAtoms = options.maxAtoms();
        int[] occurrences = rule.occurrences();
        int nv = occurrences.length;
        int variables = 0;
        int open = 0;
        for (int v = 0; v < nv; v++) {
            if (occurrences[v] > 0) {
                variables++;
            }
            if (occurrences[v] == 1) {
                open++;
            }
        }
        boolean closed = open == 0;
        counts.clearSlots();
        if (variables >= 2 && !(open > 2 && length == maxAtoms - 1)) {
            for (int s = 0; s < nv; s++) {
                if (occurrences[s] == 0 || !(closed || occurrences[s] == 1)) {
                    continue;
                }
                for (int t = 0; t < nv; t++) {
                    if (t == s || occurrences[t] == 0 || !(closed || open == 1 || occurrences[t] == 1)) {
                        continue;
                    }
                    counts.addSlot(SlotCounts.CLOSING, s, t);
                    counts.addSlot(SlotCounts.CLOSING, t, s);
                }
            }
        }
        // With constants AMIE3 adds dangling atoms up to the length limit: the rule they make may be too long to be
        // refined or output, but its instantiated copies may close it.
        for (int v = 0; v < nv; v++) {
            if (occurrences[v] > 0 && (closed || occurrences[v] == 1)) {
                counts.addSlot(SlotCounts.DANGLING_OUT, v, -1);
                counts.addSlot(SlotCounts.DANGLING_IN, v, -1);
            }
        }
        return counts.nSlots > 0;
    }

    /** Clears the counts of the last rule; notes whether every slot lies on the head's variables. */
    @SuppressWarnings("unchecked")
    private void startCounting(ConstRule rule) {
        counts.resetCounts();
        headStamp = 0;
        constantCounts.clear();
        constantIndex.clear();
        constantsByCell = new List[counts.nSlots * counts.nRel];
        allSlotsOnHead = true;
        for (int s = 0; s < counts.nSlots; s++) {
            allSlotsOnHead &= isHeadVariable(rule, counts.a[s])
                    && (counts.kind[s] != SlotCounts.CLOSING || isHeadVariable(rule, counts.b[s]));
        }
    }

    /**
     * How both passes reach the head bindings: the head facts the body atoms on both head variables leave
     * ({@code facts}, null with one head variable), the body atoms left to join, and the head variable the join is
     * grouped by (-1: none).
     */
    private record HeadScope(long[] facts, int bodyMask, int grouping) {
    }

    /**
     * With two head variables, the fast paths of the plain language: head facts filtered by the body atoms on both,
     * and a body on one head variable matched once per value of it.
     */
    private HeadScope headScope(ConstRule rule) {
        if (rule.atoms[0] >= 0 && rule.atoms[2] >= 0) {
            heads.prepare(rule.headRelation());
            return new HeadScope(heads.facts, heads.bodyMask, heads.groupingVariable());
        }
        return new HeadScope(null, (1 << join.bodyCount) - 1, -1);
    }

    /** First pass: each slot's relations, counted by the head bindings whose groundings reach them. */
    private void countRelations(ConstRule rule, HeadScope scope) {
        if (scope.grouping() >= 0) {
            grouped.run(heads.groupedBy(rule.headRelation(), scope.grouping()), scope.grouping(), scope.bodyMask(),
                    allSlotsOnHead);
            return;
        }
        join.leaf = this;
        forEachHeadBinding(rule, scope.facts(), () -> {
            counts.nextFact();
            join.stop = false;
            join.cut = false;
            join.join(scope.bodyMask());
        });
    }

    /**
     * The dangling (slot, relation) cells whose constants the second pass counts: a constant's head bindings are a
     * subset of its relation's, so only cells whose relation passed; false when there is none.
     */
    private boolean markWanted(ConstRule rule, double minSupport) {
        int cells = counts.nSlots * counts.nRel;
        if (wanted.length < cells) {
            wanted = new boolean[cells];
        }
        boolean any = false;
        for (int s = 0; s < counts.nSlots; s++) {
            for (int r = 0; r < counts.nRel; r++) {
                int cell = s * counts.nRel + r;
                int support = counts.count[cell];
                wanted[cell] = counts.kind[s] != SlotCounts.CLOSING && support > 0 && support >= minSupport
                        && rule.relationOccurrences(r) < options.maxRelationOccurrences();
                any |= wanted[cell];
            }
        }
        return any;
    }

    /** Second pass: the head bindings of each constant at the far end of a wanted cell. */
    private void countConstants(ConstRule rule, HeadScope scope) {
        join.leaf = constantLeaf;
        if (scope.grouping() >= 0) {
            countConstantsGrouped(heads.groupedBy(rule.headRelation(), scope.grouping()), scope.grouping(),
                    scope.bodyMask());
            return;
        }
        int nSlots = counts.nSlots;
        forEachHeadBinding(rule, scope.facts(), () -> {
            headStamp++;
            Arrays.fill(constantLastA, 0, nSlots, -1);
            join.stop = false;
            join.cut = false;
            join.join(scope.bodyMask());
        });
    }

    /** The closing atom of slot s with relation r, unless the rule has it already. */
    private void addClosing(List<ConstRule> result, ConstRule rule, int s, int r, int support) {
        if (rule.containsAtom(counts.a[s], r, counts.b[s])) {
            return;
        }
        add(result, rule, counts.a[s], r, counts.b[s], support, rule.length() + 1 == options.maxAtoms());
    }

    /** The dangling atom of slot s with relation r to a fresh variable, and its copies with each constant there. */
    private void addDangling(List<ConstRule> result, ConstRule rule, int s, int r, int support, double minSupport) {
        boolean outward = counts.kind[s] == SlotCounts.DANGLING_OUT;
        int v = counts.a[s];
        int fresh = rule.variableBound();
        int length = rule.length();
        // AMIE3 would add "fresh != C" to a dangling atom whose relation already has the constant C on the fresh
        // side (its DIFFERENTFROM pseudo-atom); Lacuna has no such atoms and drops that rule. Its instantiated copies
        // are AMIE3's all the same: AMIE3 instantiates only if the support with "fresh != C" passes, but a copy with
        // constant D (never C: that copy is redundant) has at most that support, so whenever a copy passes, so does
        // the rule it is copied from.
        boolean needsInequality = false;
        for (int i = 0; i < rule.atoms.length; i += 3) {
            if (rule.atoms[i + 1] == r && ConstRule.isConstant(rule.atoms[outward ? i + 2 : i])) {
                needsInequality = true;
            }
        }
        if (!needsInequality && length + 1 < options.maxAtoms()) {
            add(result, rule, outward ? v : fresh, r, outward ? fresh : v, support, false);
        }
        List<ConstantCount> constants = constantsByCell[s * counts.nRel + r];
        if (constants == null) {
            return;
        }
        for (ConstantCount constant : constants) {
            if (constant.count < minSupport || !constant.joinTakesTwoValues) {
                continue;
            }
            int term = ConstRule.constant(constant.constant);
            int subject = outward ? v : term;
            int object = outward ? term : v;
            if (!rule.isRedundant(subject, r, object)) {
                add(result, rule, subject, r, object, constant.count, length + 1 == options.maxAtoms());
            }
        }
    }

    private static void add(List<ConstRule> result, ConstRule rule, int s, int r, int o, long support,
            boolean mustBeClosed) {
        int[] atoms = Arrays.copyOf(rule.atoms, rule.atoms.length + 3);
        atoms[atoms.length - 3] = s;
        atoms[atoms.length - 2] = r;
        atoms[atoms.length - 1] = o;
        if (mustBeClosed && !ConstRule.isClosed(atoms)) {
            return; // at the length limit: can never be output nor refined
        }
        result.add(ConstRule.of(atoms, support));
    }


    // ------------------------------------------------------------------ measures

    /**
     * Body size and PCA body size of a closed rule. Two head variables: distinct (x, y) for which the body holds,
     * and those whose functional side has a fact of the head relation. One head variable (the other argument a
     * constant): distinct values of it for which the body holds, and those with some fact of the head relation on
     * that side (AMIE3 replaces the head's constant by a fresh variable).
     */
    void measure(ConstRule rule) {
        load(rule);
        int head = rule.headRelation();
        if (rule.atoms[0] >= 0 && rule.atoms[2] >= 0) {
            boolean fIsSubject = kg.subjectIsFunctional(head);
            measure.run(head, fIsSubject ? 0 : 1, fIsSubject ? 1 : 0, fIsSubject, Long.MAX_VALUE);
        } else {
            boolean fIsSubject = rule.atoms[0] >= 0;
            measure.run(head, fIsSubject ? 0 : 1, -1, fIsSubject, Long.MAX_VALUE);
        }
        rule.measured(measure.bodySize, measure.pcaBodySize, true);
    }
}
