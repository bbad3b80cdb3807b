package dev.lacuna.mining;

import java.util.Arrays;

/**
 * Refinement counting: the slots a new atom can go into (a dangling atom on one variable, or a closing atom
 * between two) and, per slot and relation, the number of head facts (head bindings) for which the new atom keeps
 * the body true, AMIE3's refinement counts. A head fact marks each (slot, relation) cell at most once: the cells
 * carry the stamp of the fact that last marked them. Not thread-safe.
 */
final class SlotCounts {
    static final int DANGLING_OUT = 0; // (v, r, fresh)
    static final int DANGLING_IN = 1; // (fresh, r, v)
    static final int CLOSING = 2; // (v, r, w)
    static final int MAX_SLOTS = 64;

    private final KgIndex kg;
    private final long[] out;
    private final long[] in;
    final int nRel;
    private final long[] outRuns;
    private final long[] inRuns;
    // per closing slot: the edges of its subject's value by object, of its object's value by subject
    private final NeighbourTable[] outTables = new NeighbourTable[MAX_SLOTS];
    private final NeighbourTable[] inTables = new NeighbourTable[MAX_SLOTS];

    int nSlots;
    final int[] kind = new int[MAX_SLOTS];
    final int[] a = new int[MAX_SLOTS];
    final int[] b = new int[MAX_SLOTS];
    private final int[] lastA = new int[MAX_SLOTS];
    private final int[] lastB = new int[MAX_SLOTS];
    // values at the previous grounding, kept across head facts: an end that repeats is worth indexing
    private final int[] prevA = new int[MAX_SLOTS];
    private final int[] prevB = new int[MAX_SLOTS];
    int[] stamp = new int[0];
    int[] count = new int[0];
    int factStamp;
    /** When not null, every cell a fact marks for the first time is added here (the grouped strategy's replay). */
    IntList touched;

    SlotCounts(KgIndex kg) {
        this.kg = kg;
        this.out = kg.outEdges();
        this.in = kg.inEdges();
        this.nRel = kg.relationCount();
        this.outRuns = kg.outRuns();
        this.inRuns = kg.inRuns();
    }

    void clearSlots() {
        nSlots = 0;
    }

    void addSlot(int slotKind, int slotA, int slotB) {
        for (int s = 0; s < nSlots; s++) {
            if (kind[s] == slotKind && a[s] == slotA && b[s] == slotB) {
                return;
            }
        }
        kind[nSlots] = slotKind;
        a[nSlots] = slotA;
        b[nSlots] = slotB;
        nSlots++;
    }

    /** Zero counts for the current slots. */
    void resetCounts() {
        int cells = nSlots * nRel;
        if (stamp.length < cells) {
            stamp = new int[cells];
            count = new int[cells];
        } else {
            Arrays.fill(count, 0, cells, 0);
        }
    }

    int count(int slot, int relation) {
        return count[slot * nRel + relation];
    }

    /** A new head fact: a fresh stamp, and no slot remembers the last grounding's values. */
    void nextFact() {
        nextStamp();
        for (int s = 0; s < nSlots; s++) {
            lastA[s] = -1;
            lastB[s] = -1;
        }
    }

    void nextStamp() {
        if (++factStamp == Integer.MAX_VALUE) {
            Arrays.fill(stamp, 0);
            factStamp = 1;
        }
    }

    /** Whether every slot is on the given variables only: then one grounding per head fact marks all it can. */
    boolean allSlotsWithin(int maxVariable) {
        for (int s = 0; s < nSlots; s++) {
            if (a[s] > maxVariable || (kind[s] == CLOSING && b[s] > maxVariable)) {
                return false;
            }
        }
        return true;
    }

    /** Marks the relations every slot can take under the grounding {@code val}. */
    void markSlots(int[] val) {
        for (int s = 0; s < nSlots; s++) {
            markSlot(s, val);
        }
    }

