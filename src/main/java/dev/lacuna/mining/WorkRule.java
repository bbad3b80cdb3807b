package dev.lacuna.mining;

import java.util.Arrays;

import dev.lacuna.rules.Permutations;

/**
 * A rule inside the miner: atoms as ints, {@code [s, r, o]} per atom, atom 0 the head {@code (0, r, 1)},
 * variables numbered densely from 0 in a canonical form so that equal rules (up to renaming and body order)
 * have equal {@link #key}.
 */
final class WorkRule extends Candidate<WorkRule.Key> {
    final int variableCount;

    private WorkRule(int[] atoms, int variableCount, long support, Key key) {
        super(atoms, support, key, isClosed(atoms, variableCount));
        this.variableCount = variableCount;
    }

    /** Occurrences of each variable in the rule's atoms. */
    int[] occurrences() {
        return occurrences(atoms, variableCount);
    }

    private static int[] occurrences(int[] atoms, int variableCount) {
        int[] occ = new int[variableCount];
        for (int i = 0; i < atoms.length; i += 3) {
            occ[atoms[i]]++;
            occ[atoms[i + 2]]++;
        }
        return occ;
    }

    /** Every variable of {@code atoms} (numbered below {@code variableCount}) in at least two atoms. */
    static boolean isClosed(int[] atoms, int variableCount) {
        for (int c : occurrences(atoms, variableCount)) {
            if (c < 2) {
                return false;
            }
        }
        return true;
    }

    /** The canonical rule with the given atoms (head first, head variables 0 and 1). */
    static WorkRule of(int[] atoms, long support) {
        int[] canonical = canonicalize(atoms);
        int vars = 0;
        for (int i = 0; i < canonical.length; i += 3) {
            vars = Math.max(vars, Math.max(canonical[i], canonical[i + 2]) + 1);
        }
        return new WorkRule(canonical, vars, support, new Key(codes(canonical)));
    }

    /** Key of a head plus a subset of body atoms given by index (used by the skyline's sub-rule lookup). */
    static Key keyOf(int[] atoms) {
        return new Key(codes(canonicalize(atoms)));
    }

    private static long code(int s, int r, int o) {
        return ((long) r << 16) | ((long) s << 8) | o;
    }

    private static long[] codes(int[] atoms) {
        long[] c = new long[atoms.length / 3];
        for (int i = 0; i < c.length; i++) {
            c[i] = code(atoms[3 * i], atoms[3 * i + 1], atoms[3 * i + 2]);
        }
        return c;
    }

    /**
     * Renames non-head variables to 2, 3, ... and sorts body atoms; of all renamings the one with the smallest
     * sorted body wins. Rules have few variables, so trying every permutation is cheap.
     */
    static int[] canonicalize(int[] atoms) {
        int n = atoms.length / 3;
        int maxVar = 0;
        for (int i = 0; i < atoms.length; i += 3) {
            maxVar = Math.max(maxVar, Math.max(atoms[i], atoms[i + 2]));
        }
        int h0 = atoms[0];
        int h1 = atoms[2];
        int[] free = new int[maxVar + 1];
        int k = 0;
        boolean[] seen = new boolean[maxVar + 1];
        seen[h0] = true;
        seen[h1] = true;
        for (int i = 3; i < atoms.length; i++) {
            if (i % 3 == 1) {
                continue;
            }
            int v = atoms[i];
            if (!seen[v]) {
                seen[v] = true;
                free[k++] = v;
            }
        }
        int[] rename = new int[maxVar + 1];
        rename[h0] = 0;
        rename[h1] = 1;
        int[] perm = new int[k];
        for (int i = 0; i < k; i++) {
            perm[i] = i;
        }
        long[] best = null;
        long[] cand = new long[n - 1];
        do {
            for (int i = 0; i < k; i++) {
                rename[free[i]] = 2 + perm[i];
            }
            for (int i = 1; i < n; i++) {
                cand[i - 1] = code(rename[atoms[3 * i]], atoms[3 * i + 1], rename[atoms[3 * i + 2]]);
            }
            Arrays.sort(cand);
            if (best == null || Arrays.compare(cand, best) < 0) {
                best = cand.clone();
            }
        } while (Permutations.next(perm));
        int[] out = new int[atoms.length];
        out[0] = 0;
        out[1] = atoms[1];
        out[2] = 1;
        for (int i = 0; i < best.length; i++) {
            long c = best[i];
            out[3 * (i + 1)] = (int) ((c >>> 8) & 0xff);
            out[3 * (i + 1) + 1] = (int) (c >>> 16);
            out[3 * (i + 1) + 2] = (int) (c & 0xff);
        }
        return out;
    }


    /** The canonical codes of a rule: head atom first, then the sorted body. */
    record Key(long[] codes) implements Comparable<Key> {
        @Override
        public int compareTo(Key o) {
            return Arrays.compare(codes, o.codes);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(codes, k.codes);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(codes);
        }

        @Override
        public String toString() {
            return Arrays.toString(codes);
        }
    }
}
