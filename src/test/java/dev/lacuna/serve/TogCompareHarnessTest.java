package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.nativerdf.NativeStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.testing.FreebaseClient;
import dev.lacuna.view.LabelMode;
import dev.lacuna.view.Shape;

/**
 * The ToG comparison harness of scripts/tog-compare without ToG's checkout: its logging proxy in front of a served
 * Freebase-shaped graph, its scripted chat server's rules, and its comparison of two runs. The full comparison
 * needs the public ToG code, which is not in the repository; these are the parts a wrong result would come from.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TogCompareHarnessTest {
    private static final String PYTHON = "/usr/bin/python3";
    private static final Path HARNESS = Path.of("scripts", "tog-compare");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HEAD_RELATIONS =
            "\nPREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT ?relation\nWHERE {\n  ns:%s ?relation ?x .\n}";
    private final HttpClient http = HttpClient.newHttpClient();
    private Repository store;
    private Path dir;

    @BeforeAll
    void load(@TempDir Path dir) {
        this.dir = dir;
        store = new SailRepository(new NativeStore(dir.resolve("store").toFile()));
        store.init();
        ServeFixture.load(store);
    }

    @AfterAll
    void close() {
        store.shutDown();
    }

    /** A harness server started on a free port; its root URL read from the one line it prints. */
    private record Script(Process process, String root) implements AutoCloseable {
        @Override
        public void close() throws InterruptedException {
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private static Script start(String script, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(PYTHON, HARNESS.resolve(script).toString(), "--port", "0"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String line = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8)).readLine();
        Matcher m = Pattern.compile("http://[^/\\s]+").matcher(line == null ? "" : line);
        if (!m.find()) {
            p.destroyForcibly();
            throw new IllegalStateException(script + " did not start: " + line);
        }
        return new Script(p, m.group());
    }

    private void post(String url, String body) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url))
                .POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json").build(),
                HttpResponse.BodyHandlers.ofString());
        assertTrue(r.statusCode() < 300, r.body());
    }

    private static List<JsonNode> lines(Path file) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            out.add(JSON.readTree(line));
        }
        return out;
    }

    @Test
    void proxyForwardsEveryQueryAndLogsItsTextUnderTheQuestionsMark() throws Exception {
        LacunaEndpoint endpoint = LacunaEndpoint.builder().repository(store).kg(ServeFixture.KG).port(0)
                .labels(LabelMode.TEXT).shape(Shape.FREEBASE).build().start();
        Path log = dir.resolve("proxy.jsonl");
        try (Script proxy = start("sparql_proxy.py", "--upstream", endpoint.url() + "sparql", "--log", log.toString())) {
            post(proxy.root() + "/__mark", "{\"id\": \"q1\"}");
            String query = String.format(HEAD_RELATIONS, "m.5");
            // m.5's sibling triple is removed: the incomplete graph the endpoint serves by default lacks it
            assertEquals(Set.of("people.person.parent", "type.object.name"),
                    new HashSet<>(FreebaseClient.select(proxy.root() + "/sparql", query, "relation")));
            List<JsonNode> logged = lines(log);
            assertEquals(1, logged.size());
            assertEquals("{\"id\": \"q1\"}", logged.get(0).get("mark").asText());
            assertEquals(query, logged.get(0).get("query").asText(), "the text as sent, white space and all");
            assertEquals(200, logged.get(0).get("status").asInt());
            assertEquals(3, logged.get(0).get("rows").asInt(), "ToG's query has no DISTINCT: parent comes twice");
        } finally {
            endpoint.stop();
        }
    }

    private String reply(Script chat, String prompt) throws IOException, InterruptedException {
        String body = JSON.writeValueAsString(JSON.createObjectNode().put("model", "scripted").put("temperature", 0.4)
                .set("messages", JSON.createArrayNode()
                        .add(JSON.createObjectNode().put("role", "system").put("content", "system text"))
                        .add(JSON.createObjectNode().put("role", "user").put("content", prompt))));
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(chat.root() + "/v1/chat/completions"))
                .POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json").build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return JSON.readTree(r.body()).get("choices").get(0).get("message").get("content").asText();
    }

    private static int depthOf(String question) throws Exception {
        return 1 + Byte.toUnsignedInt(MessageDigest.getInstance("SHA-256")
                .digest(question.getBytes(StandardCharsets.UTF_8))[0]) % 4;
    }

    @Test
    void chatServerRepliesToEachOfTogsPromptsByItsRule() throws Exception {
        Path log = dir.resolve("chat.jsonl");
        try (Script chat = start("chat_server.py", "--log", log.toString())) {
            String relations = reply(chat, "Please retrieve 3 relations (separated by semicolon) that contribute.\n"
                    + "Q: example\n\nQ: Who is the parent of Carol Smith?\nTopic Entity: Carol Smith\n"
                    + "Relations: people.person.sibling; people.person.parent; people.person.sibling\nA: ");
            // ToG's clean_relations pattern: the question's word "parent" ranks its relation first; a relation
            // listed twice (outgoing and incoming) is chosen once
            Matcher m = Pattern.compile("\\{\\s*(?<relation>[^()]+)\\s+\\(Score:\\s+(?<score>[0-9.]+)\\)}")
                    .matcher(relations);
            List<String> chosen = new ArrayList<>();
            while (m.find()) {
                chosen.add(m.group("relation") + "=" + m.group("score"));
            }
            assertEquals(List.of("people.person.parent=0.67", "people.person.sibling=0.33"), chosen);

            String scores = reply(chat, "Please score the entities' contribution to the question.\n"
                    + "Q: Who is the parent of Carol Smith?\nRelation: people.person.parent\n"
                    + "Entites: Alice Smith; Bob Smith; Dave Jones\nScore: ");
            List<Double> decimals = new ArrayList<>();
            Matcher d = Pattern.compile("\\d+\\.\\d+").matcher(scores);
            while (d.find()) {
                decimals.add(Double.parseDouble(d.group()));
            }
            assertEquals(3, decimals.size(), "one decimal per candidate, as ToG's clean_scores needs: " + scores);
            assertEquals(1, depthOf("Who is the parent of Carol Smith?"));
            assertEquals(1.0, decimals.stream().mapToDouble(Double::doubleValue).sum(), 0.02);
            // a question "enough?" never accepts gets no useful candidate, so that ToG's early stop is exercised
            assertEquals(4, depthOf("Who is the sibling of Carol Smith?"));
            assertEquals("Score: 0.00, 0.00", reply(chat, "Please score the entities' contribution to the question.\n"
                    + "Q: Who is the sibling of Carol Smith?\nRelation: people.person.sibling\n"
                    + "Entites: Frank Smith; Bob Smith\nScore: "));

            String question = "Who is the parent of Carol Smith?";
            int depth = depthOf(question);
            // ToG's layout (Python tuples, one depth a line) and one triplet a line count alike
            StringBuilder tuples = new StringBuilder();
            StringBuilder plain = new StringBuilder();
            for (int i = 1; i <= 10; i++) {
                tuples.append(i == 1 ? "" : i % 3 == 1 ? "\n" : ", ")
                        .append("('Carol Smith', 'people.person.parent', 'Person ").append(i).append("')");
                plain.append(i == 1 ? "" : "\n").append("Carol Smith, people.person.parent, Person ").append(i);
                for (StringBuilder chain : List.of(tuples, plain)) {
                    String enough = reply(chat, "Given a question and the associated retrieved knowledge graph "
                            + "triplets (entity, relation, entity), you are asked to answer whether it's sufficient\n\n"
                            + question + "\nKnowledge Triplets: " + chain + "A: ");
                    if (i > 3 * (depth - 1)) {
                        assertEquals("{Yes}. Based on the given knowledge triplets, the answer to the question is "
                                + "{Person " + i + "}.", enough);
                    } else {
                        assertTrue(enough.startsWith("{No}"), enough);
                    }
                }
            }
            assertEquals("UNRECOGNISED PROMPT", reply(chat, "Tell me about Carol."));
        }
        List<JsonNode> logged = lines(log);
        assertEquals(24, logged.size());
        assertEquals(List.of("relation_pruning", "entity_scoring", "enough", "other"),
                logged.stream().map(n -> n.get("kind").asText()).distinct().toList());
        assertEquals("Who is the parent of Carol Smith?", logged.get(3).get("question").asText(),
                "the question of a triplet prompt is the line before its triplets");
        assertEquals(0.4, logged.get(0).get("temperature").asDouble());
        assertEquals("system text", logged.get(0).get("system").get(0).asText());
    }

    private void run(Path folder, List<String> queries, List<String> prompts, String answer) throws IOException {
        Files.createDirectories(folder);
        List<String> sparql = new ArrayList<>();
        for (String q : queries) {
            sparql.add(JSON.writeValueAsString(JSON.createObjectNode().put("mark", q.split("\\|")[0])
                    .put("query", q.split("\\|")[1])));
        }
        Files.write(folder.resolve("sparql.jsonl"), sparql);
        List<String> chat = new ArrayList<>();
        for (String p : prompts) {
            chat.add(JSON.writeValueAsString(JSON.createObjectNode().put("mark", p.split("\\|")[0])
                    .put("kind", "relation_pruning").put("prompt", p.split("\\|")[1]).put("temperature", 0.4)));
        }
        Files.write(folder.resolve("chat.jsonl"), chat);
        Files.writeString(folder.resolve("ToG_x.jsonl"),
                "{\"question\": \"Who is the parent of Carol Smith?\", \"results\": \"{Alice Smith}\", \"reasoning_chains\": []}\n"
                        + "{\"question\": \"Who is the sibling of Carol Smith?\", \"results\": \"" + answer
                        + "\", \"reasoning_chains\": []}\n");
    }

    @Test
    void comparisonReadsTemplatesThroughDistinctLimitAndFullIrisAndFindsASwappedQuery() throws Exception {
        String a = "{\"id\": \"a\"}";
        String b = "{\"id\": \"b\"}";
        Files.writeString(dir.resolve("questions.json"), "[{\"ID\": \"a\", \"question\": \"Who is the parent of Carol "
                + "Smith?\"}, {\"ID\": \"b\", \"question\": \"Who is the sibling of Carol Smith?\"}]");
        String tog = "PREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT ?tailEntity\nWHERE {\n?tailEntity ns:%s ns:%s  .\n}";
        run(dir.resolve("left"), List.of(a + "|" + String.format(HEAD_RELATIONS, "m.2"),
                b + "|" + String.format(tog, "m.2", "people.person.sibling")), List.of(a + "|p1", b + "|p2"), "{Frank}");
        run(dir.resolve("right"), List.of(
                a + "|SELECT DISTINCT ?relation\nWHERE {\n  <http://rdf.freebase.com/ns/m.2> ?relation ?x .\n}\nLIMIT 10000",
                b + "|" + String.format(tog, "people.person.sibling", "m.2")), List.of(a + "|p1", b + "|p3"), "{Frank}");
        Process p = new ProcessBuilder(PYTHON, HARNESS.resolve("compare.py").toString(),
                "--questions", dir.resolve("questions.json").toString(), "--left", "tog=" + dir.resolve("left"),
                "--right", "lacuna=" + dir.resolve("right"), "--report", dir.resolve("report.md").toString(),
                "--json", dir.resolve("report.json").toString()).redirectErrorStream(true).start();
        String console = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), console);
        JsonNode questions = JSON.readTree(dir.resolve("report.json").toFile()).get("questions");
        JsonNode same = questions.get(0);
        assertFalse(same.get("queries_same_text_order").asBoolean());
        assertTrue(same.get("queries_same_template_order").asBoolean(), "DISTINCT, LIMIT and a full IRI: one template");
        assertTrue(same.get("prompts_same_order").asBoolean());
        JsonNode swapped = questions.get(1);
        assertFalse(swapped.get("queries_same_template_multiset").asBoolean());
        assertEquals("[[\"head_entities\",\"m.2\",\"people.person.sibling\",1]]",
                swapped.get("queries_only_tog").toString(), "ToG's entity and relation in swapped places");
        assertFalse(swapped.get("prompts_same_order").asBoolean());
        assertTrue(swapped.get("results_same").asBoolean());
        assertTrue(Files.readString(dir.resolve("report.md")).contains("| answer (`results`) identical | 2 / 2 |"));
    }
}
