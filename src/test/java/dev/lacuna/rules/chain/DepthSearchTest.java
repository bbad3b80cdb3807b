package dev.lacuna.rules.chain;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.lacuna.testing.ChainRules;

/** The least number of rule applications, on a graph small enough to see every derivation by eye. */
class DepthSearchTest {

    /** A graph as {@link Facts}: a set of (s, r, o). */
    private static Facts graph(Fact... facts) {
        Set<Fact> all = new HashSet<>(List.of(facts));
        return new Facts() {
            @Override
            public boolean holds(long s, String relation, long o) {
                return all.contains(new Fact(s, relation, o));
            }

            @Override
            public long[] objects(String relation, long s) {
                return all.stream().filter(f -> f.s() == s && f.relation().equals(relation)).mapToLong(Fact::o).sorted().toArray();
            }

            @Override
            public long[] subjects(String relation, long o) {
                return all.stream().filter(f -> f.o() == o && f.relation().equals(relation)).mapToLong(Fact::s).sorted().toArray();
            }
        };
    }

    @Test
    void eachFactNeedsAsManyStepsAsItsShortestDerivation() {
        DepthSearch search = new DepthSearch(ChainRules.rules(), graph(new Fact(1, "b", 2), new Fact(2, "e", 3)));
        assertEquals(0, search.depth(new Fact(1, "b", 2), 5));
        assertEquals(1, search.depth(new Fact(1, "c", 2), 5));
        assertEquals(2, search.depth(new Fact(1, "d", 2), 5));
        // d(1, 2) is never stated: derived, it is the stepping stone of f(1, 3).
        assertEquals(3, search.depth(new Fact(1, "f", 3), 5));
        assertEquals(2, search.depth(new Fact(2, "g", 1), 5));
        assertEquals(-1, search.depth(new Fact(1, "f", 3), 2), "more than two steps needed");
        assertEquals(-1, search.depth(new Fact(3, "f", 1), 5), "not derivable at all");
        assertFalse(search.within(new Fact(1, "f", 3), 2));
        assertTrue(search.within(new Fact(1, "f", 3), 3));
    }

    @Test
    void aShortcutInTheGraphMakesTheFactShallower() {
        DepthSearch search = new DepthSearch(ChainRules.rules(), graph(new Fact(1, "b", 2), new Fact(2, "e", 3), new Fact(1, "d", 2)));
        assertEquals(1, search.depth(new Fact(1, "f", 3), 5));
    }

    @Test
    void openLookupsListEverythingThatFollowsWithinTheBound() {
        DepthSearch search = new DepthSearch(ChainRules.rules(), graph(new Fact(1, "b", 2), new Fact(1, "b", 4), new Fact(2, "e", 3)));
        assertArrayEquals(new long[0], search.within("f", 1, true, 2));
        assertArrayEquals(new long[] {3}, search.within("f", 1, true, 3));
        assertArrayEquals(new long[] {1}, search.within("g", 4, true, 2));
        assertArrayEquals(new long[] {1}, search.within("f", 3, false, 3));
    }
}
