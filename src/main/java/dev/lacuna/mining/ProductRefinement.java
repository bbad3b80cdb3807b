package dev.lacuna.mining;

import java.util.Arrays;

/**
 * Refinement of a body of two atoms, each linking one head variable to its own fresh variable (c and d), with
 * closing slots only between c and d: per head fact the (c, d) groundings are then the product of two edge
 * lists, and the relations between them are found by walking the cheaper side's edges into a set of the other
 * side instead of trying every pair. Gives the same counts as the join. Not thread-safe.
 */
final class ProductRefinement {
    private final BodyJoin join;
    private final SlotCounts counts;
    private final KgIndex kg;
    private final long[] out;
    private final long[] in;
    private int[] setStamp;
    private int setId;

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

    void run(long[] headFacts) {
        if (setStamp == null) {
            setStamp = new int[kg.entityCount()];
        }
        int[] bs = join.bs;
        int[] br = join.br;
        int[] bo = join.bo;
        int[] val = join.val;
        int c = freeEnd(0);
        int slotCD = -1;
        int slotDC = -1;
        for (int s = 0; s < counts.nSlots; s++) {
            if (counts.a[s] == c) {
                slotCD = s;
            } else {
                slotDC = s;
            }
        }
        for (long f : headFacts) {
            counts.nextStamp();
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

    private int start(long[] edges, int e) {
        return edges == out ? kg.outStart(e) : kg.inStart(e);
    }

    private int end(long[] edges, int e) {
        return edges == out ? kg.outEnd(e) : kg.inEnd(e);
    }
}
