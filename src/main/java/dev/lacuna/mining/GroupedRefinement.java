package dev.lacuna.mining;

import java.util.Arrays;

/**
 * Refinement of a rule whose body mentions only head variable h: the body's groundings depend on h's value alone,
 * so they are enumerated once per value of h instead of once per head fact (a hub such as a country object would
 * otherwise have its paths walked again for each of its thousands of facts). Slots not on the outer variable o
 * mark their relations once for the group, counted for each of its facts; slots on o collect the values of their
 * other end, and each fact (h, o) then marks the relations between o and those values. Gives the same counts as
 * the join fact by fact. Not thread-safe.
 */
final class GroupedRefinement implements BodyJoin.Leaf {
    private final BodyJoin join;
    private final SlotCounts counts;
    private final KgIndex kg;
    private final long[] out;
    private final long[] in;

    private boolean allSlotsOnHead;
    private boolean found;
    private final boolean[] onOuter = new boolean[SlotCounts.MAX_SLOTS];
    private final int[] outerOther = new int[SlotCounts.MAX_SLOTS];
    private final IntList[] collected = new IntList[SlotCounts.MAX_SLOTS];
    /**
     * The group's distinct values of each variable that a slot on o links to, in first-seen order: slots that
     * share that variable share one list, and a stamp per entity drops a repeat as it comes (hub groups reach the
     * same value along thousands of paths; sorting those repeats away was a tenth of maxad-4 mining). The order
     * does not matter: the values only mark cells, and a cell counts once per fact.
     */
    private final IntList[] byVariable = new IntList[64];
    private final int[][] variableStamp = new int[64][];
    private final int[] otherVars = new int[SlotCounts.MAX_SLOTS];
    private int otherVarCount;
    private int groupStamp;
    /** The values of a dangling slot on o: none, it links o to a fresh variable. */
    private final IntList none = new IntList();
    private final IntList touched = new IntList();

    private int[] memberStamp;
    private int memberId;
    private int[] outerStamp;
    private int[] outerPosition;
    private int outerId;
    private long[] pairs = new long[64];

    GroupedRefinement(BodyJoin join, SlotCounts counts) {
        this.join = join;
        this.counts = counts;
        this.kg = join.kg;
        this.out = join.out;
        this.in = join.in;
    }

    @Override
    public void reached() {
        found = true;
        int[] val = join.val;
        for (int k = 0; k < otherVarCount; k++) {
            int w = otherVars[k];
            int v = val[w];
            if (variableStamp[w][v] != groupStamp) {
                variableStamp[w][v] = groupStamp;
                byVariable[w].add(v);
            }
        }
        for (int s = 0; s < counts.nSlots; s++) {
            if (!onOuter[s]) {
                counts.markSlot(s, val);
            }
        }
        if (allSlotsOnHead) {
            join.stop = true;
        }
    }

