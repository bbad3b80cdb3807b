package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.commons.io.output.TeeOutputStream;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.nativerdf.NativeStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.store.KgGraphs;

/** Limits that hold: the watchdog, the memory budget, slow clients, fixed settings and the status codes. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EndpointLimitsTest {
    private static final KgGraphs KG = ServeFixture.KG;
    /** A cartesian product of 300 triples three times over, deduplicated and sorted: 27 million rows to hold. */
    private static final String CARTESIAN = "SELECT DISTINCT ?a ?b ?c ?d ?e ?f WHERE { ?a ?p ?b . ?c ?q ?d . ?e ?r ?f } "
            + "ORDER BY ?a ?b ?c ?d ?e ?f";

    private Repository store;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @BeforeAll
    void start(@TempDir Path dir) {
        store = new SailRepository(new NativeStore(dir.resolve("store").toFile()));
        store.init();
        ServeFixture.load(store);
        ValueFactory vf = SimpleValueFactory.getInstance();
        try (RepositoryConnection c = store.getConnection()) {
            c.begin();
            for (int i = 0; i < 300; i++) {
                IRI s = KG.entity(100 + i);
                IRI o = KG.entity(100 + (i * 7) % 300);
                c.add(s, KG.relation("/r/" + (i % 5)), o, KG.complete(), KG.incomplete());
            }
            c.commit();
        }
    }

    @AfterAll
    void stop() {
        store.shutDown();
    }

    private EndpointBuilder builder() {
        return LacunaEndpoint.builder().repository(store).kg(KG).port(0).accessLog(false);
    }

    @Test
    void aCartesianDistinctOrderByGets503WithinTheLimitAndItsEvaluationStops() throws Exception {
        PrintStream err = System.err;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        // The memory budget counts bytes allocated, and a query evaluated from its parsed algebra allocates gigabytes a
        // second here: a budget of a terabyte leaves the time limit as the one that stops it.
        LacunaEndpoint endpoint = builder().timeout(Duration.ofSeconds(2)).queryMemory(1L << 40).build().start();
        try {
            System.setErr(new PrintStream(new TeeOutputStream(err, log), true, StandardCharsets.UTF_8));
            long start = System.nanoTime();
            HttpResponse<String> r = get(endpoint, "sparql?query=" + enc(CARTESIAN));
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertEquals(503, r.statusCode(), r.body());
            assertTrue(r.body().contains("time limit"), r.body());
            assertTrue(millis < 4000, "503 after " + millis + " ms with a 2 s limit");
            assertTrue(waitIdle(endpoint, 3000), "the evaluation went on after its 503");
            assertEquals(200, get(endpoint, "sparql?query=" + enc("ASK { ?s ?p ?o }")).statusCode());
        } finally {
            System.setErr(err);
            endpoint.stop();
        }
        assertFalse(log.toString(StandardCharsets.UTF_8).contains("id must be larger than 0"), log.toString(StandardCharsets.UTF_8));
    }

    @Test
    void twoQueriesOverTheMemoryBudgetAreCancelledAndTheServerStaysUp() throws Exception {
        long budget = 128L << 20;
        LacunaEndpoint endpoint = builder().timeout(Duration.ofSeconds(60)).queryMemory(budget).build().start();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        System.gc();
        long baseline = memory.getHeapMemoryUsage().getUsed();
        AtomicLong peak = new AtomicLong();
        AtomicBoolean sampling = new AtomicBoolean(true);
        Thread sampler = new Thread(() -> {
            while (sampling.get()) {
                peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        sampler.start();
        try {
            List<CompletableFuture<HttpResponse<String>>> both = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                both.add(http.sendAsync(HttpRequest.newBuilder(URI.create(endpoint.url() + "sparql?query=" + enc(CARTESIAN)))
                        .timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> f : both) {
                HttpResponse<String> r = f.get();
                assertEquals(503, r.statusCode(), r.body());
                assertTrue(r.body().contains("memory budget"), r.body());
            }
            assertTrue(waitIdle(endpoint, 3000));
            assertEquals(200, get(endpoint, "sparql?query=" + enc("ASK { ?s ?p ?o }")).statusCode());
        } finally {
            sampling.set(false);
            sampler.join();
            endpoint.stop();
        }
        // Allocation bounds retention: two queries cannot hold more than twice their budget (plus the test's own garbage).
        long grew = peak.get() - baseline;
        assertTrue(grew < 4 * budget, "heap grew by " + (grew >> 20) + " MiB with two queries of " + (budget >> 20) + " MiB");
    }

    @Test
    void fiveHundredSlowConnectionsDoNotStopANormalClient() throws Exception {
        LacunaEndpoint endpoint = builder().build().start();
        List<Socket> slow = new ArrayList<>();
        try {
            for (int i = 0; i < 500; i++) {
                Socket s = new Socket("127.0.0.1", endpoint.port());
                OutputStream out = s.getOutputStream();
                // half stop in the headers, half in a POST body they announced
                String partial = i % 2 == 0 ? "GET /sparql?query=ASK%7B%7D HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
                        : "POST /sparql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/sparql-query\r\n"
                                + "Content-Length: 100\r\n\r\nSELECT";
                out.write(partial.getBytes(StandardCharsets.US_ASCII));
                out.flush();
                slow.add(s);
            }
            for (int i = 0; i < 20; i++) {
                long start = System.nanoTime();
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(endpoint.url() + "sparql?query="
                        + enc("ASK { ?s ?p ?o }"))).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode());
                assertTrue((System.nanoTime() - start) / 1_000_000 < 5000);
            }
        } finally {
            for (Socket s : slow) {
                s.close();
            }
            endpoint.stop();
        }
    }

    @Test
    void settingsAreFixedAtBuild() throws Exception {
        EndpointBuilder b = builder();
        LacunaEndpoint endpoint = b.build().start();
        try {
            b.allowUpdate("a-long-enough-update-token").expose(Exposure.parse("all")).cors("https://example.org")
                    .maxRows(1).timeout(Duration.ofMillis(1));
            HttpResponse<String> update = http.send(HttpRequest.newBuilder(URI.create(endpoint.url() + "sparql"))
                    .header("Content-Type", "application/sparql-update")
                    .header("Authorization", "Bearer a-long-enough-update-token")
                    .POST(HttpRequest.BodyPublishers.ofString("DROP ALL")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(403, update.statusCode());
            assertTrue(update.body().contains("read-only"));
            assertEquals(404, get(endpoint, "sparql/complete?query=" + enc("ASK {}")).statusCode());
            HttpResponse<String> rows = get(endpoint, "sparql?query=" + enc("SELECT * WHERE { ?s ?p ?o } LIMIT 5"));
            assertEquals(200, rows.statusCode());
            assertTrue(rows.headers().firstValue("X-Lacuna-Truncated").isEmpty());
            assertTrue(rows.headers().firstValue("Access-Control-Allow-Origin").isEmpty());
            assertEquals(Exposure.DEFAULT, endpoint.settings().view().exposure());
        } finally {
            endpoint.stop();
        }
    }

    @Test
    void statusCodesAndTruncation() throws Exception {
        LacunaEndpoint endpoint = builder().maxRows(3).build().start();
        try {
            assertEquals(400, get(endpoint, "sparql?query=").statusCode());
            HttpResponse<String> function = get(endpoint, "sparql?query="
                    + enc("SELECT * WHERE { ?s ?p ?o FILTER(<urn:no-such-function>(?o)) }"));
            assertEquals(400, function.statusCode(), function.body());
            HttpResponse<String> regex = get(endpoint, "sparql?query="
                    + enc("SELECT * WHERE { ?s ?p ?o FILTER(REGEX(STR(?o), \"([\")) }"));
            assertEquals(400, regex.statusCode(), regex.body());
            String tooLong = rawGet(endpoint, "/sparql?query=" + "x".repeat(100_000));
            assertTrue(tooLong.startsWith("HTTP/1.1 414"), tooLong);
            assertTrue(tooLong.contains("send long queries by POST"), tooLong);
            HttpResponse<String> delete = http.send(HttpRequest.newBuilder(URI.create(endpoint.url() + "sparql"))
                    .DELETE().build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(405, delete.statusCode());
            assertTrue(delete.headers().firstValue("Allow").orElse("").contains("POST"));
            HttpResponse<String> cut = get(endpoint, "sparql?query=" + enc("SELECT * WHERE { ?s ?p ?o }"));
            assertEquals(200, cut.statusCode());
            assertEquals("max rows 3", cut.headers().firstValue("X-Lacuna-Truncated").orElse(""));
            HttpResponse<String> description = get(endpoint, "sparql");
            assertTrue(description.body().contains("at most 3 rows per answer"), description.body());
        } finally {
            endpoint.stop();
        }
    }

    /** A plain HTTP/1.1 GET as curl sends it, the whole answer as text. */
    private static String rawGet(LacunaEndpoint endpoint, String target) throws Exception {
        try (Socket s = new Socket("127.0.0.1", endpoint.port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static boolean waitIdle(LacunaEndpoint endpoint, long millis) throws InterruptedException {
        long until = System.currentTimeMillis() + millis;
        while (endpoint.running() > 0 && System.currentTimeMillis() < until) {
            Thread.sleep(20);
        }
        return endpoint.running() == 0;
    }

    private HttpResponse<String> get(LacunaEndpoint endpoint, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(endpoint.url() + path)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
