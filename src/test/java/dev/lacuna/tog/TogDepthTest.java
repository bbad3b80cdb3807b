package dev.lacuna.tog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.serve.LacunaEndpoint;
import dev.lacuna.view.Shape;

/**
 * The offline walk (no chat model) goes on while it finds candidates, up to {@code --depth}, so that a path of two
 * steps can be retrieved. A composition question whose hard answer is two hops from its topic on incomplete:
 * <pre>
 * 0 Ann Lee: father 1 Ben Lee, employer 3 Acme Corp, place_of_birth 4 Oslo, grandfather 2 Cal Lee (deleted)
 * 1 Ben Lee: father 2 Cal Lee
 * q1 "Who is the grandfather of 0?" -> {2}
 * </pre>
 * On incomplete the walk keeps Ann's three relations at depth 1, follows Ben's father to Cal at depth 2, and finds no
 * relation out of Cal at depth 3 but the one it came by.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TogDepthTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String FATHER = "/people/person/father";
    private static final String[] NAMES = {"Ann Lee", "Ben Lee", "Cal Lee", "Acme Corp", "Oslo"};
    private static final Object[][] COMPLETE = {
        {0, FATHER, 1}, {1, FATHER, 2}, {0, "/people/person/employer", 3}, {0, "/people/person/place_of_birth", 4},
        {0, "/people/person/grandfather", 2},
    };
    private static final List<String> TWO_HOPS = List.of("m.1", "people.person.father", "m.2");
    private Repository store;
    private LacunaEndpoint endpoint;
    private Path bench;

    @BeforeAll
    void start(@TempDir Path dir) {
        store = TogFixture.store(COMPLETE, new int[] {4}, NAMES);
        endpoint = TogFixture.serve(store, Shape.FREEBASE);
        bench = TogFixture.benchmark(dir.resolve("bench"), NAMES, List.of(TogFixture.question("q1",
                "Who is the grandfather of 0?", "0", "grandfather", List.of("2"), "2")));
    }

    @AfterAll
    void stop() {
        endpoint.stop();
        store.shutDown();
    }

    private Path tog(Path out, String... more) {
        List<String> args = new ArrayList<>(List.of("tog", "--endpoint", endpoint.url() + "sparql/incomplete",
                "--benchmark", bench.toString(), "--out", out.toString()));
        args.addAll(List.of(more));
        CliRunner.Run run = CliRunner.run(args.toArray(String[]::new));
        assertEquals(0, run.code(), run.toString());
        return out;
    }

    private static JsonNode first(Path file) throws IOException {
        return JSON.readTree(Files.readAllLines(file).get(0));
    }

    private static List<List<String>> triples(JsonNode trace) {
        List<List<String>> out = new ArrayList<>();
        trace.get("triples").forEach(t -> out.add(List.of(t.get(0).asText(), t.get(1).asText(), t.get(2).asText())));
        return out;
    }

    /** The trace of q1, checked to have stopped for {@code stop} at {@code depth}, as run.json records it too. */
    private static JsonNode stopped(Path out, String stop, int depth) throws IOException {
        JsonNode trace = first(out.resolve("ToG_test.trace.jsonl"));
        assertEquals(stop, trace.get("stop").asText(), trace.toString());
        assertEquals(depth, trace.get("depth").asInt(), trace.toString());
        JsonNode run = JSON.readTree(out.resolve("ToG_test.run.json").toFile());
        assertEquals(depth, run.at("/depth_reached/q1").asInt(), run.toString());
        assertEquals(1, run.at("/stops/" + stop).asInt(), run.toString());
        return trace;
    }

    @Test
    void atDepthOneTheTwoStepPathIsOutOfReach(@TempDir Path tmp) throws IOException {
        Path out = tog(tmp, "--depth", "1");
        JsonNode trace = stopped(out, "depth_limit", 1);
        assertFalse(triples(trace).contains(TWO_HOPS), trace.toString());
        JsonNode record = first(out.resolve("ToG_test.jsonl"));
        assertEquals(1, record.get("reasoning_chains").size(), record.toString());
        assertFalse(record.get("results").asText().contains("Cal Lee"), record.toString());
        assertEquals(1, JSON.readTree(out.resolve("ToG_test.run.json").toFile()).get("depth").asInt());
    }

    @Test
    void atDepthTwoTheWalkRetrievesTheTwoStepPathAndNamesItsEnd(@TempDir Path tmp) throws IOException {
        Path out = tog(tmp, "--depth", "2");
        JsonNode trace = stopped(out, "depth_limit", 2);
        assertTrue(triples(trace).contains(TWO_HOPS), trace.toString());
        // The trace's kept chains, as the graph states them, per depth.
        assertEquals("[[\"m.1\",\"people.person.father\",\"m.2\"]]", trace.at("/kept/1").toString(), trace.toString());
        JsonNode record = first(out.resolve("ToG_test.jsonl"));
        assertEquals(2, record.get("reasoning_chains").size(), record.toString());
        assertEquals("[[[\"Ben Lee\",\"people.person.father\",\"Cal Lee\"]]]",
                record.get("reasoning_chains").get(1).toString());
        List<String> answers = JSON.readerForListOf(String.class).readValue(record.get("results").asText());
        assertTrue(answers.contains("Cal Lee"), answers.toString());
        assertTrue(answers.contains("Ben Lee"), answers.toString());
        assertFalse(answers.contains("Ann Lee"), "the topic is never its own answer: " + answers);
        JsonNode run = JSON.readTree(out.resolve("ToG_test.run.json").toFile());
        assertEquals(2, run.get("depth").asInt());
        assertEquals("all-depths", run.get("answer_rule").asText(), run.toString());
    }

    @Test
    void aWalkWithNothingLeftToFollowStopsForWantOfCandidates(@TempDir Path tmp) throws IOException {
        JsonNode trace = stopped(tog(tmp, "--depth", "3"), "no_candidates", 3);
        assertTrue(triples(trace).contains(TWO_HOPS), trace.toString());
    }

    @Test
    void theFirstDepthRuleAnswersOneHopFromTheSameWalk(@TempDir Path tmp) throws IOException {
        Path out = tog(tmp, "--depth", "2", "--answer-rule", "first-depth");
        JsonNode trace = first(out.resolve("ToG_test.trace.jsonl"));
        assertTrue(triples(trace).contains(TWO_HOPS), trace.toString());
        JsonNode record = first(out.resolve("ToG_test.jsonl"));
        List<String> answers = JSON.readerForListOf(String.class).readValue(record.get("results").asText());
        assertTrue(answers.contains("Ben Lee"), answers.toString());
        assertFalse(answers.contains("Cal Lee"), answers.toString());
        JsonNode run = JSON.readTree(out.resolve("ToG_test.run.json").toFile());
        assertEquals("first-depth", run.get("answer_rule").asText(), run.toString());
    }

    @Test
    void anAnswerRuleNeedsTheOfflineWalk(@TempDir Path tmp) {
        CliRunner.Run run = CliRunner.run("tog", "--endpoint", endpoint.url() + "sparql/incomplete", "--benchmark",
                bench.toString(), "--out", tmp.resolve("out").toString(), "--pruning", "llm", "--llm-base-url",
                "http://127.0.0.1:1/v1", "--llm-model", "m", "--answer-rule", "first-depth");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("--answer-rule"), run.toString());
        CliRunner.Run bad = CliRunner.run("tog", "--endpoint", endpoint.url() + "sparql/incomplete", "--benchmark",
                bench.toString(), "--out", tmp.resolve("out").toString(), "--answer-rule", "last");
        assertEquals(2, bad.code(), bad.toString());
        assertTrue(bad.err().contains("first-depth, all-depths"), bad.toString());
        assertFalse(Files.exists(tmp.resolve("out")));
    }
}