    /** Counts the loaded body's refinements over {@code facts}: (h, o) pairs sorted by h. */
    void run(long[] facts, int h, int bodyMask, boolean allSlotsOnHead) {
        this.allSlotsOnHead = allSlotsOnHead;
        int o = 1 - h;
        int[] slotKind = counts.kind;
        otherVarCount = 0;
        for (int s = 0; s < counts.nSlots; s++) {
            boolean outerA = counts.a[s] == o;
            boolean outerB = slotKind[s] == SlotCounts.CLOSING && counts.b[s] == o;
            onOuter[s] = outerA || outerB;
            outerOther[s] = slotKind[s] != SlotCounts.CLOSING ? -1 : outerA ? counts.b[s] : outerB ? counts.a[s] : -1;
            int w = outerOther[s];
            collected[s] = none;
            if (w >= 0) {
                if (byVariable[w] == null) {
                    byVariable[w] = new IntList();
                    variableStamp[w] = new int[kg.entityCount()];
                }
                collected[s] = byVariable[w];
                boolean known = false;
                for (int k = 0; k < otherVarCount; k++) {
                    known |= otherVars[k] == w;
                }
                if (!known) {
                    otherVars[otherVarCount++] = w;
                }
            }
        }
        join.leaf = this;
        int i = 0;
        while (i < facts.length) {
            int hv = KgIndex.high(facts[i]);
            int j = KgIndex.runEnd(facts, i);
            counts.nextFact();
            if (++groupStamp == Integer.MAX_VALUE) {
                for (int[] stamps : variableStamp) {
                    if (stamps != null) {
                        Arrays.fill(stamps, 0);
                    }
                }
                groupStamp = 1;
            }
            for (int k = 0; k < otherVarCount; k++) {
                byVariable[otherVars[k]].clear();
            }
            touched.clear();
            join.val[h] = hv;
            join.val[o] = -1;
            join.stop = false;
            join.cut = false;
            found = false;
            counts.touched = touched;
            join.join(bodyMask);
            counts.touched = null;
            if (found) {
                int extra = j - i - 1;
                for (int k = 0; k < touched.size(); k++) {
                    counts.count[touched.get(k)] += extra;
                }
                markOuterFacts(facts, i, j);
            }
            i = j;
        }
        join.val[h] = -1;
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
        if (counts.factStamp >= Integer.MAX_VALUE - n - 1) {
            Arrays.fill(counts.stamp, 0);
            counts.factStamp = 0;
        }
        int base = counts.factStamp;
        int nRel = counts.nRel;
        for (int s = 0; s < counts.nSlots; s++) {
            if (!onOuter[s]) {
                continue;
            }
            int kind = counts.kind[s];
            IntList values = collected[s];
            boolean walk = kind == SlotCounts.CLOSING && values.size() > 1;
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
            if (kind == SlotCounts.CLOSING) {
                boolean intoOuter = counts.a[s] == outerOther[s];
                for (int k = 0; k < values.size(); k++) {
                    int v = values.get(k);
                    valueDegrees += intoOuter ? kg.outEnd(v) - kg.outStart(v) : kg.inEnd(v) - kg.inStart(v);
                }
            }
            if (walk && fromValues(s, facts, from, to, valueDegrees)) {
                continue;
            }
            for (int f = 0; f < n; f++) {
                counts.factStamp = base + 1 + f;
                int ov = KgIndex.low(facts[from + f]);
                if (kind != SlotCounts.CLOSING) {
                    counts.markDangling(s, ov);
                    continue;
                }
                boolean intoOuter = counts.a[s] == outerOther[s]; // the atom is (other, r, outer)
                int outerDegree = intoOuter ? kg.inEnd(ov) - kg.inStart(ov) : kg.outEnd(ov) - kg.outStart(ov);
                if (walk && outerDegree <= valueDegrees) {
                    long[] edges = intoOuter ? in : out;
                    int cell = s * nRel;
                    for (int k = intoOuter ? kg.inStart(ov) : kg.outStart(ov),
                            end = intoOuter ? kg.inEnd(ov) : kg.outEnd(ov); k < end; k++) {
                        if (memberStamp[KgIndex.low(edges[k])] == memberId) {
                            counts.mark(cell + KgIndex.high(edges[k]));
                        }
                    }
                } else {
                    for (int k = 0; k < values.size(); k++) {
                        if (intoOuter) {
                            counts.markClosing(s, values.get(k), ov, false, false);
                        } else {
                            counts.markClosing(s, ov, values.get(k), false, false);
                        }
                    }
                }
            }
        }
        counts.factStamp = base + n;
    }

    /**
     * A closing slot of a big group from the other side: each value's edges are walked once for the whole group
     * and matched against the group's outer values, instead of once per fact. Used when that is cheaper than the
     * per-fact work ({@code valueDegrees} is the values' edge count in the slot's direction); the distinct
     * (fact, relation) pairs found are counted as the per-fact marks would be. Returns whether it ran.
     */
    private boolean fromValues(int s, long[] facts, int from, int to, long valueDegrees) {
        boolean intoOuter = counts.a[s] == outerOther[s];
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
        int cell = s * counts.nRel;
        for (int i = 0; i < n; i++) {
            if (i == 0 || pairs[i] != pairs[i - 1]) {
                counts.count[cell + KgIndex.low(pairs[i])]++;
            }
        }
        return true;
    }
}
