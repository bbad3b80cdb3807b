package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.Sail;
import org.eclipse.rdf4j.sail.SailConnection;
import org.eclipse.rdf4j.sail.helpers.SailConnectionWrapper;
import org.eclipse.rdf4j.sail.helpers.SailWrapper;
import org.eclipse.rdf4j.sail.lmdb.LmdbStore;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.LacunaException;
import dev.lacuna.cli.Main;
import dev.lacuna.store.StoreKinds;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;

/**
 * An LMDB or native store's served graphs are answered from a copy in memory made at start when half the heap
 * holds it, with the guarantees of a remote store's copy: only the served graphs, the same rows as the store gives,
 * counted against the store at start, the graphs as they were at start; the store itself with --pass-through (which
 * never copies) or when the copy would not fit (which the log says).
 */
class EmbeddedCopyTest {
    private static final IRI ADDED = SimpleValueFactory.getInstance().createIRI("urn:test:added");
    /** Enough triples in incomplete that a copy needs more than half of {@link #SMALL_HEAP} (250 bytes a triple). */
    private static final int FILLER = 80_000;
    private static final String SMALL_HEAP = "-Xmx32m";
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void lmdbIsServedFromACopyWithTheStoresRowsAndPassThroughFromTheStore(@TempDir Path dir) throws Exception {
        Repository lmdb = Stores.open(StoreSpec.parse("lmdb:" + dir.resolve("store")));
        ServeFixture.load(lmdb);
        LacunaEndpoint copy = LacunaEndpoint.builder().repository(lmdb).kg(ServeFixture.KG).port(0).accessLog(false)
                .build().start();
        LacunaEndpoint store = LacunaEndpoint.builder().repository(lmdb).kg(ServeFixture.KG).port(0).accessLog(false)
                .passThrough(true).build().start();
        try {
            Repository served = copy.servedRepository("/sparql");
            assertTrue(StoreKinds.config(served).inMemory(), "a memory copy serves");
            assertSame(lmdb, store.servedRepository("/sparql"), "--pass-through serves the store itself");
            try (RepositoryConnection c = served.getConnection(); RepositoryConnection s = lmdb.getConnection()) {
                assertEquals(s.size(ServeFixture.KG.incomplete()), c.size(ServeFixture.KG.incomplete()));
                assertEquals(c.size(), c.size(ServeFixture.KG.incomplete()), "only the served graph is copied");
            }
            // the same rows, term for term, as the store itself gives: every triple, and ToG's one-hop shapes
            List<String> queries = new ArrayList<>(List.of("SELECT * { ?s ?p ?o }",
                    "SELECT ?p (COUNT(*) AS ?n) { ?s ?p ?o } GROUP BY ?p"));
            for (int i = 0; i < 8; i++) {
                queries.add(ServeFixture.oneHopQuery(i, ServeFixture.entity(i % 6),
                        ServeFixture.KG.relation(i % 2 == 0 ? ServeFixture.SPOUSE : ServeFixture.PARENT),
                        ServeFixture.entity((i + 1) % 6)));
            }
            for (String query : queries) {
                assertEquals(rows(store, query), rows(copy, query), query);
            }
            List<String> before = rows(copy, "SELECT * { ?s ?p ?o }");
            assertEquals(8, before.size(), "complete's 10 triples but the 2 removed: " + before);
            try (RepositoryConnection c = lmdb.getConnection()) {
                c.add(ADDED, ADDED, ADDED, ServeFixture.KG.incomplete());
            }
            // the query that shows which answers: a triple added to the store after start
            assertEquals(before, rows(copy, "SELECT * { ?s ?p ?o }"), "the copy serves the graph as it was at start");
            List<String> after = rows(store, "SELECT * { ?s ?p ?o }");
            assertEquals(before.size() + 1, after.size(), "pass-through reads the store: " + after);
            assertTrue(after.contains("urn:test:added,urn:test:added,urn:test:added"), after.toString());
        } finally {
            copy.stop();
            store.stop();
            Stores.close(lmdb);
        }
    }

    /**
     * The copy is counted against the store's own count of each served graph at start: a store that yields fewer
     * triples than it counts (one changed during the copy, or that cut its answer) serves nothing. --pass-through
     * copies nothing, so the same store serves there, from itself.
     */
    @Test
    void theCopyIsCountedAgainstTheStoreAndPassThroughNeverCopies(@TempDir Path dir) throws Exception {
        LmdbStore lmdb = new LmdbStore(dir.resolve("store").toFile());
        Repository miscounting = new SailRepository(new OneMoreCounted(lmdb));
        miscounting.init();
        try {
            ServeFixture.load(miscounting);
            LacunaException refused = assertThrows(LacunaException.class, () -> LacunaEndpoint.builder()
                    .repository(miscounting).kg(ServeFixture.KG).port(0).accessLog(false).build().start());
            assertTrue(refused.getMessage().contains("gave 8 triples where the store counts 9"), refused.getMessage());
            assertTrue(refused.getMessage().contains("nothing is served"), refused.getMessage());

            LacunaEndpoint store = LacunaEndpoint.builder().repository(miscounting).kg(ServeFixture.KG).port(0)
                    .accessLog(false).passThrough(true).build().start();
            try {
                assertSame(miscounting, store.servedRepository("/sparql"));
                assertEquals(8, rows(store, "SELECT * { ?s ?p ?o }").size());
            } finally {
                store.stop();
            }
        } finally {
            miscounting.shutDown();
        }
    }

