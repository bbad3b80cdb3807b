package dev.lacuna;

import java.util.Collections;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The one Fisher-Yates shuffle every stage that shuffles uses: the order of the draws is part of what a seed gives,
 * so one written form means one order. Two forms of it: {@link #shuffle} permutes the whole sequence, backwards
 * from the last place, each place swapped with a random one at or before it (Durstenfeld's form, and
 * {@code Collections.shuffle}'s); {@link #shuffleFront} settles only the first {@code count} places, forwards, each
 * swapped with a random one at or after it: a uniform sample of {@code count} items for {@code count} draws.
 * Any {@link RandomGenerator} draws: a stage's {@code SplittableRandom} from {@link Seeds}, or the
 * {@code java.util.Random} an export has always trimmed with.
 */
public final class FisherYates {

    /** Swaps the items at two places of whatever is shuffled. */
    @FunctionalInterface
    public interface Swap {
        void swap(int i, int j);
    }

    private FisherYates() {
    }

    /** Permutes places 0..size-1 uniformly. */
    public static void shuffle(int size, RandomGenerator random, Swap swap) {
        for (int i = size - 1; i > 0; i--) {
            swap.swap(i, random.nextInt(i + 1));
        }
    }

    /** Fills places 0..count-1 with a uniform sample, in random order, of the items at 0..size-1. */
    public static void shuffleFront(int size, int count, RandomGenerator random, Swap swap) {
        for (int i = 0; i < count; i++) {
            swap.swap(i, i + random.nextInt(size - i));
        }
    }

    public static void shuffle(List<?> list, RandomGenerator random) {
        shuffle(list.size(), random, (i, j) -> Collections.swap(list, i, j));
    }

    public static void shuffleFront(List<?> list, int count, RandomGenerator random) {
        shuffleFront(list.size(), count, random, (i, j) -> Collections.swap(list, i, j));
    }

    public static void shuffle(int[] a, RandomGenerator random) {
        shuffle(a.length, random, (i, j) -> swap(a, i, j));
    }

    public static void shuffleFront(int[] a, int count, RandomGenerator random) {
        shuffleFront(a.length, count, random, (i, j) -> swap(a, i, j));
    }

    /** A uniform random permutation of 0..n-1. */
    public static int[] permutation(int n, RandomGenerator random) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        shuffle(p, random);
        return p;
    }

    private static void swap(int[] a, int i, int j) {
        int x = a[i];
        a[i] = a[j];
        a[j] = x;
    }
}
