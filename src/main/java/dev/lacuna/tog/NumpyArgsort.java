package dev.lacuna.tog;

/**
 * numpy's {@code argsort} of float64 values with its default kind, as rank_bm25's {@code get_top_n} calls it
 * ({@code np.argsort(scores)[::-1]}): numpy's introsort (numpy/core/src/npysort's {@code aquicksort_}), which is not
 * stable, so equal scores come out in the order its partitions leave them. Ranking BM25 scores, which are often all
 * equal (a relation name shares no word with the question), the order of ties decides which relations are kept, so
 * it is numpy's here, step for step: the median of three as pivot, insertion sort below 17 elements, the larger part
 * put aside, heapsort once the partitions go deeper than twice the bit length of the list.
 *
 * <p>numpy 1.25 and later hand this sort to x86-simd-sort on CPUs with AVX-512 (2.0 and later with AVX2 as well),
 * whose order of equal values is its own again; this is the order of numpy up to 1.24 (Debian 12's), and of later
 * versions on CPUs without those instructions.
 */
final class NumpyArgsort {
    /** numpy's {@code SMALL_QUICKSORT}: a part of more than this many elements beyond its first is partitioned. */
    private static final int SMALL = 15;

    private NumpyArgsort() {
    }

    /** {@code np.argsort(v)[::-1]}: positions, largest value first. */
    static int[] descending(double[] v) {
        int[] order = ascending(v);
        int[] out = new int[order.length];
        for (int i = 0; i < order.length; i++) {
            out[i] = order[order.length - 1 - i];
        }
        return out;
    }

    /** {@code np.argsort(v)}: positions, smallest value first. */
    static int[] ascending(double[] v) {
        int n = v.length;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        if (n < 2) {
            return a;
        }
        int[] stack = new int[128];
        int[] depths = new int[64];
        int top = 0;
        int depthTop = 0;
        int pl = 0;
        int pr = n - 1;
        int depth = 2 * (31 - Integer.numberOfLeadingZeros(n));
        while (true) {
            if (depth < 0) {
                heapsort(v, a, pl, pr - pl + 1);
            } else {
                while (pr - pl > SMALL) {
                    int pm = pl + ((pr - pl) >> 1);
                    if (less(v[a[pm]], v[a[pl]])) {
                        swap(a, pm, pl);
                    }
                    if (less(v[a[pr]], v[a[pm]])) {
                        swap(a, pr, pm);
                    }
                    if (less(v[a[pm]], v[a[pl]])) {
                        swap(a, pm, pl);
                    }
                    double pivot = v[a[pm]];
                    int pi = pl;
                    int pj = pr - 1;
                    swap(a, pm, pj);
                    while (true) {
                        do {
                            pi++;
                        } while (less(v[a[pi]], pivot));
                        do {
                            pj--;
                        } while (less(pivot, v[a[pj]]));
                        if (pi >= pj) {
                            break;
                        }
                        swap(a, pi, pj);
                    }
                    swap(a, pi, pr - 1);
                    // The larger part waits on the stack; the smaller is sorted first.
                    if (pi - pl < pr - pi) {
                        stack[top++] = pi + 1;
                        stack[top++] = pr;
                        pr = pi - 1;
                    } else {
                        stack[top++] = pl;
                        stack[top++] = pi - 1;
                        pl = pi + 1;
                    }
                    depths[depthTop++] = --depth;
                }
                for (int i = pl + 1; i <= pr; i++) {
                    int vi = a[i];
                    double x = v[vi];
                    int j = i;
                    while (j > pl && less(x, v[a[j - 1]])) {
                        a[j] = a[j - 1];
                        j--;
                    }
                    a[j] = vi;
                }
            }
            if (top == 0) {
                return a;
            }
            pr = stack[--top];
            pl = stack[--top];
            depth = depths[--depthTop];
        }
    }

    /** numpy's {@code aheapsort_} of {@code a[from .. from + n)}. */
    private static void heapsort(double[] v, int[] a, int from, int n) {
        // numpy indexes the heap from 1.
        int base = from - 1;
        for (int l = n >> 1; l > 0; l--) {
            sift(v, a, base, l, n, a[base + l]);
        }
        for (int m = n; m > 1; ) {
            int tmp = a[base + m];
            a[base + m] = a[base + 1];
            m--;
            sift(v, a, base, 1, m, tmp);
        }
    }

    private static void sift(double[] v, int[] a, int base, int start, int n, int tmp) {
        int i = start;
        int j = start << 1;
        while (j <= n) {
            if (j < n && less(v[a[base + j]], v[a[base + j + 1]])) {
                j++;
            }
            if (less(v[tmp], v[a[base + j]])) {
                a[base + i] = a[base + j];
                i = j;
                j += j;
            } else {
                break;
            }
        }
        a[base + i] = tmp;
    }

    /** numpy's order of doubles: NaN after every number. */
    private static boolean less(double a, double b) {
        return a < b || (b != b && a == a);
    }

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
