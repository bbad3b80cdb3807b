package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.eclipse.rdf4j.sail.nativerdf.NativeStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import com.sun.net.httpserver.HttpServer;

import dev.lacuna.BadInputException;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;

/**
 * The seal: a default endpoint answers every path, every graph-picking device of SPARQL and of the protocol, and
 * DESCRIBE of a question IRI with nothing but the incomplete graph (GRAPH ?g finds it alone); the home page and service description name
 * nothing else; no query or update makes the server open a connection.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EndpointSealTest {
    private static final KgGraphs KG = ServeFixture.KG;
    private static final IRI QUESTION = SimpleValueFactory.getInstance().createIRI(KG.prefix() + "question/q1");
    private static final IRI HARD_ANSWER = SimpleValueFactory.getInstance().createIRI("https://lacuna.dev/ns#hardAnswer");
    private static final String[] PATHS = {"", "index.html", "sparql", "sparql/", "sparql/incomplete",
        "sparql/incomplete/", "sparql/complete", "sparql/labels", "sparql/benchmark", "sparql/all", "SPARQL",
        "sparql/x/../complete", "sparql/%63omplete", "sparql;/complete", "sparql/incomplete/../complete"};

    private Repository store;
    private LacunaEndpoint endpoint;
    private HttpServer listener;
    private final AtomicInteger outbound = new AtomicInteger();
    private final HttpClient http = HttpClient.newHttpClient();
    private Set<String> incomplete;

    @BeforeAll
    void start(@TempDir Path dir) throws Exception {
        store = new SailRepository(new NativeStore(dir.resolve("store").toFile()));
        store.init();
        ServeFixture.load(store);
        try (RepositoryConnection c = store.getConnection()) {
            c.add(QUESTION, RDF.TYPE, SimpleValueFactory.getInstance().createIRI("https://lacuna.dev/ns#Question"), KG.benchmark());
            c.add(QUESTION, HARD_ANSWER, ServeFixture.entity(1), KG.benchmark());
        }
        incomplete = new TreeSet<>(ServeFixture.lines(ServeFixture.complete()));
        incomplete.removeAll(ServeFixture.lines(ServeFixture.removed()));
        listener = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        listener.createContext("/", exchange -> {
            outbound.incrementAndGet();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        listener.start();
        endpoint = LacunaEndpoint.builder().repository(store).kg(KG).port(0).build().start();
    }

    @AfterAll
    void stop() {
        endpoint.stop();
        listener.stop(0);
        store.shutDown();
    }

    private String listenerUrl() {
        return "http://127.0.0.1:" + listener.getAddress().getPort() + "/data";
    }

    private List<String> leakQueries() {
        List<String> q = ServeFixture.leakQueries(List.of(KG.complete(), KG.labels(), KG.benchmark(), KG.incomplete()),
                QUESTION);
        q.add("SELECT ?s ?p ?o WHERE { SERVICE <" + listenerUrl() + "> { ?s ?p ?o } }");
        q.add("SELECT ?s ?p ?o FROM <" + listenerUrl() + "> WHERE { ?s ?p ?o }");
        q.add("DESCRIBE <" + listenerUrl() + ">");
        return q;
    }

    @Test
    void everyPathAndEveryGraphDeviceSeesOnlyTheIncompleteGraph() throws Exception {
        List<String> graphParams = new ArrayList<>(List.of(""));
        for (IRI g : List.of(KG.complete(), KG.labels(), KG.benchmark())) {
            graphParams.add("&default-graph-uri=" + enc(g.stringValue()));
            graphParams.add("&named-graph-uri=" + enc(g.stringValue()));
        }
        graphParams.add("&default-graph-uri=" + enc(listenerUrl()));
        int answered = 0;
        int refused = 0;
        for (String path : PATHS) {
            for (String query : leakQueries()) {
                for (String params : graphParams) {
                    for (boolean post : new boolean[] {false, true}) {
                        HttpResponse<String> r = post
                                ? send(HttpRequest.newBuilder(URI.create(endpoint.url() + path))
                                        .header("Content-Type", "application/x-www-form-urlencoded")
                                        .header("Accept", "application/sparql-results+json, application/n-triples")
                                        .POST(HttpRequest.BodyPublishers.ofString("query=" + enc(query) + params)))
                                : send(HttpRequest.newBuilder(URI.create(endpoint.url() + path + "?query=" + enc(query) + params))
                                        .header("Accept", "application/sparql-results+json, application/n-triples"));
                        String where = path + " " + (post ? "POST " : "GET ") + query + params;
                        assertSealed(r, where);
                        if (r.statusCode() == 400 && r.body().contains("serves one graph")) {
                            // a dataset clause naming another graph: refused, naming the served graph alone
                            assertTrue(r.body().contains("<" + KG.incomplete() + ">"), where + ": " + r.body());
                            refused++;
                        }
                        if (r.statusCode() == 200 && path.startsWith("sparql")) {
                            answered++;
                            for (String line : ServeFixture.triples(r)) {
                                assertTrue(incomplete.contains(line) || line.equals("graph " + KG.incomplete()),
                                        where + " leaked " + line);
                            }
                        }
                    }
                }
            }
        }
        // Per served path: the queries without a dataset clause (or naming the served graph) answer, those naming
        // another graph in FROM, FROM NAMED, default-graph-uri or named-graph-uri get a 400.
        assertTrue(answered > 80, "only " + answered + " answers: the served paths must answer");
        assertTrue(refused > 500, "only " + refused + " dataset clauses refused");
        assertEquals(0, outbound.get(), "the server made requests to the listener");
        // the served paths do answer with the incomplete graph, so the checks above are not vacuous
        HttpResponse<String> all = send(HttpRequest.newBuilder(URI.create(endpoint.url() + "sparql?query="
                + enc("SELECT ?s ?p ?o WHERE { ?s ?p ?o }"))).header("Accept", "application/sparql-results+json"));
        assertEquals(incomplete, new TreeSet<>(ServeFixture.triples(all)));
        HttpResponse<String> graphs = send(HttpRequest.newBuilder(URI.create(endpoint.url() + "sparql?query="
                + enc("SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g")))
                .header("Accept", "application/sparql-results+json"));
        assertEquals(List.of("graph " + KG.incomplete()), ServeFixture.triples(graphs));
    }

    /** No answer on any path names a hidden graph, a question, a label or the benchmark vocabulary. */
    private void assertSealed(HttpResponse<String> r, String where) {
        String body = r.body();
        for (String secret : List.of(KG.complete().stringValue(), KG.labels().stringValue(), KG.benchmark().stringValue(),
                QUESTION.stringValue(), "hardAnswer", "Alice Smith", "/m/0alice", "/sparql/complete", "sparql/labels")) {
            assertFalse(body.contains(secret), where + " answered " + r.statusCode() + " naming " + secret + ": " + body);
        }
        assertTrue(r.headers().firstValue("Access-Control-Allow-Origin").isEmpty(), where + ": CORS must be off");
    }

    @Test
    void homePageAndServiceDescriptionListOnlyWhatIsServed() throws Exception {
        HttpResponse<String> home = send(HttpRequest.newBuilder(URI.create(endpoint.url())));
        assertEquals(200, home.statusCode());
        assertTrue(home.body().contains("/sparql/incomplete"), home.body());
        assertFalse(home.body().contains("/sparql/complete") || home.body().contains("all graphs"), home.body());
        HttpResponse<String> sd = send(HttpRequest.newBuilder(URI.create(endpoint.url() + "sparql")));
        assertEquals(200, sd.statusCode());
        assertTrue(sd.headers().firstValue("Content-Type").orElse("").startsWith("text/turtle"));
        assertTrue(sd.body().contains("incomplete graph") && sd.body().contains("rows per answer"), sd.body());
        assertFalse(sd.body().contains("the complete graph") || sd.body().contains("SPARQL11Update"), sd.body());
        assertEquals(Set.of("/sparql", "/sparql/incomplete"), endpoint.paths());
    }

    @Test
    void corsOnlyForTheOneOriginAsked() throws Exception {
        LacunaEndpoint cors = LacunaEndpoint.builder().repository(store).kg(KG).port(0).cors("https://example.org")
                .accessLog(false).build().start();
        try {
            HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(cors.url() + "sparql?query=" + enc("ASK {}")))
                    .header("Origin", "https://example.org"));
            assertEquals("https://example.org", r.headers().firstValue("Access-Control-Allow-Origin").orElse(null));
        } finally {
            cors.stop();
        }
        assertThrows(BadInputException.class, () -> LacunaEndpoint.builder().repository(store).kg(KG).cors("*").build());
    }

    @Test
    void refusesAStoreWithoutCompleteOrWithoutIncomplete() {
        Repository empty = new SailRepository(new MemoryStore());
        empty.init();
        try {
            BadInputException none = assertThrows(BadInputException.class,
                    () -> LacunaEndpoint.builder().repository(empty).kg(KG).port(0).build().start());
            assertTrue(none.getMessage().contains("lacuna load --kg family"), none.getMessage());
            try (RepositoryConnection c = empty.getConnection()) {
                c.add(ServeFixture.complete(), KG.complete());
            }
            BadInputException noIncomplete = assertThrows(BadInputException.class,
                    () -> LacunaEndpoint.builder().repository(empty).kg(KG).port(0).build().start());
            assertTrue(noIncomplete.getMessage().contains("lacuna build --kg family"), noIncomplete.getMessage());
            LacunaEndpoint complete = LacunaEndpoint.builder().repository(empty).kg(KG).port(0)
                    .expose(Exposure.parse("complete")).accessLog(false).build().start();
            try {
                assertEquals(Set.of("/sparql", "/sparql/complete"), complete.paths());
            } finally {
                complete.stop();
            }
        } finally {
            empty.shutDown();
        }
    }

    @Test
    void exposureWords() {
        assertEquals(List.of(GraphRole.INCOMPLETE), Exposure.parse("incomplete").roles());
        assertEquals(List.of(GraphRole.COMPLETE, GraphRole.INCOMPLETE), Exposure.parse("incomplete,complete").roles());
        assertNull(Exposure.parse("complete,incomplete").single());
        assertTrue(Exposure.parse("all").all());
        assertThrows(BadInputException.class, () -> Exposure.parse("labels"));
        assertThrows(BadInputException.class, () -> Exposure.parse("all,complete"));
    }

    private HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
