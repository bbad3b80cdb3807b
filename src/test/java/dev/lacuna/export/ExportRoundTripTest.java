package dev.lacuna.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.cli.CliRunner;

/**
 * Export, a small system output written by hand in the names that system answers with, and {@code evaluate --export}:
 * per format, with scores worked out by hand. Every export is in the text setting, where the naming differs by
 * system: GNN-RAG answers with entities.txt's source ids, the others with the labels they were shown. Gold (test
 * split, {@link RoundTripFixture}): q1 {Bob, Carol Ann} hard Bob; q2 {e5} hard e5; q3 {The Grace, Heidi, Ivan} hard
 * Ivan. A run that scores wrong names must warn, one that scores right names must not.
 */
class ExportRoundTripTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double EPS = 1e-12;

    @TempDir
    Path tmp;
    Path bench;

    @BeforeEach
    void fixture() {
        bench = RoundTripFixture.write(tmp.resolve("bench"));
    }

    private Path export(String format, String graph) {
        Path out = tmp.resolve(format + "-" + graph);
        CliRunner.Run run = CliRunner.run("export", "--benchmark", bench.toString(), "--format", format, "--graph", graph,
                "--labels", "text", "--out", out.toString());
        assertEquals(0, run.code(), run.toString());
        return out;
    }

    private Path file(String name, String text) throws IOException {
        Path f = tmp.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    /** Runs evaluate with JSON output; returns the report, and asserts the exit code. */
    private JsonNode evaluate(List<String> args, int code, List<String> err) throws IOException {
        Path report = tmp.resolve("report-" + System.nanoTime() + ".json");
        List<String> all = new ArrayList<>(List.of("evaluate", "--benchmark", bench.toString(), "--format", "json", "-o",
                report.toString()));
        all.addAll(args);
        CliRunner.Run run = CliRunner.run(all.toArray(String[]::new));
        assertEquals(code, run.code(), run.toString());
        err.add(run.err());
        return code == 0 ? JSON.readTree(report.toFile()) : null;
    }

    private JsonNode evaluateClean(String... args) throws IOException {
        List<String> err = new ArrayList<>();
        JsonNode report = evaluate(List.of(args), 0, err);
        assertFalse(err.get(0).contains("warning"), "all answers name KG entities in the export's naming: no warning\n" + err);
        assertEquals(0, report.get("warnings").size());
        return report;
    }

    private static void assertScores(JsonNode strict, double any, double p, double r, double f1, double hard, Double hhr) {
        assertEquals(any, strict.get("hits_at_any").asDouble(), EPS, "Hits@Any");
        assertEquals(p, strict.get("precision").asDouble(), EPS, "precision");
        assertEquals(r, strict.get("recall").asDouble(), EPS, "recall");
        assertEquals(f1, strict.get("f1").asDouble(), EPS, "F1");
        assertEquals(hard, strict.get("hits_at_hard").asDouble(), EPS, "Hits@Hard");
        assertEquals(hhr, strict.get("hhr").asDouble(), EPS, "HHR");
    }

    @Test
    void rogPredictionsScoreInTheLabelsRogWasShown() throws IOException {
        Path rog = export("rog", "incomplete");
        // predict_answer.py's rows; prediction is the LLM's text, split on commas and line breaks (labels).
        // q1 "Bob, Zed": P 1/2, R 1/2, F1 1/2, hard hit. q2 "e5": all 1, hit. q3 "Heidi": P 1, R 1/3, F1 1/2, miss.
        Path pred = file("rog-predictions.jsonl", """
                {"id": "q1", "question": "Who is Alice's brotherOf?", "prediction": "Bob, Zed", "ground_truth": ["Bob", "Carol Ann"], "input": "x"}
                {"id": "q2", "question": "Who is Dave's sisterOf?", "prediction": "e5", "ground_truth": ["e5"], "input": "x"}
                {"id": "q3", "question": "Who is Frank's brotherOf?", "prediction": "Heidi", "ground_truth": ["Heidi"], "input": "x"}
                """);
        JsonNode report = evaluateClean("--export", rog.toString(), "--predictions", pred.toString());
        assertEquals("text", report.at("/settings/entities").asText());
        assertScores(report.at("/systems/0/runs/single/strict"), 1, (0.5 + 1 + 1) / 3, (0.5 + 1 + 1.0 / 3) / 3,
                (0.5 + 1 + 0.5) / 3, 2.0 / 3, 2.0 / 3);
        JsonNode resolution = report.at("/systems/0/runs/single/coverage/resolution");
        assertEquals(4, resolution.get("predicted").asInt(), "bob, zed, e5, heidi");
        assertEquals(3, resolution.get("resolved").asInt(), "Zed names no entity");
        assertEquals("text", resolution.get("entities").asText());
    }

    @Test
    void gnnragTestInfoScoresInEntitiesTxtNames() throws IOException {
        Path gnnrag = export("gnnrag", "incomplete");
        assertEquals("source", JSON.readTree(gnnrag.resolve("export.json").toFile()).at("/system_output/entities").asText());
        assertEquals("e2", Files.readAllLines(gnnrag.resolve("entities.txt")).get(1), "entities.txt holds source ids");
        // gnn/evaluate.py's test.info, one line per test question in test.json's order; cand in entities.txt names.
        // q1 {e2, e10}: P 1/2, R 1/2, F1 1/2, hit. q2 {e5}: all 1, hit. q3 {}: all 0.
        Path info = file("test.info", """
                {"answers": ["e2", "e3"], "precison": 0.5, "recall": 0.5, "f1": 0.5, "hit": 1.0, "em": 1, "cand": [["e2", 0.6], ["e10", 0.3]]}
                {"answers": ["e5"], "precison": 1.0, "recall": 1.0, "f1": 1.0, "hit": 1.0, "em": 1, "cand": [["e5", 0.9]]}
                {"answers": ["e7", "e8", "e9"], "precison": 1.0, "recall": 0.0, "f1": 0.0, "hit": 0.0, "em": 0, "cand": []}
                """);
        JsonNode report = evaluateClean("--export", gnnrag.toString(), "--predictions", info.toString());
        assertEquals("source", report.at("/settings/entities").asText());
        assertScores(report.at("/systems/0/runs/single/strict"), 2.0 / 3, 0.5, 0.5, 0.5, 2.0 / 3, 1.0);
        assertEquals(1.0, report.at("/systems/0/runs/single/coverage/resolution/share").asDouble(), EPS);
    }

    @Test
    void brinkOutputsScoreInGoldJsonNames() throws IOException {
        Path brink = export("brink", "incomplete");
        // evaluate_brink.py's [{id, raw_output}], split on commas and line breaks.
        // q1 all right, hit. q2 "Dave": 0. q3 {Ivan, Heidi}: P 1, R 2/3, F1 4/5, hit.
        Path pred = file("brink.json", """
                [{"id": "q1", "raw_output": "Bob, Carol Ann"}, {"id": "q2", "raw_output": "Dave"},
                 {"id": "q3", "raw_output": "Ivan\\nHeidi"}]
                """);
        JsonNode report = evaluateClean("--export", brink.toString(), "--predictions", pred.toString());
        assertScores(report.at("/systems/0/runs/single/strict"), 2.0 / 3, 2.0 / 3, (1 + 0 + 2.0 / 3) / 3, (1 + 0 + 0.8) / 3,
                2.0 / 3, 1.0);
        assertTrue(report.get("notes").toString().contains("evaluate_brink.py's numbers"), "read as BRINK's output");
    }

    @Test
    void togResultsScoreInTheNamesOfTheFreebaseView() throws IOException {
        Path freebase = export("freebase", "incomplete");
        // ToG's ToG_<dataset>.jsonl, matched by question text (topic as the export names it); answers in braces.
        // q1 {Bob}: P 1, R 1/2, F1 2/3, hit. q2 has no record: 0. q3 {Heidi}: P 1, R 1/3, F1 1/2, miss.
        Path pred = file("ToG_lacuna.jsonl", """
                {"question": "Who is Alice's brotherOf?", "results": "The answer is {Bob}.", "reasoning_chains": []}
                {"question": "Who is Frank's brotherOf?", "results": "{Heidi}", "reasoning_chains": []}
                """);
        JsonNode report = evaluateClean("--export", freebase.toString(), "--predictions", pred.toString());
        assertScores(report.at("/systems/0/runs/single/strict"), 2.0 / 3, 2.0 / 3, (0.5 + 1.0 / 3) / 3, (2.0 / 3 + 0.5) / 3,
                1.0 / 3, 0.5);
    }

    @ParameterizedTest
    @ValueSource(strings = {"tsv", "ntriples", "turtle", "trig"})
    void plainGraphFormatsScoreLacunaPredictionsInTheirLabels(String format) throws IOException {
        Path plain = export(format, "incomplete");
        assertTrue(JSON.readTree(plain.resolve("export.json").toFile()).at("/system_output/system").isNull());
        // q1 {Carol Ann}: P 1, R 1/2, F1 2/3, miss. q2 {e5}: all 1, hit. q3 four, three right: P 3/4, R 1, F1 6/7, hit.
        Path pred = file("plain.jsonl", """
                {"id": "q1", "prediction": ["Carol Ann"]}
                {"id": "q2", "prediction": ["e5"]}
                {"id": "q3", "prediction": ["The Grace", "Heidi", "Ivan", "Judy"]}
                """);
        JsonNode report = evaluateClean("--export", plain.toString(), "--predictions", pred.toString());
        assertScores(report.at("/systems/0/runs/single/strict"), 1, (1 + 1 + 0.75) / 3, (0.5 + 1 + 1) / 3,
                (2.0 / 3 + 1 + 6.0 / 7) / 3, 2.0 / 3, 2.0 / 3);
    }

    /** The case that once published zeros: GNN-RAG's source ids, turned into prediction lines and scored as text. */
    private Path gnnragLines() throws IOException {
        return file("gnnrag-lines.jsonl", """
                {"id": "q1", "prediction": ["e2", "e10"]}
                {"id": "q2", "prediction": ["e5"]}
                {"id": "q3", "prediction": []}
                """);
    }

    @Test
    void explicitEntitiesThatDisagreeWithTheExportWarnAndNameTheFormThatResolves() throws IOException {
        Path gnnrag = export("gnnrag", "incomplete");
        Path lines = gnnragLines();
        List<String> err = new ArrayList<>();
        JsonNode report = evaluate(List.of("--export", gnnrag.toString(), "--from", "lacuna", "--entities", "text",
                "--predictions", lines.toString()), 0, err);
        String disagree = "--entities text disagrees with " + gnnrag.resolve("export.json") + ": GNN-RAG's test.info names "
                + "candidates and answers by their line of entities.txt (source names; the text labels are only in "
                + "entities_names.json), so --entities source would match them; scoring with --entities text as asked";
        // As text labels only e5 (entity 5 has no label, so its text name is its source id) names an entity.
        String resolution = "system (single): only 1 of 3 (33.3%) predicted answers name an entity of the KG as --entities "
                + "text writes them; with --entities source, 3 of 3 (100.0%) do: score with --entities source, or give "
                + "--export DIR to take the naming from the export";
        assertEquals(List.of(disagree, resolution), texts(report.get("warnings")));
        assertTrue(err.get(0).contains("warning: " + disagree + "\n"), err.get(0));
        assertTrue(err.get(0).contains("warning: " + resolution + "\n"), err.get(0));
        assertEquals(1.0 / 3, report.at("/systems/0/runs/single/strict/hits_at_any").asDouble(), EPS,
                "only the unlabelled e5 scores: the near-zeros the warning explains");

        // The same file with the export's naming: the numbers, and no warning.
        JsonNode right = evaluateClean("--export", gnnrag.toString(), "--from", "lacuna", "--predictions", lines.toString());
        assertScores(right.at("/systems/0/runs/single/strict"), 2.0 / 3, 0.5, 0.5, 0.5, 2.0 / 3, 1.0);
    }

    @Test
    void withoutAnExportTheShareAloneWarns() throws IOException {
        List<String> err = new ArrayList<>();
        JsonNode report = evaluate(List.of("--entities", "text", "--predictions", gnnragLines().toString()), 0, err);
        assertEquals(List.of("system (single): only 1 of 3 (33.3%) predicted answers name an entity of the KG as --entities "
                + "text writes them; with --entities source, 3 of 3 (100.0%) do: score with --entities source, or give "
                + "--export DIR to take the naming from the export"), texts(report.get("warnings")));
        assertTrue(err.get(0).contains("warning: system (single): only 1 of 3 (33.3%)"), err.get(0));

        for (String format : List.of("markdown", "html")) {
            CliRunner.Run run = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--entities", "text", "--predictions",
                    gnnragLines().toString(), "--format", format);
            assertEquals(0, run.code(), run.toString());
            assertTrue(run.out().contains(format.equals("html") ? "<h2 class=\"warn\">Warnings</h2>" : "## Warnings\n\n- system (single): only"),
                    run.out());
            assertTrue(run.out().contains(format.equals("html") ? "<td>1 of 3 (33.3%)</td>" : " | 1 of 3 (33.3%) |"), run.out());
        }
    }

    @Test
    void freeTextThatNamesNothingInAnyFormWarnsWithoutAnAlternative() throws IOException {
        Path pred = file("prose.jsonl", """
                {"id": "q1", "raw_output": "I do not know"}
                {"id": "q2", "raw_output": "nobody"}
                {"id": "q3", "raw_output": "Ivan"}
                """);
        List<String> err = new ArrayList<>();
        JsonNode report = evaluate(List.of("--entities", "text", "--predictions", pred.toString()), 0, err);
        assertEquals(List.of("system (single): only 1 of 3 (33.3%) predicted answers name an entity of the KG as --entities "
                + "text writes them; no other --entities form names more (free text that names no entity is normal for an "
                + "LLM, but check that the answers are entity names)"), texts(report.get("warnings")));
    }

    @Test
    void strictNamingTurnsTheWarningIntoExitTwoAndWritesNothing() throws IOException {
        Path gnnrag = export("gnnrag", "incomplete");
        Path report = tmp.resolve("strict.json");
        Path perQuestion = tmp.resolve("strict-per-question.jsonl");
        CliRunner.Run run = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--export", gnnrag.toString(), "--from",
                "lacuna", "--entities", "text", "--predictions", gnnragLines().toString(), "--strict-naming", "-o",
                report.toString(), "--per-question", perQuestion.toString());
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("--strict-naming: 2 naming warning(s) above; no report written"), run.err());
        assertFalse(Files.exists(report));
        assertFalse(Files.exists(perQuestion));

        CliRunner.Run fine = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--export", gnnrag.toString(), "--from",
                "lacuna", "--predictions", gnnragLines().toString(), "--strict-naming", "-o", report.toString());
        assertEquals(0, fine.code(), fine.toString());
        assertTrue(Files.exists(report));
    }

    @Test
    void exportsOfBothGraphsScoreAPairWithTheirNaming() throws IOException {
        Path complete = export("gnnrag", "complete");
        Path incomplete = export("gnnrag", "incomplete");
        Path c = file("c.jsonl", "{\"id\": \"q1\", \"prediction\": [\"e2\", \"e3\"]}\n{\"id\": \"q2\", \"prediction\": [\"e5\"]}\n"
                + "{\"id\": \"q3\", \"prediction\": [\"e7\", \"e8\", \"e9\"]}\n");
        Path i = gnnragLines();
        for (List<String> files : List.of(List.of("--complete", c.toString(), "--incomplete", i.toString()),
                List.of("--system", "gnnrag=" + c + "," + i))) {
            List<String> args = new ArrayList<>(List.of("--export", complete.toString(), "--export", incomplete.toString(),
                    "--from", "lacuna"));
            args.addAll(files);
            JsonNode report = evaluateClean(args.toArray(String[]::new));
            assertScores(report.at("/systems/0/runs/complete/strict"), 1, 1, 1, 1, 1, 1.0);
            assertScores(report.at("/systems/0/runs/incomplete/strict"), 2.0 / 3, 0.5, 0.5, 0.5, 2.0 / 3, 1.0);
            assertEquals(0.0, report.at("/systems/0/drop/hhr").asDouble(), EPS);
        }
    }

    @Test
    void predictionLinesGivenWithAGnnragExportNeedFromLacunaAndTheErrorSaysSo() throws IOException {
        Path gnnrag = export("gnnrag", "incomplete");
        CliRunner.Run run = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--export", gnnrag.toString(),
                "--predictions", gnnragLines().toString());
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("gnnrag-lines.jsonl:1: expected GNN-RAG's \"cand\"") && run.err().contains("--from lacuna"),
                run.err());
    }

    @Test
    void exportsThatNameEntitiesDifferentlyAreRefused() throws IOException {
        Path gnnrag = export("gnnrag", "incomplete");
        Path rog = export("rog", "incomplete");
        CliRunner.Run run = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--export", gnnrag.toString(), "--export",
                rog.toString(), "--predictions", gnnragLines().toString());
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("name entities differently"), run.err());
    }

    @Test
    void anEditedNamingInExportJsonIsRefusedWithTheFile() throws IOException {
        Path gnnrag = export("gnnrag", "incomplete");
        Path manifest = gnnrag.resolve("export.json");
        Files.writeString(manifest, Files.readString(manifest).replace("\"entities\" : \"source\"", "\"entities\" : \"text\""));
        CliRunner.Run run = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--export", gnnrag.toString(),
                "--predictions", gnnragLines().toString());
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains(manifest + ": system_output.entities is 'text' but a gnnrag export with --labels text "
                + "gives 'source'"), run.err());
        CliRunner.Run missing = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--export", tmp.toString(),
                "--predictions", gnnragLines().toString());
        assertEquals(2, missing.code(), missing.toString());
        assertTrue(missing.err().contains(tmp.resolve("export.json") + ": missing"), missing.err());
    }

    @Test
    void aBenchmarkWithoutEntityTableIsNotCheckedAndNotWarned() throws IOException {
        Files.delete(bench.resolve("entities.tsv"));
        Path pred = file("private.jsonl", "{\"id\": \"q1\", \"prediction\": [\"zzz\"]}\n");
        JsonNode report = evaluateClean("--predictions", pred.toString(), "--score-anyway");
        assertTrue(report.at("/systems/0/runs/single/coverage/resolution").isNull(), "nothing to resolve against");
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
