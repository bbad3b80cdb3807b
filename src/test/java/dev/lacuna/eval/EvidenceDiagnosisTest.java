package dev.lacuna.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.lacuna.Json;
import dev.lacuna.cli.CliRunner;
import dev.lacuna.evidence.HandMadeKg;

/**
 * The retrieval-vs-reasoning breakdown on a KG worked out by hand ({@link HandMadeKg}), from each reader: Lacuna's
 * {@code retrieved} field, ToG's reasoning_chains (with and without lacuna tog's trace) and RoG's reasoning paths.
 */
class EvidenceDiagnosisTest {
    @TempDir
    Path dir;

    private Path bench() {
        return HandMadeKg.write(dir.resolve("bench"));
    }

    private Path file(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    private static JsonNode report(Path bench, String... args) {
        String[] all = new String[args.length + 5];
        all[0] = "evaluate";
        all[1] = "--benchmark";
        all[2] = bench.toString();
        System.arraycopy(args, 0, all, 3, args.length);
        all[all.length - 2] = "--format";
        all[all.length - 1] = "json";
        CliRunner.Run run = CliRunner.succeed(all);
        try {
            return Json.mapper().readTree(run.out());
        } catch (IOException e) {
            throw new AssertionError(run.out(), e);
        }
    }

    /**
     * q1: the second of its two paths retrieved as one chain, a wrong answer: a Reasoning Failure. q2: its one path
     * retrieved the way the walk went (from the topic), the right answer. q3 (depth 2): two of its proof's three
     * leaves, nothing answered: a Retrieval Failure. q4: nothing retrieved, the right answer anyway.
     */
    static final String RETRIEVED = """
            {"id": "q1", "prediction": ["2"], "retrieved": [["1", "parent", "4", "parent", "3"]]}
            {"id": "q2", "prediction": ["6"], "retrieved": [["5", "sibling", "6"]]}
            {"id": "q3", "prediction": [], "retrieved": [["1", "parent", "2"], ["2", "parent", "3"]]}
            {"id": "q4", "prediction": ["7"], "retrieved": []}
            """;

    @Test
    void retrievedFieldSplitsTheMissesIntoRetrievalAndReasoningFailures() throws IOException {
        Path bench = bench();
        JsonNode d = report(bench, "--incomplete", file("p.jsonl", RETRIEVED).toString(), "--complete",
                file("c.jsonl", RETRIEVED).toString()).at("/systems/0/runs/incomplete/diagnosis");
        JsonNode all = d.get("overall");
        assertEquals(4, all.get("classified").asInt());
        assertEquals(2, all.get("evidence").asInt());
        assertEquals(0.5, all.get("evidence_recall").asDouble(), 1e-9);
        assertEquals((1 + 1 + 2 / 3.0 + 0) / 4, all.get("partial_evidence").asDouble(), 1e-9);
        assertEquals(0.5, all.get("hits_at_hard_with_evidence").asDouble(), 1e-9);
        assertEquals(0.5, all.get("hits_at_hard_without_evidence").asDouble(), 1e-9);
        assertEquals(2, all.get("misses").asInt());
        assertEquals(1, all.get("retrieval_failures").asInt());
        assertEquals(1, all.get("reasoning_failures").asInt());
        assertEquals("5.0:5.0", all.get("ratio").asText());
        assertEquals("7:3", all.get("paper_ratio").asText());
        assertTrue(all.get("fetched").isNull());
        assertEquals(1, d.at("/by_rule_type/symmetry/evidence").asInt());
        assertEquals(1, d.at("/by_depth/2/retrieval_failures").asInt());
        assertEquals(1, d.at("/by_depth/1/reasoning_failures").asInt());
        assertEquals("incomplete", d.at("/paths/graph").asText());
        assertEquals(0, d.at("/paths/unsupported").asInt());
        JsonNode cases = d.get("cases");
        assertEquals(2, cases.size());
        assertEquals("retrieval_failure", cases.get(0).get("kind").asText());
        assertEquals("q3", cases.get(0).get("id").asText());
        assertEquals("[\"parent(1, 2)\",\"parent(2, 3)\",\"parent(3, 9)\"]", cases.get(0).get("expected_path").toString());
        assertEquals("q1", cases.get(1).get("id").asText());
        assertEquals("[\"parent(1, 4)\",\"parent(4, 3)\"]", cases.get(1).get("expected_path").toString());
        assertEquals("1 -> parent -> 4 -> parent -> 3", cases.get(1).get("retrieved").get(0).asText());
    }

    @Test
    void perQuestionLinesSayWhereEachQuestionBroke() throws IOException {
        Path bench = bench();
        Path file = file("p.jsonl", RETRIEVED);
        Path per = dir.resolve("per.jsonl");
        CliRunner.succeed("evaluate", "--benchmark", bench.toString(), "--complete", file.toString(), "--incomplete",
                file.toString(), "--per-question", per.toString(), "--output", dir.resolve("r.md").toString());
        List<String> lines = Files.readAllLines(per);
        JsonNode q1 = Json.mapper().readTree(lines.get(4));
        assertEquals("incomplete q1", q1.get("kg").asText() + " " + q1.get("id").asText());
        assertEquals("reasoning_failure", q1.get("failure").asText());
        assertTrue(q1.get("evidence").asBoolean());
        JsonNode q3 = Json.mapper().readTree(lines.get(6));
        assertEquals("retrieval_failure", q3.get("failure").asText());
        assertEquals(2 / 3.0, q3.get("partial_evidence").asDouble(), 1e-9);
        assertTrue(Json.mapper().readTree(lines.get(7)).get("failure").isNull(), lines.get(7));
    }

    @Test
    void onCompleteTheHardTripleItselfIsEvidence() throws IOException {
        Path bench = bench();
        String direct = RETRIEVED.replace("[[\"1\", \"parent\", \"4\", \"parent\", \"3\"]]", "[[\"1\", \"grandparent\", \"3\"]]");
        JsonNode d = report(bench, "--incomplete", file("p.jsonl", direct).toString(), "--complete",
                file("c.jsonl", direct).toString()).at("/systems/0/runs");
        // incomplete lacks grandparent(1,3): naming it retrieves nothing there
        assertEquals(1, d.at("/incomplete/diagnosis/overall/evidence").asInt());
        assertEquals(2, d.at("/complete/diagnosis/overall/evidence").asInt());
        assertEquals(2, d.at("/complete/diagnosis/overall/reasoning_failures").asInt() + d.at(
                "/complete/diagnosis/overall/retrieval_failures").asInt());
    }

    @Test
    void aFileWithoutRetrievalKeepsItsScoresAndGetsANoteNeverAClass() throws IOException {
        Path bench = bench();
        Path plain = file("plain.jsonl", RETRIEVED.replaceAll(", \"retrieved\": \\[.*]}", "}"));
        JsonNode r = report(bench, "--incomplete", plain.toString(), "--complete", plain.toString());
        assertNull(r.at("/systems/0/runs/incomplete").get("diagnosis"));
        assertEquals(0.5, r.at("/systems/0/runs/incomplete/strict/hits_at_hard").asDouble(), 1e-9);
        assertTrue(r.get("notes").toString().contains("says nothing of what the system retrieved"), r.get("notes").toString());
    }

    @Test
    void aRecordWithoutRetrievalIsLeftOutOfTheShares() throws IOException {
        Path bench = bench();
        String some = RETRIEVED.replace(", \"retrieved\": []", "");
        JsonNode all = report(bench, "--incomplete", file("p.jsonl", some).toString(), "--complete",
                file("c.jsonl", some).toString()).at("/systems/0/runs/incomplete/diagnosis/overall");
        assertEquals(4, all.get("questions").asInt());
        assertEquals(3, all.get("classified").asInt());
        assertEquals(2 / 3.0, all.get("evidence_recall").asDouble(), 1e-9);
    }

    @Test
    void aChainOfTheWrongShapeIsRefusedWithItsLine() throws IOException {
        Path bench = bench();
        Path bad = file("bad.jsonl", "{\"id\": \"q1\", \"prediction\": [], \"retrieved\": [[\"1\", \"parent\"]]}\n");
        CliRunner.Run run = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--incomplete", bad.toString(),
                "--complete", bad.toString());
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("bad.jsonl:1") && run.err().contains("odd count"), run.err());
    }

    /** RoG's predict_answer.py output (the LLM path with --add_rule): its input shows the paths it found. */
    @Test
    void rogsReasoningPathsAreItsRetrievalAndItsNoLlmOutputHasNone() throws IOException {
        Path bench = bench();
        Path rog = Path.of("testdata/rog/handmade-predictions.jsonl");
        Path noLlm = Path.of("testdata/rog/handmade-predictions-no-llm.jsonl");
        JsonNode r = report(bench, "--from", "rog", "--entities", "text", "--system", "rog=incomplete:" + rog,
                "--system", "rog-no-llm=incomplete:" + noLlm);
        JsonNode d = r.at("/systems/0/runs/incomplete/diagnosis");
        assertNotNull(d, r.toString());
        assertEquals(4, d.at("/overall/classified").asInt());
        // q1 and q2 and q4 are found along their rule's relations in RoG's undirected graph; q3's rule walks
        // grandparent, which incomplete lacks between Ann and Cid
        assertEquals(3, d.at("/overall/evidence").asInt());
        assertEquals(1, d.at("/overall/retrieval_failures").asInt());
        assertNull(r.at("/systems/1/runs/incomplete").get("diagnosis"));
        assertEquals(r.at("/systems/0/runs/incomplete/strict/hits_at_hard"), r.at("/systems/1/runs/incomplete/strict/hits_at_hard"));
    }

    @Test
    void rogPathsAreReadFromThePromptBlock() {
        String input = "[INST] <<SYS>>\n<</SYS>>\nBased on the reasoning paths, please answer the given question.\n\n"
                + "Reasoning Paths:\nAnn -> parent -> Dee -> parent -> Cid\nEve -> sibling -> Fay\n\nQuestion:\nWho? [/INST]";
        assertEquals(List.of(List.of("Ann", "parent", "Dee", "parent", "Cid"), List.of("Eve", "sibling", "Fay")),
                RetrievalText.rogReasoningPaths(input));
        assertEquals(List.of(), RetrievalText.rogReasoningPaths("Reasoning Paths:\n\n\nQuestion:\nWho?"));
        assertNull(RetrievalText.rogReasoningPaths("Who is the grandparent of Ann?"));
    }

    @Test
    void relationsMatchInTheirFreebaseShapedNamesToo() {
        assertEquals(List.of("/people/person/spouse", "people.person.spouse"),
                EvidenceMatch.spellings("/people/person/spouse"));
        assertEquals(List.of("parent"), EvidenceMatch.spellings("parent"));
        Map<Long, String> none = Map.of();
        assertTrue(EvidenceMatch.names(List.of("1", "people.person.spouse", "2"),
                new dev.lacuna.grounding.Triple(2, "/people/person/spouse", 1), EvidenceMatch.of(none)));
    }
}
