package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.rdf4j.repository.Repository;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.cli.CliContext;
import dev.lacuna.cli.Main;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.Summary;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;
import dev.lacuna.view.KgView;
import dev.lacuna.view.LabelMode;
import dev.lacuna.view.Shape;

/**
 * The second mix of the endpoint bench: the queries a real {@code lacuna tog} run sends. {@code lacuna demo} builds
 * the bundled Family KG's benchmark; its graphs in the Freebase shape with text names (what ToG is served) are
 * written once into a second LMDB store and once into GraphDB; {@code lacuna tog} (embedding pruning, the test
 * split) walks the questions against {@code lacuna serve} on that LMDB store, and its trace lists every query.
 * The replay is the run's distinct query texts in the order it first sent them: what the endpoint received, as ToG
 * sends each distinct text once.
 */
final class TogReplay {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The graphs as ToG was served them, in LMDB and in GraphDB, and the queries of its run. */
    record Mix(KgGraphs kg, Repository lmdb, List<String> queries, int questions, int asked) {
    }

    private TogReplay() {
    }

    /**
     * Builds the Family benchmark under dir, writes its served view into a new LMDB store and into remote (an empty
     * repository), runs ToG against the LMDB one and reads its trace.
     */
    static Mix make(Path dir, Repository remote) throws IOException {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CliContext quiet = new CliContext(new PrintStream(log, true, StandardCharsets.UTF_8),
                new PrintStream(log, true, StandardCharsets.UTF_8));
        Main main = new Main(Main.allCommands());
        Path demo = dir.resolve("demo");
        assertEquals(0, main.run(new String[] {"demo", "--workdir", demo.toString()}, quiet), log.toString(StandardCharsets.UTF_8));
        Summary summary = BenchmarkFolder.at(demo.resolve("benchmark")).summary();
        KgGraphs kg = new KgGraphs(summary.base(), summary.kg());
        Repository source = Stores.open(StoreSpec.parse("lmdb:" + demo.resolve("store")));
        Repository lmdb = Stores.open(StoreSpec.parse("lmdb:" + dir.resolve("tog-view")));
        try {
            KgView.build(source, kg, LabelMode.TEXT, Shape.FREEBASE, lmdb);
            KgView.build(source, kg, LabelMode.TEXT, Shape.FREEBASE, remote);
        } finally {
            Stores.close(source);
        }
        // The view is served as it is stored: the same graphs, already in ToG's shape, as GraphDB holds them.
        LacunaEndpoint endpoint = LacunaEndpoint.builder().repository(lmdb).kg(kg).port(0).accessLog(false).build().start();
        Path out = dir.resolve("tog");
        try {
            assertEquals(0, main.run(new String[] {"tog", "--endpoint", endpoint.url() + "sparql", "--benchmark",
                demo.resolve("benchmark").toString(), "--out", out.toString(), "--shape", "freebase"}, quiet),
                    log.toString(StandardCharsets.UTF_8));
        } finally {
            endpoint.stop();
        }
        Set<String> distinct = new LinkedHashSet<>();
        int questions = 0;
        int asked = 0;
        try (BufferedReader r = Files.newBufferedReader(out.resolve("ToG_test.trace.jsonl"))) {
            String line;
            while ((line = r.readLine()) != null) {
                JsonNode record = JSON.readTree(line);
                questions++;
                for (JsonNode q : record.get("queries")) {
                    distinct.add(q.asText());
                    asked++;
                }
            }
        }
        return new Mix(kg, lmdb, new ArrayList<>(distinct), questions, asked);
    }
}
