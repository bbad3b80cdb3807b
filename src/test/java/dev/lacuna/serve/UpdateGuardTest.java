package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.nativerdf.NativeStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import com.sun.net.httpserver.HttpServer;

import dev.lacuna.store.KgGraphs;
import dev.lacuna.view.Shape;

/** A token holder can change the exposed incomplete graph and nothing else; no update makes the server call out. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UpdateGuardTest {
    private static final KgGraphs KG = ServeFixture.KG;
    private static final String TOKEN = "a-long-enough-update-token";

    private Repository store;
    private LacunaEndpoint writable;
    private LacunaEndpoint readOnly;
    private HttpServer listener;
    private final AtomicInteger outbound = new AtomicInteger();
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        store = new SailRepository(new NativeStore(dir.resolve("store").toFile()));
        store.init();
        ServeFixture.load(store);
        listener = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        listener.createContext("/", exchange -> {
            outbound.incrementAndGet();
            byte[] body = "<urn:a> <urn:b> <urn:c> .\n".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/n-triples");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        listener.start();
        writable = LacunaEndpoint.builder().repository(store).kg(KG).port(0).allowUpdate(TOKEN).build().start();
        readOnly = LacunaEndpoint.builder().repository(store).kg(KG).port(0).build().start();
    }

    @AfterAll
    void stop() {
        writable.stop();
        readOnly.stop();
        listener.stop(0);
        store.shutDown();
    }

    private List<String> refused() {
        String url = "http://127.0.0.1:" + listener.getAddress().getPort() + "/data.nt";
        String c = "<" + KG.complete() + ">";
        String i = "<" + KG.incomplete() + ">";
        return List.of(
                "LOAD <" + url + ">",
                "LOAD <" + url + "> INTO GRAPH " + i,
                "LOAD <file:///etc/passwd>",
                "CLEAR ALL", "CLEAR DEFAULT", "CLEAR GRAPH " + i, "CLEAR GRAPH " + c,
                "DROP ALL", "DROP GRAPH " + c, "DROP SILENT GRAPH " + i,
                "CREATE GRAPH <urn:new>",
                "COPY " + i + " TO " + c, "MOVE " + i + " TO <urn:elsewhere>", "ADD " + c + " TO " + i,
                "INSERT DATA { GRAPH " + c + " { <urn:x> <urn:p> <urn:y> } }",
                "DELETE DATA { GRAPH " + c + " { <urn:x> <urn:p> <urn:y> } }",
                "INSERT DATA { GRAPH <http://freebase.com> { <urn:x> <urn:p> <urn:y> } }",
                "INSERT { GRAPH " + c + " { ?s ?p ?o } } WHERE { ?s ?p ?o }",
                "INSERT { ?s ?p ?o } WHERE { GRAPH " + c + " { ?s ?p ?o } }",
                "DELETE { ?s ?p ?o } WHERE { GRAPH ?g { ?s ?p ?o } }",
                "INSERT { ?s ?p ?o } WHERE { SERVICE <" + url + "> { ?s ?p ?o } }",
                "INSERT DATA { <urn:x> <urn:p> <urn:y> } ; DROP ALL");
    }

    @Test
    void everyRefusedKindIsRefusedWithAndWithoutTokenAndChangesNothing() throws Exception {
        Map<String, Long> before = sizes();
        for (String update : refused()) {
            for (String path : List.of("sparql", "sparql/incomplete")) {
                HttpResponse<String> noToken = post(writable, path, update, null);
                assertEquals(401, noToken.statusCode(), update + ": " + noToken.body());
                HttpResponse<String> withToken = post(writable, path, update, TOKEN);
                assertEquals(403, withToken.statusCode(), update + ": " + withToken.body());
                assertTrue(withToken.body().contains("refused") || withToken.body().contains("another graph")
                        || withToken.body().contains("WITH/USING"), update + ": " + withToken.body());
                HttpResponse<String> ro = post(readOnly, path, update, TOKEN);
                assertEquals(403, ro.statusCode(), update);
                assertTrue(ro.body().contains("read-only"), ro.body());
            }
        }
        assertEquals(before, sizes(), "a refused update changed the store");
        assertEquals(0, outbound.get(), "an update made the server fetch a URL");
    }

    @Test
    void withAndUsingAreHonouredForTheServedGraphAndRefusedForAnyOther() throws Exception {
        Map<String, Long> before = sizes(writable.writableCopy());
        String c = "<" + KG.complete() + ">";
        for (String update : List.of("WITH " + c + " DELETE { ?s ?p ?o } WHERE { ?s ?p ?o }",
                "DELETE { ?s ?p ?o } USING " + c + " WHERE { ?s ?p ?o }",
                "DELETE { ?s ?p ?o } USING NAMED " + c + " WHERE { ?s ?p ?o }")) {
            assertEquals(401, post(writable, "sparql/incomplete", update, null).statusCode(), update);
            HttpResponse<String> r = post(writable, "sparql/incomplete", update, TOKEN);
            assertEquals(400, r.statusCode(), update + ": " + r.body());
            assertTrue(r.body().contains("serves one graph, <" + KG.incomplete() + ">") && !r.body().contains(c), r.body());
            assertEquals(403, post(readOnly, "sparql/incomplete", update, TOKEN).statusCode(), update);
        }
        assertEquals(before, sizes(writable.writableCopy()), "a refused update changed the served graph");
        String i = "<" + KG.incomplete() + ">";
        assertEquals(204, post(writable, "sparql/incomplete", "WITH " + i + " INSERT { ?s <urn:with> ?o } WHERE { ?s ?p ?o }",
                TOKEN).statusCode());
        assertEquals(before.get("incomplete") * 2, sizes(writable.writableCopy()).get("incomplete"));
        assertEquals(204, post(writable, "sparql/incomplete", "DELETE { ?s <urn:with> ?o } USING " + i
                + " WHERE { ?s <urn:with> ?o }", TOKEN).statusCode());
        assertEquals(before, sizes(writable.writableCopy()));
    }

    @Test
    void dataAndWhereUpdatesChangeOnlyTheIncompleteGraphByPostOnly() throws Exception {
        Map<String, Long> before = sizes(writable.writableCopy());
        assertEquals(204, post(writable, "sparql/incomplete", "INSERT DATA { <urn:x> <urn:p> <urn:y> }", TOKEN).statusCode());
        assertEquals(204, post(writable, "sparql", "INSERT DATA { GRAPH <" + KG.incomplete() + "> { <urn:x> <urn:p> <urn:z> } }",
                TOKEN).statusCode());
        assertEquals(before.get("incomplete") + 2, sizes(writable.writableCopy()).get("incomplete"));
        assertEquals(204, post(writable, "sparql", "DELETE { ?s <urn:p> ?o } INSERT { ?s <urn:q> ?o } WHERE { ?s <urn:p> ?o }",
                TOKEN).statusCode());
        try (RepositoryConnection c = writable.writableCopy().getConnection()) {
            assertEquals(2, c.size(KG.incomplete()) - before.get("incomplete"));
            assertTrue(c.hasStatement(null, c.getValueFactory().createIRI("urn:q"), null, false, KG.incomplete()));
        }
        assertEquals(204, post(writable, "sparql/incomplete", "DELETE WHERE { ?s <urn:q> ?o }", TOKEN).statusCode());
        assertEquals(before, sizes(writable.writableCopy()));
        HttpResponse<String> get = http.send(HttpRequest.newBuilder(URI.create(writable.url() + "sparql/incomplete?update="
                + enc("INSERT DATA { <urn:x> <urn:p> <urn:y> }"))).header("Authorization", "Bearer " + TOKEN).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(405, get.statusCode());
        assertEquals("POST", get.headers().firstValue("Allow").orElse(""));
        assertEquals(before, sizes(writable.writableCopy()));
    }

    @Test
    void gogFreebaseGraphMapsToTheExposedGraphOfTheView() throws Exception {
        LacunaEndpoint freebase = LacunaEndpoint.builder().repository(store).kg(KG).port(0).shape(Shape.FREEBASE)
                .allowUpdate(TOKEN).accessLog(false).build().start();
        try {
            Repository view = freebase.view().repository();
            long before;
            try (RepositoryConnection c = view.getConnection()) {
                before = c.size(KG.incomplete());
            }
            String edge = "<http://rdf.freebase.com/ns/m.x> <http://rdf.freebase.com/ns/people.person.spouse> "
                    + "<http://rdf.freebase.com/ns/m.y>";
            assertEquals(204, post(freebase, "sparql", "INSERT DATA { GRAPH <http://freebase.com> { " + edge + " } }", TOKEN)
                    .statusCode());
            try (RepositoryConnection c = view.getConnection()) {
                assertEquals(before + 1, c.size(KG.incomplete()));
                assertEquals(0, c.size(UpdateGuard.FREEBASE_GRAPH));
            }
            assertEquals(204, post(freebase, "sparql", "PREFIX ns: <http://rdf.freebase.com/ns/>\nDELETE DATA { GRAPH "
                    + "<http://freebase.com> { ns:m.x ns:people.person.spouse ns:m.y } }", TOKEN).statusCode());
            try (RepositoryConnection c = view.getConnection()) {
                assertEquals(before, c.size(KG.incomplete()));
            }
        } finally {
            freebase.stop();
        }
    }

    @Test
    void completeIsNeverWritable() throws Exception {
        LacunaEndpoint both = LacunaEndpoint.builder().repository(store).kg(KG).port(0)
                .expose(Exposure.parse("complete,incomplete")).allowUpdate(TOKEN).accessLog(false).build().start();
        try {
            HttpResponse<String> r = post(both, "sparql/complete", "INSERT DATA { <urn:x> <urn:p> <urn:y> }", TOKEN);
            assertEquals(403, r.statusCode());
            assertTrue(r.body().contains("never modified"), r.body());
        } finally {
            both.stop();
        }
        assertEquals(ServeFixture.TRIPLES.length, sizes().get("complete"));
    }

    private Map<String, Long> sizes() {
        return sizes(store);
    }

    private static Map<String, Long> sizes(Repository repository) {
        Map<String, Long> out = new TreeMap<>();
        try (RepositoryConnection c = repository.getConnection(); RepositoryResult<Resource> ids = c.getContextIDs()) {
            for (Resource g : ids) {
                String name = g.stringValue();
                out.put(name.substring(name.lastIndexOf('/') + 1), c.size(g));
            }
        }
        return out;
    }

    private HttpResponse<String> post(LacunaEndpoint endpoint, String path, String update, String token) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(endpoint.url() + path))
                .header("Content-Type", "application/sparql-update")
                .POST(HttpRequest.BodyPublishers.ofString(update));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
