package dev.lacuna.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.questions.Question;

/**
 * The rog export read back the way RoG reads it: {@code read_like_rog.py}, run with Debian's python3 and networkx,
 * mirrors predict_answer.py's merge_rule_result (which reads {@code id}, {@code prediction} and {@code ground_paths} of
 * every rule_paths.jsonl row; a row without {@code ground_paths} stops it with a KeyError), gen_rule_path.py's fields
 * and its {@code ground_paths} (networkx's all shortest paths over RoG's own graph of the row), and the no-LLM answer
 * of build_qa_input.py's direct_answer. Its answers are then scored with {@code evaluate --export}.
 */
class RogRulePathsTest {
    private static final String PYTHON = "/usr/bin/python3";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double EPS = 1e-12;

    @TempDir
    Path tmp;

    private Path export(Path bench, String graph, String labels) {
        Path out = tmp.resolve("rog-" + graph + "-" + labels);
        CliRunner.Run run = CliRunner.run("export", "--benchmark", bench.toString(), "--format", "rog", "--graph", graph,
                "--labels", labels, "--out", out.toString());
        assertEquals(0, run.code(), run.toString());
        return out;
    }

    /** Runs read_like_rog.py on one split file; returns the predictions file it wrote as predict_answer.py would. */
    private Path readLikeRog(Path export, String split) throws IOException, InterruptedException {
        Path script = tmp.resolve("read_like_rog.py");
        if (!Files.exists(script)) {
            try (InputStream in = RogRulePathsTest.class.getResourceAsStream("read_like_rog.py")) {
                Files.copy(in, script);
            }
        }
        Path out = tmp.resolve("predictions-" + export.getFileName() + "-" + split);
        Process p = new ProcessBuilder(PYTHON, script.toString(), export.toString(), split, out.toString())
                .redirectErrorStream(true).start();
        String output;
        try (InputStream in = p.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "python did not finish");
        assertEquals(0, p.exitValue(), "RoG's reading of " + export.resolve(split) + " failed:\n" + output);
        return out;
    }

    @Test
    void rulePathRowsHoldEveryFieldRogReadsInItsShapes() throws IOException {
        Path bench = RoundTripFixture.write(tmp.resolve("bench"));
        Path rog = export(bench, "incomplete", "text");
        Map<String, JsonNode> rows = new HashMap<>();
        for (String line : Files.readAllLines(rog.resolve("rule_paths.jsonl"))) {
            JsonNode row = JSON.readTree(line);
            rows.put(row.get("id").asText(), row);
        }
        assertEquals(5, rows.size(), "one row per question of every split: merge_rule_result looks each question's id up");
        // q1 over RoG's graph of its row: Alice-Carol Ann is brotherOf; Alice-Bob is friendOf, the last of Bob's two
        // triples to Alice (build_graph keeps one edge per pair). Shortest paths to the answers: [brotherOf], [friendOf].
        JsonNode q1 = rows.get("q1");
        assertEquals(List.of("id", "question", "prediction", "ground_paths", "input", "raw_output"), fields(q1),
                "gen_rule_path.py's fields, in its order");
        assertEquals("[[\"brotherOf\"]]", q1.get("prediction").toString());
        assertEquals("[[\"brotherOf\"],[\"friendOf\"]]", q1.get("ground_paths").toString());
        assertEquals(RogExport.RULE_INSTRUCTION + "Who is Alice's brotherOf?", q1.get("input").asText());
        assertEquals("{\"paths\":[\"<PATH>brotherOf</PATH>\"],\"scores\":[0.0],\"norm_scores\":[1.0]}",
                q1.get("raw_output").toString());
    }

