package dev.lacuna.mining;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The join's shortcuts over {@link KgIndex} against a plain scan of each entity's edges: the packed relation runs
 * behind outRange / inRange, and {@link EdgeEndFilter}'s bit sets, on a seeded random KG with entities that have no
 * edges on one side (the runs of the next entity must still end in the right place) and with sets rebuilt for
 * another relation (the old bits must be gone).
 */
class EdgeEndFilterTest {
    private static KgIndex randomKg() {
        Random random = new Random(7);
        int n = 3000;
        int[] heads = new int[n];
        int[] rels = new int[n];
        int[] tails = new int[n];
        for (int i = 0; i < n; i++) {
            heads[i] = 2 * random.nextInt(150); // odd entities have no out-edges
            rels[i] = random.nextInt(9);
            tails[i] = random.nextInt(300);
        }
        return KgIndex.ofIds(300, new String[] { "a", "b", "c", "d", "e", "f", "g", "h", "i" }, heads, rels, tails, n);
    }

    @Test
    void rangesAreTheRelationsEdgesOfTheEntity() {
        KgIndex kg = randomKg();
        for (int e = 0; e < kg.entityCount(); e++) {
            for (int r = 0; r < kg.relationCount(); r++) {
                assertEquals(scan(kg.outEdges(), kg.outStart(e), kg.outEnd(e), r), kg.outRange(e, r), "out " + e + " " + r);
                assertEquals(scan(kg.inEdges(), kg.inStart(e), kg.inEnd(e), r), kg.inRange(e, r), "in " + e + " " + r);
            }
        }
    }

    /** All sets kept; none kept (each slot rebuilds its own); some kept and the rest in the slots' own sets. */
    @Test
    void aClearBitMeansNoEdgeAndEveryEntityWithAnEdgeHasItsBit() {
        KgIndex kg = randomKg();
        int words = (kg.entityCount() + 63) / 64;
        for (long budget : new long[] {EdgeEndFilter.CACHE_WORDS, 0, 5L * words}) {
            agreesWithTheIndex(kg, new EdgeEndFilter(kg, budget));
        }
    }

    @Test
    void keptSetsHoldTheRelationsEndsUntilTheBudgetIsSpent() {
        KgIndex kg = randomKg();
        int words = (kg.entityCount() + 63) / 64;
        EdgeEndFilter filter = new EdgeEndFilter(kg, 3L * words);
        int kept = 0;
        for (int r = 0; r < kg.relationCount(); r++) {
            for (boolean out : new boolean[] {true, false}) {
                long[] set = filter.kept(out, r);
                if (set == null) {
                    continue;
                }
                kept++;
                for (int e = 0; e < kg.entityCount(); e++) {
                    assertEquals(out ? kg.hasOut(e, r) : kg.hasIn(e, r), (set[e >>> 6] & (1L << e)) != 0);
                }
            }
        }
        assertEquals(3, kept, "sets kept within a budget of three");
    }

    private static void agreesWithTheIndex(KgIndex kg, EdgeEndFilter filter) {
        for (int round = 0; round < 3; round++) {
            for (int r = 0; r < kg.relationCount(); r++) {
                filter.reset();
                for (int atom = 0; atom < 3; atom++) {
                    for (int pass = 0; pass < 3; pass++) { // the first pass builds the sets as the lookups pile up
                        for (int e = 0; e < kg.entityCount(); e++) {
                            boolean out = (atom + round) % 2 == 0;
                            boolean has = out ? kg.hasOut(e, r) : kg.hasIn(e, r);
                            boolean may = filter.mayHave(atom, out, r, e);
                            if (pass > 0 || !may) {
                                assertEquals(has, may, "atom " + atom + " relation " + r + " entity " + e);
                            }
                        }
                    }
                }
            }
        }
    }

    private static long scan(long[] edges, int from, int to, int r) {
        int first = -1;
        int end = -1;
        for (int k = from; k < to; k++) {
            if (KgIndex.high(edges[k]) == r) {
                if (first < 0) {
                    first = k;
                }
                end = k + 1;
            }
        }
        return first < 0 ? 0 : KgIndex.pack(first, end);
    }
}
