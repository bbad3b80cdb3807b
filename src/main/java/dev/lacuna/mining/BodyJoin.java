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

    BodyJoin(KgIndex kg) {
        this.kg = kg;
        this.out = kg.outEdges();
        this.in = kg.inEdges();
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
            seenStamp = 1;
        }
        distinctCount = 0;
        stop = false;
        cut = false;
    }

    /** Enumerates the groundings of the body atoms in {@code mask} under the current bindings. */
    void join(int mask) {
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
        if (best < 0) {
            joinUnbound(mask);
            return;
        }
        int rest = mask & ~(1 << best);
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
        boolean distinct = freeVar == distinctVar;
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
            if (distinct && seen[v] == seenStamp) {
                continue; // this value of g is already counted
            }
            val[freeVar] = v;
            if (!descend(rest, distinct)) {
                break;
            }
        }
        val[freeVar] = -1;
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
        join(rest);
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
