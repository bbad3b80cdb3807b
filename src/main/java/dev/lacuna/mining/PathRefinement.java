package dev.lacuna.mining;

import java.util.Arrays;

/**
 * Refinement of a body that is a path from head variable h, {@code h - z - w} (atom A1 between h and z, atom A2
 * between z and w, in either direction), whose slots all close the other head variable o with w: the open rules
 * of three atoms that the refinement into four atoms (maxad 4) must close. {@link GroupedRefinement} walks the
 * path forward from each value of h and matches the ends w against each fact's o; on a KG with hubs the paths
 * through a hub z are walked again for every h next to it, and a hub o's edges again for every one of its facts.
 * This strategy walks from the other end, once per value of o: o's edges (r, w) in the slots' directions, then
 * w's A2 edges to z, kept only for the z next to some h of o's facts, are indexed by z; each fact (h, o) then
 * looks up h's A1 neighbours z and marks their cells. The relation r of a closing atom marks fact (h, o) exactly
 * when some z next to h has such a w, so the counts are the forward walk's. {@link #cheaper} picks the direction
 * per rule by the edges each would visit. Not thread-safe.
 */
final class PathRefinement {
    private final KgIndex kg;
    private final BodyJoin join;
    private final SlotCounts counts;
    private final long[] out;
    private final long[] in;

    // the path: A1 = body atom a1 (h - z), A2 = body atom a2 (z - w)
    private int h;
    private int z;
    private int w;
    private int a1;
    private int a2;

    private int[] zStamp;
    private int zId;
    private int[] cellStamp;
    private int[] cellStart;
    private int[] cellFill;
    private int cellId;
    private final IntList zs = new IntList();
    private long[] matches = new long[64];
    private int matchCount;
    private int[] cells = new int[64];

    PathRefinement(BodyJoin join, SlotCounts counts) {
        this.join = join;
        this.counts = counts;
        this.kg = join.kg;
        this.out = join.out;
        this.in = join.in;
    }

    /**
     * Whether the body atoms in {@code bodyMask} are a path {@code h - z - w} from grouping variable {@code g}
     * and every slot is a closing one between the other head variable and w.
     */
    boolean applies(int g, int bodyMask) {
        if (Integer.bitCount(bodyMask) != 2) {
            return false;
        }
        int i = Integer.numberOfTrailingZeros(bodyMask);
        int j = Integer.numberOfTrailingZeros(bodyMask & (bodyMask - 1));
        int first = other(i, g);
        if (first >= 0) {
            a1 = i;
            a2 = j;
        } else {
            first = other(j, g);
            a1 = j;
            a2 = i;
        }
        if (first < 2) {
            return false;
        }
        int second = other(a2, first);
        if (second < 2 || second == first) {
            return false;
        }
        h = g;
        z = first;
        w = second;
        int o = 1 - g;
        for (int s = 0; s < counts.nSlots; s++) {
            boolean ow = counts.a[s] == o && counts.b[s] == w;
            boolean wo = counts.a[s] == w && counts.b[s] == o;
            if (counts.kind[s] != SlotCounts.CLOSING || !(ow || wo)) {
                return false;
            }
        }
        return true;
    }

    /** The other variable of body atom i if one of its ends is v, else -1. */
    private int other(int i, int v) {
        if (join.bs[i] == v) {
            return join.bo[i];
        }
        return join.bo[i] == v ? join.bs[i] : -1;
    }

    /** A1's edges from h's value e (z values), as a packed range of {@link #a1Edges}. */
    private long a1Range(int e) {
        return join.bs[a1] == h ? kg.outRange(e, join.br[a1]) : kg.inRange(e, join.br[a1]);
    }

    private long[] a1Edges() {
        return join.bs[a1] == h ? out : in;
    }

    /** A2's edges from z's value e (w values), walking forward. */
    private long a2Forward(int e) {
        return join.bs[a2] == z ? kg.outRange(e, join.br[a2]) : kg.inRange(e, join.br[a2]);
    }

    /** A2's edges from w's value e (z values), walking backward. */
    private long a2Backward(int e) {
        return join.bs[a2] == w ? kg.outRange(e, join.br[a2]) : kg.inRange(e, join.br[a2]);
    }

    private long[] a2BackwardEdges() {
        return join.bs[a2] == w ? out : in;
    }

    private static int size(long range) {
        return KgIndex.low(range) - KgIndex.high(range);
    }

