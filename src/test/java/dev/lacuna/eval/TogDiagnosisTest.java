package dev.lacuna.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.lacuna.Json;
import dev.lacuna.cli.CliRunner;
import dev.lacuna.evidence.HandMadeKg;
import dev.lacuna.serve.Exposure;
import dev.lacuna.serve.LacunaEndpoint;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;
import dev.lacuna.view.LabelMode;
import dev.lacuna.view.Shape;

/**
 * The breakdown of a real {@code lacuna tog} run: the hand-made KG ({@link HandMadeKg}) served as {@code serve
 * --shape freebase --labels text} serves it, ToG's files as it writes them, read back by {@code evaluate --from tog}.
 * What the walk keeps depends on its rules for going deeper, so the assertions hold for any walk: the symmetry and
 * inversion questions' topics have one relation each, which leads to the hard answer, so their one path is retrieved;
 * every chain is a triple the walk fetched; and without the trace beside it the same file is read as the real ToG's.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TogDiagnosisTest {
    private static final KgGraphs KG = KgGraphs.of("handmade");
    private Repository store;
    private LacunaEndpoint endpoint;
    private Path bench;

    @BeforeAll
    void start(@TempDir Path dir) {
        store = new SailRepository(new MemoryStore());
        store.init();
        var vf = SimpleValueFactory.getInstance();
        try (RepositoryConnection c = store.getConnection()) {
            c.begin();
            for (String line : HandMadeKg.complete()) {
                String[] t = line.split("\t");
                var s = KG.entity(Long.parseLong(t[0]));
                var p = KG.relation(t[1]);
                var o = KG.entity(Long.parseLong(t[2]));
                c.add(s, p, o, KG.complete());
                if (!HandMadeKg.removed().contains(line)) {
                    c.add(s, p, o, KG.incomplete());
                }
            }
            for (int i = 1; i <= HandMadeKg.LABELS.size(); i++) {
                c.add(KG.entity(i), LacunaVocab.PRIVATE_ID, vf.createLiteral((long) i), KG.labels());
                c.add(KG.entity(i), LacunaVocab.SOURCE_ID, vf.createLiteral("e" + i), KG.labels());
                c.add(KG.entity(i), RDFS.LABEL, vf.createLiteral(HandMadeKg.LABELS.get(i - 1)), KG.labels());
            }
            c.commit();
        }
        endpoint = LacunaEndpoint.builder().repository(store).kg(KG).port(0).labels(LabelMode.TEXT).shape(Shape.FREEBASE)
                .expose(Exposure.parse("complete,incomplete")).accessLog(false).build().start();
        bench = HandMadeKg.write(dir.resolve("bench"));
    }

    @AfterAll
    void stop() {
        endpoint.stop();
        store.shutDown();
    }

    private Path tog(String graph, Path out) {
        CliRunner.succeed("tog", "--endpoint", endpoint.url() + "sparql/" + graph, "--benchmark", bench.toString(),
                "--out", out.toString());
        return out.resolve("ToG_test.jsonl");
    }

    private JsonNode evaluate(Path complete, Path incomplete) throws IOException {
        return Json.mapper().readTree(CliRunner.succeed("evaluate", "--benchmark", bench.toString(), "--from", "tog",
                "--entities", "text", "--complete", complete.toString(), "--incomplete", incomplete.toString(), "--format",
                "json").out());
    }

    @Test
    void theChainsAreTheEvidenceAndTheTraceWhatWasFetched(@TempDir Path tmp) throws IOException {
        Path complete = tog("complete", tmp.resolve("c"));
        Path incomplete = tog("incomplete", tmp.resolve("i"));
        JsonNode r = evaluate(complete, incomplete);
        JsonNode d = r.at("/systems/0/runs/incomplete/diagnosis");
        assertTrue(d.get("retrieval").asText().contains("trace"), d.toString());
        assertEquals(4, d.at("/overall/classified").asInt(), d.toString());
        assertEquals(1, d.at("/by_rule_type/symmetry/evidence").asInt(), d.toString());
        assertEquals(1, d.at("/by_rule_type/inversion/evidence").asInt(), d.toString());
        JsonNode all = d.get("overall");
        assertTrue(all.get("fetched").asInt() >= all.get("evidence").asInt(), all.toString());
        assertEquals(all.get("misses").asInt(), all.get("retrieval_failures").asInt() + all.get("reasoning_failures").asInt()
                + all.get("unsupported_misses").asInt(), all.toString());
        // the walk starts at Ann over parent: a grandparent path's first step is always among its chains
        assertTrue(d.at("/by_rule_type/composition/partial_evidence").asDouble() > 0, d.toString());
        // on complete the hard-answer triple stands: wife(Hal, Gus) is one hop from the topic
        assertEquals(1, r.at("/systems/0/runs/complete/diagnosis/by_rule_type/inversion/evidence").asInt(), r.toString());
    }

    @Test
    void theRealTogsFileHasNoTraceAndIsReadFromItsChains(@TempDir Path tmp) throws IOException {
        Path complete = tog("complete", tmp.resolve("c"));
        Path incomplete = tog("incomplete", tmp.resolve("i"));
        Files.delete(tmp.resolve("i/ToG_test.trace.jsonl"));
        JsonNode d = evaluate(complete, incomplete).at("/systems/0/runs/incomplete/diagnosis");
        assertTrue(d.at("/overall/fetched").isNull(), d.toString());
        assertEquals("ToG's reasoning_chains", d.get("retrieval").asText());
        assertEquals(1, d.at("/by_rule_type/symmetry/evidence").asInt(), d.toString());
        assertEquals(1, d.at("/by_depth/2/questions").asInt(), d.toString());
    }
}
