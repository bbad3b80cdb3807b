package dev.lacuna.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.cli.CliRunner;

/**
 * {@code lacuna evaluate --from tog|rog|gnnrag|brink}: each system's own output file, read back and scored. The BRINK
 * fixture is worked by hand from evaluate_brink.py's documented rules (split on commas and line breaks; lower case;
 * <pad>, ASCII punctuation and a/an/the removed; missing predictions score 0; HHR = mean Hits@Hard / mean Hits@Any).
 */
class EvaluateFromTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double EPS = 1e-12;
    @TempDir
    Path tmp;
    Path bench;

    @BeforeEach
    void fixture() {
        bench = BenchmarkFixture.write(tmp.resolve("bench"));
    }

    private JsonNode evaluate(String from, Path predictions, String entities) throws IOException {
        Path report = tmp.resolve("report-" + from + ".json");
        CliRunner.Run run = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--from", from, "--predictions",
                predictions.toString(), "--entities", entities, "--format", "json", "-o", report.toString());
        assertEquals(0, run.code(), run.toString());
        return JSON.readTree(report.toFile());
    }

    private static JsonNode strict(JsonNode report) {
        return report.at("/systems/0/runs/single/strict");
    }

    @Test
    void brinkPredictionsScoreAsEvaluateBrinkDoes() throws IOException {
        // Gold in the text setting: q1 {Bob, Carol Ann} hard Bob; q2 {e5} (no label: source id) hard e5;
        // q3 {The Grace, Heidi, Ivan} hard Ivan.
        // q1 -> {bob, carolann, zed}: overlap {bob}: P 1/3, R 1/2, F1 2/5, hard hit.
        // q2 missing: all 0.  q3 -> {heidi ivan, grace} (no split on spaces): overlap {grace}: P 1/2, R 1/3, F1 2/5, hard miss.
        // q4 is a valid-split question: ignored, as evaluate_brink.py ignores ids outside its gold file.
        Path pred = tmp.resolve("pred.json");
        Files.writeString(pred, "[{\"id\": \"q1\", \"raw_output\": \"Bob<pad>, the Carol-Ann\\nZed\"},"
                + "{\"id\": \"q4\", \"raw_output\": \"Carol Ann\"},"
                + "{\"id\": \"q3\", \"raw_output\": \"Heidi Ivan\\nthe Grace\"}]");
        JsonNode report = evaluate("brink", pred, "text");
        JsonNode s = strict(report);
        assertEquals(2.0 / 3, s.get("hits_at_any").asDouble(), EPS);
        assertEquals((1.0 / 3 + 1.0 / 2) / 3, s.get("precision").asDouble(), EPS);
        assertEquals((1.0 / 2 + 1.0 / 3) / 3, s.get("recall").asDouble(), EPS);
        assertEquals((0.4 + 0.4) / 3, s.get("f1").asDouble(), EPS);
        assertEquals(1.0 / 3, s.get("hits_at_hard").asDouble(), EPS);
        assertEquals(0.5, s.get("hhr").asDouble(), EPS);
        assertEquals("comma-newline", report.at("/settings/delimiters").asText().replace('_', '-').toLowerCase());
        String notes = report.get("notes").toString();
        assertTrue(notes.contains("evaluate_brink.py's numbers: num_examples 3, num_missing_predictions 1, Hits@Any 0.666667, "
                + "Precision 0.277778, Recall 0.277778, F1 0.266667, Hits@Hard 0.333333, HHR 0.500000"), notes);
    }

    @Test
    void brinkHhrIsZeroNotUndefinedWhenNothingHits() {
        BrinkScores b = BrinkScores.score(List.of(new BrinkScores.Gold("q1", List.of("A"), "A")),
                List.of(new SystemOutput("q1", null, "B", 1)));
        assertEquals(0.0, b.hhr());
        assertNull(Scores.average(List.of(QuestionScore.of("q1", Set.of("b"), Set.of("a"), "a", false))).hhr(),
                "Lacuna's own HHR stays undefined there");
        assertEquals("carol ann", BrinkScores.normalize("  The CAROL, ann<pad>!"));
    }

    @Test
    void rogPredictionsAreItsGeneratedText() throws IOException {
        Path pred = tmp.resolve("predictions.jsonl");
        Files.writeString(pred, "{\"id\": \"q1\", \"question\": \"?\", \"prediction\": \"Bob\\nCarol Ann\", \"ground_truth\": [\"Bob\"], \"input\": \"\"}\n"
                + "{\"id\": \"q3\", \"question\": \"?\", \"prediction\": \"Ivan\", \"ground_truth\": [], \"input\": \"\"}\n");
        JsonNode s = strict(evaluate("rog", pred, "text"));
        assertEquals(2.0 / 3, s.get("hits_at_any").asDouble(), EPS);
        assertEquals((1.0 + 1.0 / 3) / 3, s.get("recall").asDouble(), EPS);
        assertEquals(2.0 / 3, s.get("hits_at_hard").asDouble(), EPS);
    }

    @Test
    void togRecordsAreMatchedByQuestionTextAndUnmatchedOnesReported() throws IOException {
        // The fixture asks "Who is 1's brotherOf?"; exported with text labels it reads "Who is Alice's brotherOf?".
        Path pred = tmp.resolve("ToG_lacuna.jsonl");
        Files.writeString(pred, "{\"question\": \"who is  Alice's brotherOf?\", \"results\": \"{Bob}\", \"reasoning_chains\": []}\n"
                + "{\"question\": \"Who is Frank's brotherOf?\", \"results\": \"The answer is {Ivan}, {Heidi}.\", \"reasoning_chains\": []}\n"
                + "{\"question\": \"Who is 1's brotherOf?\", \"results\": \"{Bob}\", \"reasoning_chains\": []}\n");
        JsonNode report = evaluate("tog", pred, "text");
        JsonNode s = strict(report);
        assertEquals(2.0 / 3, s.get("hits_at_any").asDouble(), EPS);
        assertEquals((1.0 + 1.0) / 3, s.get("precision").asDouble(), EPS);
        assertEquals(2.0 / 3, s.get("hits_at_hard").asDouble(), EPS);
        assertTrue(report.get("notes").toString().contains("tog: 1 records match no question text"), report.get("notes").toString());
        assertEquals("Ivan, Heidi", SystemOutputReaders.answerText("The answer is {Ivan}, {Heidi}."));
        assertEquals("plain", SystemOutputReaders.answerText("plain"));
    }

    @Test
    void togsReaderVerdictIsNotAnAnswer() {
        // ToG saves the reply of its "enough?" prompt whole when it reads {Yes} there (main_freebase.py's reasoning).
        assertEquals("Bob Smith", SystemOutputReaders.answerText("{Yes}. The answer is {Bob Smith}."));
        // The shape of prompt_list.py's own examples of that prompt, and a verdict as if_true still reads it.
        assertEquals("Kenyan shilling", SystemOutputReaders.answerText("{Yes}. Based on the given knowledge triplets, "
                + "Rift Valley Province is located in Kenya, which uses the Kenyan shilling as its currency. Therefore, "
                + "the answer to the question is {Kenyan shilling}."));
        assertEquals("Květa Peschke", SystemOutputReaders.answerText(" { Y es }. Based on the given knowledge triplets "
                + "and my knowledge, John Newcombe was born on May 23, 1944, and Květa Peschke was born on July 9, 1975. "
                + "Therefore, {Květa Peschke} is younger than John Newcombe."));
        // A verdict and no answer in braces: what follows the verdict; a verdict alone answers nothing.
        assertEquals("The answer is Bob Smith.", SystemOutputReaders.answerText("{Yes}. The answer is Bob Smith."));
        assertEquals("", SystemOutputReaders.answerText("{Yes}."));
        // The answer prompt (after an early stop) and the chain-of-thought prompt (after the last depth) give no
        // verdict: their one brace is the answer, even one that reads yes.
        assertEquals("De Smet", SystemOutputReaders.answerText("Based on the given knowledge triplets, the author of The "
                + "Long Winter, Laura Ingalls Wilder, lived in De Smet. Therefore, the answer to the question is {De Smet}."));
        assertEquals("Washington, D.C.", SystemOutputReaders.answerText("First, the education institution has a sports "
                + "team named George Washington Colonials men's basketball in is George Washington University , Second, "
                + "George Washington University is in Washington D.C. The answer is {Washington, D.C.}."));
        assertEquals("Yes", SystemOutputReaders.answerText("The band is {Yes}."));
        // Lacuna's offline answer list has no braces and stays whole.
        assertEquals("[\"Bob Smith\",\"Paris, France\"]",
                SystemOutputReaders.answerText("[\"Bob Smith\",\"Paris, France\"]"));
    }

    @Test
    void gnnragTestInfoIsReadByPositionAndCheckedAgainstItsAnswers() throws IOException {
        Path info = tmp.resolve("rearev_test.info");
        Files.writeString(info, "{\"question\": \"who is 1 s brotherof\", \"0\": {}, \"answers\": [\"e2\", \"e3\"], \"cand\": [[\"e2\", 0.4], [\"e7\", 0.3]], \"hit\": 1.0}\n"
                + "{\"question\": \"x\", \"answers\": [\"e5\"], \"cand\": []}\n"
                + "{\"question\": \"x\", \"answers\": [\"e7\", \"e8\", \"e9\"], \"cand\": [[\"e9\", 0.9]]}\n");
        JsonNode s = strict(evaluate("gnnrag", info, "source"));
        assertEquals(2.0 / 3, s.get("hits_at_any").asDouble(), EPS);
        assertEquals((0.5 + 0 + 1) / 3, s.get("precision").asDouble(), EPS);
        assertEquals(2.0 / 3, s.get("hits_at_hard").asDouble(), EPS);

        Files.writeString(info, Files.readAllLines(info).get(0) + "\n" + Files.readAllLines(info).get(2) + "\n");
        CliRunner.Run shortFile = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--from", "gnnrag",
                "--predictions", info.toString(), "--entities", "source");
        assertEquals(2, shortFile.code(), shortFile.toString());
        assertTrue(shortFile.err().contains("expected 3 lines, found 2"), shortFile.err());

        Files.writeString(info, "{\"answers\": [\"e5\"], \"cand\": []}\n{\"answers\": [\"e2\", \"e3\"], \"cand\": []}\n"
                + "{\"answers\": [\"e7\", \"e8\", \"e9\"], \"cand\": []}\n");
        CliRunner.Run swapped = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--from", "gnnrag",
                "--predictions", info.toString(), "--entities", "source");
        assertEquals(2, swapped.code(), swapped.toString());
        assertTrue(swapped.err().contains("out of step"), swapped.err());
    }

    @Test
    void unknownSystemIsAUsageError() throws IOException {
        Path pred = tmp.resolve("p.json");
        Files.writeString(pred, "[]");
        CliRunner.Run run = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--from", "structgpt",
                "--predictions", pred.toString());
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("unknown --from 'structgpt'"), run.err());
    }
}
