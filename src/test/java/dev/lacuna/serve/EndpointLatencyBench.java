package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.SparqlCredentials;
import dev.lacuna.store.SparqlFiles;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.GraphDb;
import dev.lacuna.testing.TestData;

/**
 * In-JVM figures: the endpoint code started inside this bench's JVM and timed by the JDK's HttpClient in the same
 * JVM, beside GraphDB in a process of its own. They measure the endpoint's code path, not {@code lacuna serve} as
 * users run it (its own process, queried from Python): that is {@link ServeProcessBench}.
 *
 * <p>The endpoint's latency against the store it seals, in one run on one machine: ToG's four one-pattern templates
 * (sparql/tog-*.rq, with DISTINCT) over FB15k-237 train, sent to GraphDB directly (FROM the incomplete graph), to
 * {@code lacuna serve} on LMDB and to {@code lacuna serve} in front of that GraphDB, as it serves by default (from a
 * copy made at start) and with {@code --pass-through}. The four are interleaved (blocks of queries in turn, so that
 * the machine's load falls on all alike) at one client and at 16; every query's answer is first checked to be the
 * same from all four. A second mix replays, over the same four kinds of endpoint, the queries a real {@code lacuna tog} run sent ({@link TogReplay}). Median, p95 and queries/s into
 * target/bench/endpoint-latency.md.
 *
 * <p>Run with {@code mvn -B -o -Pbench test -Dtest=EndpointLatencyBench} (-Dlacuna.bench.queries=N queries per
 * endpoint at one client, default 1500; -Dlacuna.bench.seconds=N per endpoint at 16 clients, default 30).
 */
@Tag("bench")
@ExtendWith(GraphDb.class)
class EndpointLatencyBench {
    private static final KgGraphs KG = KgGraphs.of("fb15k-237");
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final String ACCEPT = "application/sparql-results+json";
    private static final String ON_LMDB = "in-JVM endpoint on LMDB (its copy in memory, the default)";
    private static final String IN_FRONT = "in-JVM endpoint in front of GraphDB (copy made at start, the default)";
    private static final String PASSING = "in-JVM endpoint in front of GraphDB, --pass-through";
    /** Queries per turn of one endpoint at one client: short enough that load changes hit all of them alike. */
    private static final int BLOCK = 50;

    static {
        // Access logging stays switched on in the endpoints (the check runs per request) but its lines are not
        // written: to the captured console they would measure the console.
        System.setProperty("org.slf4j.simpleLogger.log.dev.lacuna.serve.access", "warn");
    }

