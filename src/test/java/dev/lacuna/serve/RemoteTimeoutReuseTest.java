package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.GraphDb;
import dev.lacuna.testing.Rdf4jServer;

/**
 * A query right after one cut at the time limit, with {@code serve --pass-through} in front of a remote store (RDF4J
 * Server and GraphDB): only then does the store evaluate the endpoint's queries. The store answers a query over its own time limit with a 503 and then closes that connection; a client
 * that pooled it handed the next query a dead connection (RDF4J logged "Closing stale connection", and the query
 * failed or waited for a retry). Before the fix each of these tries leased such a connection; now none may, and the
 * next query answers 200.
 */
@ExtendWith({Rdf4jServer.class, GraphDb.class})
class RemoteTimeoutReuseTest {
    private static final String SLOW = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . "
            + "?m ?n2 ?o . ?q ?r ?t . ?u ?v ?w . ?x ?y ?z }";
    private static final String FAST = "SELECT * WHERE { ?s ?p ?o } LIMIT 1";
    private static final int TRIES = 5;
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void rdf4jServer(Rdf4jServer server) throws Exception {
        String id = server.createRepository("reuse");
        queryAfterTimeout(StoreSpec.repository(server.repositoryUrl(id)));
        server.deleteRepository(id);
    }

    @Test
    void graphDb(GraphDb graphDb) throws Exception {
        String id = graphDb.createRepository("reuse");
        queryAfterTimeout(graphDb.storeConfig(id));
        graphDb.deleteRepository(id);
    }

    private void queryAfterTimeout(StoreConfig store) throws Exception {
        Repository remote = Stores.open(store);
        ServeFixture.load(remote);
        LacunaEndpoint endpoint = LacunaEndpoint.builder().repository(remote).kg(ServeFixture.KG).port(0)
                .expose(Exposure.parse("complete")).timeout(Duration.ofSeconds(1)).passThrough(true).build().start();
        PrintStream stderr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(new TeeOutputStream(stderr, captured), true, StandardCharsets.UTF_8));
        try {
            for (int i = 0; i < TRIES; i++) {
                HttpResponse<String> slow = get(endpoint.url() + "sparql", SLOW);
                assertEquals(503, slow.statusCode(), slow.body());
                for (int wait = 0; endpoint.running() > 0 && wait < 200; wait++) {
                    Thread.sleep(50);
                }
                assertEquals(0, endpoint.running(), "the cut query's worker never finished");
                Thread.sleep(300); // the store closes its side right after its 503
                HttpResponse<String> fast = get(endpoint.url() + "sparql", FAST);
                assertEquals(200, fast.statusCode(), "try " + i + ": " + fast.body());
                assertEquals(2, fast.body().lines().count(), fast.body());
            }
        } finally {
            System.setErr(stderr);
            endpoint.stop();
            Stores.close(remote);
        }
        // RDF4J's client logs this (slf4j-simple, to System.err) each time it leases a connection the store closed.
        String log = captured.toString(StandardCharsets.UTF_8);
        assertFalse(log.contains("Closing stale connection"), log);
    }

    private HttpResponse<String> get(String endpoint, String query) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(endpoint + "?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8)))
                .header("Accept", "text/csv").build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Writes to both streams: the log still reaches the console while the test reads it. */
    private static final class TeeOutputStream extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;

        TeeOutputStream(OutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public synchronized void write(int c) throws IOException {
            a.write(c);
            b.write(c);
        }

        @Override
        public synchronized void write(byte[] buf, int off, int len) throws IOException {
            a.write(buf, off, len);
            b.write(buf, off, len);
        }

        @Override
        public void flush() throws IOException {
            a.flush();
            b.flush();
        }
    }
}
