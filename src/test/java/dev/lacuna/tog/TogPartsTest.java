package dev.lacuna.tog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The parts of ToG's code that Lacuna redoes by hand, each against a value worked out from ToG's own definition. */
class TogPartsTest {
    @Test
    void bm25ScoresAsBm25OkapiAndRanksAsNumpysReversedArgsort() {
        // rank_bm25 by hand: idf(a) = ln(3 - 1 + 0.5) - ln(1 + 0.5) = ln(5/3); b and c are in two of three documents,
        // so their idf is negative and becomes epsilon x the mean idf, which is 0 here; every length equals the mean,
        // so a's weight is idf x 1 x 2.5 / (1 + 1.5).
        Ranked r = new Bm25Ranker().top("a", List.of("a b", "b c", "c d"), 3);
        assertEquals(Math.log(5.0 / 3.0), r.scores().get(0), 1e-12);
        assertEquals(0.0, r.scores().get(1), 0.0);
        assertEquals(List.of(0, 2, 1), r.positions());
        // Dotted relation names share no token with a question: all zero, an even share each, as ToG does.
        List<String> relations = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            relations.add("people.person.r" + i);
        }
        Ranked none = new Bm25Ranker().top("who is the spouse", relations, 3);
        assertEquals(List.of(1.0 / 3, 1.0 / 3, 1.0 / 3), none.scoresOrEven());
        // Which three of twenty equal scores are kept is numpy's argsort(scores)[::-1][:3], whatever it is.
        List<Integer> numpy = NumpyCheck.reversedArgsorts(List.of(new double[20])).get(0);
        assertEquals(numpy.subList(0, 3), none.positions());
    }

    @Test
    void theArgsortIsNumpysOnTiesOfEveryLength() {
        // Lists with many equal scores (BM25 gives ties whenever names share no token with the question), of every
        // length from 1 to 120, across the length where numpy's introsort starts to partition instead of sorting by
        // insertion; a list of 15 scores with four ties at the top; and one that drives it into heapsort.
        Random random = new Random(7);
        List<double[]> lists = new ArrayList<>();
        for (int n = 1; n <= 120; n++) {
            for (int k = 0; k < 5; k++) {
                double[] scores = new double[n];
                int distinct = 1 + random.nextInt(4);
                for (int i = 0; i < n; i++) {
                    scores[i] = k == 4 ? random.nextDouble() : random.nextInt(distinct) * 0.5;
                }
                lists.add(scores);
            }
        }
        lists.add(new double[] {0.1, 0.2, 0.3, 0.1, 0.2, 0.9, 0.9, 0.3, 0.9, 0.2, 0.1, 0.4, 0.5, 0.6, 0.9});
        // Made by McIlroy's adversary for this quicksort, then halved so that pairs tie: its partitions go past the
        // depth limit, so numpy finishes a part with heapsort.
        lists.add(new double[] {0, 25, 1, 25, 2, 24, 3, 24, 4, 23, 5, 23, 6, 22, 7, 22, 8, 21, 9, 21, 10, 11, 30, 28, 29,
            28, 27, 27, 26, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 20, 19, 19, 18, 18, 17, 17, 16, 16, 15, 15, 14, 14, 13,
            13, 12, 12, 26, 11});
        List<List<Integer>> numpy = NumpyCheck.reversedArgsorts(lists);
        for (int i = 0; i < lists.size(); i++) {
            List<Integer> ours = new ArrayList<>();
            for (int p : NumpyArgsort.descending(lists.get(i))) {
                ours.add(p);
            }
            assertEquals(numpy.get(i), ours, "list " + i + " of length " + lists.get(i).length);
        }
    }

    @Test
    void theRecordIsWrittenAsPythonsJsonDumps() {
        // json.dumps({"question": "Où?", "results": "{José}\n", "reasoning_chains": [[[("a", "r", "b")]]]}): ToG
        // appends per depth entity_prune's [[(head, relation, tail), ...]], a list holding the depth's one list.
        assertEquals("{\"question\": \"O\\u00f9?\", \"results\": \"{Jos\\u00e9}\\n\", \"reasoning_chains\": "
                + "[[[[\"a\", \"r\", \"b\"]]]]}", PythonJson.togRecord("Où?", "{José}\n",
                List.of(List.of(List.of("a", "r", "b")))));
        // json.dumps({"question": "q", "results": "", "reasoning_chains": [[[("a", "r", "b"), ("a", "s", "c")]],
        // [[("c", "t", "d")]]]})
        assertEquals("{\"question\": \"q\", \"results\": \"\", \"reasoning_chains\": [[[[\"a\", \"r\", \"b\"], "
                + "[\"a\", \"s\", \"c\"]]], [[[\"c\", \"t\", \"d\"]]]]}", PythonJson.togRecord("q", "",
                List.of(List.of(List.of("a", "r", "b"), List.of("a", "s", "c")), List.of(List.of("c", "t", "d")))));
        // A depth whose chains all scored 0 is entity_prune's [], not a list holding an empty list:
        // json.dumps({"question": "q", "results": "", "reasoning_chains": [[[("a", "r", "b")]], []]})
        assertEquals("{\"question\": \"q\", \"results\": \"\", \"reasoning_chains\": [[[[\"a\", \"r\", \"b\"]]], []]}",
                PythonJson.togRecord("q", "", List.of(List.of(List.of("a", "r", "b")), List.of())));
        // A character outside the basic plane as its surrogate pair, DEL escaped, as ensure_ascii does.
        assertEquals("{\"question\": \"\\ud83d\\ude00\\u007f\", \"results\": \"\", \"reasoning_chains\": []}",
                PythonJson.togRecord("\uD83D\uDE00\u007f", "", List.of()));
    }

    @Test
    void repliesAreReadAsTogReadsThem() {
        List<TogPrompts.Scored> relations = TogPrompts.relationScores(
                "1. {people.person.spouse (Score: 0.7)}: yes\n2. {a; b (Score: 0.2)}\n3. {film.film.genre (Score: 0.1)}");
        assertEquals(List.of(new TogPrompts.Scored("people.person.spouse", 0.7),
                new TogPrompts.Scored("film.film.genre", 0.1)), relations);
        assertEquals(List.of(), TogPrompts.relationScores("{people.person.spouse (Score: .)}"));
        assertEquals(List.of(0.25, 0.75), TogPrompts.entityScores("Score: 0.25, 0.75", 2));
        assertEquals(List.of(1.0 / 3, 1.0 / 3, 1.0 / 3), TogPrompts.entityScores("0.5 and 1", 3));
        assertTrue(TogPrompts.saysYes("{ Y es }. Then {Paris}."));
        assertFalse(TogPrompts.saysYes("Yes. {No}."));
        assertFalse(TogPrompts.saysYes("} {Yes"));
    }

    @Test
    void theOfflineAnswerRulesNameTheKeptEntitiesBestFirstOnceNeverTheTopic() {
        List<List<ThinkOnGraph.Candidate>> kept = List.of(
                List.of(reached("m.1", "Bob"), reached("m.2", "Paris, France"), reached("m.1", "Bob")),
                List.of(reached("m.3", "Carol"), reached("m.0", "Ann"), reached("m.2", "Paris, France")));
        assertEquals("[\"Bob\",\"Paris, France\"]", ThinkOnGraph.offlineAnswer(AnswerRule.FIRST_DEPTH, kept, "m.0"));
        assertEquals("[\"Bob\",\"Paris, France\",\"Carol\"]",
                ThinkOnGraph.offlineAnswer(AnswerRule.ALL_DEPTHS, kept, "m.0"));
        assertEquals("[]", ThinkOnGraph.offlineAnswer(AnswerRule.ALL_DEPTHS, List.of(), "m.0"));
        assertEquals("[]", ThinkOnGraph.offlineAnswer(AnswerRule.FIRST_DEPTH, List.of(), "m.0"));
    }

    private static ThinkOnGraph.Candidate reached(String id, String name) {
        return new ThinkOnGraph.Candidate(id, name, "r", "m.9", true, 0.5);
    }
}
