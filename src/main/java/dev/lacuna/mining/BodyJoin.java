package dev.lacuna.mining;

import java.util.Arrays;

/**
 * The one backtracking join of a rule body over the {@link KgIndex}, shared by {@link Matcher} and
 * {@link ConstMatcher}: variables are bound in place in one int array, the most selective atom is joined next, and
 * a closed path is found by intersecting two sorted neighbour lists. Each complete grounding is handed to the
 * current {@link Leaf}. Constants are the hook for {@link ConstMatcher}: {@link #bindConstant} turns a constant into
 * a variable that is bound before the join starts and never unbound, so the join itself knows no constants.
 * <p>
 * Counting distinct values of one variable g (the measures' (x, g) pairs) is part of the join: atoms that bind g
 * go first, a value of g already {@linkplain #seen seen} is skipped, and a leaf sets {@link #cut} to say "this
 * value of g is done", which backtracks straight to where g was bound; the join counts these values itself. A leaf
 * sets {@link #stop} to end the join.
 * Not thread-safe: each worker thread has its own.
 */
final class BodyJoin {
    /** What the join does with each grounding of the body. */
    interface Leaf {
        void reached();
    }

    final KgIndex kg;
    final long[] out;
    final long[] in;

    // the body, as parallel arrays of subject, relation and object variables
    int bodyCount;
    final int[] bs = new int[8];
    final int[] br = new int[8];
    final int[] bo = new int[8];
    /** The value of each variable, -1 while unbound. */
    int[] val = new int[16];
    private int variables;

    Leaf leaf;
    /**
     * The variable whose distinct values are counted, -1 for none: with one, a grounding counts its value into
     * {@link #distinctCount} unless {@link #seen} has it, and does not reach the leaf.
     */
    int distinctVar = -1;
    int[] seen;
    int seenStamp;
    long distinctCount;
    boolean stop;
    boolean cut;

    /** Answers the inner levels' lookups of a relation an entity does not have without a search. */
    private final EdgeEndFilter ends;

    /**
     * While counting distinct values of g: the variables bound before the join started (the counted head variable
     * and constants), and per variable the values whose subtree was already walked this round, for which rest of
     * the body (memoMask). A subtree that mentions only its own variable, those fixed ones and unbound variables
     * finds the same values of g whenever that variable takes the same value, so a second walk adds nothing: on a
     * chain f-x-y-g through a hub y, y's edges were walked again for every x that reaches it.
     */
    private int fixedVars;
    private int[][] walked = new int[16][];
    private final int[] memoRound = new int[16];
    private final int[] memoMask = new int[16];

    BodyJoin(KgIndex kg) {
        this.kg = kg;
        this.out = kg.outEdges();
        this.in = kg.inEdges();
        this.ends = new EdgeEndFilter(kg);
    }

    /** Atom i's edges from its bound subject s, as {@link KgIndex#outRange}. */
    private long outRange(int i, int s) {
        return ends.mayHave(i, true, br[i], s) ? kg.outRange(s, br[i]) : 0;
    }

    /** Atom i's edges into its bound object o, as {@link KgIndex#inRange}. */
    private long inRange(int i, int o) {
        return ends.mayHave(i, false, br[i], o) ? kg.inRange(o, br[i]) : 0;
    }

    /** Loads the body atoms of {@code atoms} (head first, three ints an atom) with {@code variables} variables. */
    void load(int[] atoms, int variables) {
        bodyCount = atoms.length / 3 - 1;
        for (int i = 0; i < bodyCount; i++) {
            bs[i] = atoms[3 * (i + 1)];
            br[i] = atoms[3 * (i + 1) + 1];
            bo[i] = atoms[3 * (i + 1) + 2];
        }
        this.variables = variables;
        ends.reset();
        int room = variables + 2 * bodyCount;
        if (val.length < room) {
            val = new int[room];
        }
        Arrays.fill(val, -1);
    }

    /** Replaces a constant term by a new variable bound to {@code entity} for the whole join; returns that variable. */
    int bindConstant(int entity) {
        int v = variables++;
        val[v] = entity;
        return v;
    }

    /** Starts counting distinct values of {@code g} for one value of the other side. */
    void newDistinctRound() {
        if (seen == null) {
            seen = new int[kg.entityCount()];
        }
        if (++seenStamp == Integer.MAX_VALUE) {
            Arrays.fill(seen, 0);
            for (int[] w : walked) {
                if (w != null) {
                    Arrays.fill(w, 0);
                }
            }
            Arrays.fill(memoRound, 0);
            seenStamp = 1;
        }
        distinctCount = 0;
        stop = false;
        cut = false;
    }

