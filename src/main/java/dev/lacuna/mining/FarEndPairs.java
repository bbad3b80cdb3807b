package dev.lacuna.mining;

import static dev.lacuna.mining.WalkLabels.label;
import static dev.lacuna.mining.WalkLabels.pack;

import java.util.Arrays;

/**
 * For {@link ThreeHopClosures}: the facts that share their far end b, and per x met from their near ends the
 * distinct label pairs (x -> y, y -> b) of the walks x - y - b that some queued rule can use, found from x's edges,
 * from each y, or for all the group's x at once from the y's edges, whichever walks fewer edges. Not thread-safe.
 */
final class FarEndPairs {
    /** Which labels the queued rules can use, as the walk's direction turns them. */
    interface Usable {
        /** Whether a walk's first edge may have label l0. */
        boolean firstUsable(int l0);

        /** Whether every pair (l1, l2) is usable. */
        boolean anySecond(int l1);

        /** Whether the pair (l1, l2) is usable when {@link #anySecond} is not. */
        boolean usable(int l1, int l2);
    }

    /** A binary search in x's edges costs about this many edge visits. */
    private static final int SEARCH_COST = 16;
    /** The most label pairs {@link #pairSeen} holds (16 MiB; the 822 relations of Wikidata5m need 2.7M). */
    static final long PAIR_TABLE_LIMIT = 1 << 22;

    private final KgIndex kg;
    private final long[] out;
    private final long[] in;
    private final long[] outRuns;
    private final long[] inRuns;
    private final Usable filter;

    // the group of facts sharing the far end b: b's neighbours y, each with the labels of the edges y -> b
    private int[] yStamp;
    /**
     * The group's y as bits: most of a walk's edges x -> y miss the far end's neighbours, and a test in this
     * array (an eighth of a byte per entity, mostly in cache) replaces a cache miss in {@link #yStamp}.
     */
    private long[] yBits;
    /** The group's x (neighbours of its facts' near ends), as a list and as bits, and their pairs found from y. */
    private final IntList xs = new IntList();
    private long[] xBits;
    private long[] xPairs = new long[64];
    private int[] xCells = new int[64];
    private int[] yStart;
    private int[] yFill;
    private int[] yLabels = new int[64];
    private final IntList ys = new IntList();
    /**
     * The degrees of the group's y, sorted, and their prefix sums, made when a first x asks for them: whether
     * walking x's edges beats looking x up from each y was a sum over all y for every x (a tenth of the
     * refinement into four atoms), and is one binary search with these.
     */
    private int[] yDegrees = new int[64];
    private long[] yDegreeSums = new long[65];
    private boolean yDegreesReady;
    private long[] yPairs = new long[64];
    int groupId;
    // per x met in the group: the distinct label pairs (x -> y, y -> b), a slice of pairBuffer; read by the walk
    int[] xStamp;
    int[] xStart;
    int[] xLength;
    long[] pairBuffer = new long[64];
    private int pairCount;
    /**
     * Per label pair (l1, l2): the x whose pairs last held it (a stamp), so that a pair is kept once as it is met.
     * A hub x reaches the far end along thousands of walks with the same few pairs; sorting those repeats away was
     * a quarter of the refinement into four atoms. Null when the labels are too many for a table of all pairs.
     */
    private final int[] pairSeen;
    private final int labelCount;
    private int pairId;

    /** How many groups had their pairs found from the far end's side (for tests). */
    long groupsFromFarEnd;

    /** {@code pairTableLimit}: the most label pairs the stamp table may hold; without it pairs are sorted. */
    FarEndPairs(KgIndex kg, Usable filter, long pairTableLimit) {
        this.kg = kg;
        this.out = kg.outEdges();
        this.in = kg.inEdges();
        this.outRuns = kg.outRuns();
        this.inRuns = kg.inRuns();
        this.filter = filter;
        int labels = 2 * kg.relationCount();
        this.labelCount = labels;
        this.pairSeen = (long) labels * labels <= pairTableLimit ? new int[labels * labels] : null;
        int n = kg.entityCount();
        yStamp = new int[n];
        yBits = new long[(n + 63) >>> 6];
        xBits = new long[(n + 63) >>> 6];
        yStart = new int[n];
        yFill = new int[n];
        xStamp = new int[n];
        xStart = new int[n];
        xLength = new int[n];
    }

