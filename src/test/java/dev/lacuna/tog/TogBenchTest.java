package dev.lacuna.tog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.cli.CliContext;
import dev.lacuna.cli.Main;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.Summary;
import dev.lacuna.serve.Exposure;
import dev.lacuna.serve.LacunaEndpoint;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;
import dev.lacuna.view.LabelMode;
import dev.lacuna.view.Shape;

/**
 * {@code lacuna tog} (embedding pruning) on the bundled Family KG built by {@code lacuna demo}, against the endpoint
 * in process (Freebase shape, text names): queries per question, the endpoint's latency p50/p95 as the client sees
 * it, seconds per question, and the scores on both graphs. Writes target/bench/tog-family.md.
 */
@Tag("bench")
class TogBenchTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void togOnFamily() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CliContext quiet = new CliContext(new PrintStream(log, true, StandardCharsets.UTF_8),
                new PrintStream(log, true, StandardCharsets.UTF_8));
        Main main = new Main(Main.allCommands());
        assertEquals(0, main.run(new String[] {"demo", "--workdir", tmp.toString()}, quiet), log.toString(StandardCharsets.UTF_8));
        Path bench = tmp.resolve("benchmark");
        Repository store = Stores.open(StoreSpec.parse("lmdb:" + tmp.resolve("store")));
        Summary summary = BenchmarkFolder.at(bench).summary();
        LacunaEndpoint endpoint = LacunaEndpoint.builder().repository(store)
                .kg(new KgGraphs(summary.base(), summary.kg())).port(0)
                .labels(LabelMode.TEXT).shape(Shape.FREEBASE).expose(Exposure.parse("complete,incomplete"))
                .accessLog(false).build().start();
        StringBuilder md = new StringBuilder("# ToG in the box on Family (test split, embedding pruning, depth 3, "
                + "answer rule " + WalkSettings.ANSWER_RULE.label() + ")\n\n"
                + "| graph | questions | queries per question | requests sent | endpoint p50 ms | p95 ms | s per question |\n"
                + "|---|---:|---:|---:|---:|---:|---:|\n");
        try {
            for (String graph : new String[] {"complete", "incomplete"}) {
                Path out = tmp.resolve("tog-" + graph);
                assertEquals(0, main.run(new String[] {"tog", "--endpoint", endpoint.url() + "sparql/" + graph,
                        "--benchmark", bench.toString(), "--out", out.toString()}, quiet), log.toString(StandardCharsets.UTF_8));
                JsonNode run = JSON.readTree(out.resolve("ToG_test.run.json").toFile());
                assertTrue(run.get("queries_per_question").asDouble() > 2, run.toString());
                // Every question's walk is recorded with the depth it reached, none beyond the depth asked.
                assertEquals(run.get("questions").asInt(), run.get("depth_reached").size(), run.toString());
                run.get("depth_reached").forEach(d -> assertTrue(d.asInt() >= 1 && d.asInt() <= 3, run.toString()));
                md.append(String.format(Locale.ROOT, "| %s | %d | %.1f | %d | %.1f | %.1f | %.3f |%n", graph,
                        run.get("questions").asInt(), run.get("queries_per_question").asDouble(),
                        run.get("requests_sent").asLong(), run.get("latency_p50_ms").asDouble(),
                        run.get("latency_p95_ms").asDouble(), run.get("seconds_per_question").asDouble()));
            }
        } finally {
            endpoint.stop();
            Stores.close(store);
        }
        Path report = Path.of("target", "bench", "tog-family-report.md");
        Files.createDirectories(report.getParent());
        Path json = tmp.resolve("report.json");
        for (Path file : new Path[] {json, report}) {
            assertEquals(0, main.run(new String[] {"evaluate", "--benchmark", bench.toString(), "--from", "tog",
                    "--entities", "text", "--complete", tmp.resolve("tog-complete/ToG_test.jsonl").toString(),
                    "--incomplete", tmp.resolve("tog-incomplete/ToG_test.jsonl").toString(), "--output",
                    file.toString()}, quiet), log.toString(StandardCharsets.UTF_8));
        }
        // The scores are measured, not asserted: what a walk on incomplete finds depends on the alternative paths
        // the graph keeps (TogRunTest and TogDepthTest hold the walk to hand-worked graphs).
        JsonNode r = JSON.readTree(json.toFile());
        double complete = r.at("/systems/0/runs/complete/strict/hits_at_hard").asDouble();
        double incomplete = r.at("/systems/0/runs/incomplete/strict/hits_at_hard").asDouble();
        md.append(String.format(Locale.ROOT, "%nHits@Hard: complete %.3f, incomplete %.3f. Full report: "
                + "tog-family-report.md%n", complete, incomplete));
        Files.writeString(Path.of("target", "bench", "tog-family.md"), md.toString(), StandardCharsets.UTF_8);
    }
}