    /** Enumerates the groundings of the body atoms in {@code mask} under the current bindings. */
    void join(int mask) {
        if (distinctVar >= 0) {
            fixedVars = 0;
            for (int v = 0; v < variables && v < 32; v++) {
                if (val[v] >= 0) {
                    fixedVars |= 1 << v;
                }
            }
        }
        level(mask);
    }

    /** What {@link #cheapestAtom} and {@link #closingAtom} say instead of an atom. */
    private static final int NONE = -1;
    private static final int NO_GROUNDING = -2;
    /** The edges of the atom {@link #cheapestAtom} chose, as {@link KgIndex#outRange}: set just before it returns. */
    private long chosenRange;
    /** The edges of the atom {@link #closingAtom} found, as {@link KgIndex#outRange}: set just before it returns. */
    private long closingRange;

    /**
     * One step of the join: the atoms in {@code mask} left to match under the current bindings. Atoms whose ends
     * are both bound are checked; then the cheapest atom with one bound end binds its other end, x, to each of its
     * neighbours in turn (walked beside a second atom that ties x to a bound variable, when there is one), and the
     * rest is joined under each.
     */
    private void level(int mask) {
        int open = openAtoms(mask);
        if (open == NO_GROUNDING) {
            return;
        }
        if (open == 0) {
            grounded();
            return;
        }
        int best = cheapestAtom(open);
        if (best == NO_GROUNDING) {
            return;
        }
        if (best == NONE) {
            joinUnbound(open);
            return;
        }
        long range = chosenRange;
        boolean outward = val[bs[best]] >= 0;
        long[] edges = outward ? out : in;
        int x = outward ? bo[best] : bs[best];
        int rest = open & ~(1 << best);
        int second = closingAtom(rest, x);
        if (second == NO_GROUNDING) {
            return;
        }
        // the second atom's neighbours are sorted too: x's candidates are the intersection of two sorted lists,
        // walked side by side, instead of one binary search in each candidate's own edges (a cache miss per
        // candidate on large KGs)
        long[] secondEdges = null;
        int secondAt = 0;
        int secondTo = 0;
        int secondRelation = 0;
        if (second >= 0) {
            rest &= ~(1 << second);
            secondEdges = bs[second] == x ? in : out;
            secondAt = KgIndex.high(closingRange);
            secondTo = KgIndex.low(closingRange);
            secondRelation = br[second];
        }
        boolean distinct = x == distinctVar;
        int[] done = distinctVar >= 0 && !distinct && val[distinctVar] < 0 ? walkedSet(x, rest) : null;
        int going = goingOn(rest, x);
        int pruneA = going == 0 ? -1 : Integer.numberOfTrailingZeros(going);
        int pruneB = (going & (going - 1)) == 0 ? -1 : Integer.numberOfTrailingZeros(going & (going - 1));
        for (int k = KgIndex.high(range), to = KgIndex.low(range); k < to; k++) {
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
            if (distinct && seen[v] == seenStamp) {
                continue; // this value of g is already counted
            }
            if ((pruneA >= 0 && !ends.mayHave(pruneA, bs[pruneA] == x, br[pruneA], v))
                    || (pruneB >= 0 && !ends.mayHave(pruneB, bs[pruneB] == x, br[pruneB], v))) {
                continue;
            }
            if (done != null) {
                if (done[v] == seenStamp) {
                    continue; // its subtree's values of g are all seen already
                }
                done[v] = seenStamp;
            }
            val[x] = v;
            if (!descend(rest, distinct)) {
                break;
            }
        }
        val[x] = -1;
    }

    /** The atoms of {@code mask} with an end unbound, or {@link #NO_GROUNDING} if an atom with both ends bound fails. */
    private int openAtoms(int mask) {
        int open = mask;
        for (int m = mask; m != 0; m &= m - 1) {
            int i = Integer.numberOfTrailingZeros(m);
            int s = val[bs[i]];
            int o = val[bo[i]];
            if (s >= 0 && o >= 0) {
                if (!kg.holds(s, br[i], o)) {
                    return NO_GROUNDING;
                }
                open &= ~(1 << i);
            }
        }
        return open;
    }

    /** A grounding of the whole body: the distinct value it reaches is counted, or it goes to the leaf. */
    private void grounded() {
        if (distinctVar >= 0) {
            // counted here rather than in a leaf: the measures' innermost step, kept free of a virtual call
            int g = val[distinctVar];
            if (seen[g] != seenStamp) {
                seen[g] = seenStamp;
                distinctCount++;
            }
            cut = true;
            return;
        }
        leaf.reached();
    }

