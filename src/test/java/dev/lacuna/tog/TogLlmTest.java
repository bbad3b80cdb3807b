package dev.lacuna.tog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.serve.LacunaEndpoint;
import dev.lacuna.view.Shape;

/**
 * {@code lacuna tog --pruning llm} against a scripted OpenAI-compatible server: every step that asks the model sends
 * ToG's prompt (its text, its system message, its temperatures and token limit), and ToG's reply parsing decides the
 * walk. The prompt fragments below are ToG's own (prompt_list.py), with the width filled in.
 */
class TogLlmTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Replies by the kind of ToG prompt and the entity it is about. */
    private static String reply(String prompt) {
        if (prompt.startsWith("Please retrieve")) {
            if (prompt.contains("\nTopic Entity: Alice Smith\n")) {
                return "1. {people.person.spouse (Score: 0.6)}: the spouse.\n"
                        + "2. {people.person.nationality (Score: 0.4)}: where she is from.";
            }
            if (prompt.contains("\nTopic Entity: Dave Jones\n")) {
                return "1. {people.person.place_of_birth (Score: 1.0)}: where he was born.";
            }
            return "No relation helps.";
        }
        if (prompt.startsWith("Please score the entities")) {
            return "0.3, 0.7";
        }
        if (prompt.contains("you are asked to answer whether it's sufficient")) {
            return prompt.contains("spouse of Alice Smith") ? "{Yes}. The answer is {Bob Smith}." : "{No}. Not enough.";
        }
        if (prompt.contains("you are asked to answer the question with these triplets")) {
            return "Dave Jones was born in London. Therefore, the answer to the question is {London}.";
        }
        return "unexpected prompt";
    }

    @Test
    void theLlmPathAsksTogsPromptsAndFollowsTheReplies(@TempDir Path tmp) throws IOException {
        Repository store = TogFixture.store();
        LacunaEndpoint endpoint = TogFixture.serve(store, Shape.FREEBASE);
        Path bench = TogFixture.benchmark(tmp.resolve("bench"));
        try (ScriptedChatServer chat = new ScriptedChatServer(TogLlmTest::reply)) {
            CliRunner.Run run = CliRunner.run("tog", "--endpoint", endpoint.url() + "sparql/complete", "--benchmark",
                    bench.toString(), "--out", tmp.resolve("out").toString(), "--pruning", "llm", "--llm-base-url",
                    chat.baseUrl(), "--llm-model", "scripted", "--threads", "1");
            assertEquals(0, run.code(), run.toString());
            List<JsonNode> requests = chat.requests();
            for (JsonNode r : requests) {
                assertEquals("You are an AI assistant that helps people find information.",
                        r.at("/messages/0/content").asText());
                assertEquals(256, r.path("max_tokens").asInt(r.path("max_completion_tokens").asInt()), r.toString());
            }
            JsonNode relations = requests.get(0);
            String prompt = ScriptedChatServer.prompt(relations);
            assertTrue(prompt.startsWith("Please retrieve 3 relations (separated by semicolon) that contribute to the "
                    + "question and rate their contribution on a scale from 0 to 1 (the sum of the scores of 3 "
                    + "relations is 1).\nQ: Name the president of the country whose main spoken language was Brahui in "
                    + "1980?\n"), prompt);
            // The relations out of and into Alice, sorted, spouse twice (out and in), as ToG lists them.
            assertTrue(prompt.endsWith("\n\nQ: Who is the spouse of Alice Smith?\nTopic Entity: Alice Smith\nRelations: "
                    + "people.person.children; people.person.employer; people.person.nationality; "
                    + "people.person.place_of_birth; people.person.spouse; people.person.spouse\nA: "), prompt);
            assertEquals(0.4, relations.path("temperature").asDouble(), 1e-9);
            String scores = ScriptedChatServer.prompt(requests.get(1));
            assertTrue(scores.startsWith("Please score the entities' contribution to the question on a scale from 0 to 1"),
                    scores);
            assertTrue(scores.endsWith("\n\nQ: Who is the spouse of Alice Smith?\nRelation: people.person.nationality\n"
                    + "Entites: France; Spain\nScore: "), scores);
            String enough = ScriptedChatServer.prompt(requests.get(2));
            assertTrue(enough.startsWith("Given a question and the associated retrieved knowledge graph triplets (entity, "
                    + "relation, entity), you are asked to answer whether it's sufficient"), enough);
            // Chains best first: spouse 0.6, then Spain 0.4 x 0.7, France 0.4 x 0.3, as Python prints ToG's tuples,
            // one line per depth; ToG's seams kept.
            assertTrue(enough.endsWith("neighboring countries.\n\nWho is the spouse of Alice Smith?\nKnowledge Triplets: "
                    + "('Alice Smith', 'people.person.spouse', 'Bob Smith'), ('Alice Smith', 'people.person.nationality', "
                    + "'Spain'), ('Alice Smith', 'people.person.nationality', 'France')A: "), enough);
            assertEquals(0.0, requests.get(2).path("temperature").asDouble(), 1e-9);
            // q2: "No" at depth 1, no relation from London at depth 2, so ToG's answer prompt over the chains so far.
            String answer = ScriptedChatServer.prompt(requests.get(requests.size() - 1));
            assertTrue(answer.endsWith("\n\nQ: {}\nWhere was Dave Jones born?\n\nKnowledge Triplets: "
                    + "('Dave Jones', 'people.person.place_of_birth', 'London')A: "), answer);
            assertEquals(7, requests.size(), requests.toString());

            List<String> lines = Files.readAllLines(tmp.resolve("out").resolve("ToG_test.jsonl"));
            assertEquals("{\"question\": \"Who is the spouse of Alice Smith?\", \"results\": \"{Yes}. The answer is "
                    + "{Bob Smith}.\", \"reasoning_chains\": [[[[\"Alice Smith\", \"people.person.spouse\", \"Bob Smith\"], "
                    + "[\"Alice Smith\", \"people.person.nationality\", \"Spain\"], [\"Alice Smith\", "
                    + "\"people.person.nationality\", \"France\"]]]]}", lines.get(0));
            assertTrue(lines.get(1).contains("\"results\": \"Dave Jones was born in London."), lines.get(1));
            List<String> traces = Files.readAllLines(tmp.resolve("out").resolve("ToG_test.trace.jsonl"));
            JsonNode trace = JSON.readTree(traces.get(1));
            assertEquals(List.of("relations", "enough", "relations", "answer"),
                    JSON.convertValue(trace.findValues("step"), List.class).stream().map(Object::toString).toList());
            // Each stop is named for what ended it: the reader's yes at depth 1; no candidate at depth 2.
            assertEquals("reader_yes", JSON.readTree(traces.get(0)).get("stop").asText());
            assertEquals(1, JSON.readTree(traces.get(0)).get("depth").asInt());
            assertEquals("no_candidates", trace.get("stop").asText());
            assertEquals(2, trace.get("depth").asInt());
            JsonNode runJson = JSON.readTree(tmp.resolve("out").resolve("ToG_test.run.json").toFile());
            assertEquals(2, runJson.get("stops").size(), runJson.toString());
            assertEquals(1, runJson.at("/stops/reader_yes").asInt(), runJson.toString());
            assertEquals(1, runJson.at("/stops/no_candidates").asInt(), runJson.toString());
            assertEquals("{\"q1\":1,\"q2\":2}", runJson.get("depth_reached").toString());
            assertTrue(runJson.get("answer_rule").isNull(), "a reader answers: " + runJson);

            // The reader's {Yes} is its verdict, not an answer: q1's only prediction is Bob Smith.
            Path report = tmp.resolve("report.json");
            CliRunner.Run evaluate = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--from", "tog",
                    "--entities", "text", "--predictions", tmp.resolve("out").resolve("ToG_test.jsonl").toString(),
                    "--format", "json", "-o", report.toString());
            assertEquals(0, evaluate.code(), evaluate.toString());
            JsonNode strict = JSON.readTree(report.toFile()).at("/systems/0/runs/single/strict");
            assertEquals(1.0, strict.get("hits_at_hard").asDouble(), 1e-12, strict.toString());
            assertEquals(1.0, strict.get("precision").asDouble(), 1e-12, strict.toString());
        } finally {
            endpoint.stop();
            store.shutDown();
        }
    }
}