    @Test
    void rogReadsTheFixtureAndItsNoLlmAnswersScoreAsWorkedOutByHand() throws Exception {
        Path bench = RoundTripFixture.write(tmp.resolve("bench"));
        Path rog = export(bench, "incomplete", "text");
        for (String split : List.of("train.jsonl", "validation.jsonl")) {
            readLikeRog(rog, split);
        }
        Path predictions = readLikeRog(rog, "test.jsonl");
        // The rule path [brotherOf] walked from Alice reaches Carol Ann only (Bob's edge is friendOf): P 1, R 1/2,
        // F1 2/3, hard miss. Dave [sisterOf] -> e5: all 1, hit. Frank [brotherOf] -> The Grace, Heidi, Ivan: all 1, hit.
        Path report = tmp.resolve("report.json");
        CliRunner.Run run = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--export", rog.toString(),
                "--predictions", predictions.toString(), "--format", "json", "-o", report.toString());
        assertEquals(0, run.code(), run.toString());
        assertTrue(!run.err().contains("warning"), run.err());
        JsonNode strict = JSON.readTree(report.toFile()).at("/systems/0/runs/single/strict");
        assertEquals(1.0, strict.get("hits_at_any").asDouble(), EPS);
        assertEquals(1.0, strict.get("precision").asDouble(), EPS);
        assertEquals((0.5 + 1 + 1) / 3, strict.get("recall").asDouble(), EPS);
        assertEquals((2.0 / 3 + 1 + 1) / 3, strict.get("f1").asDouble(), EPS);
        assertEquals(2.0 / 3, strict.get("hits_at_hard").asDouble(), EPS);
        assertEquals(2.0 / 3, strict.get("hhr").asDouble(), EPS);
    }

    @Test
    void systemViewCountsWhatRogWillSeeOfTheFixture() throws IOException {
        Path bench = RoundTripFixture.write(tmp.resolve("bench"));
        // Incomplete: each test question's own triple is removed, its inverse stays: all three hard answers one hop away.
        JsonNode incomplete = JSON.readTree(export(bench, "incomplete", "text").resolve("export.json").toFile()).get("system_view");
        assertEquals(3, incomplete.get("questions").asInt());
        assertEquals(0, incomplete.get("question_triple_in_graph").asInt());
        assertEquals(3, incomplete.get("hard_answer_one_hop_from_topic").asInt());
        assertEquals(3, incomplete.get("hard_answer_one_hop_without_question_triple").asInt());
        assertEquals(0, incomplete.get("question_triple_under_another_relation_for_rog").asInt());
        // Complete: q1's triple Alice brotherOf Bob is there, but RoG's one Alice-Bob edge is the friendOf written after it.
        Path complete = export(bench, "complete", "text");
        JsonNode view = JSON.readTree(complete.resolve("export.json").toFile()).get("system_view");
        assertEquals(3, view.get("question_triple_in_graph").asInt());
        assertEquals(0, view.get("hard_answer_one_hop_without_question_triple").asInt());
        assertEquals(1, view.get("question_triple_under_another_relation_for_rog").asInt());
        assertTrue(view.get("notes").toString().contains("Of the 3 test questions whose subgraph holds the question's own "
                + "triple, 1 reach RoG under another relation's name."), view.toString());
    }

    /**
     * Family, as the rog export writes it for both graphs: RoG's reading of every split succeeds (ground_paths agree with
     * networkx on every row), and export.json's system_view equals a recount from the rows.
     */
    @Test
    void rogReadsFamilyAndTheSystemViewMatchesTheRows() throws Exception {
        Path bench = FamilyExport.benchmark();
        Map<String, Question> questions = new HashMap<>();
        FamilyExport.questions(bench).forEach(q -> questions.put(q.id(), q));
        for (String graph : List.of("incomplete", "complete")) {
            Path rog = export(bench, graph, "private");
            for (String split : List.of("train.jsonl", "validation.jsonl", "test.jsonl")) {
                readLikeRog(rog, split);
            }
            long[] recount = new long[4];
            for (String line : Files.readAllLines(rog.resolve("test.jsonl"))) {
                JsonNode row = JSON.readTree(line);
                Question q = questions.get(row.get("id").asText());
                String topic = q.topicEntity();
                String hard = q.hardAnswer();
                String head = "head".equals(q.direction()) ? topic : hard;
                String tail = "head".equals(q.direction()) ? hard : topic;
                boolean own = false;
                String last = null;
                for (JsonNode t : row.get("graph")) {
                    String h = t.get(0).asText();
                    String o = t.get(2).asText();
                    if (h.equals(topic) && o.equals(hard) || h.equals(hard) && o.equals(topic)) {
                        last = t.get(1).asText();
                        own |= h.equals(head) && o.equals(tail) && last.equals(q.relation());
                    }
                }
                recount[0] += own ? 1 : 0;
                recount[1] += last != null ? 1 : 0;
                recount[2] += last != null && !own ? 1 : 0;
                recount[3] += own && !last.equals(q.relation()) ? 1 : 0;
            }
            JsonNode view = JSON.readTree(rog.resolve("export.json").toFile()).get("system_view");
            assertEquals(recount[0], view.get("question_triple_in_graph").asLong(), graph + " " + view);
            assertEquals(recount[1], view.get("hard_answer_one_hop_from_topic").asLong(), graph + " " + view);
            assertEquals(recount[2], view.get("hard_answer_one_hop_without_question_triple").asLong(), graph + " " + view);
            assertEquals(recount[3], view.get("question_triple_under_another_relation_for_rog").asLong(), graph + " " + view);
            assertTrue(graph.equals("incomplete") ? recount[0] == 0 : recount[0] > 0, graph + " " + view);
        }
    }

    private static List<String> fields(JsonNode row) {
        List<String> out = new ArrayList<>();
        row.fieldNames().forEachRemaining(out::add);
        return out;
    }
}