    /** One endpoint under test: its URL, the graph its text names (GraphDB needs FROM; null for none) and headers. */
    record Endpoint(String name, String url, IRI from, String authorization) {
        HttpRequest request(String query) {
            String text = from != null ? query.replaceFirst("\nWHERE", "\nFROM <" + from + ">\nWHERE") : query;
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url + "?query=" + URLEncoder.encode(text, StandardCharsets.UTF_8)))
                    .header("Accept", ACCEPT).timeout(Duration.ofSeconds(60)).GET();
            if (authorization != null) {
                b.header("Authorization", authorization);
            }
            return b.build();
        }
    }

    /** Latencies (ns) of one endpoint in one mode, and the wall time it had the machine. */
    static final class Tally {
        final List<long[]> parts = new ArrayList<>();
        final AtomicLong errors = new AtomicLong();
        long queries;
        double seconds;

        long[] sorted() {
            long[] all = parts.stream().flatMapToLong(Arrays::stream).sorted().toArray();
            return all;
        }

        double percentile(double p) {
            long[] s = sorted();
            return s.length == 0 ? Double.NaN : s[(int) Math.min(s.length - 1, Math.floor(p * s.length))] / 1e6;
        }

        double qps() {
            return queries / seconds;
        }
    }

    @Test
    void togMixAgainstGraphDbDirectAndThroughServe(GraphDb graphDb, @TempDir Path dir) throws Exception {
        int perEndpoint = Integer.getInteger("lacuna.bench.queries", 1500);
        int seconds = Integer.getInteger("lacuna.bench.seconds", 30);
        List<String[]> triples = readTriples(TestData.kg("fb15k-237", "train.txt"));
        Map<String, Integer> ids = new HashMap<>();
        for (String[] t : triples) {
            ids.computeIfAbsent(t[0], k -> ids.size());
            ids.computeIfAbsent(t[2], k -> ids.size());
        }
        List<Statement> complete = new ArrayList<>(triples.size());
        List<Statement> incomplete = new ArrayList<>(triples.size());
        for (int i = 0; i < triples.size(); i++) {
            String[] t = triples.get(i);
            Statement s = VF.createStatement(KG.entity(ids.get(t[0])), KG.relation(t[1]), KG.entity(ids.get(t[2])));
            complete.add(s);
            // every 50th triple missing from incomplete, as a benchmark build would delete some
            if (i % 50 != 0) {
                incomplete.add(s);
            }
        }
        Repository lmdb = Stores.open(StoreSpec.parse("lmdb:" + dir.resolve("lmdb")));
        String id = graphDb.createRepository("latency");
        Repository remote = Stores.open(graphDb.storeConfig(id));
        long t0 = System.nanoTime();
        load(lmdb, complete, incomplete);
        double lmdbLoad = (System.nanoTime() - t0) / 1e9;
        t0 = System.nanoTime();
        load(remote, complete, incomplete);
        double graphDbLoad = (System.nanoTime() - t0) / 1e9;

        List<String> queries = togQueries(incomplete, perEndpoint, new Random(1));
        // The second mix: what a real ToG run sent, made before anything is measured (it runs ToG).
        String togId = graphDb.createRepository("latency-tog");
        Repository togRemote = Stores.open(graphDb.storeConfig(togId));
        TogReplay.Mix tog = TogReplay.make(dir, togRemote);
        SparqlCredentials credentials = SparqlCredentials.fromFile(graphDb.credentialsFile());
        String basic = "Basic " + Base64.getEncoder().encodeToString(
                (credentials.user() + ":" + credentials.password()).getBytes(StandardCharsets.UTF_8));
        LacunaEndpoint onLmdb = LacunaEndpoint.builder().repository(lmdb).kg(KG).port(0).build().start();
        t0 = System.nanoTime();
        LacunaEndpoint inFront = LacunaEndpoint.builder().repository(remote).kg(KG).port(0).build().start();
        double copyStart = (System.nanoTime() - t0) / 1e9;
        LacunaEndpoint passing = LacunaEndpoint.builder().repository(remote).kg(KG).port(0).passThrough(true).build().start();
        LacunaEndpoint togOnLmdb = LacunaEndpoint.builder().repository(tog.lmdb()).kg(tog.kg()).port(0).build().start();
        LacunaEndpoint togInFront = LacunaEndpoint.builder().repository(togRemote).kg(tog.kg()).port(0).build().start();
        LacunaEndpoint togPassing = LacunaEndpoint.builder().repository(togRemote).kg(tog.kg()).port(0).passThrough(true)
                .build().start();
        String report;
        try {
            List<Endpoint> endpoints = List.of(
                    new Endpoint("GraphDB direct (FROM incomplete)", graphDb.repositoryUrl(id), KG.incomplete(), basic),
                    new Endpoint(ON_LMDB, onLmdb.url() + "sparql", null, null),
                    new Endpoint(IN_FRONT, inFront.url() + "sparql", null, null),
                    new Endpoint(PASSING, passing.url() + "sparql", null, null));
            List<Endpoint> togEndpoints = List.of(
                    new Endpoint("GraphDB direct (FROM incomplete)", graphDb.repositoryUrl(togId), tog.kg().incomplete(), basic),
                    new Endpoint(ON_LMDB, togOnLmdb.url() + "sparql", null, null),
                    new Endpoint(IN_FRONT, togInFront.url() + "sparql", null, null),
                    new Endpoint(PASSING, togPassing.url() + "sparql", null, null));
            long togRows = sameAnswers(togEndpoints, tog.queries());
            long answered = sameAnswers(endpoints, queries);
            // warm-up: JIT in this JVM and GraphDB's, connections, GraphDB's caches
            interleavedOneClient(endpoints, queries.subList(0, Math.min(300, queries.size())));
            Tally[] one = interleavedOneClient(endpoints, queries);
            Tally[] sixteen = interleavedClients(endpoints, queries, 16, seconds);
            // What is left of a median that no query work explains: the home page (HTTP and this client only),
            // and ASK {} (parse, admission's hand-over to a worker, no store read).
            double[] floor = {floor(HttpRequest.newBuilder(URI.create(onLmdb.url())).GET().build(), queries.size()),
                floor(endpoints.get(1).request("ASK {}"), queries.size())};
            // The replay: the run's queries in the order it sent them, as many as the first mix has at one client.
            interleavedOneClient(togEndpoints, tog.queries().subList(0, Math.min(300, tog.queries().size())));
            List<String> replay = new ArrayList<>(perEndpoint);
            while (replay.size() < perEndpoint) {
                replay.addAll(tog.queries().subList(0, Math.min(tog.queries().size(), perEndpoint - replay.size())));
            }
            Tally[] togOne = interleavedOneClient(togEndpoints, replay);
            Tally[] togSixteen = interleavedClients(togEndpoints, tog.queries(), 16, seconds);
            report = report(endpoints, one, sixteen, triples.size(), incomplete.size(), queries.size(), answered,
                    seconds, lmdbLoad, graphDbLoad, copyStart) + String.format(Locale.ROOT, "%nFloor of lacuna serve on LMDB at one "
                    + "client, median: the home page %.2f ms, `ASK {}` %.2f ms.%n", floor[0], floor[1])
                    + String.format(Locale.ROOT, "%n## Second mix: the queries of a lacuna tog run%n%n`lacuna demo` "
                    + "(the bundled Family KG), its graphs in the Freebase shape with text names in a second LMDB store "
                    + "and a second GraphDB repository; `lacuna tog` (embedding pruning, test split, %d questions) "
                    + "against lacuna serve on that LMDB store asked %d queries, %d distinct texts (ToG sends each "
                    + "once); all four endpoints gave the same %d rows to every one. One client: %d queries per "
                    + "endpoint (the distinct texts in the order sent, from the start again when they run out); 16 "
                    + "clients: as above.%n%n", tog.questions(), tog.asked(), tog.queries().size(), togRows,
                    replay.size()) + table(togEndpoints, togOne, togSixteen);
            for (int e = 0; e < endpoints.size(); e++) {
                assertEquals(0, one[e].errors.get() + sixteen[e].errors.get() + togOne[e].errors.get()
                        + togSixteen[e].errors.get(), endpoints.get(e).name() + " had errors");
            }
        } finally {
            onLmdb.stop();
            inFront.stop();
            passing.stop();
            togOnLmdb.stop();
            togInFront.stop();
            togPassing.stop();
            Stores.close(lmdb);
            Stores.close(tog.lmdb());
            remote.shutDown();
            togRemote.shutDown();
            graphDb.deleteRepository(id);
            graphDb.deleteRepository(togId);
        }
        Path out = Path.of("target", "bench", "endpoint-latency.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
        System.out.print(report);
    }

    private static void load(Repository repository, List<Statement> complete, List<Statement> incomplete) {
        try (RepositoryConnection c = repository.getConnection()) {
            c.begin();
            c.add(complete, KG.complete());
            c.add(incomplete, KG.incomplete());
            c.commit();
        }
    }

    /** ToG's four templates in turn, over entities and (entity, relation) pairs of incomplete drawn with a seed. */
    static List<String> togQueries(List<Statement> graph, int n, Random random) {
        String[] templates = {SparqlFiles.load("tog-head-relations.rq"), SparqlFiles.load("tog-tail-relations.rq"),
                SparqlFiles.load("tog-tail-entities.rq"), SparqlFiles.load("tog-head-entities.rq")};
        List<String> out = new ArrayList<>(n);
        while (out.size() < n) {
            Statement s = graph.get(random.nextInt(graph.size()));
            int shape = out.size() % 4;
            IRI entity = (IRI) (shape == 1 || shape == 3 ? s.getObject() : s.getSubject());
            out.add(templates[shape].replace("{{entity}}", "<" + entity + ">")
                    .replace("{{relation}}", "<" + s.getPredicate() + ">"));
        }
        return out;
    }

    /** Every query's rows, as CSV lines in order of text, the same from every endpoint; returns the rows compared. */
    private static long sameAnswers(List<Endpoint> endpoints, List<String> queries) throws Exception {
        HttpClient http = client();
        long rows = 0;
        for (String q : queries) {
            List<String> first = null;
            for (Endpoint e : endpoints) {
                HttpRequest csv = HttpRequest.newBuilder(e.request(q), (k, v) -> !k.equalsIgnoreCase("Accept"))
                        .header("Accept", "text/csv").build();
                HttpResponse<String> r = http.send(csv, HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode(), e.name() + ": " + r.body());
                List<String> lines = r.body().lines().skip(1).sorted().collect(Collectors.toList());
                if (first == null) {
                    first = lines;
                    rows += lines.size();
                } else {
                    assertEquals(first, lines, e.name() + " answers differently to " + q);
                }
            }
        }
        return rows;
    }

    /** The median of n requests of one kind, one after another on one connection. */
    private static double floor(HttpRequest request, int n) throws Exception {
        HttpClient http = client();
        long[] lat = new long[n];
        for (int i = 0; i < n; i++) {
            long s = System.nanoTime();
            assertEquals(200, http.send(request, HttpResponse.BodyHandlers.ofByteArray()).statusCode());
            lat[i] = System.nanoTime() - s;
        }
        Arrays.sort(lat);
        return lat[n / 2] / 1e6;
    }

    /** One client per endpoint, one keep-alive connection each; endpoints take turns of BLOCK queries, order rotating. */
    private static Tally[] interleavedOneClient(List<Endpoint> endpoints, List<String> queries) throws Exception {
        List<HttpClient> clients = endpoints.stream().map(e -> client()).toList();
        Tally[] tallies = new Tally[endpoints.size()];
        long[][] lat = new long[endpoints.size()][queries.size()];
        for (int e = 0; e < tallies.length; e++) {
            tallies[e] = new Tally();
        }
        for (int from = 0, turn = 0; from < queries.size(); from += BLOCK, turn++) {
            for (int k = 0; k < endpoints.size(); k++) {
                int e = (k + turn) % endpoints.size();
                long start = System.nanoTime();
                for (int i = from; i < Math.min(queries.size(), from + BLOCK); i++) {
                    HttpRequest req = endpoints.get(e).request(queries.get(i));
                    long s = System.nanoTime();
                    HttpResponse<byte[]> r = clients.get(e).send(req, HttpResponse.BodyHandlers.ofByteArray());
                    lat[e][i] = System.nanoTime() - s;
                    if (r.statusCode() != 200) {
                        tallies[e].errors.incrementAndGet();
                    }
                }
                tallies[e].seconds += (System.nanoTime() - start) / 1e9;
            }
        }
        for (int e = 0; e < tallies.length; e++) {
            tallies[e].parts.add(lat[e]);
            tallies[e].queries = queries.size();
        }
        return tallies;
    }

    /** n clients at once on one endpoint for a third of the time, each endpoint three times, order rotating. */
    private static Tally[] interleavedClients(List<Endpoint> endpoints, List<String> queries, int n, int seconds)
            throws Exception {
        Tally[] tallies = new Tally[endpoints.size()];
        for (int e = 0; e < tallies.length; e++) {
            tallies[e] = new Tally();
        }
        double slice = seconds / 3.0;
        for (int round = 0; round < 3; round++) {
            for (int k = 0; k < endpoints.size(); k++) {
                int e = (k + round) % endpoints.size();
                burst(endpoints.get(e), queries, n, slice, tallies[e]);
            }
        }
        return tallies;
    }

    private static void burst(Endpoint endpoint, List<String> queries, int n, double seconds, Tally tally)
            throws InterruptedException {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        long[][] lat = new long[n][];
        int[] counts = new int[n];
        CountDownLatch done = new CountDownLatch(n);
        long start = System.nanoTime();
        for (int c = 0; c < n; c++) {
            int client = c;
            Thread t = new Thread(() -> {
                HttpClient http = client();
                long[] mine = new long[4096];
                int k = 0;
                int q = client * 97;
                try {
                    while (System.nanoTime() < end) {
                        HttpRequest req = endpoint.request(queries.get(q++ % queries.size()));
                        long s = System.nanoTime();
                        try {
                            if (http.send(req, HttpResponse.BodyHandlers.ofByteArray()).statusCode() != 200) {
                                tally.errors.incrementAndGet();
                            }
                        } catch (IOException e) {
                            tally.errors.incrementAndGet();
                        }
                        if (k == mine.length) {
                            mine = Arrays.copyOf(mine, k * 2);
                        }
                        mine[k++] = System.nanoTime() - s;
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    lat[client] = mine;
                    counts[client] = k;
                    done.countDown();
                }
            }, "bench-client-" + c);
            t.start();
        }
        done.await();
        synchronized (tally) {
            tally.seconds += (System.nanoTime() - start) / 1e9;
            for (int c = 0; c < n; c++) {
                tally.parts.add(Arrays.copyOf(lat[c], counts[c]));
                tally.queries += counts[c];
            }
        }
    }

    private static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
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

    private static String report(List<Endpoint> endpoints, Tally[] one, Tally[] sixteen, int triples, int incomplete,
            int queries, long rows, int seconds, double lmdbLoad, double graphDbLoad, double copyStart) {
        StringBuilder b = new StringBuilder("# Endpoint latency, in-JVM: GraphDB direct, the endpoint on LMDB and in front of GraphDB, "
                + "started and queried inside the bench's JVM (not as users run it: see ServeProcessBench)\n\n");
        b.append(String.format(Locale.ROOT, "%s. FB15k-237 train (%d triples; incomplete %d = every 50th missing), ToG's four "
                + "templates with DISTINCT (sparql/tog-*.rq), %d seeded queries; all four endpoints gave the same %d rows "
                + "to every query. One client: the queries in turns of %d per endpoint, order rotating, JDK HttpClient "
                + "with keep-alive. 16 clients: %d s per endpoint in three turns. Access log lines not written, "
                + "clients and the lacuna endpoints in one JVM, GraphDB in its own; %d cores. Load: LMDB %.1f s, "
                + "GraphDB %.1f s. Start of the endpoint in front of GraphDB, its copy of incomplete included: %.1f s.%n%n",
                Instant.now(), triples, incomplete, queries, rows, BLOCK, seconds,
                Runtime.getRuntime().availableProcessors(), lmdbLoad, graphDbLoad, copyStart));
        return b.append(table(endpoints, one, sixteen)).toString();
    }

    /** The table of one mix, and which targets it meets. */
    private static String table(List<Endpoint> endpoints, Tally[] one, Tally[] sixteen) {
        StringBuilder b = new StringBuilder();
        b.append("| endpoint | 1 client median ms | p95 ms | median / GraphDB | 16 clients queries/s | / GraphDB | 16 clients median ms | p95 ms | errors |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (int e = 0; e < endpoints.size(); e++) {
            b.append(String.format(Locale.ROOT, "| %s | %.2f | %.2f | %.2fx | %.0f | %.2fx | %.2f | %.2f | %d |%n",
                    endpoints.get(e).name(), one[e].percentile(0.5), one[e].percentile(0.95),
                    one[e].percentile(0.5) / one[0].percentile(0.5), sixteen[e].qps(), sixteen[e].qps() / sixteen[0].qps(),
                    sixteen[e].percentile(0.5), sixteen[e].percentile(0.95), one[e].errors.get() + sixteen[e].errors.get()));
        }
        b.append('\n').append(String.format(Locale.ROOT,
                "Targets: serve on LMDB median <= 0.5x GraphDB: %s; its p95 <= GraphDB's: %s; in front of GraphDB median "
                + "<= 1.2x: %s; 16 clients in front of GraphDB >= 1.0x GraphDB's queries/s: %s.%n",
                met(one[1].percentile(0.5) <= 0.5 * one[0].percentile(0.5)), met(one[1].percentile(0.95) <= one[0].percentile(0.95)),
                met(one[2].percentile(0.5) <= 1.2 * one[0].percentile(0.5)), met(sixteen[2].qps() >= sixteen[0].qps())));
        return b.toString();
    }

    private static String met(boolean met) {
        return met ? "met" : "NOT met";
    }
}
