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
 * facts that share b ({@link FarEndPairs}). Not thread-safe: each worker thread has its own.
 */
final class ThreeHopClosures implements FarEndPairs.Usable {

    private final KgIndex kg;
    private final long[] out;
    private final long[] in;
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

    private final FarEndPairs pairs;
    // one fact's label triples, before duplicates are dropped
    private long[] walks = new long[64];
    private int walkCount;

    ThreeHopClosures(KgIndex kg, int maxRelationOccurrences) {
        this(kg, maxRelationOccurrences, FarEndPairs.PAIR_TABLE_LIMIT);
    }

    /** With a smaller {@code pairTableLimit} than the default, as for a KG of many relations (for tests). */
    ThreeHopClosures(KgIndex kg, int maxRelationOccurrences, long pairTableLimit) {
        this.kg = kg;
        this.out = kg.outEdges();
        this.in = kg.inEdges();
        this.maxRelationOccurrences = maxRelationOccurrences;
        int labels = 2 * kg.relationCount();
        this.subjectFirst = new boolean[labels];
        this.subjectSecond = new boolean[labels];
        this.objectFirst = new boolean[labels];
        this.objectSecond = new boolean[labels];
        this.productFirst = new boolean[labels];
        this.productSecond = new boolean[labels];
        this.pairs = new FarEndPairs(kg, this, pairTableLimit);
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

    /** How many groups of facts had their label pairs found from the far end's side so far. */
    long groupsFromFarEnd() {
        return pairs.groupsFromFarEnd;
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
            pairs.group(b);
            if (pairs.wholeGroups()) {
                pairs.pairsOfGroup(facts, i, j);
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

    @Override
    public boolean firstUsable(int l0) {
        return reversed ? shapes[FROM_SUBJECT] != 0 || objectSecond[l0 ^ 1] || productSecond[l0 ^ 1]
                : shapes[FROM_OBJECT] != 0 || subjectFirst[l0] || productFirst[l0];
    }

    /** The walks a -> x (label l0) -> y -> b: l0 with each label pair of x. */
    private void addWalks(int l0, int x) {
        // the first edge of the walk from the head's subject (from its object: the last, turned) must be a body
        // label of some parent, unless some parent closes the rule with it
        if (!firstUsable(l0)) {
            return;
        }
        if (pairs.xStamp[x] != pairs.groupId) {
            pairs.pairsOf(x);
        }
        int len = pairs.xLength[x];
        if (walkCount + len > walks.length) {
            walks = Arrays.copyOf(walks, Math.max(2 * walks.length, walkCount + len));
        }
        long high = pack(l0, 0, 0);
        long[] found = pairs.pairBuffer;
        for (int p = pairs.xStart[x], end = p + len; p < end; p++) {
            walks[walkCount++] = high | found[p];
        }
    }

    /**
     * Which pairs (l1, l2) of the walk x -> y -> b some queued parent could use: walking from the head's subject,
     * the pair (l1, l2) is the body of a rule from the object, or l1 the second body label of a rule from the
     * subject, or l2 that of a product; from the object, the pair is (l1, l0) turned, the body of a rule from the
     * subject, or l1 the first label of a rule from the object, or l0 that of a product.
     */
    @Override
    public boolean anySecond(int l1) {
        return reversed ? objectFirst[l1 ^ 1] : subjectSecond[l1];
    }

    @Override
    public boolean usable(int l1, int l2) {
        return reversed ? productFirst[l2 ^ 1] || parents.get(parentKey(FROM_SUBJECT, l2 ^ 1, l1 ^ 1)) >= 0
                : productSecond[l2] || parents.get(parentKey(FROM_OBJECT, l1, l2)) >= 0;
    }
}
