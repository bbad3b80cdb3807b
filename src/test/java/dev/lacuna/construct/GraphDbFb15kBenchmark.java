package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.KgLoader;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.GraphDb;
import dev.lacuna.testing.TestData;

/**
 * FB15k-237 on a real GraphDB (scripts/graphdb.sh) against the default LMDB store.
 *
 * <p>{@link #fb15kOnGraphDbIsByteIdenticalToLmdb}: load (with the entity labels), build at maxad 3 and verify, each by
 * the CLI, on LMDB and on GraphDB's {@code lacuna} repository (docker/graphdb-repository.ttl); the two folders must be
 * byte-identical. Writes target/bench/graphdb-fb15k.md with the wall time of each step on each store.
 *
 * <p>{@link #loadBatchSizes}: the load's statements per add request within its one transaction, for
 * {@code -Dgraphdb.batches=5000,20000,...}, each into a fresh GraphDB repository; writes
 * target/bench/graphdb-load-batches.md. The size GraphDB loaded fastest at is {@code StoreConfig.loadBatch()} of a
 * repository.
 *
 * <p>Run with: mvn -B -Pbench test -Dtest=GraphDbFb15kBenchmark -Dlacuna.graphdb.heap=2g
 */
@Tag("bench")
@ExtendWith(GraphDb.class)
class GraphDbFb15kBenchmark {
    private static final String KG = "fb15k-237";

    @Test
    void fb15kOnGraphDbIsByteIdenticalToLmdb(GraphDb graphDb, @TempDir Path tmp) throws IOException {
        String train = TestData.kg(KG, "train.txt").toString();
        String labels = TestData.kg(KG, "entity2text.txt").toString();
        String[][] stores = {{"--store", "lmdb:" + tmp.resolve("lmdb")}, graphDb.storeArgs("lacuna")};
        String[] names = {"LMDB", "GraphDB"};
        Path[] outs = {tmp.resolve("lmdb-out"), tmp.resolve("graphdb-out")};
        Map<String, double[]> seconds = new LinkedHashMap<>();
        for (int i = 0; i < 2; i++) {
            String[] store = stores[i];
            long t = System.nanoTime();
            CliRunner.Run load = CliRunner.run(CliRunner.with("load", store, "--kg", KG, "--labels", labels, train));
            assertEquals(0, load.code(), load.toString());
            assertTrue(load.out().contains("272,115 triples"), load.out());
            seconds.computeIfAbsent("load (with labels)", k -> new double[2])[i] = (System.nanoTime() - t) / 1e9;
            t = System.nanoTime();
            CliRunner.Run build = CliRunner.run(CliRunner.with("build", store, "--kg", KG, "--maxad", "3", "--out",
                    outs[i].toString()));
            assertEquals(0, build.code(), build.toString());
            seconds.computeIfAbsent("build (mining at maxad 3 included)", k -> new double[2])[i] = (System.nanoTime() - t) / 1e9;
            t = System.nanoTime();
            CliRunner.Run verify = CliRunner.run(CliRunner.with("verify", store, outs[i].toString()));
            assertEquals(0, verify.code(), verify.toString());
            seconds.computeIfAbsent("verify", k -> new double[2])[i] = (System.nanoTime() - t) / 1e9;
        }
        List<Path> files = files(outs[0]);
        assertEquals(files, files(outs[1]));
        for (Path f : files) {
            assertArrayEquals(Files.readAllBytes(outs[0].resolve(f)), Files.readAllBytes(outs[1].resolve(f)), f.toString());
        }
        StringBuilder md = new StringBuilder("# FB15k-237 on GraphDB and LMDB (maxad 3, entity labels, seed 42)\n\n"
                + "Output folders byte-identical (" + files.size() + " files). Wall seconds; "
                + Runtime.getRuntime().availableProcessors() + " cores.\n\n| step | " + names[0] + " | " + names[1]
                + " | GraphDB / LMDB |\n|---|---|---|---|\n");
        seconds.forEach((step, s) -> md.append(String.format("| %s | %.1f | %.1f | %.2f |%n", step, s[0], s[1], s[1] / s[0])));
        write("graphdb-fb15k.md", md.toString());
    }

    @Test
    void loadBatchSizes(GraphDb graphDb) throws IOException {
        Path train = TestData.kg(KG, "train.txt");
        Path labels = TestData.kg(KG, "entity2text.txt");
        int[] sizes = Arrays.stream(System.getProperty("graphdb.batches", "5000,20000,100000,500000").split(","))
                .mapToInt(Integer::parseInt).toArray();
        int rounds = Integer.getInteger("graphdb.rounds", 2);
        loadSeconds(graphDb, train, labels, sizes[0]); // warm-up: the first load also pays for JIT in both JVMs
        double[][] seconds = new double[sizes.length][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < sizes.length; i++) {
                seconds[i][r] = loadSeconds(graphDb, train, labels, sizes[i]);
            }
        }
        StringBuilder md = new StringBuilder("# FB15k-237 load into GraphDB by statements per add request\n\n"
                + "One transaction per load, each into a fresh repository (ruleset empty), after one warm-up load; "
                + rounds + " rounds, sizes interleaved. Load seconds as KgLoader reports them.\n\n"
                + "| statements per add | fastest s | each round s |\n|---|---|---|\n");
        for (int i = 0; i < sizes.length; i++) {
            md.append(String.format("| %,d | %.1f | %s |%n", sizes[i], Arrays.stream(seconds[i]).min().orElseThrow(),
                    Arrays.stream(seconds[i]).mapToObj(x -> String.format("%.1f", x)).toList()));
        }
        write("graphdb-load-batches.md", md.toString());
    }

    private static double loadSeconds(GraphDb graphDb, Path train, Path labels, int size) {
        String id = graphDb.createRepository("batch-" + size);
        Repository repository = Stores.open(graphDb.storeConfig(id));
        try {
            KgLoader.Result r = new KgLoader(repository, KgGraphs.of(KG), size).load(List.of(train),
                    new KgLoader.Options(null, labels, 42, false));
            assertEquals(272_115, r.triples());
            return r.seconds();
        } finally {
            Stores.close(repository);
            graphDb.deleteRepository(id);
        }
    }

    private static void write(String name, String md) throws IOException {
        Path file = Path.of("target", "bench", name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, md);
        System.out.println(md);
    }

    private static List<Path> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(root::relativize).sorted().toList();
        }
    }
}
