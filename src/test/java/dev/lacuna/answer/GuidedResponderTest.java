package dev.lacuna.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.lacuna.Json;
import dev.lacuna.cli.CliRunner;
import dev.lacuna.evidence.HandMadeKg;

/**
 * Guided reasoning (appendix H) against the scripted chat server: the prompt holds the question, its alternative
 * paths and their rules and nothing else of the graph; the records list the paths given, so evaluate counts every
 * miss as a Reasoning Failure. The scripted model reads only facts of the question's own relation, so it answers the
 * symmetry question and misses the rest, as a model that cannot apply a rule would.
 */
class GuidedResponderTest {
    @TempDir
    Path dir;

    @Test
    void aChatModelGivenThePathsAndRulesOnly() throws Exception {
        Path bench = HandMadeKg.write(dir.resolve("bench"));
        Path out = dir.resolve("guided.jsonl");
        try (FakeChatServer chat = new FakeChatServer()) {
            // no --store: guided reasoning reads the folder only
            CliRunner.succeed("answer", "--benchmark", bench.toString(), "--responder", "guided", "--graph", "incomplete",
                    "--output", out.toString(), "--llm-base-url", chat.baseUrl(), "--llm-model", "scripted");
            assertEquals(4, chat.requests.size());
            String q1 = chat.requests.get(0).at("/messages/0/content").asText();
            assertEquals("""
                    Answer the question using the reasoning paths below, which come from a knowledge graph. Each path is \
                    a set of facts; the rule given with it says how those facts imply the answer.

                    Path 1, rule: parent(?a, ?c) ∧ parent(?c, ?b) ⇒ grandparent(?a, ?b)
                    parent(1, 2)
                    parent(2, 3)

                    Path 2, rule: parent(?a, ?c) ∧ parent(?c, ?b) ⇒ grandparent(?a, ?b)
                    parent(1, 4)
                    parent(4, 3)

                    Question: Who is the grandparent of 1?
                    Reply with the answer entities, named as in the facts, separated by commas, and nothing else.
                    """, q1);
            String q3 = chat.requests.get(2).at("/messages/0/content").asText();
            assertTrue(q3.contains("Path 1, rule: parent(?a, ?c) ∧ parent(?c, ?b) ⇒ grandparent(?a, ?b); then "
                    + "grandparent(?a, ?c) ∧ parent(?c, ?b) ⇒ greatgrandparent(?a, ?b)\nparent(1, 2)\nparent(2, 3)\n"
                    + "parent(3, 9)\n"), q3);
            // nothing of the graph but the paths: the removed triples and the other questions' facts stay out
            assertFalse(q1.contains("sibling") || q1.contains("husband") || q1.contains("grandparent(1, 3)"), q1);
        }
        List<String> lines = Files.readAllLines(out);
        JsonNode q2 = Json.mapper().readTree(lines.get(1));
        assertEquals("6", q2.get("raw_output").asText());
        assertEquals("[[\"6\",\"sibling\",\"5\"]]", q2.get("retrieved").toString());

        JsonNode report = Json.mapper().readTree(CliRunner.succeed("evaluate", "--benchmark", bench.toString(),
                "--incomplete", out.toString(), "--complete", out.toString(), "--format", "json").out());
        JsonNode d = report.at("/systems/0/runs/incomplete/diagnosis/overall");
        assertEquals(1.0, d.get("evidence_recall").asDouble(), 1e-9);
        assertEquals(0.25, report.at("/systems/0/runs/incomplete/strict/hits_at_hard").asDouble(), 1e-9);
        assertEquals(3, d.get("reasoning_failures").asInt());
        assertEquals(0, d.get("retrieval_failures").asInt());
    }

    @Test
    void textLabelsNameTheFactsTheQuestionAndTheAnswers() throws Exception {
        Path bench = HandMadeKg.write(dir.resolve("bench"));
        Path out = dir.resolve("guided.jsonl");
        try (FakeChatServer chat = new FakeChatServer()) {
            CliRunner.succeed("answer", "--benchmark", bench.toString(), "--responder", "guided", "--graph", "incomplete",
                    "--output", out.toString(), "--llm-base-url", chat.baseUrl(), "--llm-model", "scripted",
                    "--labels", "text", "--max-paths", "1");
            String q1 = chat.requests.get(0).at("/messages/0/content").asText();
            assertTrue(q1.contains("parent(Ann, Bob)\nparent(Bob, Cid)\n\nQuestion: Who is the grandparent of Ann?"), q1);
            assertFalse(q1.contains("Path 2"), q1);
        }
        JsonNode report = Json.mapper().readTree(CliRunner.succeed("evaluate", "--benchmark", bench.toString(),
                "--incomplete", out.toString(), "--complete", out.toString(), "--entities", "text", "--format", "json")
                .out());
        assertEquals(0.25, report.at("/systems/0/runs/incomplete/strict/hits_at_hard").asDouble(), 1e-9);
        assertEquals(1.0, report.at("/systems/0/runs/incomplete/diagnosis/overall/evidence_recall").asDouble(), 1e-9);
    }
}
