package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.store.StoreKinds;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;

/**
 * An LMDB or native store's served graphs are answered from a copy in memory made at start when half the heap
 * holds it, with the guarantees of a remote store's copy: only the served graphs, counted against the store, the
 * graphs as they were at start; the store itself with --pass-through or when the copy would not fit.
 */
class EmbeddedCopyTest {
    private static final IRI ADDED = SimpleValueFactory.getInstance().createIRI("urn:test:added");
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void lmdbIsServedFromACopyOfTheServedGraphAndPassThroughFromTheStore(@TempDir Path dir) throws Exception {
        Repository lmdb = Stores.open(StoreSpec.parse("lmdb:" + dir.resolve("store")));
        ServeFixture.load(lmdb);
        LacunaEndpoint copy = LacunaEndpoint.builder().repository(lmdb).kg(ServeFixture.KG).port(0).accessLog(false)
                .build().start();
        LacunaEndpoint store = LacunaEndpoint.builder().repository(lmdb).kg(ServeFixture.KG).port(0).accessLog(false)
                .passThrough(true).build().start();
        try {
            Repository served = copy.servedRepository("/sparql");
            assertTrue(StoreKinds.config(served).inMemory(), "a memory copy serves");
            assertTrue(store.servedRepository("/sparql") == lmdb, "--pass-through serves the store itself");
            try (RepositoryConnection c = served.getConnection(); RepositoryConnection s = lmdb.getConnection()) {
                assertEquals(s.size(ServeFixture.KG.incomplete()), c.size(ServeFixture.KG.incomplete()));
                assertEquals(c.size(), c.size(ServeFixture.KG.incomplete()), "only the served graph is copied");
            }
            int before = rows(copy, "SELECT * { ?s ?p ?o }");
            assertEquals(before, rows(store, "SELECT * { ?s ?p ?o }"));
            try (RepositoryConnection c = lmdb.getConnection()) {
                c.add(ADDED, ADDED, ADDED, ServeFixture.KG.incomplete());
            }
            assertEquals(before, rows(copy, "SELECT * { ?s ?p ?o }"), "the copy serves the graph as it was at start");
            assertEquals(before + 1, rows(store, "SELECT * { ?s ?p ?o }"), "pass-through reads the store");
        } finally {
            copy.stop();
            store.stop();
            Stores.close(lmdb);
        }
    }

    @Test
    void aCopyTheHeapCannotHoldIsNotMadeAndTheStoreServes(@TempDir Path dir) {
        // FB15k-237 fits a default heap many times over; the generated 20M KG does not fit 6 GiB
        assertTrue(StoreCopy.fits(272_115, 1L << 30));
        assertFalse(StoreCopy.fits(20_000_000, 6L << 30));
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
            assertTrue(endpoint.servedRepository("/sparql") == memory);
        } finally {
            endpoint.stop();
            memory.shutDown();
        }
    }

    private int rows(LacunaEndpoint endpoint, String query) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(endpoint.url() + "sparql?query="
                + URLEncoder.encode(query, StandardCharsets.UTF_8))).header("Accept", "text/csv").build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return (int) r.body().lines().count() - 1;
    }
}