    /** Whether the pairs of all of a group's x can be found at once (the labels fit a table of all pairs). */
    boolean wholeGroups() {
        return pairSeen != null;
    }

    private int degree(int e) {
        return kg.outEnd(e) - kg.outStart(e) + kg.inEnd(e) - kg.inStart(e);
    }

    /**
     * The label pairs of all the group's x at once, from the far end's side, when walking each y's edges once
     * costs less than {@link #pairsOf} for each x (on the generated 2M KG, for a quarter of the groups, which held
     * half of that cost): the edges y - x of every y, kept where x is one of the group's.
     */
    void pairsOfGroup(long[] facts, int from, int to) {
        xs.clear();
        for (int f = from; f < to; f++) {
            int a = KgIndex.low(facts[f]);
            for (int pass = 0; pass < 2; pass++) {
                boolean outgoing = pass == 0;
                long[] edges = outgoing ? out : in;
                for (int k = outgoing ? kg.outStart(a) : kg.inStart(a), end = outgoing ? kg.outEnd(a) : kg.inEnd(a);
                        k < end; k++) {
                    int x = KgIndex.low(edges[k]);
                    if ((xBits[x >>> 6] & (1L << x)) == 0 && filter.firstUsable(label(KgIndex.high(edges[k]), outgoing))) {
                        xBits[x >>> 6] |= 1L << x;
                        xs.add(x);
                    }
                }
            }
        }
        long viaY = 0;
        for (int i = 0; i < ys.size(); i++) {
            viaY += degree(ys.get(i));
        }
        long viaX = 0;
        for (int i = 0; i < xs.size() && viaX <= viaY; i++) {
            int x = xs.get(i);
            int runs = kg.outRelEnd(x) - kg.outRelStart(x) + kg.inRelEnd(x) - kg.inRelStart(x);
            viaX += degree(x) <= ys.size() ? degree(x) : Math.min(degree(x), costViaY((long) runs * SEARCH_COST));
        }
        if (viaY < viaX) {
            groupsFromFarEnd++;
            for (int i = 0; i < xs.size(); i++) {
                xLength[xs.get(i)] = 0;
            }
            int n = 0;
            for (int i = 0; i < ys.size(); i++) {
                int y = ys.get(i);
                // y's out-edge (y, r, x) is walked x -> y against its direction; an in-edge (x, r, y) along it
                for (int pass = 0; pass < 2; pass++) {
                    boolean outgoing = pass == 0;
                    long[] edges = outgoing ? out : in;
                    for (int k = outgoing ? kg.outStart(y) : kg.inStart(y), end = outgoing ? kg.outEnd(y) : kg.inEnd(y);
                            k < end; k++) {
                        int x = KgIndex.low(edges[k]);
                        if ((xBits[x >>> 6] & (1L << x)) != 0) {
                            n = pairCells(label(KgIndex.high(edges[k]), !outgoing), y, x, n);
                        }
                    }
                }
            }
            // each x's cells in one run (xLength counted them), then kept once each by the stamp table
            xCells = Buckets.group(xs, xStart, xLength, xPairs, n, xCells);
            if (pairCount + n > pairBuffer.length) {
                pairBuffer = Arrays.copyOf(pairBuffer, Math.max(2 * pairBuffer.length, pairCount + n));
            }
            for (int i = 0; i < xs.size(); i++) {
                int x = xs.get(i);
                nextPairId();
                int first = xStart[x];
                xStart[x] = pairCount;
                for (int p = first, end = first + xLength[x]; p < end; p++) {
                    int cell = xCells[p];
                    if (pairSeen[cell] != pairId) {
                        pairSeen[cell] = pairId;
                        pairBuffer[pairCount++] = pack(0, cell / labelCount, cell % labelCount);
                    }
                }
                xLength[x] = pairCount - xStart[x];
                xStamp[x] = groupId;
            }
        }
        for (int i = 0; i < xs.size(); i++) {
            int x = xs.get(i);
            xBits[x >>> 6] = 0;
        }
    }

