package dev.lacuna.mining;

import static dev.lacuna.mining.WalkLabels.FROM_OBJECT;
import static dev.lacuna.mining.WalkLabels.FROM_SUBJECT;
import static dev.lacuna.mining.WalkLabels.PRODUCT;
import static dev.lacuna.mining.WalkLabels.key;
import static dev.lacuna.mining.WalkLabels.label;
import static dev.lacuna.mining.WalkLabels.pack;
import static dev.lacuna.mining.WalkLabels.parentKey;
import static dev.lacuna.mining.WalkLabels.part;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * The refinement into four atoms of all open three-atom rules of one head relation whose body and closing atom
 * make a walk of three edges from the head's subject h to its object o: the path from the subject
 * ({@code h - x - y}, closed between y and o), the path from the object ({@code x - y - o}, closed between h and x)
 * and the product ({@code h - x}, {@code y - o}, closed between x and y). On the 20M generated KG these are over
 * a million queued rules, and refined one by one each walked its head relation's facts again:
 * here each fact is walked once for all of them. A walk's labels (per edge its relation and direction) spell a
 * closed rule; the number of facts with at least one walk of a label triple is that rule's support, which each of
 * its up to three queued parents would have counted for it. A fact is walked from whichever end has fewer edges,
 * a: its edges to x, then per x the label pairs of the walks x - y - b to the other end b, kept per b for all the
 * facts that share b. Not thread-safe: each worker thread has its own.
 */
final class ThreeHopClosures {
    /** A binary search in x's edges costs about this many edge visits. */
    private static final int SEARCH_COST = 16;
    /** The most label pairs {@link #pairSeen} holds (16 MiB; the 822 relations of Wikidata5m need 2.7M). */
    private static final long PAIR_TABLE_LIMIT = 1 << 22;

    private final KgIndex kg;
    private final long[] out;
    private final long[] in;
    private final long[] outRuns;
    private final long[] inRuns;
    private final int maxRelationOccurrences;
    private final LongIndexMap parents = new LongIndexMap();
    // per label: whether some queued parent has it as its first or second body label, per shape
    private final boolean[] subjectFirst;
    private final boolean[] subjectSecond;
    private final boolean[] objectFirst;
    private final boolean[] objectSecond;
    private final boolean[] productFirst;
    private final boolean[] productSecond;
    private final int[] shapes = new int[3];
    /** Whether the current walk runs from the head's object. */
    private boolean reversed;
    // progress: a head relation of millions of facts is minutes of walking, so its rules are counted done as its
    // facts are walked, not all at the end
    private LongConsumer progress;
    private int ruleCount;
    private long factCount;
    private long factsWalked;
    private long rulesReported;
    private final LongIndexMap tripleSlots = new LongIndexMap();
    private long[] triples = new long[64];
    private int[] tripleCounts = new int[64];
    private int tripleKinds;

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
    private int groupId;
    // per x met in the group: the distinct label pairs (x -> y, y -> b), a slice of pairBuffer
    private int[] xStamp;
    private int[] xStart;
    private int[] xLength;
    private long[] pairBuffer = new long[64];
    private int pairCount;
    /**
     * Per label pair (l1, l2): the x whose pairs last held it (a stamp), so that a pair is kept once as it is met.
     * A hub x reaches the far end along thousands of walks with the same few pairs; sorting those repeats away was
     * a quarter of the refinement into four atoms. Null when the labels are too many for a table of all pairs.
     */
    private final int[] pairSeen;
    private final int labelCount;
    private int pairId;
    // one fact's label triples, before duplicates are dropped
    private long[] walks = new long[64];
    private int walkCount;

    ThreeHopClosures(KgIndex kg, int maxRelationOccurrences) {
        this.kg = kg;
        this.out = kg.outEdges();
        this.in = kg.inEdges();
        this.outRuns = kg.outRuns();
        this.inRuns = kg.inRuns();
        this.maxRelationOccurrences = maxRelationOccurrences;
        int labels = 2 * kg.relationCount();
        this.subjectFirst = new boolean[labels];
        this.subjectSecond = new boolean[labels];
        this.objectFirst = new boolean[labels];
        this.objectSecond = new boolean[labels];
        this.productFirst = new boolean[labels];
        this.productSecond = new boolean[labels];
        this.labelCount = labels;
        this.pairSeen = (long) labels * labels <= PAIR_TABLE_LIMIT ? new int[labels * labels] : null;
    }

