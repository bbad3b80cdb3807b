package dev.lacuna.mining;

import java.util.Arrays;

import dev.lacuna.rules.Permutations;

/**
 * A rule inside the {@link ConstantLanguage}: atoms as ints, {@code [s, r, o]} per atom, atom 0 the head. A term
 * {@code >= 0} is a variable, a term {@code < 0} the constant entity {@code -term - 1}. The head is
 * {@code (0, r, 1)}, {@code (0, r, C)} or {@code (C, r, 1)}: a head variable keeps its position's number.
 * Non-head variables are numbered 2, 3, ... in a canonical form (of all renamings, the one with the smallest
 * sorted body), so that rules equal up to renaming and body order have equal {@link #key}.
 *
 * <p>{@link WorkRule} packs an atom into a long with 8-bit variables, which cannot hold an entity; this class is
 * the wider encoding, kept apart so that mining without constants does not pay for it.
 */
final class ConstRule extends Candidate<ConstRule.Key> {

    private ConstRule(int[] atoms, long support) {
        super(atoms, support, new Key(atoms), isClosed(atoms));
    }

    static ConstRule of(int[] atoms, long support) {
        return new ConstRule(canonicalize(atoms), support);
    }

    static boolean isConstant(int term) {
        return term < 0;
    }

    static int constant(int entity) {
        return -entity - 1;
    }

    static int entity(int term) {
        return -term - 1;
    }

    /** One more than the highest variable number (at least 2). */
    int variableBound() {
        return variableBound(atoms);
    }

    static int variableBound(int[] atoms) {
        int max = 1;
        for (int i = 0; i < atoms.length; i++) {
            if (i % 3 != 1) {
                max = Math.max(max, atoms[i]);
            }
        }
        return max + 1;
    }

    /** Number of atoms each variable occurs in (0 for an unused number). */
    int[] occurrences() {
        return occurrences(atoms);
    }

    static int[] occurrences(int[] atoms) {
        int[] occ = new int[variableBound(atoms)];
        for (int i = 0; i < atoms.length; i += 3) {
            if (atoms[i] >= 0) {
                occ[atoms[i]]++;
            }
            if (atoms[i + 2] >= 0) {
                occ[atoms[i + 2]]++;
            }
        }
        return occ;
    }

    /** Every variable in at least two atoms; constants do not count. */
    static boolean isClosed(int[] atoms) {
        for (int c : occurrences(atoms)) {
            if (c == 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * AMIE3's redundancy test for an instantiated atom (its Rule.getRedundantAtoms, kept only when empty): the new
     * atom is redundant if some atom of the rule, head included, unifies with it or it with that atom, where
     * {@code p} unifies with {@code q} if they share the relation and each argument of {@code p} is a variable or
     * equals {@code q}'s. In effect an atom {@code ?x r C} is refused when the rule already has an {@code r} atom
     * over two variables, or one with the same constant in that position.
     */
    boolean isRedundant(int s, int r, int o) {
        for (int i = 0; i < atoms.length; i += 3) {
            if (atoms[i + 1] != r) {
                continue;
            }
            if (unifies(atoms[i], atoms[i + 2], s, o) || unifies(s, o, atoms[i], atoms[i + 2])) {
                return true;
            }
        }
        return false;
    }

    private static boolean unifies(int ps, int po, int s, int o) {
        return (ps >= 0 || ps == s) && (po >= 0 || po == o);
    }

    /** Key of a head plus some body atoms (the skyline's sub-rule lookup). */
    static Key keyOf(int[] atoms) {
        return new Key(canonicalize(atoms));
    }

    /**
     * Renames the non-head variables to 2, 3, ... and sorts the body atoms by (relation, subject, object); of all
     * renamings the one with the smallest sorted body wins. Head variables are renamed to their positions.
     */
    static int[] canonicalize(int[] atoms) {
        int n = atoms.length / 3;
        int bound = 0;
        for (int i = 0; i < atoms.length; i++) {
            if (i % 3 != 1) {
                bound = Math.max(bound, atoms[i] + 1);
            }
        }
        int[] rename = new int[Math.max(bound, 2)];
        Arrays.fill(rename, -1);
        int h0 = atoms[0];
        int h2 = atoms[2];
        if (h0 >= 0) {
            rename[h0] = 0;
        }
        if (h2 >= 0) {
            rename[h2] = 1;
        }
        int[] free = new int[rename.length];
        int k = 0;
        for (int i = 3; i < atoms.length; i++) {
            if (i % 3 == 1) {
                continue;
            }
            int v = atoms[i];
            if (v >= 0 && rename[v] == -1) {
                rename[v] = -2; // seen, numbered below
                free[k++] = v;
            }
        }
        int[] perm = new int[k];
        for (int i = 0; i < k; i++) {
            perm[i] = i;
        }
        int[][] best = null;
        int[][] cand = new int[n - 1][];
        do {
            for (int i = 0; i < k; i++) {
                rename[free[i]] = 2 + perm[i];
            }
            for (int i = 1; i < n; i++) {
                int s = atoms[3 * i];
                int o = atoms[3 * i + 2];
                cand[i - 1] = new int[] {atoms[3 * i + 1], s >= 0 ? rename[s] : s, o >= 0 ? rename[o] : o};
            }
            Arrays.sort(cand, Arrays::compare);
            if (best == null || compare(cand, best) < 0) {
                best = cand.clone();
            }
        } while (Permutations.next(perm));
        int[] out = new int[atoms.length];
        out[0] = h0 >= 0 ? 0 : h0;
        out[1] = atoms[1];
        out[2] = h2 >= 0 ? 1 : h2;
        for (int i = 0; i < best.length; i++) {
            out[3 * (i + 1)] = best[i][1];
            out[3 * (i + 1) + 1] = best[i][0];
            out[3 * (i + 1) + 2] = best[i][2];
        }
        return out;
    }

    private static int compare(int[][] x, int[][] y) {
        for (int i = 0; i < x.length; i++) {
            int c = Arrays.compare(x[i], y[i]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** The canonical atoms, head first. */
    record Key(int[] atoms) implements Comparable<Key> {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(atoms, k.atoms);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(atoms);
        }

        @Override
        public int compareTo(Key o) {
            return Arrays.compare(atoms, o.atoms);
        }

        @Override
        public String toString() {
            return Arrays.toString(atoms);
        }
    }
}