    /** Marks the relations slot s can take under the grounding {@code val}. */
    void markSlot(int s, int[] val) {
        int av = val[a[s]];
        switch (kind[s]) {
            case DANGLING_OUT -> {
                if (lastA[s] != av) {
                    lastA[s] = av;
                    markRelations(s, outRuns, kg.outRelStart(av), kg.outRelEnd(av));
                }
            }
            case DANGLING_IN -> {
                if (lastA[s] != av) {
                    lastA[s] = av;
                    markRelations(s, inRuns, kg.inRelStart(av), kg.inRelEnd(av));
                }
            }
            default -> {
                int bv = val[b[s]];
                if (lastA[s] == av && lastB[s] == bv) {
                    return;
                }
                boolean aStable = prevA[s] == av;
                boolean bStable = prevB[s] == bv;
                lastA[s] = av;
                lastB[s] = bv;
                prevA[s] = av;
                prevB[s] = bv;
                markClosing(s, av, bv, aStable, bStable);
            }
        }
    }

    void markRelations(int slot, long[] runs, int from, int to) {
        int base = slot * nRel;
        for (int k = from; k < to; k++) {
            mark(base + KgIndex.high(runs[k]));
        }
    }

    /** The dangling slot s on entity e: its out- or in-relations. */
    void markDangling(int s, int e) {
        if (kind[s] == DANGLING_OUT) {
            markRelations(s, outRuns, kg.outRelStart(e), kg.outRelEnd(e));
        } else {
            markRelations(s, inRuns, kg.inRelStart(e), kg.inRelEnd(e));
        }
    }

    /**
     * Marks the relations r with r(a, b) for a closing slot. When one end keeps its value over consecutive
     * groundings (a head variable, or a variable bound in an outer loop of the join) that end's edges are
     * indexed by the other end once, so each further grounding costs a lookup instead of a scan.
     */
    void markClosing(int s, int av, int bv, boolean aStable, boolean bStable) {
        int base = s * nRel;
        if (aStable || (outTables[s] != null && outTables[s].isFor(av, out))) {
            NeighbourTable t = table(outTables, s);
            t.build(av, out, kg.outStart(av), kg.outEnd(av));
            for (int k = t.first(bv); k >= 0; k = t.next(k)) {
                mark(base + KgIndex.high(out[k]));
            }
            return;
        }
        if (bStable || (inTables[s] != null && inTables[s].isFor(bv, in))) {
            NeighbourTable t = table(inTables, s);
            t.build(bv, in, kg.inStart(bv), kg.inEnd(bv));
            for (int k = t.first(av); k >= 0; k = t.next(k)) {
                mark(base + KgIndex.high(in[k]));
            }
            return;
        }
        int degA = kg.outEnd(av) - kg.outStart(av);
        int degB = kg.inEnd(bv) - kg.inStart(bv);
        int relsA = kg.outRelEnd(av) - kg.outRelStart(av);
        if (16L * relsA < Math.min(degA, degB)) {
            // a hub with few relations: one binary search per relation of a, within that relation's run
            for (int k = kg.outRelStart(av), end = kg.outRelEnd(av); k < end; k++) {
                int r = KgIndex.high(outRuns[k]);
                int to = KgIndex.low(outRuns[k + 1]);
                long key = KgIndex.pack(r, bv);
                int i = KgIndex.lowerBound(out, KgIndex.low(outRuns[k]), to, key);
                if (i < to && out[i] == key) {
                    mark(base + r);
                }
            }
        } else if (degA <= degB) {
            for (int k = kg.outStart(av), end = kg.outEnd(av); k < end; k++) {
                if (KgIndex.low(out[k]) == bv) {
                    mark(base + KgIndex.high(out[k]));
                }
            }
        } else {
            for (int k = kg.inStart(bv), end = kg.inEnd(bv); k < end; k++) {
                if (KgIndex.low(in[k]) == av) {
                    mark(base + KgIndex.high(in[k]));
                }
            }
        }
    }

    private static NeighbourTable table(NeighbourTable[] tables, int s) {
        if (tables[s] == null) {
            tables[s] = new NeighbourTable();
        }
        return tables[s];
    }

    void mark(int idx) {
        if (stamp[idx] != factStamp) {
            stamp[idx] = factStamp;
            count[idx]++;
            if (touched != null) {
                touched.add(idx);
            }
        }
    }
}