    /**
     * Whether walking back from o costs fewer edge visits than the forward walk: forward, every path from each h
     * and each fact's o edges (at most the paths' ends); backward, each o's slot edges and their A2 edges, and
     * each fact's A1 edges. {@code byH} are the facts as (h, o), {@code byO} as (o, h), both sorted.
     */
    boolean cheaper(long[] byH, long[] byO) {
        long[] e1 = a1Edges();
        long forward = 0;
        for (int i = 0; i < byH.length; ) {
            int j = KgIndex.runEnd(byH, i);
            long r1 = a1Range(KgIndex.high(byH[i]));
            long paths = 0;
            for (int k = KgIndex.high(r1); k < KgIndex.low(r1); k++) {
                paths += size(a2Forward(KgIndex.low(e1[k])));
            }
            forward += paths;
            if (paths > 0) {
                for (int f = i; f < j; f++) {
                    forward += Math.min(paths, slotDegree(KgIndex.low(byH[f])));
                }
            }
            i = j;
        }
        long backward = 0;
        for (int i = 0; i < byO.length && backward < forward; ) {
            int j = KgIndex.runEnd(byO, i);
            int ov = KgIndex.high(byO[i]);
            for (int f = i; f < j; f++) {
                backward += size(a1Range(KgIndex.low(byO[f])));
            }
            for (int s = 0; s < counts.nSlots; s++) {
                boolean fromO = counts.a[s] != w;
                long[] edges = fromO ? out : in;
                for (int k = fromO ? kg.outStart(ov) : kg.inStart(ov), end = fromO ? kg.outEnd(ov) : kg.inEnd(ov);
                        k < end; k++) {
                    backward += 1 + size(a2Backward(KgIndex.low(edges[k])));
                }
            }
            i = j;
        }
        return backward < forward;
    }

    /** The edges of o's value e that the slots walk. */
    private long slotDegree(int e) {
        long d = 0;
        for (int s = 0; s < counts.nSlots; s++) {
            d += counts.a[s] != w ? kg.outEnd(e) - kg.outStart(e) : kg.inEnd(e) - kg.inStart(e);
        }
        return d;
    }

    /** Counts the refinements over {@code byO}, the head facts as (o, h) pairs sorted by o. */
    void run(long[] byO) {
        if (zStamp == null) {
            zStamp = new int[kg.entityCount()];
            cellStamp = new int[kg.entityCount()];
            cellStart = new int[kg.entityCount()];
            cellFill = new int[kg.entityCount()];
        }
        long[] e1 = a1Edges();
        for (int i = 0; i < byO.length; ) {
            int j = KgIndex.runEnd(byO, i);
            indexGroup(byO, i, j);
            for (int f = i; f < j; f++) {
                counts.nextStamp();
                long r1 = a1Range(KgIndex.low(byO[f]));
                for (int k = KgIndex.high(r1); k < KgIndex.low(r1); k++) {
                    int zv = KgIndex.low(e1[k]);
                    if (cellStamp[zv] == cellId) {
                        for (int c = cellStart[zv], end = c + cellFill[zv]; c < end; c++) {
                            counts.mark(cells[c]);
                        }
                    }
                }
            }
            i = j;
        }
    }

    /**
     * For the group of facts [from, to) of one o: the z next to their h, then per such z the cells (slot,
     * relation) of the paths o - w - z, laid out by a counting sort.
     */
    private void indexGroup(long[] byO, int from, int to) {
        if (++zId == Integer.MAX_VALUE) {
            Arrays.fill(zStamp, 0);
            zId = 1;
        }
        if (++cellId == Integer.MAX_VALUE) {
            Arrays.fill(cellStamp, 0);
            cellId = 1;
        }
        long[] e1 = a1Edges();
        for (int f = from; f < to; f++) {
            long r1 = a1Range(KgIndex.low(byO[f]));
            for (int k = KgIndex.high(r1); k < KgIndex.low(r1); k++) {
                zStamp[KgIndex.low(e1[k])] = zId;
            }
        }
        int ov = KgIndex.high(byO[from]);
        long[] e2 = a2BackwardEdges();
        zs.clear();
        matchCount = 0;
        for (int s = 0; s < counts.nSlots; s++) {
            boolean fromO = counts.a[s] != w; // the closing atom is (o, r, w): o's out-edges; (w, r, o): in-edges
            long[] edges = fromO ? out : in;
            int base = s * counts.nRel;
            for (int k = fromO ? kg.outStart(ov) : kg.inStart(ov), end = fromO ? kg.outEnd(ov) : kg.inEnd(ov);
                    k < end; k++) {
                int cell = base + KgIndex.high(edges[k]);
                long r2 = a2Backward(KgIndex.low(edges[k]));
                for (int m = KgIndex.high(r2); m < KgIndex.low(r2); m++) {
                    int zv = KgIndex.low(e2[m]);
                    if (zStamp[zv] != zId) {
                        continue;
                    }
                    if (cellStamp[zv] != cellId) {
                        cellStamp[zv] = cellId;
                        cellFill[zv] = 0;
                        zs.add(zv);
                    }
                    cellFill[zv]++;
                    if (matchCount == matches.length) {
                        matches = Arrays.copyOf(matches, 2 * matchCount);
                    }
                    matches[matchCount++] = KgIndex.pack(zv, cell);
                }
            }
        }
        cells = Buckets.group(zs, cellStart, cellFill, matches, matchCount, cells);
    }
}