    /**
     * The refinements of each of {@code rules} (one head relation, each with {@link WalkLabels#key} >= 0, no two equal), in
     * the order of {@code rules}: the closed rules of four atoms with support at least {@code minSupport}, as
     * {@link Matcher#refine} gives them one rule at a time. {@code progress} is told of the rules done, in parts
     * as the facts are walked, {@code rules.size()} in all.
     */
    List<List<WorkRule>> refine(int head, List<WorkRule> rules, double minSupport, LongConsumer progress) {
        parents.clear();
        for (boolean[] seen : List.of(subjectFirst, subjectSecond, objectFirst, objectSecond, productFirst, productSecond)) {
            Arrays.fill(seen, false);
        }
        Arrays.fill(shapes, 0);
        for (int i = 0; i < rules.size(); i++) {
            long key = key(rules.get(i));
            parents.put(key, i);
            int shape = part(key, 0);
            int first = part(key, 1);
            int second = part(key, 2);
            shapes[shape]++;
            (shape == FROM_SUBJECT ? subjectFirst : shape == FROM_OBJECT ? objectFirst : productFirst)[first] = true;
            (shape == FROM_SUBJECT ? subjectSecond : shape == FROM_OBJECT ? objectSecond : productSecond)[second] = true;
        }
        tripleSlots.clear();
        tripleKinds = 0;
        if (yStamp == null) {
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
        // each fact is walked from its end with fewer edges, grouped by the other end
        long[] facts = kg.facts(head);
        long[] fromSubject = new long[facts.length];
        long[] fromObject = new long[facts.length];
        int nSubject = 0;
        int nObject = 0;
        for (long f : facts) {
            int h = KgIndex.high(f);
            int o = KgIndex.low(f);
            if (degree(h) <= degree(o)) {
                fromSubject[nSubject++] = KgIndex.pack(o, h);
            } else {
                fromObject[nObject++] = f;
            }
        }
        Arrays.sort(fromSubject, 0, nSubject);
        this.progress = progress;
        ruleCount = rules.size();
        factCount = facts.length;
        factsWalked = 0;
        rulesReported = 0;
        walk(fromSubject, nSubject, false);
        walk(fromObject, nObject, true);
        if (rulesReported < ruleCount) {
            progress.accept(ruleCount - rulesReported);
        }
        List<List<WorkRule>> result = new ArrayList<>(rules.size());
        for (int i = 0; i < rules.size(); i++) {
            result.add(new ArrayList<>());
        }
        for (int t = 0; t < tripleKinds; t++) {
            if (tripleCounts[t] >= minSupport) {
                addRefinements(head, triples[t], tripleCounts[t], rules, result);
            }
        }
        return result;
    }

    /** Hands the closed rule that a label triple spells to each of its queued parents that may close it. */
    private void addRefinements(int head, long triple, int support, List<WorkRule> rules, List<List<WorkRule>> result) {
        int l0 = part(triple, 0);
        int l1 = part(triple, 1);
        int l2 = part(triple, 2);
        WorkRule child = null;
        long[] keys = {parentKey(FROM_SUBJECT, l0, l1), parentKey(FROM_OBJECT, l1, l2), parentKey(PRODUCT, l0, l2)};
        int[] closing = {l2, l0, l1};
        for (int k = 0; k < 3; k++) {
            int p = parents.get(keys[k]);
            if (p < 0 || rules.get(p).relationOccurrences(closing[k] >> 1) >= maxRelationOccurrences) {
                continue;
            }
            if (child == null) {
                // the walk h=0 -> x=2 -> y=3 -> o=1
                int[] atoms = new int[12];
                atoms[0] = 0;
                atoms[1] = head;
                atoms[2] = 1;
                atom(atoms, 3, l0, 0, 2);
                atom(atoms, 6, l1, 2, 3);
                atom(atoms, 9, l2, 3, 1);
                child = WorkRule.of(atoms, support);
            }
            result.get(p).add(child);
        }
    }

    private static void atom(int[] atoms, int at, int label, int from, int to) {
        boolean forward = (label & 1) == 0;
        atoms[at] = forward ? from : to;
        atoms[at + 1] = label >> 1;
        atoms[at + 2] = forward ? to : from;
    }

    private int degree(int e) {
        return kg.outEnd(e) - kg.outStart(e) + kg.inEnd(e) - kg.inStart(e);
    }

    /**
     * Counts the label triples of the facts {@code (b, a)}, sorted by b, walked a -> x -> y -> b. When
     * {@code reversed}, a is the head's object and b its subject, so each triple is turned around first.
     */
    private void walk(long[] facts, int n, boolean reversed) {
        this.reversed = reversed;
        for (int i = 0; i < n; ) {
            int b = KgIndex.high(facts[i]);
            int j = i + 1;
            while (j < n && KgIndex.high(facts[j]) == b) {
                j++;
            }
            indexFarEnd(b);
            if (pairSeen != null) {
                pairsFromFarEnd(facts, i, j);
            }
            for (int f = i; f < j; f++) {
                int a = KgIndex.low(facts[f]);
                walkCount = 0;
                for (int k = kg.outStart(a), end = kg.outEnd(a); k < end; k++) {
                    addWalks(label(KgIndex.high(out[k]), true), KgIndex.low(out[k]));
                }
                for (int k = kg.inStart(a), end = kg.inEnd(a); k < end; k++) {
                    addWalks(label(KgIndex.high(in[k]), false), KgIndex.low(in[k]));
                }
                countDistinct(reversed);
            }
            factsWalked += j - i;
            long done = ruleCount * factsWalked / factCount;
            if (done > rulesReported) {
                progress.accept(done - rulesReported);
                rulesReported = done;
            }
            i = j;
        }
    }

    /** Counts each distinct triple of the current fact once, if some queued rule is its parent. */
    private void countDistinct(boolean reversed) {
        Arrays.sort(walks, 0, walkCount);
        for (int w = 0; w < walkCount; w++) {
            long t = walks[w];
            if (w > 0 && t == walks[w - 1]) {
                continue;
            }
            int l0 = part(t, 0);
            int l1 = part(t, 1);
            int l2 = part(t, 2);
            if (reversed) {
                int first = l2 ^ 1;
                l2 = l0 ^ 1;
                l0 = first;
                l1 ^= 1;
                t = pack(l0, l1, l2);
            }
            if (parents.get(parentKey(FROM_SUBJECT, l0, l1)) < 0 && parents.get(parentKey(FROM_OBJECT, l1, l2)) < 0
                    && parents.get(parentKey(PRODUCT, l0, l2)) < 0) {
                continue;
            }
            int slot = tripleSlots.get(t);
            if (slot < 0) {
                slot = tripleKinds++;
                if (slot == triples.length) {
                    triples = Arrays.copyOf(triples, 2 * slot);
                    tripleCounts = Arrays.copyOf(tripleCounts, 2 * slot);
                }
                triples[slot] = t;
                tripleCounts[slot] = 0;
                tripleSlots.put(t, slot);
            }
            tripleCounts[slot]++;
        }
    }

    private boolean firstUsable(int l0) {
        return reversed ? shapes[FROM_SUBJECT] != 0 || objectSecond[l0 ^ 1] || productSecond[l0 ^ 1]
                : shapes[FROM_OBJECT] != 0 || subjectFirst[l0] || productFirst[l0];
    }

    /**
     * The label pairs of all the group's x at once, from the far end's side, when walking each y's edges once
     * costs less than {@link #pairsOf} for each x (on the generated 2M KG, for a quarter of the groups, which held
     * half of that cost): the edges y - x of every y, kept where x is one of the group's.
     */
    private void pairsFromFarEnd(long[] facts, int from, int to) {
        xs.clear();
        for (int f = from; f < to; f++) {
            int a = KgIndex.low(facts[f]);
            for (int pass = 0; pass < 2; pass++) {
                boolean outgoing = pass == 0;
                long[] edges = outgoing ? out : in;
                for (int k = outgoing ? kg.outStart(a) : kg.inStart(a), end = outgoing ? kg.outEnd(a) : kg.inEnd(a);
                        k < end; k++) {
                    int x = KgIndex.low(edges[k]);
                    if ((xBits[x >>> 6] & (1L << x)) == 0 && firstUsable(label(KgIndex.high(edges[k]), outgoing))) {
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
            Arrays.sort(xPairs, 0, n);
            for (int i = 0; i < xs.size(); i++) {
                int x = xs.get(i);
                xStamp[x] = groupId;
                xLength[x] = 0;
            }
            if (pairCount + n > pairBuffer.length) {
                pairBuffer = Arrays.copyOf(pairBuffer, Math.max(2 * pairBuffer.length, pairCount + n));
            }
            for (int i = 0; i < n; i++) {
                if (i > 0 && xPairs[i] == xPairs[i - 1]) {
                    continue;
                }
                int x = KgIndex.high(xPairs[i]);
                int cell = KgIndex.low(xPairs[i]);
                if (xLength[x] == 0) {
                    xStart[x] = pairCount;
                }
                xLength[x]++;
                pairBuffer[pairCount++] = pack(0, cell / labelCount, cell % labelCount);
            }
        }
        for (int i = 0; i < xs.size(); i++) {
            int x = xs.get(i);
            xBits[x >>> 6] = 0;
        }
    }

    /** The usable pairs (l1, l2 of y) of an edge x -> y with label l1, as (x, pair cell) into {@link #xPairs}. */
    private int pairCells(int l1, int y, int x, int n) {
        int len = yFill[y];
        if (n + len > xPairs.length) {
            xPairs = Arrays.copyOf(xPairs, Math.max(2 * xPairs.length, n + len));
        }
        boolean any = anySecond(l1);
        for (int p = yStart[y], end = p + len; p < end; p++) {
            int l2 = yLabels[p];
            if (any || usable(l1, l2)) {
                xPairs[n++] = KgIndex.pack(x, l1 * labelCount + l2);
            }
        }
        return n;
    }

    /** The walks a -> x (label l0) -> y -> b: l0 with each label pair of x. */
    private void addWalks(int l0, int x) {
        // the first edge of the walk from the head's subject (from its object: the last, turned) must be a body
        // label of some parent, unless some parent closes the rule with it
        if (!firstUsable(l0)) {
            return;
        }
        if (xStamp[x] != groupId) {
            pairsOf(x);
        }
        int len = xLength[x];
        if (walkCount + len > walks.length) {
            walks = Arrays.copyOf(walks, Math.max(2 * walks.length, walkCount + len));
        }
        long high = pack(l0, 0, 0);
        for (int p = xStart[x], end = p + len; p < end; p++) {
            walks[walkCount++] = high | pairBuffer[p];
        }
    }

    /** A new group: the far end b's neighbours y, each with the labels of its edges walked y -> b. */
    private void indexFarEnd(int b) {
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
    private void pairsOf(int x) {
        int start = pairCount;
        if (pairSeen != null && ++pairId == Integer.MAX_VALUE) {
            Arrays.fill(pairSeen, 0);
            pairId = 1;
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

    /**
     * The pairs (l1, label of y -> b) for an edge x -> y with label l1, if y is next to b, and if some queued parent
     * could use the pair: walking from the head's subject, the pair (l1, l2) is the body of a rule from the object,
     * or l1 the second body label of a rule from the subject, or l2 that of a product; from the object, the pair
     * is (l1, l0) turned, the body of a rule from the subject, or l1 the first label of a rule from the object, or
     * l0 that of a product.
     */
    private void addPairs(int l1, int y) {
        if ((yBits[y >>> 6] & (1L << y)) == 0) {
            return;
        }
        int len = yFill[y];
        if (pairCount + len > pairBuffer.length) {
            pairBuffer = Arrays.copyOf(pairBuffer, Math.max(2 * pairBuffer.length, pairCount + len));
        }
        long high = pack(0, l1, 0);
        boolean any = anySecond(l1);
        for (int p = yStart[y], end = p + len; p < end; p++) {
            int l2 = yLabels[p];
            if (any || usable(l1, l2)) {
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

    /** Whether every pair (l1, l2) is usable, see {@link #addPairs}. */
    private boolean anySecond(int l1) {
        return reversed ? objectFirst[l1 ^ 1] : subjectSecond[l1];
    }

    /** Whether the pair (l1, l2) is usable when {@link #anySecond} is not, see {@link #addPairs}. */
    private boolean usable(int l1, int l2) {
        return reversed ? productFirst[l2 ^ 1] || parents.get(parentKey(FROM_SUBJECT, l2 ^ 1, l1 ^ 1)) >= 0
                : productSecond[l2] || parents.get(parentKey(FROM_OBJECT, l1, l2)) >= 0;
    }
}
