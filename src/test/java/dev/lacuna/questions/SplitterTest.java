package dev.lacuna.questions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.lacuna.LacunaException;

class SplitterTest {

    private static List<Question> questions(int n) {
        List<Question> qs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            qs.add(TestQuestions.question(String.format("q%06d", i), Integer.toString(i % 17)));
        }
        return qs;
    }

    @Test
    void sizesRoundEachTenthHalfUp() {
        assertArrayEquals(new int[] {1731, 217, 217}, Splitter.sizes(2165));
        assertArrayEquals(new int[] {80, 10, 10}, Splitter.sizes(100));
        assertArrayEquals(new int[] {3, 1, 1}, Splitter.sizes(5));
        assertArrayEquals(new int[] {12, 1, 1}, Splitter.sizes(14));
        assertArrayEquals(new int[] {11, 2, 2}, Splitter.sizes(15));
        assertArrayEquals(new int[] {4, 0, 0}, Splitter.sizes(4));
        assertArrayEquals(new int[] {0, 0, 0}, Splitter.sizes(0));
    }

    @Test
    void partsAreDisjointCompleteSortedAndLabelled() {
        List<Question> input = questions(2165);
        Splitter.Split split = Splitter.split(input, 42);
        assertEquals(1731, split.train().size());
        assertEquals(217, split.valid().size());
        assertEquals(217, split.test().size());
        Set<String> ids = new HashSet<>();
        for (SplitName name : SplitName.values()) {
            List<Question> part = split.part(name);
            List<Question> sorted = new ArrayList<>(part);
            sorted.sort(Comparator.comparing(Question::id));
            assertEquals(sorted, part);
            for (Question q : part) {
                assertEquals(name.label(), q.split());
                assertTrue(ids.add(q.id()), "twice: " + q.id());
            }
        }
        assertEquals(2165, ids.size());
    }

    @Test
    void theSameSeedGivesTheSameSplitWhateverTheInputOrder() {
        List<Question> input = questions(500);
        List<Question> shuffled = new ArrayList<>(input);
        Collections.shuffle(shuffled, new Random(3));
        Splitter.Split a = Splitter.split(input, 7);
        assertEquals(a, Splitter.split(shuffled, 7));
        assertEquals(a, Splitter.split(input, 7));
        assertNotEquals(a.test(), Splitter.split(input, 8).test());
    }

    @Test
    void duplicateIdsAreRefused() {
        List<Question> qs = new ArrayList<>(questions(3));
        qs.add(qs.get(0));
        LacunaException e = assertThrows(LacunaException.class, () -> Splitter.split(qs, 1));
        assertTrue(e.getMessage().contains("q000000"), e.getMessage());
    }
}
