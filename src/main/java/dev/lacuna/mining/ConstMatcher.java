package dev.lacuna.mining;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One thread's evaluator for the {@link ConstantLanguage}: matches bodies that may contain constants against the
 * {@link KgIndex} by backtracking (most selective atom next). Simpler than {@link Matcher}, which stays the fast
 * path without constants: it also handles bodies whose parts share no variable (AMIE3's constants make rules such
 * as {@code ?a r C ^ ?b s D => ?a h ?b} closed) and counts, per new dangling atom, the head bindings of each
 * constant its fresh variable can take. Not thread-safe.
 */
final class ConstMatcher {
    private static final int DANGLING_OUT = 0; // (v, r, fresh)
    private static final int DANGLING_IN = 1; // (fresh, r, v)
    private static final int CLOSING = 2; // (v, r, w)
    private static final int MAX_SLOTS = 64;

    private final KgIndex kg;
    private final MinerOptions options;
    private final long[] out;
    private final long[] in;
    private final int nRel;

    // the body being matched
    private int bodyCount;
    private final int[] bs = new int[8];
    private final int[] br = new int[8];
    private final int[] bo = new int[8];
    private int[] val = new int[16];

    // refinement state
    private boolean measuring;
    private int nSlots;
    private final int[] slotKind = new int[MAX_SLOTS];
    private final int[] slotA = new int[MAX_SLOTS];
    private final int[] slotB = new int[MAX_SLOTS];
    private final int[] slotLastA = new int[MAX_SLOTS];
    private final int[] slotLastB = new int[MAX_SLOTS];
    private int[] relStamp = new int[0];
    private int[] relCount = new int[0];
    private int headStamp;
    /** (slot, relation, constant) -> head bindings, for the instantiated copies of dangling atoms. */
    private final LongIndexMap constantIndex = new LongIndexMap();
    private final List<ConstantCount> constantCounts = new ArrayList<>();
    private List<ConstantCount>[] constantsByCell;
    /** Second pass: only the (slot, relation) cells of dangling atoms that passed get their constants counted. */
    private boolean countingConstants;
    private boolean[] wanted = new boolean[0];

