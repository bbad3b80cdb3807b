package dev.lacuna.mining;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One thread's evaluator: matches rule bodies against the {@link KgIndex} by backtracking, always joining the
 * most selective atom next and binding variables in place in one int array. It counts, per head fact, which
 * new atoms keep the rule true (AMIE3's refinement counts) and the body and PCA body sizes of closed rules.
 * Special shapes get their own paths, each giving the same counts as the general join: bodies that mention one
 * head variable only (enumerated once per value of it, {@link #refineGrouped}), two-atom "product" bodies
 * ({@link #refineProduct}), body atoms on both head variables (a merge filter on the head facts).
 * Not thread-safe: each worker thread has its own.
 */
final class Matcher {
    private static final int DANGLING_OUT = 0; // (v, r, fresh)
    private static final int DANGLING_IN = 1; // (fresh, r, v)
    private static final int CLOSING = 2; // (v, r, w)
    private static final int MAX_VARS = 16;

    private final KgIndex kg;
    private final long[] out;
    private final long[] in;
    private final int nRel;
    private final int[] outRels;
    private final int[] inRels;
    // per closing slot: the edges of its subject's value by object, of its object's value by subject
    private final NeighbourTable[] outTables = new NeighbourTable[64];
    private final NeighbourTable[] inTables = new NeighbourTable[64];
    private final MinerOptions options;

    // current body, as parallel arrays
    private int bodyCount;
    private final int[] bs = new int[8];
    private final int[] br = new int[8];
    private final int[] bo = new int[8];
    private final int[] val = new int[MAX_VARS];

    // refinement state
    private int mode;
    private static final int MODE_REFINE = 0;
    private static final int MODE_MEASURE = 1;
    private int nSlots;
    private final int[] slotKind = new int[64];
    private final int[] slotA = new int[64];
    private final int[] slotB = new int[64];
    private final int[] slotLastA = new int[64];
    private final int[] slotLastB = new int[64];
    // values at the previous grounding, kept across head facts: an end that repeats is worth indexing
    private final int[] slotPrevA = new int[64];
    private final int[] slotPrevB = new int[64];
    private int[] stamp = new int[0];
    private int[] count = new int[0];
    private int factStamp;
    private boolean stop;
    private boolean allSlotsOnHead;

    // grouped refinement (see refineGrouped): slots on the outer head variable collect values instead of marking
    private boolean grouped;
    private boolean found;
    private final boolean[] onOuter = new boolean[64];
    private final int[] outerOther = new int[64];
    private final IntList[] collected = new IntList[64];
    private final IntList touched = new IntList();

    // measuring state
    private int gVar;
    private int[] seen;
    private int seenStamp;
    private long pairCount;
    private boolean cut;

    Matcher(KgIndex kg, MinerOptions options) {
        this.kg = kg;
        this.out = kg.outEdges();
        this.in = kg.inEdges();
        this.nRel = kg.relationCount();
        this.outRels = kg.outRels();
        this.inRels = kg.inRels();
        for (int i = 0; i < 64; i++) {
            outTables[i] = new NeighbourTable();
            inTables[i] = new NeighbourTable();
        }
        this.options = options;
    }

    private void loadBody(WorkRule rule) {
        int[] a = rule.atoms;
        bodyCount = a.length / 3 - 1;
        for (int i = 0; i < bodyCount; i++) {
            bs[i] = a[3 * (i + 1)];
            br[i] = a[3 * (i + 1) + 1];
            bo[i] = a[3 * (i + 1) + 2];
        }
        Arrays.fill(val, -1);
    }

    // ------------------------------------------------------------------ join

    /** Enumerates the groundings of the body atoms in {@code mask} under the current bindings. */
    private void join(int mask) {
        // first check every atom whose variables are all bound
        int m = mask;
        while (m != 0) {
            int i = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            int s = val[bs[i]];
            int o = val[bo[i]];
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
        long bestSize = Long.MAX_VALUE;
        m = mask;
        while (m != 0) {
            int i = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            int s = val[bs[i]];
            int o = val[bo[i]];
            if (s >= 0) {
                long range = kg.outRange(s, br[i]);
                int from = KgIndex.high(range);
                int to = KgIndex.low(range);
                if (to == from) {
                    return;
                }
                long size = cost(to - from, bo[i]);
                if (size < bestSize) {
                    bestSize = size;
                    best = i;
                    bestFrom = from;
                    bestTo = to;
                    bestOut = true;
                }
            } else if (o >= 0) {
                long range = kg.inRange(o, br[i]);
                int from = KgIndex.high(range);
                int to = KgIndex.low(range);
                if (to == from) {
                    return;
                }
                long size = cost(to - from, bs[i]);
                if (size < bestSize) {
                    bestSize = size;
                    best = i;
                    bestFrom = from;
                    bestTo = to;
                    bestOut = false;
                }
            }
        }
        int rest = mask & ~(1 << best);
        if (best < 0) {
            // no atom touches a bound variable: only happens for a disconnected body, which the miner never builds
            throw new IllegalStateException("disconnected rule body");
        }
        int freeVar = bestOut ? bo[best] : bs[best];
        long[] edges = bestOut ? out : in;
        // A second atom linking freeVar to a bound variable (the other half of a closed path): its neighbours are
        // sorted too, so the candidates are the intersection of two sorted lists, walked side by side, instead of
        // one binary search in each candidate's own edges (a cache miss per candidate on large KGs).
        int second = -1;
        long[] secondEdges = null;
        int secondAt = 0;
        int secondTo = 0;
        int secondRelation = 0;
        m = rest;
        while (m != 0) {
            int j = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            long range;
            if (bs[j] == freeVar && val[bo[j]] >= 0) {
                range = kg.inRange(val[bo[j]], br[j]);
                secondEdges = in;
            } else if (bo[j] == freeVar && val[bs[j]] >= 0) {
                range = kg.outRange(val[bs[j]], br[j]);
                secondEdges = out;
            } else {
                continue;
            }
            secondAt = KgIndex.high(range);
            secondTo = KgIndex.low(range);
            if (secondAt == secondTo) {
                return;
            }
            second = j;
            secondRelation = br[j];
            rest &= ~(1 << j);
            break;
        }
        for (int k = bestFrom; k < bestTo; k++) {
            int v = KgIndex.low(edges[k]);
            if (second >= 0) {
                secondAt = KgIndex.gallop(secondEdges, secondAt, secondTo, KgIndex.pack(secondRelation, v));
                if (secondAt == secondTo) {
                    break;
                }
                if (KgIndex.low(secondEdges[secondAt]) != v) {
                    continue;
                }
            }
            if (mode == MODE_MEASURE && freeVar == gVar && seen[v] == seenStamp) {
                continue; // this pair (f, g) is already counted
            }
            val[freeVar] = v;
            join(rest);
            if (stop) {
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
     * The join's choice among atoms that can bind a variable: the smallest range, except that when counting
     * (f, g) pairs an atom that binds g always goes first, so that each pair needs one existence check
     * instead of an enumeration of every path from f to g.
     */
    private long cost(int rangeSize, int boundVar) {
        if (mode == MODE_MEASURE && boundVar == gVar) {
            return rangeSize;
        }
        return rangeSize + (mode == MODE_MEASURE ? (1L << 40) : 0);
    }

    private void leaf() {
        if (mode == MODE_MEASURE) {
            int g = val[gVar];
            if (seen[g] != seenStamp) {
                seen[g] = seenStamp;
                pairCount++;
            }
            cut = true;
            return;
        }
        if (grouped) {
            found = true;
        }
        for (int s = 0; s < nSlots; s++) {
            if (grouped && onOuter[s]) {
                if (outerOther[s] >= 0) {
                    collected[s].add(val[outerOther[s]]);
                }
                continue;
            }
            int a = val[slotA[s]];
            switch (slotKind[s]) {
                case DANGLING_OUT -> {
                    if (slotLastA[s] == a) {
                        continue;
                    }
                    slotLastA[s] = a;
                    markRelations(s, outRels, kg.outRelStart(a), kg.outRelEnd(a));
                }
                case DANGLING_IN -> {
                    if (slotLastA[s] == a) {
                        continue;
                    }
                    slotLastA[s] = a;
                    markRelations(s, inRels, kg.inRelStart(a), kg.inRelEnd(a));
                }
                default -> {
                    int b = val[slotB[s]];
                    if (slotLastA[s] == a && slotLastB[s] == b) {
                        continue;
                    }
                    boolean aStable = slotPrevA[s] == a;
                    boolean bStable = slotPrevB[s] == b;
                    slotLastA[s] = a;
                    slotLastB[s] = b;
                    slotPrevA[s] = a;
                    slotPrevB[s] = b;
                    markClosing(s, a, b, aStable, bStable);
                }
            }
        }
        if (allSlotsOnHead) {
            stop = true;
        }
    }

    private void markRelations(int slot, int[] rels, int from, int to) {
        int base = slot * nRel;
        for (int k = from; k < to; k++) {
            mark(base + rels[k]);
        }
    }

    /**
     * Marks the relations r with r(a, b) for a closing slot. When one end keeps its value over consecutive
     * groundings (a head variable, or a variable bound in an outer loop of the join) that end's edges are
     * indexed by the other end once, so each further grounding costs a lookup instead of a scan.
     */
    private void markClosing(int s, int a, int b, boolean aStable, boolean bStable) {
        int base = s * nRel;
        if (aStable || outTables[s].isFor(a, out)) {
            NeighbourTable t = outTables[s];
            t.build(a, out, kg.outStart(a), kg.outEnd(a));
            for (int k = t.first(b); k >= 0; k = t.next(k)) {
                mark(base + KgIndex.high(out[k]));
            }
            return;
        }
        if (bStable || inTables[s].isFor(b, in)) {
            NeighbourTable t = inTables[s];
            t.build(b, in, kg.inStart(b), kg.inEnd(b));
            for (int k = t.first(a); k >= 0; k = t.next(k)) {
                mark(base + KgIndex.high(in[k]));
            }
            return;
        }
        int degA = kg.outEnd(a) - kg.outStart(a);
        int degB = kg.inEnd(b) - kg.inStart(b);
        int relsA = kg.outRelEnd(a) - kg.outRelStart(a);
        if (16L * relsA < Math.min(degA, degB)) {
            // a hub with few relations: one binary search per relation of a
            for (int k = kg.outRelStart(a), end = kg.outRelEnd(a); k < end; k++) {
                int r = outRels[k];
                if (kg.holds(a, r, b)) {
                    mark(base + r);
                }
            }
        } else if (degA <= degB) {
            for (int k = kg.outStart(a), end = kg.outEnd(a); k < end; k++) {
                if (KgIndex.low(out[k]) == b) {
                    mark(base + KgIndex.high(out[k]));
                }
            }
        } else {
            for (int k = kg.inStart(b), end = kg.inEnd(b); k < end; k++) {
                if (KgIndex.low(in[k]) == a) {
                    mark(base + KgIndex.high(in[k]));
                }
            }
        }
    }

    private void mark(int idx) {
        if (stamp[idx] != factStamp) {
            stamp[idx] = factStamp;
            count[idx]++;
            if (grouped) {
                touched.add(idx);
            }
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
        nSlots = 0;
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
                    addSlot(CLOSING, s, t);
                    addSlot(CLOSING, t, s);
                }
            }
        }
        // dangling atoms: only while a further atom can still close the rule
        if (length < maxAtoms - 1) {
            for (int v = 0; v < nv; v++) {
                if (closed || occ[v] == 1) {
                    addSlot(DANGLING_OUT, v, -1);
                    addSlot(DANGLING_IN, v, -1);
                }
            }
        }
        if (nSlots == 0) {
            return result;
        }
        loadBody(rule);
        int cells = nSlots * nRel;
        if (stamp.length < cells) {
            stamp = new int[cells];
            count = new int[cells];
        } else {
            Arrays.fill(count, 0, cells, 0);
        }
        allSlotsOnHead = true;
        for (int s = 0; s < nSlots; s++) {
            if (slotA[s] > 1 || (slotKind[s] == CLOSING && slotB[s] > 1)) {
                allSlotsOnHead = false;
            }
        }
        int bodyMask = (1 << bodyCount) - 1;
        long[] headFacts = kg.facts(rule.headRelation());
        // Body atoms on the two head variables only (?a r1 ?b, ?b r1 ?a) filter the head facts once, by a merge
        // per head subject, instead of a binary search in the subject's edges for every head fact.
        for (int i = 0; i < bodyCount; i++) {
            boolean same = bs[i] == 0 && bo[i] == 1;
            if (same || (bs[i] == 1 && bo[i] == 0)) {
                headFacts = headFactsWith(headFacts, rule.headRelation(), br[i], !same);
                bodyMask &= ~(1 << i);
            }
        }
        mode = MODE_REFINE;
        int grouping = groupingVariable();
        if (isProductShape()) {
            refineProduct(headFacts);
        } else if (grouping >= 0) {
            refineGrouped(grouping == 0 ? headFacts : factsByObject(rule.headRelation()), grouping, bodyMask);
        } else {
            for (long f : headFacts) {
                nextStamp();
                for (int s = 0; s < nSlots; s++) {
                    slotLastA[s] = -1;
                    slotLastB[s] = -1;
                }
                val[0] = KgIndex.high(f);
                val[1] = KgIndex.low(f);
                stop = false;
                cut = false;
                join(bodyMask);
            }
        }
        for (int s = 0; s < nSlots; s++) {
            int base = s * nRel;
            for (int r = 0; r < nRel; r++) {
                int c = count[base + r];
                if (c < minSupport || c == 0) {
                    continue;
                }
                if (rule.relationOccurrences(r) >= options.maxRelationOccurrences()) {
                    continue;
                }
                int ns;
                int no;
                int newVars = nv;
                switch (slotKind[s]) {
                    case DANGLING_OUT -> {
                        ns = slotA[s];
                        no = nv;
                        newVars = nv + 1;
                    }
                    case DANGLING_IN -> {
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

    // Fact lists derived from a relation (filtered, or re-sorted by object), kept per thread because many
    // rules share a head relation; bounded so that a large KG does not keep them all.
    private static final long DERIVED_LIMIT = 4_000_000;
    private final java.util.Map<Long, long[]> derivedFacts = new java.util.HashMap<>();
    private long derivedLongs;

    private long[] derived(long key, java.util.function.Supplier<long[]> compute) {
        long[] known = derivedFacts.get(key);
        if (known == null) {
            known = compute.get();
            if (derivedLongs > DERIVED_LIMIT) {
                derivedFacts.clear();
                derivedLongs = 0;
            }
            derivedFacts.put(key, known);
            derivedLongs += known.length;
        }
        return known;
    }

    /**
     * The head facts (a, b) among {@code facts} for which r1(a, b) holds (r1(b, a) if {@code inverse}). Facts are
     * sorted by subject, then object, and a's edges under r1 by neighbour, so each subject's objects are merged
     * with one slice. Results on a whole relation are kept (bounded) because many rules share a head and such an atom.
     */
    private long[] headFactsWith(long[] facts, int headRelation, int r1, boolean inverse) {
        if (facts == kg.facts(headRelation)) {
            long key = ((long) headRelation << 33) | ((long) r1 << 1) | (inverse ? 1 : 0);
            return derived(key, () -> filterFacts(facts, r1, inverse));
        }
        return filterFacts(facts, r1, inverse);
    }

    private long[] filterFacts(long[] facts, int r1, boolean inverse) {
        long[] edges = inverse ? in : out;
        long[] kept = new long[facts.length];
        int n = 0;
        int i = 0;
        while (i < facts.length) {
            int a = KgIndex.high(facts[i]);
            int j = i + 1;
            while (j < facts.length && KgIndex.high(facts[j]) == a) {
                j++;
            }
            long range = inverse ? kg.inRange(a, r1) : kg.outRange(a, r1);
            int from = KgIndex.high(range);
            int to = KgIndex.low(range);
            for (int k = i; k < j && from < to; k++) {
                int b = KgIndex.low(facts[k]);
                from = KgIndex.gallop(edges, from, to, KgIndex.pack(r1, b));
                if (from < to && KgIndex.low(edges[from]) == b) {
                    kept[n++] = facts[k];
                }
            }
            i = j;
        }
        return Arrays.copyOf(kept, n);
    }

    /**
     * The head variable the body mentions when it mentions only one of the two (the other, "outer" one is then
     * in the head only and must be closed by a new atom), else -1.
     */
    private int groupingVariable() {
        boolean mentionsA = false;
        boolean mentionsB = false;
        for (int i = 0; i < bodyCount; i++) {
            mentionsA |= bs[i] == 0 || bo[i] == 0;
            mentionsB |= bs[i] == 1 || bo[i] == 1;
        }
        return mentionsA == mentionsB ? -1 : mentionsA ? 0 : 1;
    }

    /** A relation's facts as (object, subject) pairs, sorted: grouped by object. Kept (bounded) per relation. */
    private long[] factsByObject(int relation) {
        // keys below zero cannot collide with headFactsWith's, which are >= 0
        return derived(-1L - relation, () -> {
            long[] facts = kg.facts(relation);
            long[] swapped = new long[facts.length];
            for (int i = 0; i < facts.length; i++) {
                swapped[i] = KgIndex.pack(KgIndex.low(facts[i]), KgIndex.high(facts[i]));
            }
            Arrays.sort(swapped);
            return swapped;
        });
    }

    /**
     * Refinement of a rule whose body mentions only head variable {@code h}: the body's groundings depend on h's
     * value alone, so they are enumerated once per value of h instead of once per head fact (a hub such as a
     * country object would otherwise have its paths walked again for each of its thousands of facts). Slots not
     * on the outer variable o mark their relations once for the group, counted for each of its facts; slots on o
     * collect the values of their other end, and each fact (h, o) then marks the relations between o and those
     * values. {@code facts} holds (h, o) pairs sorted by h.
     */
    private void refineGrouped(long[] facts, int h, int bodyMask) {
        int o = 1 - h;
        for (int s = 0; s < nSlots; s++) {
            boolean outerA = slotA[s] == o;
            boolean outerB = slotKind[s] == CLOSING && slotB[s] == o;
            onOuter[s] = outerA || outerB;
            outerOther[s] = slotKind[s] != CLOSING ? -1 : outerA ? slotB[s] : outerB ? slotA[s] : -1;
            if (onOuter[s] && collected[s] == null) {
                collected[s] = new IntList();
            }
        }
        int i = 0;
        while (i < facts.length) {
            int hv = KgIndex.high(facts[i]);
            int j = i + 1;
            while (j < facts.length && KgIndex.high(facts[j]) == hv) {
                j++;
            }
            nextStamp();
            for (int s = 0; s < nSlots; s++) {
                slotLastA[s] = -1;
                slotLastB[s] = -1;
                if (onOuter[s]) {
                    collected[s].clear();
                }
            }
            touched.clear();
            val[h] = hv;
            val[o] = -1;
            stop = false;
            cut = false;
            found = false;
            grouped = true;
            join(bodyMask);
            grouped = false;
            if (found) {
                int extra = j - i - 1;
                for (int k = 0; k < touched.size(); k++) {
                    count[touched.get(k)] += extra;
                }
                for (int s = 0; s < nSlots; s++) {
                    if (onOuter[s] && outerOther[s] >= 0) {
                        collected[s].sortDistinct();
                    }
                }
                markOuterFacts(facts, i, j);
            }
            i = j;
        }
        val[h] = -1;
    }

    /**
     * The facts {@code facts[from, to)} of one group: the slots on the outer variable, whose value is each fact's
     * object. Slot by slot, each fact with its own stamp (slots mark disjoint cells, so this counts as fact by
     * fact would). A closing slot whose other end took several values in the group walks the outer value's edges
     * once against the set of those values: on a hub group (thousands of values, thousands of facts) a lookup of
     * each value for each fact was the bulk of maxad-4 mining on FB15k-237.
     */
    private void markOuterFacts(long[] facts, int from, int to) {
        int n = to - from;
        if (factStamp >= Integer.MAX_VALUE - n - 1) {
            Arrays.fill(stamp, 0);
            factStamp = 0;
        }
        int base = factStamp;
        for (int s = 0; s < nSlots; s++) {
            if (!onOuter[s]) {
                continue;
            }
            IntList values = collected[s];
            boolean walk = slotKind[s] == CLOSING && values.size() > 1;
            if (walk) {
                if (memberStamp == null) {
                    memberStamp = new int[kg.entityCount()];
                }
                if (++memberId == Integer.MAX_VALUE) {
                    Arrays.fill(memberStamp, 0);
                    memberId = 1;
                }
                for (int k = 0; k < values.size(); k++) {
                    memberStamp[values.get(k)] = memberId;
                }
            }
            // the values' own edges towards the outer end: a few small values beat a walk of a hub's edges
            long valueDegrees = 0;
            if (slotKind[s] == CLOSING) {
                boolean intoOuter = slotA[s] == outerOther[s];
                for (int k = 0; k < values.size(); k++) {
                    int v = values.get(k);
                    valueDegrees += intoOuter ? kg.outEnd(v) - kg.outStart(v) : kg.inEnd(v) - kg.inStart(v);
                }
            }
            if (walk && fromValues(s, facts, from, to, valueDegrees)) {
                continue;
            }
            for (int f = 0; f < n; f++) {
                factStamp = base + 1 + f;
                int ov = KgIndex.low(facts[from + f]);
                switch (slotKind[s]) {
                    case DANGLING_OUT -> markRelations(s, outRels, kg.outRelStart(ov), kg.outRelEnd(ov));
                    case DANGLING_IN -> markRelations(s, inRels, kg.inRelStart(ov), kg.inRelEnd(ov));
                    default -> {
                        boolean intoOuter = slotA[s] == outerOther[s]; // the atom is (other, r, outer)
                        int outerDegree = intoOuter ? kg.inEnd(ov) - kg.inStart(ov) : kg.outEnd(ov) - kg.outStart(ov);
                        if (walk && outerDegree <= valueDegrees) {
                            long[] edges = intoOuter ? in : out;
                            int cell = s * nRel;
                            for (int k = intoOuter ? kg.inStart(ov) : kg.outStart(ov),
                                    end = intoOuter ? kg.inEnd(ov) : kg.outEnd(ov); k < end; k++) {
                                if (memberStamp[KgIndex.low(edges[k])] == memberId) {
                                    mark(cell + KgIndex.high(edges[k]));
                                }
                            }
                        } else {
                            for (int k = 0; k < values.size(); k++) {
                                if (intoOuter) {
                                    markClosing(s, values.get(k), ov, false, false);
                                } else {
                                    markClosing(s, ov, values.get(k), false, false);
                                }
                            }
                        }
                    }
                }
            }
        }
        factStamp = base + n;
    }

    private int[] memberStamp;
    private int memberId;
    private int[] outerStamp;
    private int[] outerPosition;
    private int outerId;
    private long[] pairs = new long[64];

    /**
     * A closing slot of a big group from the other side: each value's edges are walked once for the whole group
     * and matched against the group's outer values, instead of once per fact. Used when that is cheaper than the
     * per-fact work ({@code valueDegrees} is the values' edge count in the slot's direction); the distinct
     * (fact, relation) pairs found are counted as the per-fact marks would be. Returns whether it ran.
     */
    private boolean fromValues(int s, long[] facts, int from, int to, long valueDegrees) {
        boolean intoOuter = slotA[s] == outerOther[s];
        long perFact = 0;
        for (int f = from; f < to && perFact <= 2 * valueDegrees; f++) {
            int ov = KgIndex.low(facts[f]);
            perFact += Math.min(valueDegrees, intoOuter ? kg.inEnd(ov) - kg.inStart(ov) : kg.outEnd(ov) - kg.outStart(ov));
        }
        if (perFact <= 2 * valueDegrees) {
            return false;
        }
        if (outerStamp == null) {
            outerStamp = new int[kg.entityCount()];
            outerPosition = new int[kg.entityCount()];
        }
        if (++outerId == Integer.MAX_VALUE) {
            Arrays.fill(outerStamp, 0);
            outerId = 1;
        }
        for (int f = from; f < to; f++) {
            int ov = KgIndex.low(facts[f]);
            outerStamp[ov] = outerId;
            outerPosition[ov] = f - from;
        }
        // the atom is (value, r, outer): the values' out-edges; (outer, r, value): their in-edges
        long[] edges = intoOuter ? out : in;
        IntList values = collected[s];
        int n = 0;
        for (int k = 0; k < values.size(); k++) {
            int v = values.get(k);
            for (int e = intoOuter ? kg.outStart(v) : kg.inStart(v), end = intoOuter ? kg.outEnd(v) : kg.inEnd(v);
                    e < end; e++) {
                int w = KgIndex.low(edges[e]);
                if (outerStamp[w] == outerId) {
                    if (n == pairs.length) {
                        pairs = Arrays.copyOf(pairs, n * 2);
                    }
                    pairs[n++] = KgIndex.pack(outerPosition[w], KgIndex.high(edges[e]));
                }
            }
        }
        Arrays.sort(pairs, 0, n);
        int cell = s * nRel;
        for (int i = 0; i < n; i++) {
            if (i == 0 || pairs[i] != pairs[i - 1]) {
                count[cell + KgIndex.low(pairs[i])]++;
            }
        }
        return true;
    }

    private void nextStamp() {
        if (++factStamp == Integer.MAX_VALUE) {
            Arrays.fill(stamp, 0);
            factStamp = 1;
        }
    }

    /** A growable int list, reused across groups. */
    private static final class IntList {
        private int[] items = new int[16];
        private int size;

        void add(int v) {
            if (size == items.length) {
                items = Arrays.copyOf(items, size * 2);
            }
            items[size++] = v;
        }

        int get(int i) {
            return items[i];
        }

        int size() {
            return size;
        }

        void clear() {
            size = 0;
        }

        void sortDistinct() {
            Arrays.sort(items, 0, size);
            int n = 0;
            for (int i = 0; i < size; i++) {
                if (n == 0 || items[n - 1] != items[i]) {
                    items[n++] = items[i];
                }
            }
            size = n;
        }
    }

    /**
     * True for a body of two atoms, each linking one head variable to its own fresh variable (c and d), with
     * closing slots only between c and d: per head fact the (c, d) groundings are then the product of two
     * edge lists, and the relations between them are found by walking the cheaper side's edges into a set of
     * the other side instead of trying every pair.
     */
    private boolean isProductShape() {
        if (bodyCount != 2) {
            return false;
        }
        int c = freeEnd(0);
        int d = freeEnd(1);
        if (c < 0 || d < 0 || c == d) {
            return false;
        }
        for (int s = 0; s < nSlots; s++) {
            if (slotKind[s] != CLOSING || !((slotA[s] == c && slotB[s] == d) || (slotA[s] == d && slotB[s] == c))) {
                return false;
            }
        }
        return true;
    }

    /** The non-head variable of body atom i if the atom has exactly one head variable, else -1. */
    private int freeEnd(int i) {
        boolean sHead = bs[i] <= 1;
        boolean oHead = bo[i] <= 1;
        if (sHead == oHead) {
            return -1;
        }
        return sHead ? bo[i] : bs[i];
    }

    private int[] setStamp;
    private int setId;

    private void refineProduct(long[] headFacts) {
        if (setStamp == null) {
            setStamp = new int[kg.entityCount()];
        }
        int c = freeEnd(0);
        int slotCD = -1;
        int slotDC = -1;
        for (int s = 0; s < nSlots; s++) {
            if (slotA[s] == c) {
                slotCD = s;
            } else {
                slotDC = s;
            }
        }
        for (long f : headFacts) {
            nextStamp();
            val[0] = KgIndex.high(f);
            val[1] = KgIndex.low(f);
            // U: values of c from atom 0, V: values of d from atom 1, as edge slices
            long[] ue = bs[0] <= 1 ? out : in;
            int uEnt = bs[0] <= 1 ? val[bs[0]] : val[bo[0]];
            int uFrom = KgIndex.lowerBound(ue, start(ue, uEnt), end(ue, uEnt), (long) br[0] << 32);
            int uTo = KgIndex.lowerBound(ue, uFrom, end(ue, uEnt), (long) (br[0] + 1) << 32);
            if (uFrom == uTo) {
                continue;
            }
            long[] ve = bs[1] <= 1 ? out : in;
            int vEnt = bs[1] <= 1 ? val[bs[1]] : val[bo[1]];
            int vFrom = KgIndex.lowerBound(ve, start(ve, vEnt), end(ve, vEnt), (long) br[1] << 32);
            int vTo = KgIndex.lowerBound(ve, vFrom, end(ve, vEnt), (long) (br[1] + 1) << 32);
            if (vFrom == vTo) {
                continue;
            }
            long costU = 0;
            for (int k = uFrom; k < uTo; k++) {
                int u = KgIndex.low(ue[k]);
                costU += (kg.outEnd(u) - kg.outStart(u)) + (kg.inEnd(u) - kg.inStart(u));
            }
            long costV = 0;
            for (int k = vFrom; k < vTo; k++) {
                int v = KgIndex.low(ve[k]);
                costV += (kg.outEnd(v) - kg.outStart(v)) + (kg.inEnd(v) - kg.inStart(v));
            }
            if (++setId == Integer.MAX_VALUE) {
                Arrays.fill(setStamp, 0);
                setId = 1;
            }
            if (costU <= costV) {
                for (int k = vFrom; k < vTo; k++) {
                    setStamp[KgIndex.low(ve[k])] = setId;
                }
                // walk c's edges: (c, r, d) for slot c->d, (d, r, c) for slot d->c
                walk(ue, uFrom, uTo, slotCD, slotDC);
            } else {
                for (int k = uFrom; k < uTo; k++) {
                    setStamp[KgIndex.low(ue[k])] = setId;
                }
                // walk d's edges: (d, r, c) is slot d->c on d's out-edges, (c, r, d) slot c->d on d's in-edges
                walk(ve, vFrom, vTo, slotDC, slotCD);
            }
        }
    }

    /** For each entity x in the slice: its out-edges into the set mark slotOut, its in-edges from the set slotIn. */
    private void walk(long[] slice, int from, int to, int slotOut, int slotIn) {
        for (int k = from; k < to; k++) {
            int x = KgIndex.low(slice[k]);
            if (slotOut >= 0) {
                int base = slotOut * nRel;
                for (int j = kg.outStart(x), e = kg.outEnd(x); j < e; j++) {
                    if (setStamp[KgIndex.low(out[j])] == setId) {
                        mark(base + KgIndex.high(out[j]));
                    }
                }
            }
            if (slotIn >= 0) {
                int base = slotIn * nRel;
                for (int j = kg.inStart(x), e = kg.inEnd(x); j < e; j++) {
                    if (setStamp[KgIndex.low(in[j])] == setId) {
                        mark(base + KgIndex.high(in[j]));
                    }
                }
            }
        }
    }

    private int start(long[] edges, int e) {
        return edges == out ? kg.outStart(e) : kg.inStart(e);
    }

    private int end(long[] edges, int e) {
        return edges == out ? kg.outEnd(e) : kg.inEnd(e);
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
     * Body size and PCA body size of a closed rule: distinct (x, y) for which the body holds, and those among
     * them whose functional side has a head-relation fact. Counting stops once the PCA body size exceeds
     * {@code pcaLimit} (the rule then cannot reach the PCA threshold); {@link WorkRule#exact} says whether it did.
     */
    void measure(WorkRule rule, long pcaLimit) {
        loadBody(rule);
        int head = rule.headRelation();
        boolean subjectFunctional = kg.subjectIsFunctional(head);
        int fVar = subjectFunctional ? 0 : 1;
        gVar = subjectFunctional ? 1 : 0;
        if (seen == null) {
            seen = new int[kg.entityCount()];
        }
        // the values of f: the smallest domain among the atoms that mention it
        int[] domain = null;
        for (int i = 0; i < bodyCount; i++) {
            int[] d = bs[i] == fVar ? kg.subjects(br[i]) : bo[i] == fVar ? kg.objects(br[i]) : null;
            if (d != null && (domain == null || d.length < domain.length)) {
                domain = d;
            }
        }
        if (domain == null) {
            throw new IllegalStateException("closed rule without its head variable in the body");
        }
        mode = MODE_MEASURE;
        int bodyMask = (1 << bodyCount) - 1;
        long body = 0;
        long pcaBody = 0;
        boolean exact = true;
        for (int x : domain) {
            if (++seenStamp == Integer.MAX_VALUE) {
                Arrays.fill(seen, 0);
                seenStamp = 1;
            }
            val[fVar] = x;
            pairCount = 0;
            stop = false;
            cut = false;
            join(bodyMask);
            if (pairCount == 0) {
                continue;
            }
            body += pairCount;
            if (subjectFunctional ? kg.hasOut(x, head) : kg.hasIn(x, head)) {
                pcaBody += pairCount;
                if (pcaBody > pcaLimit) {
                    exact = false;
                    break;
                }
            }
        }
        val[fVar] = -1;
        rule.measured(body, pcaBody, exact);
    }
}
