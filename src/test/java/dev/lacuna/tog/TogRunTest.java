package dev.lacuna.tog;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
 * {@code lacuna tog} with its default embedding pruning against {@code lacuna serve}'s endpoint over the tiny KG of
 * {@link TogFixture}, in the Freebase shape ToG expects and in the plain shape.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TogRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private Repository store;
    private LacunaEndpoint freebase;
    private LacunaEndpoint plain;
    private Path bench;

    @BeforeAll
    void start(@TempDir Path dir) {
        store = TogFixture.store();
        freebase = TogFixture.serve(store, Shape.FREEBASE);
        plain = TogFixture.serve(store, Shape.PLAIN);
        bench = TogFixture.benchmark(dir.resolve("bench"));
    }

    @AfterAll
    void stop() {
        freebase.stop();
        plain.stop();
        store.shutDown();
    }

    private Path tog(LacunaEndpoint endpoint, String graph, Path out, String... more) {
        List<String> args = new ArrayList<>(List.of("tog", "--endpoint", endpoint.url() + "sparql/" + graph,
                "--benchmark", bench.toString(), "--out", out.toString()));
        args.addAll(List.of(more));
        CliRunner.Run run = CliRunner.run(args.toArray(String[]::new));
        assertEquals(0, run.code(), run.toString());
        return out;
    }

    private static List<JsonNode> lines(Path file) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            out.add(JSON.readTree(line));
        }
        return out;
    }

    @Test
    void theQuestionsRelationWinsThePruning(@TempDir Path tmp) throws IOException {
        // Width 1: one relation per entity and one chain per depth survive, so the first depth's chain is the
        // question's only if the relation it asks about scored best among the entity's four.
        List<JsonNode> records = lines(tog(freebase, "complete", tmp, "--width", "1").resolve("ToG_test.jsonl"));
        assertEquals(2, records.size());
        assertEquals("Who is the spouse of Alice Smith?", records.get(0).get("question").asText());
        // From Bob the walk goes back to Alice, the topic, which is never an answer; then to Bob again.
        assertEquals("[[[[\"Alice Smith\",\"people.person.spouse\",\"Bob Smith\"]]],"
                + "[[[\"Bob Smith\",\"people.person.spouse\",\"Alice Smith\"]]],"
                + "[[[\"Alice Smith\",\"people.person.spouse\",\"Bob Smith\"]]]]",
                records.get(0).get("reasoning_chains").toString());
        assertEquals("[\"Bob Smith\"]", records.get(0).get("results").asText());
        // London has no relation but the one the walk came by: the walk stops at depth 2 for want of candidates.
        assertEquals("[[[[\"Dave Jones\",\"people.person.place_of_birth\",\"London\"]]]]",
                records.get(1).get("reasoning_chains").toString());
        assertEquals("[\"London\"]", records.get(1).get("results").asText());
    }

    @Test
    void anIncompleteGraphNeverYieldsADeletedTriple(@TempDir Path tmp) throws IOException {
        List<List<String>> deleted = TogFixture.deletedFreebase();
        List<List<String>> fromComplete = triples(tog(freebase, "complete", tmp.resolve("c")));
        List<List<String>> fromIncomplete = triples(tog(freebase, "incomplete", tmp.resolve("i")));
        // The same walk over complete does retrieve them, so the check below can fail.
        assertTrue(fromComplete.containsAll(deleted), fromComplete.toString());
        for (List<String> t : deleted) {
            assertFalse(fromIncomplete.contains(t), "retrieved a deleted triple " + t + ": " + fromIncomplete);
        }
        // q1's answer is still reachable by the symmetric triple that stays; q2's only birth place is gone.
        assertTrue(fromIncomplete.contains(List.of("m.1", "people.person.spouse", "m.0")), fromIncomplete.toString());
    }

    @Test
    void thePlainShapeWalksLacunasOwnIris(@TempDir Path tmp) throws IOException {
        Path out = tog(plain, "complete", tmp, "--shape", "plain", "--width", "1", "--depth", "1");
        List<JsonNode> records = lines(out.resolve("ToG_test.jsonl"));
        assertEquals("[[[[\"Alice Smith\",\"/people/person/spouse\",\"Bob Smith\"]]]]",
                records.get(0).get("reasoning_chains").toString());
        assertTrue(triples(out).contains(List.of("0", "/people/person/spouse", "1")));
        JsonNode trace = lines(out.resolve("ToG_test.trace.jsonl")).get(0);
        assertTrue(trace.get("queries").get(0).asText().contains("<https://lacuna.dev/kg/tiny/entity/0> ?relation ?x"),
                trace.get("queries").get(0).asText());
    }

    @Test
    void twoRunsWriteTheSameBytes(@TempDir Path tmp) throws IOException {
        Path a = tog(freebase, "incomplete", tmp.resolve("a"), "--seed", "7");
        Path b = tog(freebase, "incomplete", tmp.resolve("b"), "--seed", "7", "--threads", "1");
        for (String file : List.of("ToG_test.jsonl", "ToG_test.trace.jsonl")) {
            byte[] first = Files.readAllBytes(a.resolve(file));
            assertTrue(first.length > 100, file);
            assertArrayEquals(first, Files.readAllBytes(b.resolve(file)), file);
        }
    }

    @Test
    void evaluateFromTogReadsTheFileAsItReadsTogs(@TempDir Path tmp) throws IOException {
        Path complete = tog(freebase, "complete", tmp.resolve("c")).resolve("ToG_test.jsonl");
        Path incomplete = tog(freebase, "incomplete", tmp.resolve("i")).resolve("ToG_test.jsonl");
        Path report = tmp.resolve("report.json");
        CliRunner.Run run = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--from", "tog", "--entities",
                "text", "--complete", complete.toString(), "--incomplete", incomplete.toString(), "--format", "json",
                "-o", report.toString());
        assertEquals(0, run.code(), run.toString());
        JsonNode r = JSON.readTree(report.toFile());
        // Both records of each file matched their question by text, none left over.
        assertFalse(r.toString().contains("match no question"), r.toString());
        assertEquals(1.0, r.at("/systems/0/runs/complete/strict/hits_at_hard").asDouble(), 1e-12, r.toString());
        // q1 still finds Bob Smith by the symmetric triple; q2's birth place is gone from incomplete.
        assertEquals(0.5, r.at("/systems/0/runs/incomplete/strict/hits_at_hard").asDouble(), 1e-12, r.toString());
    }

    private static List<List<String>> triples(Path out) throws IOException {
        List<List<String>> all = new ArrayList<>();
        for (JsonNode trace : lines(out.resolve("ToG_test.trace.jsonl"))) {
            for (JsonNode t : trace.get("triples")) {
                all.add(List.of(t.get(0).asText(), t.get(1).asText(), t.get(2).asText()));
            }
        }
        return all;
    }
}
