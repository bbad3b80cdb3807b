package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

import org.apache.jena.fuseki.main.FusekiServer;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.system.Txn;
import org.apache.jena.tdb2.TDB2Factory;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.eclipse.rdf4j.sail.nativerdf.NativeStore;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;
import dev.lacuna.testing.TestData;
import dev.lacuna.view.LabelMode;
import dev.lacuna.view.Shape;

/**
 * Load benchmark: 16 concurrent clients send one-hop queries (the shapes ToG and PoG send) for 60 s to Lacuna's
 * /sparql/incomplete on CoDEx-M in a NativeStore, then the same queries to Apache Jena Fuseki (TDB2) holding the
 * same incomplete graph as its default graph; p50/p99 latency, queries/s and errors into target/bench/serve.md.
 * Run with {@code mvn -B -o -Pbench test -Dtest=ServeBenchTest} (-Dlacuna.bench.seconds=N to shorten).
 */
@Tag("bench")
class ServeBenchTest {
    private static final int CLIENTS = 16;
    private static final KgGraphs KG = KgGraphs.of("codex-m");
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    static {
        // Both servers run quiet: per-request logging to the captured console would measure the console.
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.jena", "warn");
        System.setProperty("org.slf4j.simpleLogger.log.dev.lacuna.serve.access", "warn");
    }

    /** One measured run. */
    record Result(String name, long queries, long errors, double seconds, double p50ms, double p99ms, double meanMs,
            double[] p50ByShape) {
        double qps() {
            return queries / seconds;
        }
    }

    @Test
    void sixteenClientsOneHopQueriesLacunaVersusFuseki(@TempDir Path dir) throws Exception {
        int seconds = Integer.getInteger("lacuna.bench.seconds", 60);
        Path train = TestData.kg("codex-m", "train.txt");
        assertTrue(Files.isRegularFile(train), "missing " + train);
        List<String[]> triples = readTriples(train);
        Map<String, Integer> ids = new HashMap<>();
        for (String[] t : triples) {
            ids.computeIfAbsent(t[0], k -> ids.size());
            ids.computeIfAbsent(t[2], k -> ids.size());
        }
        // incomplete: complete minus every 50th triple, as a build would delete a few percent of heads
        boolean[] removed = new boolean[triples.size()];
        for (int i = 0; i < removed.length; i += 50) {
            removed[i] = true;
        }

        long t0 = System.nanoTime();
        Repository store = new SailRepository(new NativeStore(dir.resolve("native").toFile()));
        store.init();
        loadRdf4j(store, triples, removed, ids);
        double rdf4jLoad = (System.nanoTime() - t0) / 1e9;
        t0 = System.nanoTime();
        DatasetGraph tdb = TDB2Factory.connectDataset(dir.resolve("tdb2").toString()).asDatasetGraph();
        loadTdb2(tdb, triples, removed, ids);
        double tdbLoad = (System.nanoTime() - t0) / 1e9;

        List<String> queries = oneHopQueries(triples, removed, ids, 4000, new Random(42));

        FusekiServer fuseki = FusekiServer.create().loopback(true).port(0).add("/kg", tdb, false).build().start();
        String fusekiUrl = "http://127.0.0.1:" + fuseki.getHttpPort() + "/kg/sparql";
        List<Result> results = new ArrayList<>();
        double viewMillis;
        double reindex;
        Result freebase;
        try {
            // Lacuna's default store indexes (spoc,posc): "?x ?relation <e>" (ToG's tail relations) scans the graph.
            results.add(serveLacuna(store, "spoc,posc (Lacuna's default)", queries, fusekiUrl, seconds));
            store.shutDown();
            // The same store reopened with an object-first index too: RDF4J adds the index on open.
            t0 = System.nanoTime();
            store = new SailRepository(new NativeStore(dir.resolve("native").toFile(), "spoc,posc,ospc"));
            store.init();
            reindex = (System.nanoTime() - t0) / 1e9;
            results.add(serveLacuna(store, "spoc,posc,ospc", queries, fusekiUrl, seconds));
            // ToG's own templates against the Freebase-shaped view (materialised in memory when serve starts)
            LacunaEndpoint view = LacunaEndpoint.builder().repository(store).kg(KG).port(0).accessLog(false)
                    .labels(LabelMode.SOURCE).shape(Shape.FREEBASE).build().start();
            try {
                viewMillis = view.view().buildMillis();
                String url = view.url() + "sparql/incomplete";
                List<String> tog = togQueries(queries);
                run("warm-up Lacuna Freebase view", url, tog, Math.min(10, seconds));
                freebase = run("Lacuna, Freebase view (ToG templates, in-memory view)", url, tog, seconds);
            } finally {
                view.stop();
            }
            run("warm-up Fuseki", fusekiUrl, queries, Math.min(10, seconds));
            results.add(run("Apache Jena Fuseki 5.6.0 (TDB2)", fusekiUrl, queries, seconds));
        } finally {
            fuseki.stop();
        }
        store.shutDown();
        tdb.close();
        write(results, freebase, triples.size(), rdf4jLoad, tdbLoad, reindex, viewMillis, seconds);
        assertEquals(0, freebase.errors());
        for (Result r : results) {
            assertEquals(0, r.errors(), r.name() + " had errors");
        }
    }

