package dev.lacuna.mining;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * Refinement of a body of two atoms, each linking one head variable to its own fresh variable (c and d), with
 * closing slots only between c and d: per head fact the (c, d) groundings are then the product of two edge
 * lists, and the relations between them are found by walking the cheaper side's edges into a set of the other
 * side instead of trying every pair; facts that share the value of one head variable share that side's walk.
 * Gives the same counts as the join. Not thread-safe.
 */
final class ProductRefinement {
    private final BodyJoin join;
    private final SlotCounts counts;
    private final KgIndex kg;
    private final long[] out;
    private final long[] in;
    private int[] setStamp;
    private int setId;
    private int slotCD;
    private int slotDC;
    // the group's index of the fixed side's neighbours: per neighbour w a run of cells in neighbourCells
    private int[] neighbourStamp;
    private int[] neighbourStart;
    private int[] neighbourFill;
    private int neighbourId;
    private int[] neighbourCells = new int[64];
    private long[] matches = new long[64];
    private int matchCount;
    /** The other side's slice of each fact of the group. */
    private long[] otherRanges = new long[64];
    private final IntList neighbours = new IntList();

    ProductRefinement(BodyJoin join, SlotCounts counts) {
        this.join = join;
        this.counts = counts;
        this.kg = join.kg;
        this.out = join.out;
        this.in = join.in;
    }

    /** Whether the loaded body and the slots have the product shape. */
    boolean applies() {
        if (join.bodyCount != 2) {
            return false;
        }
        int c = freeEnd(0);
        int d = freeEnd(1);
        if (c < 0 || d < 0 || c == d) {
            return false;
        }
        for (int s = 0; s < counts.nSlots; s++) {
            int a = counts.a[s];
            int b = counts.b[s];
            if (counts.kind[s] != SlotCounts.CLOSING || !((a == c && b == d) || (a == d && b == c))) {
                return false;
            }
        }
        return true;
    }

    /** The non-head variable of body atom i if the atom has exactly one head variable, else -1. */
    private int freeEnd(int i) {
        boolean sHead = join.bs[i] <= 1;
        boolean oHead = join.bo[i] <= 1;
        if (sHead == oHead) {
            return -1;
        }
        return sHead ? join.bo[i] : join.bs[i];
    }

    /**
     * Counts the refinements over the head facts, given sorted by subject ({@code bySubject}, (s, o) pairs) and
     * by object ({@code byObject}, (o, s) pairs). The facts are taken in groups of one value of a head variable g:
     * the body atom on g has the same edges for the whole group, so when that side is the costly one its edges
     * into the other side's values of the whole group are indexed once ({@link #indexNeighbours}) and each fact
     * then looks up only its own other-side values, instead of walking the costly side again for every fact.
     */
    void run(long[] bySubject, Supplier<long[]> byObject) {
        if (setStamp == null) {
            setStamp = new int[kg.entityCount()];
        }
        int c = freeEnd(0);
        slotCD = -1;
        slotDC = -1;
        for (int s = 0; s < counts.nSlots; s++) {
            if (counts.a[s] == c) {
                slotCD = s;
            } else {
                slotDC = s;
            }
        }
        int head0 = headEnd(0);
        int head1 = headEnd(1);
        int g;
        if (head0 == head1) {
            g = head0;
        } else {
            // the variable with fewer values makes the larger groups
            g = distinctFirst(bySubject) <= distinctFirst(byObject.get()) ? 0 : 1;
        }
        long[] facts = g == 0 ? bySubject : byObject.get();
        int fixed = head0 == g ? 0 : 1;
        int[] val = join.val;
        int i = 0;
        while (i < facts.length) {
            int gv = KgIndex.high(facts[i]);
            int j = KgIndex.runEnd(facts, i);
            val[g] = gv;
            val[1 - g] = -1;
            long fixedRange = slice(fixed);
            if (KgIndex.high(fixedRange) != KgIndex.low(fixedRange)) {
                if (j - i > 1 && groupedIsCheaper(facts, i, j, g, fixed, fixedRange)) {
                    countGrouped(j - i, fixed, fixedRange);
                } else {
                    for (int f = i; f < j; f++) {
                        val[g] = gv;
                        val[1 - g] = KgIndex.low(facts[f]);
                        countFact();
                    }
                }
            }
            i = j;
        }
        val[0] = -1;
        val[1] = -1;
    }

