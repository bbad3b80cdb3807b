package dev.lacuna.tog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The parts of ToG's code that Lacuna redoes by hand, each against a value worked out from ToG's own definition. */
class TogPartsTest {
    @Test
    void bm25ScoresAsBm25OkapiAndBreaksTiesAsNumpysReversedArgsort() {
        // rank_bm25 by hand: idf(a) = ln(3 - 1 + 0.5) - ln(1 + 0.5) = ln(5/3); b and c are in two of three documents,
        // so their idf is negative and becomes epsilon x the mean idf, which is 0 here; every length equals the mean,
        // so a's weight is idf x 1 x 2.5 / (1 + 1.5).
        Ranked r = new Bm25Ranker().top("a", List.of("a b", "b c", "c d"), 3);
        assertEquals(List.of(0, 2, 1), r.positions());
        assertEquals(Math.log(5.0 / 3.0), r.scores().get(0), 1e-12);
        assertEquals(0.0, r.scores().get(1), 0.0);
        // Dotted relation names share no token with a question: all zero, an even share each, as ToG does.
        Ranked none = new Bm25Ranker().top("who is the spouse", List.of("people.person.spouse", "film.film.genre"), 3);
        assertEquals(List.of(0.5, 0.5), none.scoresOrEven());
        assertEquals(List.of(1, 0), none.positions());
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
    void theOfflineAnswerIsTheLastDepthsTailsBestFirstOnce() {
        assertEquals("[\"Bob\",\"Paris, France\"]", ThinkOnGraph.offlineAnswer(List.of(
                List.of(List.of("x", "r", "old")),
                List.of(List.of("A", "r", "Bob"), List.of("A", "s", "Bob"), List.of("A", "t", "Paris, France")))));
        assertEquals("[]", ThinkOnGraph.offlineAnswer(List.of()));
    }
}