    private void nextPairId() {
        if (++pairId == Integer.MAX_VALUE) {
            Arrays.fill(pairSeen, 0);
            pairId = 1;
        }
    }

    /** The usable pairs (l1, l2 of y) of an edge x -> y with label l1, as (x, pair cell) into {@link #xPairs}. */
    private int pairCells(int l1, int y, int x, int n) {
        int len = yFill[y];
        if (n + len > xPairs.length) {
            xPairs = Arrays.copyOf(xPairs, Math.max(2 * xPairs.length, n + len));
        }
        boolean any = filter.anySecond(l1);
        for (int p = yStart[y], end = p + len; p < end; p++) {
            int l2 = yLabels[p];
            if (any || filter.usable(l1, l2)) {
                xPairs[n++] = KgIndex.pack(x, l1 * labelCount + l2);
                xLength[x]++;
            }
        }
        return n;
    }

    /** A new group: the far end b's neighbours y, each with the labels of its edges walked y -> b. */
    void group(int b) {
        if (++groupId == Integer.MAX_VALUE) {
            Arrays.fill(yStamp, 0);
            Arrays.fill(xStamp, 0);
            groupId = 1;
        }
        for (int i = 0; i < ys.size(); i++) {
            int y = ys.get(i);
            yBits[y >>> 6] = 0;
        }
        ys.clear();
        yDegreesReady = false;
        pairCount = 0;
        int count = 0;
        for (int pass = 0; pass < 2; pass++) {
            boolean outgoing = pass == 0;
            long[] edges = outgoing ? out : in;
            for (int k = outgoing ? kg.outStart(b) : kg.inStart(b), end = outgoing ? kg.outEnd(b) : kg.inEnd(b);
                    k < end; k++) {
                int y = KgIndex.low(edges[k]);
                // b's out-edge (b, r, y) is walked y -> b against its direction; an in-edge (y, r, b) along it
                int l = label(KgIndex.high(edges[k]), !outgoing);
                if (yStamp[y] != groupId) {
                    yStamp[y] = groupId;
                    yFill[y] = 0;
                    yBits[y >>> 6] |= 1L << y;
                    ys.add(y);
                }
                yFill[y]++;
                if (count == yPairs.length) {
                    yPairs = Arrays.copyOf(yPairs, 2 * count);
                }
                yPairs[count++] = KgIndex.pack(y, l);
            }
        }
        yLabels = Buckets.group(ys, yStart, yFill, yPairs, count, yLabels);
    }

    /** The distinct label pairs of the walks x -> y -> b, from x's edges or from the y's, whichever is cheaper. */
    void pairsOf(int x) {
        int start = pairCount;
        if (pairSeen != null) {
            nextPairId();
        }
        int runs = kg.outRelEnd(x) - kg.outRelStart(x) + kg.inRelEnd(x) - kg.inRelStart(x);
        boolean fromX = degree(x) <= ys.size();
        if (!fromX) {
            fromX = degree(x) <= costViaY((long) runs * SEARCH_COST);
        }
        if (fromX) {
            for (int k = kg.outStart(x), end = kg.outEnd(x); k < end; k++) {
                addPairs(label(KgIndex.high(out[k]), true), KgIndex.low(out[k]));
            }
            for (int k = kg.inStart(x), end = kg.inEnd(x); k < end; k++) {
                addPairs(label(KgIndex.high(in[k]), false), KgIndex.low(in[k]));
            }
        } else {
            for (int i = 0; i < ys.size(); i++) {
                edgesBetween(x, ys.get(i), runs);
            }
        }
        int m = pairCount;
        if (pairSeen == null) {
            Arrays.sort(pairBuffer, start, pairCount);
            m = start;
            for (int p = start; p < pairCount; p++) {
                if (p == start || pairBuffer[p] != pairBuffer[p - 1]) {
                    pairBuffer[m++] = pairBuffer[p];
                }
            }
            pairCount = m;
        }
        xStamp[x] = groupId;
        xStart[x] = start;
        xLength[x] = m - start;
    }