    /** One head fact, bound in val[0] and val[1]: the cheaper side's edges walked into a set of the other side. */
    private void countFact() {
        counts.nextStamp();
        long uRange = slice(0);
        int uFrom = KgIndex.high(uRange);
        int uTo = KgIndex.low(uRange);
        if (uFrom == uTo) {
            return;
        }
        long vRange = slice(1);
        int vFrom = KgIndex.high(vRange);
        int vTo = KgIndex.low(vRange);
        if (vFrom == vTo) {
            return;
        }
        long[] ue = edges(0);
        long[] ve = edges(1);
        long costU = cost(ue, uFrom, uTo);
        long costV = cost(ve, vFrom, vTo);
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

    /**
     * Whether indexing the fixed side once and looking up the other side's values for each fact costs less than
     * the per-fact walks (each walks the cheaper side's edges). Keeps each fact's other-side slice in
     * {@link #otherRanges}.
     */
    private boolean groupedIsCheaper(long[] facts, int from, int to, int g, int fixed, long fixedRange) {
        long costFixed = cost(edges(fixed), KgIndex.high(fixedRange), KgIndex.low(fixedRange));
        long perFact = 0;
        long grouped = costFixed;
        int other = 1 - fixed;
        long[] oe = edges(other);
        if (otherRanges.length < to - from) {
            otherRanges = new long[Math.max(to - from, 2 * otherRanges.length)];
        }
        for (int f = from; f < to; f++) {
            join.val[1 - g] = KgIndex.low(facts[f]);
            long range = slice(other);
            otherRanges[f - from] = range;
            int oFrom = KgIndex.high(range);
            int oTo = KgIndex.low(range);
            perFact += Math.min(costFixed, cost(oe, oFrom, oTo));
            grouped += 2L * (oTo - oFrom);
        }
        return grouped < perFact;
    }

    /**
     * The group's facts from an index of the fixed side's edges into the other side's values of the whole group:
     * per fact then a lookup of each of its other-side values.
     */
    private void countGrouped(int n, int fixed, long fixedRange) {
        long[] oe = edges(1 - fixed);
        if (++setId == Integer.MAX_VALUE) {
            Arrays.fill(setStamp, 0);
            setId = 1;
        }
        for (int f = 0; f < n; f++) {
            for (int k = KgIndex.high(otherRanges[f]), end = KgIndex.low(otherRanges[f]); k < end; k++) {
                setStamp[KgIndex.low(oe[k])] = setId;
            }
        }
        // the fixed side is c (atom 0): its out-edges (c, r, d) are slot c->d; else d: its out-edges are slot d->c
        indexNeighbours(edges(fixed), KgIndex.high(fixedRange), KgIndex.low(fixedRange),
                fixed == 0 ? slotCD : slotDC, fixed == 0 ? slotDC : slotCD);
        for (int f = 0; f < n; f++) {
            counts.nextStamp();
            for (int k = KgIndex.high(otherRanges[f]), end = KgIndex.low(otherRanges[f]); k < end; k++) {
                int y = KgIndex.low(oe[k]);
                if (neighbourStamp[y] == neighbourId) {
                    for (int e = neighbourStart[y], stop = e + neighbourFill[y]; e < stop; e++) {
                        counts.mark(neighbourCells[e]);
                    }
                }
            }
        }
    }

    /**
     * Indexes by w the edges (x, r, w) under slotOut and (w, r, x) under slotIn of the slice's entities x whose
     * w is in the set: per w its run of cells (slot, r), laid out by a counting sort.
     */
    private void indexNeighbours(long[] slice, int from, int to, int slotOut, int slotIn) {
        if (neighbourStamp == null) {
            neighbourStamp = new int[kg.entityCount()];
            neighbourStart = new int[kg.entityCount()];
            neighbourFill = new int[kg.entityCount()];
        }
        if (++neighbourId == Integer.MAX_VALUE) {
            Arrays.fill(neighbourStamp, 0);
            neighbourId = 1;
        }
        neighbours.clear();
        matchCount = 0;
        for (int k = from; k < to; k++) {
            int x = KgIndex.low(slice[k]);
            if (slotOut >= 0) {
                collect(slotOut, out, kg.outStart(x), kg.outEnd(x));
            }
            if (slotIn >= 0) {
                collect(slotIn, in, kg.inStart(x), kg.inEnd(x));
            }
        }
        neighbourCells = Buckets.group(neighbours, neighbourStart, neighbourFill, matches, matchCount, neighbourCells);
    }

    /** The edges in [from, to) whose far end is in the set: (w, cell) into {@link #matches}, counted per w. */
    private void collect(int slot, long[] edges, int from, int to) {
        int base = slot * counts.nRel;
        for (int e = from; e < to; e++) {
            int w = KgIndex.low(edges[e]);
            if (setStamp[w] != setId) {
                continue;
            }
            if (neighbourStamp[w] != neighbourId) {
                neighbourStamp[w] = neighbourId;
                neighbourFill[w] = 0;
                neighbours.add(w);
            }
            neighbourFill[w]++;
            if (matchCount == matches.length) {
                matches = Arrays.copyOf(matches, 2 * matchCount);
            }
            matches[matchCount++] = KgIndex.pack(w, base + KgIndex.high(edges[e]));
        }
    }

    /** Body atom i's edges from its head variable's value (bound in val) under its relation, as a packed range. */
    private long slice(int i) {
        int[] val = join.val;
        return join.bs[i] <= 1 ? kg.outRange(val[join.bs[i]], join.br[i]) : kg.inRange(val[join.bo[i]], join.br[i]);
    }

    private long[] edges(int i) {
        return join.bs[i] <= 1 ? out : in;
    }

    /** The head variable of body atom i. */
    private int headEnd(int i) {
        return join.bs[i] <= 1 ? join.bs[i] : join.bo[i];
    }

    /** The summed degree of the slice's entities: the edges a walk from them would visit. */
    private long cost(long[] slice, int from, int to) {
        long cost = 0;
        for (int k = from; k < to; k++) {
            int x = KgIndex.low(slice[k]);
            cost += (kg.outEnd(x) - kg.outStart(x)) + (kg.inEnd(x) - kg.inStart(x));
        }
        return cost;
    }

    private static int distinctFirst(long[] sorted) {
        int n = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || KgIndex.high(sorted[i]) != KgIndex.high(sorted[i - 1])) {
                n++;
            }
        }
        return n;
    }

    /** For each entity x in the slice: its out-edges into the set mark slotOut, its in-edges from the set slotIn. */
    private void walk(long[] slice, int from, int to, int slotOut, int slotIn) {
        for (int k = from; k < to; k++) {
            int x = KgIndex.low(slice[k]);
            if (slotOut >= 0) {
                int base = slotOut * counts.nRel;
                for (int j = kg.outStart(x), e = kg.outEnd(x); j < e; j++) {
                    if (setStamp[KgIndex.low(out[j])] == setId) {
                        counts.mark(base + KgIndex.high(out[j]));
                    }
                }
            }
            if (slotIn >= 0) {
                int base = slotIn * counts.nRel;
                for (int j = kg.inStart(x), e = kg.inEnd(x); j < e; j++) {
                    if (setStamp[KgIndex.low(in[j])] == setId) {
                        counts.mark(base + KgIndex.high(in[j]));
                    }
                }
            }
        }
    }
}