    /**
     * {@code lacuna serve} as its own process on an LMDB store whose incomplete graph needs more than half a small
     * heap: it serves the store itself and says so; the same store under a larger heap is copied; with
     * --pass-through nothing is copied.
     */
    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES) // a serve process that never starts must not hold the suite
    void aStoreTooLargeForHalfTheHeapIsServedFromItselfAndTheLogSaysSo(@TempDir Path dir) throws Exception {
        assertTrue(StoreCopy.fits(272_115, 1L << 30), "FB15k-237 fits a default heap many times over");
        assertFalse(StoreCopy.fits(20_000_000, 6L << 30), "the generated 20M KG does not fit 6 GiB");
        Path storeDir = dir.resolve("store");
        Repository lmdb = Stores.open(StoreSpec.parse("lmdb:" + storeDir));
        try {
            ServeFixture.load(lmdb);
            try (RepositoryConnection c = lmdb.getConnection()) {
                c.begin();
                for (int i = 0; i < FILLER; i++) {
                    c.add(ServeFixture.entity(100 + i), ServeFixture.KG.relation(ServeFixture.PARENT),
                            ServeFixture.entity(100 + i + 1), ServeFixture.KG.incomplete());
                }
                c.commit();
            }
        } finally {
            Stores.close(lmdb);
        }
        int triples = FILLER + 8;

        String small = serveAndCount(storeDir, SMALL_HEAP, triples);
        assertTrue(small.contains("the served graphs hold " + triples + " triples: a copy in memory needs about"), small);
        assertTrue(small.contains("more than half the heap") && small.contains("so queries are answered from the LMDB store "
                + storeDir + " itself"), small);
        assertFalse(small.contains("copied "), small);

        String large = serveAndCount(storeDir, "-Xmx256m", triples);
        assertTrue(large.contains("copied " + triples + " triples of LMDB store " + storeDir), large);
        assertTrue(large.contains("queries are answered from that copy in memory"), large);
        assertFalse(large.contains("more than half the heap"), large);

        String passThrough = serveAndCount(storeDir, "-Xmx256m", triples, "--pass-through");
        assertFalse(passThrough.contains("copied ") || passThrough.contains("copy in memory")
                || passThrough.contains("more than half the heap"), passThrough);
    }

    @Test
    void aCopyTheHeapCannotHoldIsNotMade(@TempDir Path dir) {
        Repository nativeStore = Stores.open(StoreSpec.parse("native:" + dir.resolve("store")));
        try {
            ServeFixture.load(nativeStore);
            // a heap of 1 KiB holds no copy: nothing is copied, the caller serves the store
            assertNull(StoreCopy.ifItFits(nativeStore, List.of(ServeFixture.KG.incomplete()), 1024));
        } finally {
            Stores.close(nativeStore);
        }
    }

    @Test
    void aMemoryStoreAndALabelViewAreNotCopiedAgain() {
        Repository memory = new SailRepository(new MemoryStore());
        memory.init();
        ServeFixture.load(memory);
        LacunaEndpoint endpoint = LacunaEndpoint.builder().repository(memory).kg(ServeFixture.KG).port(0)
                .accessLog(false).build().start();
        try {
            assertSame(memory, endpoint.servedRepository("/sparql"));
        } finally {
            endpoint.stop();
            memory.shutDown();
        }
    }

    /** The rows of a CSV answer, sorted (the header left out). */
    private List<String> rows(LacunaEndpoint endpoint, String query) throws Exception {
        return rows(endpoint.url() + "sparql", query);
    }

    private List<String> rows(String sparqlUrl, String query) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(sparqlUrl + "?query="
                + URLEncoder.encode(query, StandardCharsets.UTF_8))).header("Accept", "text/csv").build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return r.body().lines().skip(1).sorted().toList();
    }

    /**
     * Runs {@code lacuna serve} on the store in a JVM of its own with this heap, checks that /sparql answers every
     * triple of incomplete, stops it, and returns what it printed (log lines included).
     */
    private String serveAndCount(Path storeDir, String heap, int triples, String... extra) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                heap, "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "serve", "--store", "lmdb:" + storeDir, "--kg", ServeFixture.KG.name(), "--port", "0", "--no-access-log"));
        command.addAll(List.of(extra));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        StringBuilder printed = new StringBuilder();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String url = null;
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                printed.append(line).append('\n');
                if (url == null && line.startsWith("  http://") && line.strip().endsWith("/sparql")) {
                    url = line.strip();
                }
                if (line.startsWith("Stop with Ctrl-C")) {
                    break;
                }
            }
            assertTrue(url != null, "serve did not start:\n" + printed);
            List<String> count = rows(url, "SELECT (COUNT(*) AS ?n) { ?s ?p ?o }");
            assertEquals(List.of(Integer.toString(triples)), count, printed.toString());
        } finally {
            p.destroy();
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        return printed.toString();
    }

    /** An LMDB store that counts one triple more in every graph than it holds (as if one vanished during a copy). */
    private static final class OneMoreCounted extends SailWrapper {
        OneMoreCounted(Sail base) {
            super(base);
        }

        @Override
        public SailConnection getConnection() {
            return new SailConnectionWrapper(super.getConnection()) {
                @Override
                public long size(Resource... contexts) {
                    return super.size(contexts) + 1;
                }
            };
        }
    }
}