    /**
     * The atom of {@code open} with one end bound and the fewest edges there (by {@link #cost}), its edges in
     * {@link #chosenRange}; {@link #NO_GROUNDING} when such an atom has no edge at its bound end, {@link #NONE}
     * when no atom has a bound end.
     */
    private int cheapestAtom(int open) {
        int best = NONE;
        long bestCost = Long.MAX_VALUE;
        for (int m = open; m != 0; m &= m - 1) {
            int i = Integer.numberOfTrailingZeros(m);
            int s = val[bs[i]];
            int o = val[bo[i]];
            if (s < 0 && o < 0) {
                continue;
            }
            boolean outward = s >= 0;
            long range = outward ? outRange(i, s) : inRange(i, o);
            int size = KgIndex.low(range) - KgIndex.high(range);
            if (size == 0) {
                return NO_GROUNDING;
            }
            long cost = cost(size, outward ? bo[i] : bs[i]);
            if (cost < bestCost) {
                bestCost = cost;
                best = i;
                chosenRange = range;
            }
        }
        return best;
    }

    /**
     * The first atom of {@code rest} that ties {@code x} to a bound variable (the other half of a closed path), its
     * edges at the bound end in {@link #closingRange}; {@link #NO_GROUNDING} when it has none there, {@link #NONE}
     * when there is no such atom.
     */
    private int closingAtom(int rest, int x) {
        for (int m = rest; m != 0; m &= m - 1) {
            int j = Integer.numberOfTrailingZeros(m);
            long range;
            if (bs[j] == x && val[bo[j]] >= 0) {
                range = inRange(j, val[bo[j]]);
            } else if (bo[j] == x && val[bs[j]] >= 0) {
                range = outRange(j, val[bs[j]]);
            } else {
                continue;
            }
            if (KgIndex.high(range) == KgIndex.low(range)) {
                return NO_GROUNDING;
            }
            closingRange = range;
            return j;
        }
        return NONE;
    }

    /**
     * Up to two atoms of {@code rest} that go on from {@code x} to an unbound variable, as a mask: a value of x
     * without an edge of theirs would make the next level return at once, so it is dropped by a bit test instead of
     * descending.
     */
    private int goingOn(int rest, int x) {
        int going = 0;
        int found = 0;
        for (int m = rest; m != 0 && found < 2; m &= m - 1) {
            int j = Integer.numberOfTrailingZeros(m);
            if ((bs[j] == x && val[bo[j]] < 0) || (bo[j] == x && val[bs[j]] < 0 && bs[j] != x)) {
                going |= 1 << j;
                found++;
            }
        }
        return going;
    }

    /**
     * The set of values of {@code x} already walked this round with {@code rest} left, when the subtree's result
     * depends on x's value alone: every variable of rest is x, fixed, or unbound. Else null.
     */
    private int[] walkedSet(int x, int rest) {
        if (x >= walked.length || variables > 32) {
            return null;
        }
        int m = rest;
        while (m != 0) {
            int i = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            if (!free(bs[i], x) || !free(bo[i], x)) {
                return null;
            }
        }
        if (memoRound[x] != seenStamp) {
            memoRound[x] = seenStamp;
            memoMask[x] = rest;
        } else if (memoMask[x] != rest) {
            return null; // reached x with another part of the body left: a different subtree
        }
        if (walked[x] == null) {
            walked[x] = new int[kg.entityCount()];
        }
        return walked[x];
    }

    private boolean free(int v, int x) {
        return v == x || val[v] < 0 || (fixedVars & (1 << v)) != 0;
    }

    /**
     * The join's choice among atoms that can bind a variable: the smallest range, except that when counting
     * distinct values of g an atom that binds g always goes first, so that each pair needs one existence check
     * instead of an enumeration of every path to g.
     */
    private long cost(int rangeSize, int boundVar) {
        if (distinctVar < 0 || boundVar == distinctVar) {
            return rangeSize;
        }
        return rangeSize + (1L << 40);
    }

    /**
     * No remaining atom touches a bound variable: the body has a part that shares no variable with what is bound
     * (constants allow this; a body without constants is always connected). Its smallest atom is matched against
     * all facts of its relation.
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
        boolean distinct = sv == distinctVar || ov == distinctVar;
        for (long f : kg.facts(br[best])) {
            int s = KgIndex.high(f);
            int o = KgIndex.low(f);
            if (distinct && ((sv == distinctVar && seen[s] == seenStamp) || (ov == distinctVar && seen[o] == seenStamp))) {
                continue;
            }
            val[sv] = s;
            val[ov] = o;
            if (!descend(rest, distinct)) {
                break;
            }
        }
        val[sv] = -1;
        val[ov] = -1;
    }

    /**
     * Joins the rest with the current binding; false when the enumeration at this level must end: a stop, or a
     * cut outside a distinct count (a cut while counting distinct values of g only ends this value's paths).
     */
    private boolean descend(int rest, boolean distinct) {
        level(rest);
        if (stop) {
            return false;
        }
        if (cut) {
            if (!distinct) {
                return false;
            }
            cut = false;
        }
        return true;
    }
}
