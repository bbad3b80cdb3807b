package dev.lacuna.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;

class PredictionsReaderTest {
    @TempDir
    Path tmp;

    @Test
    void readsJsonLinesWithBothFields() {
        List<SystemOutput> out = PredictionsReader.parse("""
                {"id": "q1", "prediction": ["2", 3]}

                {"id": "q2", "raw_output": "5, 6"}
                {"id": 7, "prediction": null}
                """, "p.jsonl", PredictionField.AUTO);
        assertEquals(3, out.size());
        assertEquals(List.of("2", "3"), out.get(0).prediction());
        assertEquals("5, 6", out.get(1).rawOutput());
        assertNull(out.get(1).prediction());
        assertEquals(3, out.get(1).line());
        assertEquals("7", out.get(2).id());
        assertEquals(List.of(), out.get(2).prediction());
    }

    @Test
    void readsAJsonArrayAndRemembersLines() {
        List<SystemOutput> out = PredictionsReader.parse("""
                [
                  {"id": "q1", "prediction": ["2"]},
                  {"id": "q2",
                   "raw_output": "5"}
                ]
                """, "p.json", PredictionField.AUTO);
        assertEquals(2, out.size());
        assertEquals(2, out.get(0).line());
        assertEquals(3, out.get(1).line());
    }

    @Test
    void fieldChoosesBetweenPredictionAndRawOutput() {
        String both = "{\"id\": \"q1\", \"prediction\": [\"2\"], \"raw_output\": \"The answer is 3\"}\n";
        assertEquals(List.of("2"), PredictionsReader.parse(both, "p", PredictionField.AUTO).get(0).prediction());
        SystemOutput raw = PredictionsReader.parse(both, "p", PredictionField.RAW_OUTPUT).get(0);
        assertNull(raw.prediction());
        assertEquals("The answer is 3", raw.rawOutput());
        // a string "prediction" is raw output, as in RoG's files
        SystemOutput rog = PredictionsReader.parse("{\"id\": \"q1\", \"prediction\": \"2\\n3\"}", "p", PredictionField.PREDICTION).get(0);
        assertEquals("2\n3", rog.rawOutput());
    }

    @Test
    void malformedLineNamesFileAndLine() {
        BadInputException e = assertThrows(BadInputException.class, () -> PredictionsReader.parse(
                "{\"id\": \"q1\", \"prediction\": [\"2\"]}\n{\"id\": \"q2\", \"prediction\": [\"5\"\n", "pred.jsonl",
                PredictionField.AUTO));
        assertEquals("pred.jsonl", e.source());
        assertEquals(2, e.line());
        assertTrue(e.getMessage().startsWith("pred.jsonl:2"), e.getMessage());
        assertTrue(e.getMessage().contains("malformed JSON"), e.getMessage());
    }

    @Test
    void malformedArrayNamesTheLine() {
        BadInputException e = assertThrows(BadInputException.class, () -> PredictionsReader.parse(
                "[\n {\"id\": \"q1\", \"prediction\": [\"2\"]},\n {\"id\": \"q2\" \"prediction\": []}\n]", "p.json",
                PredictionField.AUTO));
        assertEquals(3, e.line());
    }

    @Test
    void emptyFileIsAClearError() {
        BadInputException e = assertThrows(BadInputException.class,
                () -> PredictionsReader.read(BenchmarkFixture.writeString(tmp.resolve("empty.jsonl"), "\n  \n"),
                        PredictionField.AUTO));
        assertTrue(e.getMessage().contains("empty"), e.getMessage());
        assertTrue(e.getMessage().contains("empty.jsonl"), e.getMessage());
        assertThrows(BadInputException.class, () -> PredictionsReader.parse("[]", "p", PredictionField.AUTO));
    }

    @Test
    void missingFileIsBadInput() {
        BadInputException e = assertThrows(BadInputException.class,
                () -> PredictionsReader.read(tmp.resolve("nope.jsonl"), PredictionField.AUTO));
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
    }

    @Test
    void recordProblemsNameTheLine() {
        assertEquals(2, assertThrows(BadInputException.class, () -> PredictionsReader.parse(
                "{\"id\": \"q1\", \"prediction\": []}\n{\"prediction\": []}", "p", PredictionField.AUTO)).line());
        BadInputException neither = assertThrows(BadInputException.class,
                () -> PredictionsReader.parse("{\"id\": \"q1\", \"answer\": \"2\"}", "p", PredictionField.AUTO));
        assertTrue(neither.getMessage().contains("neither"), neither.getMessage());
        BadInputException chosen = assertThrows(BadInputException.class,
                () -> PredictionsReader.parse("{\"id\": \"q1\", \"prediction\": [\"2\"]}", "p", PredictionField.RAW_OUTPUT));
        assertTrue(chosen.getMessage().contains("raw_output"), chosen.getMessage());
        assertThrows(BadInputException.class,
                () -> PredictionsReader.parse("{\"id\": \"q1\", \"prediction\": [[\"2\"]]}", "p", PredictionField.AUTO));
        assertThrows(BadInputException.class, () -> PredictionsReader.parse("[1, 2]", "p", PredictionField.AUTO));
    }

    @Test
    void duplicateIdsAreAnError() {
        BadInputException e = assertThrows(BadInputException.class, () -> PredictionsReader.parse(
                "{\"id\": \"q1\", \"prediction\": []}\n{\"id\": \"q1\", \"prediction\": [\"2\"]}", "p", PredictionField.AUTO));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("first on line 1"), e.getMessage());
    }
}
