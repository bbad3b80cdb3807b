package dev.lacuna;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class FisherYatesTest {

    /** The whole shuffle is Collections.shuffle's: an export trimmed with a Random keeps the subgraph it had. */
    @Test
    void shuffleIsCollectionsShuffle() {
        for (int n : new int[] {0, 1, 2, 3, 10, 1000}) {
            for (long seed = 0; seed < 20; seed++) {
                List<Integer> expected = IntStream.range(0, n).boxed().collect(ArrayList::new, List::add, List::addAll);
                Collections.shuffle(expected, new Random(seed));
                int[] a = IntStream.range(0, n).toArray();
                FisherYates.shuffle(a, new Random(seed));
                assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), a, "n=" + n + " seed=" + seed);
                List<Integer> list = IntStream.range(0, n).boxed().collect(ArrayList::new, List::add, List::addAll);
                FisherYates.shuffle(list, new Random(seed));
                assertEquals(expected, list);
            }
        }
    }

    /** The front form's first count places are the places a whole forward shuffle would give them. */
    @Test
    void shuffleFrontSettlesTheFirstPlacesOnly() {
        int[] whole = IntStream.range(0, 50).toArray();
        FisherYates.shuffleFront(whole, whole.length, new SplittableRandom(3));
        int[] front = IntStream.range(0, 50).toArray();
        FisherYates.shuffleFront(front, 7, new SplittableRandom(3));
        for (int i = 0; i < 7; i++) {
            assertEquals(whole[i], front[i]);
        }
        int[] sorted = front.clone();
        java.util.Arrays.sort(sorted);
        assertArrayEquals(IntStream.range(0, 50).toArray(), sorted, "a permutation of what was there");
    }

    /** Every item reaches every place about as often: the draws are uniform, not off by one. */
    @Test
    void everyPlaceIsReachedUniformly() {
        int n = 5;
        int rounds = 50_000;
        int[][] wholeCounts = new int[n][n];
        int[][] frontCounts = new int[n][n];
        SplittableRandom random = new SplittableRandom(42);
        for (int r = 0; r < rounds; r++) {
            int[] p = FisherYates.permutation(n, random);
            int[] f = IntStream.range(0, n).toArray();
            FisherYates.shuffleFront(f, 2, random);
            for (int place = 0; place < n; place++) {
                wholeCounts[p[place]][place]++;
                frontCounts[f[place]][place]++;
            }
        }
        for (int item = 0; item < n; item++) {
            for (int place = 0; place < n; place++) {
                assertTrue(Math.abs(wholeCounts[item][place] - rounds / n) < rounds / n / 10,
                        "item " + item + " at place " + place + ": " + wholeCounts[item][place]);
                if (place < 2) {
                    assertTrue(Math.abs(frontCounts[item][place] - rounds / n) < rounds / n / 10,
                            "front: item " + item + " at place " + place + ": " + frontCounts[item][place]);
                }
            }
        }
    }
}