    // measuring state
    private int gVar = -1;
    private int[] seen;
    private int seenStamp;
    private long pairCount;
    private boolean found;
    private boolean cut;

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
        this.out = kg.outEdges();
        this.in = kg.inEdges();
        this.nRel = kg.relationCount();
    }

    private void load(ConstRule rule) {
        int[] a = rule.atoms;
        bodyCount = a.length / 3 - 1;
        for (int i = 0; i < bodyCount; i++) {
            bs[i] = a[3 * (i + 1)];
            br[i] = a[3 * (i + 1) + 1];
            bo[i] = a[3 * (i + 1) + 2];
        }
        int bound = rule.variableBound() + 1;
        if (val.length < bound) {
            val = new int[bound];
        }
        Arrays.fill(val, -1);
    }

    /** The entity a term stands for now: a constant's entity, a bound variable's value, or -1. */
    private int value(int term) {
        return term < 0 ? ConstRule.entity(term) : val[term];
    }

    // ------------------------------------------------------------------ join

    private void join(int mask) {
        int m = mask;
        while (m != 0) {
            int i = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            int s = value(bs[i]);
            int o = value(bo[i]);
            if (s >= 0 && o >= 0) {
                if (!kg.holds(s, br[i], o)) {
                    return;
                }
                mask &= ~(1 << i);
            }
        }
        if (mask == 0) {
            leaf();
            return;
        }
        int best = -1;
        int bestFrom = 0;
        int bestTo = 0;
        boolean bestOut = true;
        int bestSize = Integer.MAX_VALUE;
        m = mask;
        while (m != 0) {
            int i = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            int s = value(bs[i]);
            int o = value(bo[i]);
            long range;
            boolean outward;
            if (s >= 0) {
                range = kg.outRange(s, br[i]);
                outward = true;
            } else if (o >= 0) {
                range = kg.inRange(o, br[i]);
                outward = false;
            } else {
                continue;
            }
            int from = KgIndex.high(range);
            int to = KgIndex.low(range);
            if (from == to) {
                return;
            }
            int size = to - from;
            int freeVar = outward ? bo[i] : bs[i];
            if (measuring && freeVar == gVar) {
                size = -1; // bind g first: each (f, g) pair then needs one existence check
            }
            if (size < bestSize) {
                bestSize = size;
                best = i;
                bestFrom = from;
                bestTo = to;
                bestOut = outward;
            }
        }
        if (best < 0) {
            joinUnbound(mask);
            return;
        }
        int rest = mask & ~(1 << best);
        int freeVar = bestOut ? bo[best] : bs[best];
        long[] edges = bestOut ? out : in;
        for (int k = bestFrom; k < bestTo; k++) {
            int v = KgIndex.low(edges[k]);
            if (measuring && freeVar == gVar && seen[v] == seenStamp) {
                continue;
            }
            val[freeVar] = v;
            join(rest);
            if (found) {
                break;
            }
            if (cut) {
                if (freeVar == gVar) {
                    cut = false;
                } else {
                    break;
                }
            }
        }
        val[freeVar] = -1;
    }

    /**
     * No remaining atom touches a bound term: the body has a part that shares no variable with what is bound
     * (constants allow this). Its smallest atom is matched against all facts of its relation.
     */
    private void joinUnbound(int mask) {
        int best = -1;
        int m = mask;
        while (m != 0) {
            int i = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            if (best < 0 || kg.size(br[i]) < kg.size(br[best])) {
                best = i;
            }
        }
        int rest = mask & ~(1 << best);
        int sv = bs[best];
        int ov = bo[best];
        for (long f : kg.facts(br[best])) {
            int s = KgIndex.high(f);
            int o = KgIndex.low(f);
            if (measuring && ((sv == gVar && seen[s] == seenStamp) || (ov == gVar && seen[o] == seenStamp))) {
                continue;
            }
            val[sv] = s;
            val[ov] = o;
            join(rest);
            if (found) {
                break;
            }
            if (cut) {
                if (sv == gVar || ov == gVar) {
                    cut = false;
                } else {
                    break;
                }
            }
        }
        val[sv] = -1;
        val[ov] = -1;
    }

    private void leaf() {
        if (measuring) {
            if (gVar < 0) {
                found = true;
                return;
            }
            int g = val[gVar];
            if (seen[g] != seenStamp) {
                seen[g] = seenStamp;
                pairCount++;
            }
            cut = true;
            return;
        }
        for (int s = 0; s < nSlots; s++) {
            int a = val[slotA[s]];
            switch (slotKind[s]) {
                case DANGLING_OUT, DANGLING_IN -> {
                    if (slotLastA[s] == a) {
                        continue;
                    }
                    slotLastA[s] = a;
                    boolean outward = slotKind[s] == DANGLING_OUT;
                    long[] edges = outward ? out : in;
                    int from = outward ? kg.outStart(a) : kg.inStart(a);
                    int to = outward ? kg.outEnd(a) : kg.inEnd(a);
                    if (!countingConstants) {
                        for (int k = from; k < to; k++) {
                            markRelation(s, KgIndex.high(edges[k]));
                        }
                        continue;
                    }
                    int base = s * nRel;
                    for (int k = from; k < to; k++) {
                        int r = KgIndex.high(edges[k]);
                        if (wanted[base + r]) {
                            markConstant(s, r, KgIndex.low(edges[k]), a);
                        }
                    }
                }
                default -> {
                    if (countingConstants) {
                        continue;
                    }
                    int b = val[slotB[s]];
                    if (slotLastA[s] == a && slotLastB[s] == b) {
                        continue;
                    }
                    slotLastA[s] = a;
                    slotLastB[s] = b;
                    for (int k = kg.outStart(a), end = kg.outEnd(a); k < end; k++) {
                        if (KgIndex.low(out[k]) == b) {
                            markRelation(s, KgIndex.high(out[k]));
                        }
                    }
                }
            }
        }
    }

    private void markRelation(int slot, int r) {
        int idx = slot * nRel + r;
        if (relStamp[idx] != headStamp) {
            relStamp[idx] = headStamp;
            relCount[idx]++;
        }
    }

    private void markConstant(int slot, int r, int constant, int joinValue) {
        int cell = slot * nRel + r;
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
            c.count++;
        }
    }

    // ------------------------------------------------------------------ head bindings

    private interface HeadVisitor {
        void visit();
    }

    /** Binds the head's variables to each of its distinct bindings in turn (facts of the head relation). */
    private void forEachHeadBinding(ConstRule rule, HeadVisitor visitor) {
        int s = rule.atoms[0];
        int r = rule.atoms[1];
        int o = rule.atoms[2];
        if (s >= 0 && o >= 0) {
            for (long f : kg.facts(r)) {
                val[0] = KgIndex.high(f);
                val[1] = KgIndex.low(f);
                visitor.visit();
            }
        } else if (s >= 0) {
            long range = kg.inRange(ConstRule.entity(o), r);
            for (int k = KgIndex.high(range); k < KgIndex.low(range); k++) {
                val[0] = KgIndex.low(in[k]);
                visitor.visit();
            }
        } else {
            long range = kg.outRange(ConstRule.entity(s), r);
            for (int k = KgIndex.high(range); k < KgIndex.low(range); k++) {
                val[1] = KgIndex.low(out[k]);
                visitor.visit();
            }
        }
        val[0] = -1;
        val[1] = -1;
    }

    // ------------------------------------------------------------------ refinement

    /**
     * The refinements of {@code rule} with AMIE3's closing, dangling and instantiated operators (see
     * {@link ConstantLanguage}), each with support (distinct head bindings) at least {@code minSupport}.
     */
    @SuppressWarnings("unchecked")
    List<ConstRule> refine(ConstRule rule, double minSupport) {
        List<ConstRule> result = new ArrayList<>();
        int length = rule.length();
        int maxAtoms = options.maxAtoms();
        if (length >= maxAtoms) {
            return result;
        }
        int[] occ = rule.occurrences();
        int nv = occ.length;
        int variables = 0;
        int openCount = 0;
        for (int v = 0; v < nv; v++) {
            if (occ[v] > 0) {
                variables++;
            }
            if (occ[v] == 1) {
                openCount++;
            }
        }
        boolean closed = openCount == 0;
        nSlots = 0;
        if (variables >= 2 && !(openCount > 2 && length == maxAtoms - 1)) {
            for (int s = 0; s < nv; s++) {
                if (occ[s] == 0 || !(closed || occ[s] == 1)) {
                    continue;
                }
                for (int t = 0; t < nv; t++) {
                    if (t == s || occ[t] == 0 || !(closed || openCount == 1 || occ[t] == 1)) {
                        continue;
                    }
                    addSlot(CLOSING, s, t);
                    addSlot(CLOSING, t, s);
                }
            }
        }
        // With constants AMIE3 adds dangling atoms up to the length limit: the rule they make may be too long to be
        // refined or output, but its instantiated copies may close it.
        for (int v = 0; v < nv; v++) {
            if (occ[v] > 0 && (closed || occ[v] == 1)) {
                addSlot(DANGLING_OUT, v, -1);
                addSlot(DANGLING_IN, v, -1);
            }
        }
        if (nSlots == 0) {
            return result;
        }
        load(rule);
        int cells = nSlots * nRel;
        if (relStamp.length < cells) {
            relStamp = new int[cells];
            relCount = new int[cells];
        } else {
            Arrays.fill(relCount, 0, cells, 0);
            Arrays.fill(relStamp, 0, cells, 0);
        }
        headStamp = 0;
        constantCounts.clear();
        constantIndex.clear();
        constantsByCell = new List[cells];
        measuring = false;
        found = false;
        cut = false;
        int bodyMask = (1 << bodyCount) - 1;
        countingConstants = false;
        HeadVisitor pass = () -> {
            headStamp++;
            for (int s = 0; s < nSlots; s++) {
                slotLastA[s] = -1;
                slotLastB[s] = -1;
            }
            join(bodyMask);
        };
        forEachHeadBinding(rule, pass);
        // A constant's head bindings are a subset of its relation's: count constants only where the relation passed.
        if (wanted.length < cells) {
            wanted = new boolean[cells];
        }
        boolean any = false;
        for (int s = 0; s < nSlots; s++) {
            for (int r = 0; r < nRel; r++) {
                int idx = s * nRel + r;
                int c = relCount[idx];
                wanted[idx] = slotKind[s] != CLOSING && c > 0 && c >= minSupport
                        && rule.relationOccurrences(r) < options.maxRelationOccurrences();
                any |= wanted[idx];
            }
        }
        if (any) {
            countingConstants = true;
            headStamp = 0;
            forEachHeadBinding(rule, pass);
            countingConstants = false;
        }
        int fresh = nv;
        for (int s = 0; s < nSlots; s++) {
            for (int r = 0; r < nRel; r++) {
                int c = relCount[s * nRel + r];
                if (c == 0 || c < minSupport) {
                    continue;
                }
                if (rule.relationOccurrences(r) >= options.maxRelationOccurrences()) {
                    continue;
                }
                if (slotKind[s] == CLOSING) {
                    if (rule.containsAtom(slotA[s], r, slotB[s])) {
                        continue;
                    }
                    add(result, rule, slotA[s], r, slotB[s], c, length + 1 == maxAtoms);
                    continue;
                }
                boolean outward = slotKind[s] == DANGLING_OUT;
                int v = slotA[s];
                // AMIE3 would add "fresh != C" to a dangling atom whose relation already has the constant C on
                // the fresh side (its DIFFERENTFROM pseudo-atom); Lacuna has no such atoms and drops that rule.
                // Its instantiated copies are AMIE3's all the same: AMIE3 instantiates only if the support with
                // "fresh != C" passes, but a copy with constant D (never C: that copy is redundant) has at most that
                // support, so whenever a copy passes, so does the rule it is copied from.
                boolean needsInequality = false;
                for (int i = 0; i < rule.atoms.length; i += 3) {
                    if (rule.atoms[i + 1] == r && ConstRule.isConstant(rule.atoms[outward ? i + 2 : i])) {
                        needsInequality = true;
                    }
                }
                if (!needsInequality && length + 1 < maxAtoms) {
                    add(result, rule, outward ? v : fresh, r, outward ? fresh : v, c, false);
                }
                List<ConstantCount> constants = constantsByCell[s * nRel + r];
                if (constants == null) {
                    continue;
                }
                for (ConstantCount cc : constants) {
                    if (cc.count < minSupport || !cc.joinTakesTwoValues) {
                        continue;
                    }
                    int term = ConstRule.constant(cc.constant);
                    int ns = outward ? v : term;
                    int no = outward ? term : v;
                    if (rule.isRedundant(ns, r, no)) {
                        continue;
                    }
                    add(result, rule, ns, r, no, cc.count, length + 1 == maxAtoms);
                }
            }
        }
        constantsByCell = null;
        constantCounts.clear();
        constantIndex.clear();
        return result;
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

    private void addSlot(int kind, int a, int b) {
        for (int s = 0; s < nSlots; s++) {
            if (slotKind[s] == kind && slotA[s] == a && slotB[s] == b) {
                return;
            }
        }
        slotKind[nSlots] = kind;
        slotA[nSlots] = a;
        slotB[nSlots] = b;
        nSlots++;
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
        measuring = true;
        int head = rule.headRelation();
        int fVar;
        boolean fIsSubject;
        if (rule.atoms[0] >= 0 && rule.atoms[2] >= 0) {
            fIsSubject = kg.subjectIsFunctional(head);
            fVar = fIsSubject ? 0 : 1;
            gVar = fIsSubject ? 1 : 0;
        } else {
            fIsSubject = rule.atoms[0] >= 0;
            fVar = fIsSubject ? 0 : 1;
            gVar = -1;
        }
        if (seen == null) {
            seen = new int[kg.entityCount()];
        }
        int[] domain = domain(fVar);
        int bodyMask = (1 << bodyCount) - 1;
        long body = 0;
        long pcaBody = 0;
        for (int x : domain) {
            if (++seenStamp == Integer.MAX_VALUE) {
                Arrays.fill(seen, 0);
                seenStamp = 1;
            }
            val[fVar] = x;
            pairCount = 0;
            found = false;
            cut = false;
            join(bodyMask);
            long n = gVar >= 0 ? pairCount : (found ? 1 : 0);
            if (n == 0) {
                continue;
            }
            body += n;
            if (fIsSubject ? kg.hasOut(x, head) : kg.hasIn(x, head)) {
                pcaBody += n;
            }
        }
        val[fVar] = -1;
        measuring = false;
        gVar = -1;
        rule.measured(body, pcaBody, true);
    }

    /** The values variable {@code f} can take: the smallest candidate set among the body atoms that mention it. */
    private int[] domain(int f) {
        int[] best = null;
        for (int i = 0; i < bodyCount; i++) {
            int[] d = null;
            if (bs[i] == f) {
                d = ConstRule.isConstant(bo[i]) ? ends(in, kg.inRange(ConstRule.entity(bo[i]), br[i]))
                        : kg.subjects(br[i]);
            } else if (bo[i] == f) {
                d = ConstRule.isConstant(bs[i]) ? ends(out, kg.outRange(ConstRule.entity(bs[i]), br[i]))
                        : kg.objects(br[i]);
            }
            if (d != null && (best == null || d.length < best.length)) {
                best = d;
            }
        }
        if (best == null) {
            throw new IllegalStateException("closed rule without its head variable in the body");
        }
        return best;
    }

    private static int[] ends(long[] edges, long range) {
        int from = KgIndex.high(range);
        int to = KgIndex.low(range);
        int[] d = new int[Math.max(0, to - from)];
        for (int k = from; k < to; k++) {
            d[k - from] = KgIndex.low(edges[k]);
        }
        return d;
    }
}