    /** The sum over the group's y of min(degree of y, {@code perY}): the cost of finding x from every y. */
    private long costViaY(long perY) {
        int n = ys.size();
        if (!yDegreesReady) {
            if (yDegrees.length < n) {
                yDegrees = new int[Math.max(n, 2 * yDegrees.length)];
                yDegreeSums = new long[yDegrees.length + 1];
            }
            for (int i = 0; i < n; i++) {
                yDegrees[i] = degree(ys.get(i));
            }
            Arrays.sort(yDegrees, 0, n);
            for (int i = 0; i < n; i++) {
                yDegreeSums[i + 1] = yDegreeSums[i] + yDegrees[i];
            }
            yDegreesReady = true;
        }
        // the first `below` degrees are under perY and count whole, the others count perY each
        int below = 0;
        int above = n;
        while (below < above) {
            int mid = (below + above) >>> 1;
            if (yDegrees[mid] < perY) {
                below = mid + 1;
            } else {
                above = mid;
            }
        }
        return yDegreeSums[below] + perY * (n - below);
    }

    /** Every edge between x and y, walked x -> y, paired with y's labels to b. */
    private void edgesBetween(int x, int y, int xRuns) {
        if (degree(y) <= (long) xRuns * SEARCH_COST) {
            // y's in-edge (x, r, y) is walked x -> y along its direction; y's out-edge (y, r, x) against it
            for (int k = kg.inStart(y), end = kg.inEnd(y); k < end; k++) {
                if (KgIndex.low(in[k]) == x) {
                    addPairs(label(KgIndex.high(in[k]), true), y);
                }
            }
            for (int k = kg.outStart(y), end = kg.outEnd(y); k < end; k++) {
                if (KgIndex.low(out[k]) == x) {
                    addPairs(label(KgIndex.high(out[k]), false), y);
                }
            }
            return;
        }
        search(x, y, out, outRuns, kg.outRelStart(x), kg.outRelEnd(x), true);
        search(x, y, in, inRuns, kg.inRelStart(x), kg.inRelEnd(x), false);
    }

    /** Looks y up in each relation run of x's edges on one side. */
    private void search(int x, int y, long[] edges, long[] runs, int from, int to, boolean outgoing) {
        for (int m = from; m < to; m++) {
            int r = KgIndex.high(runs[m]);
            int lo = KgIndex.low(runs[m]);
            int hi = KgIndex.low(runs[m + 1]);
            long wanted = KgIndex.pack(r, y);
            int at = KgIndex.lowerBound(edges, lo, hi, wanted);
            if (at < hi && edges[at] == wanted) {
                addPairs(label(r, outgoing), y);
            }
        }
    }

    /** The pairs (l1, label of y -> b) for an edge x -> y with label l1, if y is next to b, and if {@link #filter} can use them. */
    private void addPairs(int l1, int y) {
        if ((yBits[y >>> 6] & (1L << y)) == 0) {
            return;
        }
        int len = yFill[y];
        if (pairCount + len > pairBuffer.length) {
            pairBuffer = Arrays.copyOf(pairBuffer, Math.max(2 * pairBuffer.length, pairCount + len));
        }
        long high = pack(0, l1, 0);
        boolean any = filter.anySecond(l1);
        for (int p = yStart[y], end = p + len; p < end; p++) {
            int l2 = yLabels[p];
            if (any || filter.usable(l1, l2)) {
                if (pairSeen != null) {
                    int cell = l1 * labelCount + l2;
                    if (pairSeen[cell] == pairId) {
                        continue;
                    }
                    pairSeen[cell] = pairId;
                }
                pairBuffer[pairCount++] = high | l2;
            }
        }
    }

}
