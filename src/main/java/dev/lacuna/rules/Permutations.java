package dev.lacuna.rules;

/** Lexicographic permutations in place; canonical forms try every renaming of the few non-head variables. */
public final class Permutations {
    private Permutations() {
    }

    /** Turns {@code p} into the next permutation in lexicographic order; false when it was the last. */
    public static boolean next(int[] p) {
        int i = p.length - 2;
        while (i >= 0 && p[i] >= p[i + 1]) {
            i--;
        }
        if (i < 0) {
            return false;
        }
        int j = p.length - 1;
        while (p[j] <= p[i]) {
            j--;
        }
        int t = p[i];
        p[i] = p[j];
        p[j] = t;
        for (int a = i + 1, b = p.length - 1; a < b; a++, b--) {
            t = p[a];
            p[a] = p[b];
            p[b] = t;
        }
        return true;
    }
}