    private static Result serveLacuna(Repository store, String indexes, List<String> queries, String fusekiUrl,
            int seconds) throws Exception {
        LacunaEndpoint lacuna = LacunaEndpoint.builder().repository(store).kg(KG).port(0).accessLog(false).build().start();
        try {
            String url = lacuna.url() + "sparql/incomplete";
            // Same data behind both: equal row counts on a sample of the queries.
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            for (String q : queries.subList(0, 40)) {
                assertEquals(rows(http, fusekiUrl, q), rows(http, url, q), q);
            }
            run("warm-up Lacuna " + indexes, url, queries, Math.min(10, seconds));
            return run("Lacuna, NativeStore " + indexes, url, queries, seconds);
        } finally {
            lacuna.stop();
        }
    }

    private static List<String[]> readTriples(Path file) throws IOException {
        List<String[]> out = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(file)) {
            String line;
            while ((line = r.readLine()) != null) {
                String[] t = line.split("\t");
                if (t.length == 3) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    private static void loadRdf4j(Repository store, List<String[]> triples, boolean[] removed, Map<String, Integer> ids) {
        try (RepositoryConnection c = store.getConnection()) {
            c.begin();
            for (int i = 0; i < triples.size(); i++) {
                String[] t = triples.get(i);
                IRI s = KG.entity(ids.get(t[0]));
                IRI p = KG.relation(t[1]);
                IRI o = KG.entity(ids.get(t[2]));
                c.add(s, p, o, KG.complete());
                if (!removed[i]) {
                    c.add(s, p, o, KG.incomplete());
                }
            }
            for (Map.Entry<String, Integer> e : ids.entrySet()) {
                c.add(KG.entity(e.getValue()), LacunaVocab.SOURCE_ID, VF.createLiteral(e.getKey()), KG.labels());
                c.add(KG.entity(e.getValue()), LacunaVocab.PRIVATE_ID, VF.createLiteral((long) e.getValue()), KG.labels());
            }
            c.commit();
        }
    }

    private static void loadTdb2(DatasetGraph tdb, List<String[]> triples, boolean[] removed, Map<String, Integer> ids) {
        Node complete = NodeFactory.createURI(KG.complete().stringValue());
        Txn.executeWrite(tdb, () -> {
            for (int i = 0; i < triples.size(); i++) {
                String[] t = triples.get(i);
                Node s = NodeFactory.createURI(KG.entity(ids.get(t[0])).stringValue());
                Node p = NodeFactory.createURI(KG.relation(t[1]).stringValue());
                Node o = NodeFactory.createURI(KG.entity(ids.get(t[2])).stringValue());
                tdb.add(complete, s, p, o);
                if (!removed[i]) {
                    tdb.getDefaultGraph().add(Triple.create(s, p, o));
                }
            }
        });
    }

    /** ToG/PoG one-hop shapes over entities and (entity, relation) pairs drawn from incomplete. */
    private static List<String> oneHopQueries(List<String[]> triples, boolean[] removed, Map<String, Integer> ids, int n,
            Random random) {
        List<String> out = new ArrayList<>(n);
        while (out.size() < n) {
            int i = random.nextInt(triples.size());
            if (removed[i]) {
                continue;
            }
            String[] t = triples.get(i);
            out.add(ServeFixture.oneHopQuery(out.size(), KG.entity(ids.get(t[0])), KG.relation(t[1]), KG.entity(ids.get(t[2]))));
        }
        return out;
    }

    private static int rows(HttpClient http, String url, String query) throws Exception {
        HttpResponse<String> r = http.send(request(url, query, "text/csv"), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return (int) r.body().lines().count() - 1;
    }

    private static HttpRequest request(String url, String query, String accept) {
        return HttpRequest.newBuilder(URI.create(url + "?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8)))
                .header("Accept", accept).timeout(Duration.ofSeconds(60)).GET().build();
    }

    /** CLIENTS threads, each with its own connection, sending queries back to back for the given time. */
    private static Result run(String name, String url, List<String> queries, int seconds) throws InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        AtomicLong errors = new AtomicLong();
        long[][] latencies = new long[CLIENTS][];
        byte[][] shapes = new byte[CLIENTS][];
        int[] counts = new int[CLIENTS];
        CountDownLatch done = new CountDownLatch(CLIENTS);
        long start = System.nanoTime();
        for (int c = 0; c < CLIENTS; c++) {
            int client = c;
            Thread t = new Thread(() -> {
                HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
                long[] lat = new long[1 << 16];
                byte[] shape = new byte[1 << 16];
                int k = 0;
                int q = client * 251;
                try {
                    while (System.nanoTime() < end) {
                        int index = q++ % queries.size();
                        HttpRequest req = request(url, queries.get(index),
                                "application/sparql-results+json,application/json;q=0.9");
                        long s = System.nanoTime();
                        try {
                            HttpResponse<byte[]> r = http.send(req, HttpResponse.BodyHandlers.ofByteArray());
                            if (r.statusCode() != 200) {
                                errors.incrementAndGet();
                            }
                        } catch (IOException e) {
                            errors.incrementAndGet();
                        }
                        if (k == lat.length) {
                            lat = Arrays.copyOf(lat, lat.length * 2);
                            shape = Arrays.copyOf(shape, shape.length * 2);
                        }
                        shape[k] = (byte) (index % 4);
                        lat[k++] = System.nanoTime() - s;
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    latencies[client] = lat;
                    shapes[client] = shape;
                    counts[client] = k;
                    done.countDown();
                }
            }, "bench-client-" + c);
            t.start();
        }
        done.await();
        double elapsed = (System.nanoTime() - start) / 1e9;
        int total = Arrays.stream(counts).sum();
        long[] all = new long[total];
        int at = 0;
        for (int c = 0; c < CLIENTS; c++) {
            System.arraycopy(latencies[c], 0, all, at, counts[c]);
            at += counts[c];
        }
        double[] p50ByShape = new double[4];
        for (int sh = 0; sh < 4; sh++) {
            List<Long> these = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                for (int k = 0; k < counts[c]; k++) {
                    if (shapes[c][k] == sh) {
                        these.add(latencies[c][k]);
                    }
                }
            }
            p50ByShape[sh] = percentile(these.stream().mapToLong(Long::longValue).sorted().toArray(), 0.50);
        }
        Arrays.sort(all);
        double mean = Arrays.stream(all).average().orElse(0) / 1e6;
        Result r = new Result(name, total, errors.get(), elapsed, percentile(all, 0.50), percentile(all, 0.99), mean,
                p50ByShape);
        System.out.printf(Locale.ROOT, "%s: %d queries in %.1f s = %.0f q/s, p50 %.2f ms, p99 %.2f ms, %d errors%n",
                name, total, elapsed, r.qps(), r.p50ms(), r.p99ms(), r.errors());
        return r;
    }

    private static double percentile(long[] sorted, double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[(int) Math.min(sorted.length - 1, Math.floor(p * sorted.length))] / 1e6;
    }

    /** The same one-hop queries in ToG's Freebase form: ns:m.ID entities, dotted relation names. */
    private static List<String> togQueries(List<String> plain) {
        String entity = Pattern.quote(KG.entityPrefix());
        String relation = Pattern.quote(KG.relationPrefix());
        List<String> out = new ArrayList<>();
        for (String q : plain) {
            String f = q.replaceAll("<" + entity + "(\\d+)>", "ns:m.$1").replaceAll("<" + relation + "([^>]+)>", "ns:$1")
                    .replace("SELECT DISTINCT ?relation", "SELECT ?relation");
            out.add("PREFIX ns: <http://rdf.freebase.com/ns/>\n" + f);
        }
        return out;
    }

    private static void write(List<Result> results, Result freebase, int triples, double rdf4jLoad, double tdbLoad,
            double reindex, double viewMillis, int seconds) throws IOException {
        StringBuilder b = new StringBuilder();
        b.append("# Serve benchmark: Lacuna vs Apache Jena Fuseki\n\n")
                .append(String.format(Locale.ROOT, "CoDEx-M train (%d triples; incomplete = complete minus every 50th triple), "
                        + "%d concurrent clients (JDK HttpClient, HTTP/1.1 keep-alive, one connection each) sending ToG/PoG "
                        + "one-hop queries (head/tail relations, tail/head entities; 4000 distinct, seeded) for %d s per "
                        + "server, after a warm-up, over loopback, clients and servers in one JVM on a %d-core machine "
                        + "shared with other work. Request logging off on both.%n%n", triples, CLIENTS, seconds,
                        Runtime.getRuntime().availableProcessors()))
                .append("| server | queries | queries/s | p50 ms | p99 ms | mean ms | errors |\n|---|---:|---:|---:|---:|---:|---:|\n");
        for (Result r : results) {
            b.append(String.format(Locale.ROOT, "| %s | %d | %.0f | %.2f | %.2f | %.2f | %d |%n", r.name(), r.queries(),
                    r.qps(), r.p50ms(), r.p99ms(), r.meanMs(), r.errors()));
        }
        b.append("\np50 latency (ms) by query shape:\n\n| server | `<e> ?r ?x` | `?x ?r <e>` | `<e> <r> ?t` | `?t <r> <e>` |\n"
                + "|---|---:|---:|---:|---:|\n");
        for (Result r : results) {
            double[] p = r.p50ByShape();
            b.append(String.format(Locale.ROOT, "| %s | %.2f | %.2f | %.2f | %.2f |%n", r.name(), p[0], p[1], p[2], p[3]));
        }
        Result fuseki = results.get(results.size() - 1);
        b.append('\n');
        for (Result r : results.subList(0, results.size() - 1)) {
            double ratio = r.qps() / fuseki.qps();
            b.append(String.format(Locale.ROOT, "%s / Fuseki throughput: %.2f (target >= 1.00: %s)%n", r.name(), ratio,
                    ratio >= 1.0 ? "met" : "NOT met"));
        }
        b.append('\n');
        b.append(String.format(Locale.ROOT, "Load: RDF4J NativeStore %.1f s (complete + incomplete + labels), TDB2 %.1f s "
                + "(complete + incomplete); adding the ospc index to the loaded NativeStore: %.1f s.%n%n", rdf4jLoad, tdbLoad, reindex));
        b.append(String.format(Locale.ROOT, "Freebase-shaped view (source names) of CoDEx-M, materialised into memory when "
                + "`lacuna serve --shape freebase` starts: built in %d ms. ToG's templates against it: %d queries, "
                + "%.0f queries/s, p50 %.2f ms, p99 %.2f ms, %d errors.%n", (long) viewMillis, freebase.queries(),
                freebase.qps(), freebase.p50ms(), freebase.p99ms(), freebase.errors()));
        b.append("\nCaveat on the Fuseki figure: TDB2 queried in-process (no HTTP) answered these one-hop shapes in "
                + "4-20 ms each, single-threaded, on the same loaded machine, so Fuseki's latency here comes from its "
                + "HTTP/transaction path under 16 concurrent clients on an overcommitted 2-core machine (load average "
                + "above 10 during the run), not from TDB2 itself. Lacuna admits 2 x cores queries at once and queues "
                + "the rest; Fuseki runs all 16 at once. Rerun on a quiet machine before quoting the ratio.\n");
        Path out = Path.of("target", "bench", "serve.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, b.toString());
        System.out.print(b);
    }
}
