package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.http.HTTPRepository;
import org.eclipse.rdf4j.repository.sparql.SPARQLRepository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;
import dev.lacuna.cli.CliContext;
import dev.lacuna.cli.Main;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.Rdf4jServer;
import dev.lacuna.view.LabelMode;
import dev.lacuna.view.Shape;

/**
 * The endpoint over a real RDF4J Server (the remote store path, as with GraphDB): data loaded through the RDF4J
 * REST protocol, served by {@code lacuna serve --repository URL} from a copy made at start and with
 * {@code --pass-through}, queried with RDF4J's SPARQLRepository.
 */
@ExtendWith(Rdf4jServer.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RemoteStoreServeTest {
    private Rdf4jServer server;
    private String repositoryId;
    private HTTPRepository remote;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    void load(Rdf4jServer server) {
        this.server = server;
        repositoryId = server.createRepository("serve");
        remote = server.repository(repositoryId);
        ServeFixture.load(remote);
    }

    @AfterAll
    void drop() {
        remote.shutDown();
        server.deleteRepository(repositoryId);
    }

    private static Set<String> triples(String endpoint) {
        SPARQLRepository client = new SPARQLRepository(endpoint);
        Set<String> out = new HashSet<>();
        try (RepositoryConnection c = client.getConnection();
                TupleQueryResult r = c.prepareTupleQuery("SELECT * WHERE { ?s ?p ?o }").evaluate()) {
            for (BindingSet b : r) {
                out.add(b.getValue("s") + " " + b.getValue("p") + " " + b.getValue("o"));
            }
        } finally {
            client.shutDown();
        }
        return out;
    }

    private void assertServesBothGraphs(String base) throws Exception {
        Set<String> complete = triples(base + "sparql/complete");
        Set<String> incomplete = triples(base + "sparql/incomplete");
        assertEquals(ServeFixture.lines(ServeFixture.complete()), complete);
        Set<String> diff = new HashSet<>(complete);
        diff.removeAll(incomplete);
        assertEquals(ServeFixture.lines(ServeFixture.removed()), diff);
        assertTrue(complete.containsAll(incomplete));
        // FROM naming the served graph runs on it; naming another graph is refused before the remote store sees it,
        // and GRAPH ?g cannot reach past the endpoint's dataset
        String from = "SELECT * FROM <" + ServeFixture.KG.incomplete() + "> WHERE { ?s ?p ?o }";
        assertEquals(incomplete.size(), rows(base + "sparql/incomplete", from));
        HttpResponse<String> other = http.send(HttpRequest.newBuilder(URI.create(base + "sparql/incomplete?query="
                + URLEncoder.encode("SELECT * FROM <" + ServeFixture.KG.complete() + "> WHERE { ?s ?p ?o }",
                        StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, other.statusCode(), other.body());
        assertEquals(incomplete.size(), rows(base + "sparql/incomplete", "SELECT * WHERE { GRAPH ?g { ?s ?p ?o } }"));
    }

    private int rows(String endpoint, String query) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(endpoint + "?query="
                + URLEncoder.encode(query, StandardCharsets.UTF_8))).header("Accept", "text/csv").build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return (int) r.body().lines().count() - 1;
    }

    @Test
    void endpointOverHttpRepositoryServesCompleteAndIncomplete() throws Exception {
        // By default from a copy made at start; with pass-through each query goes to the store. Both serve the same
        // graphs, keep the dataset sealed and stop a query at the time limit.
        for (boolean passThrough : new boolean[] {false, true}) {
            LacunaEndpoint endpoint = LacunaEndpoint.builder().repository(remote).kg(ServeFixture.KG).port(0)
                    .expose(Exposure.parse("complete,incomplete")).timeout(Duration.ofSeconds(2)).passThrough(passThrough)
                    .build().start();
            try {
                assertServesBothGraphs(endpoint.url());
                // 100 million rows over complete's 10 triples: far past the 2 s limit
                String slow = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o . "
                        + "?q ?r ?t . ?u ?v ?w . ?x ?y ?z }";
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(endpoint.url() + "sparql/complete?query="
                        + URLEncoder.encode(slow, StandardCharsets.UTF_8))).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(503, r.statusCode(), "pass-through " + passThrough + ": " + r.body());
                // the copy's evaluation (hash joins in this heap) may reach the memory budget first
                assertTrue(r.body().contains("time limit") || !passThrough && r.body().contains("memory budget"), r.body());
                assertEquals(ServeFixture.TRIPLES.length, triples(endpoint.url() + "sparql/complete").size());
            } finally {
                endpoint.stop();
            }
        }
    }

    @Test
    void theCopyServesTheGraphAsItWasAtStartAndPassThroughTheStoreAsItIs() throws Exception {
        LacunaEndpoint copy = LacunaEndpoint.builder().repository(remote).kg(ServeFixture.KG).port(0).build().start();
        LacunaEndpoint passing = LacunaEndpoint.builder().repository(remote).kg(ServeFixture.KG).port(0)
                .passThrough(true).build().start();
        IRI added = SimpleValueFactory.getInstance().createIRI("urn:test:added");
        try {
            int before = triples(copy.url() + "sparql").size();
            assertEquals(before, triples(passing.url() + "sparql").size());
            try (RepositoryConnection c = remote.getConnection()) {
                c.add(added, added, added, ServeFixture.KG.incomplete());
            }
            assertEquals(before, triples(copy.url() + "sparql").size(), "the copy follows the store");
            assertEquals(before + 1, triples(passing.url() + "sparql").size(), "pass-through does not reach the store");
            // the copy is evaluated as an embedded store is: a constant expression that fails leaves its variable
            // unbound, where the RDF4J Server answers it with an error
            HttpResponse<String> constant = http.send(HttpRequest.newBuilder(URI.create(copy.url() + "sparql?query="
                    + URLEncoder.encode("SELECT (1/0 AS ?x) {}", StandardCharsets.UTF_8))).header("Accept", "text/csv")
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, constant.statusCode(), constant.body());
            assertEquals(List.of("x", ""), constant.body().lines().toList());
        } finally {
            try (RepositoryConnection c = remote.getConnection()) {
                c.remove(added, added, added, ServeFixture.KG.incomplete());
            }
            copy.stop();
            passing.stop();
        }
    }

    @Test
    void aCopyGoesToTheViewStoreWhenOneIsGivenAndIsRefusedWhereTheHeapCannotHoldIt(@TempDir Path dir) throws Exception {
        Repository lmdb = Stores.open(StoreSpec.parse("lmdb:" + dir.resolve("copy")));
        LacunaEndpoint endpoint = LacunaEndpoint.builder().repository(remote).kg(ServeFixture.KG).port(0).viewStore(lmdb)
                .build().start();
        try {
            Set<String> served = triples(endpoint.url() + "sparql");
            try (RepositoryConnection c = lmdb.getConnection()) {
                assertEquals(served.size(), c.size(ServeFixture.KG.incomplete()), "the copy is in the view store");
                assertEquals(0, c.size(ServeFixture.KG.complete()), "only the served graph is copied");
            }
        } finally {
            endpoint.stop();
            Stores.close(lmdb);
        }
        // 20M triples in a 6 GiB heap: refused before anything is copied, naming the two ways out
        BadInputException e = assertThrows(BadInputException.class,
                () -> StoreCopy.checkHeap(20_000_000, 6L << 30, "repository R", true));
        assertTrue(e.getMessage().contains("--view-store lmdb:DIR") && e.getMessage().contains("--pass-through"),
                e.getMessage());
        StoreCopy.checkHeap(272_115, 1L << 30, "repository R", true);
        // a writable run's copy is made with --pass-through too: its refusal names only the view store
        BadInputException writable = assertThrows(BadInputException.class,
                () -> StoreCopy.checkHeap(20_000_000, 6L << 30, "repository R", false));
        assertTrue(writable.getMessage().contains("--view-store lmdb:DIR") && !writable.getMessage().contains("--pass-through"),
                writable.getMessage());
    }

    @Test
    void aStoreThatCutsItsAnswerShortIsNotCopied() {
        // A SPARQL endpoint that answers at most 3 rows (as Virtuoso's ResultSetMaxRows does): copying the graph
        // through it would serve a partial graph, a benchmark silently wrong.
        LacunaEndpoint cutting = LacunaEndpoint.builder().repository(remote).kg(ServeFixture.KG).port(0)
                .expose(Exposure.parse("all")).maxRows(3).accessLog(false).build().start();
        Repository behind = Stores.open(StoreSpec.sparql(cutting.url() + "sparql", null));
        try {
            LacunaException e = assertThrows(LacunaException.class, () -> LacunaEndpoint.builder().repository(behind)
                    .kg(ServeFixture.KG).port(0).build().start().stop());
            assertTrue(e.getMessage().contains("gave 3 triples where the store counts " + (ServeFixture.TRIPLES.length - ServeFixture.removed().size())),
                    e.getMessage());
            assertTrue(e.getMessage().contains("--pass-through"), e.getMessage());
        } finally {
            Stores.close(behind);
            cutting.stop();
        }
    }

    @Test
    void freebaseViewOfARemoteStore() {
        LacunaEndpoint endpoint = LacunaEndpoint.builder().repository(remote).kg(ServeFixture.KG).port(0)
                .labels(LabelMode.TEXT).shape(Shape.FREEBASE).build().start();
        try {
            SPARQLRepository client = new SPARQLRepository(endpoint.url() + "sparql/incomplete");
            try (RepositoryConnection c = client.getConnection(); TupleQueryResult r = c.prepareTupleQuery(
                    "PREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT DISTINCT ?tailEntity\nWHERE {\n  {\n"
                            + "    ?entity ns:type.object.name ?tailEntity .\n    FILTER(?entity = ns:m.3)\n  }\n}").evaluate()) {
                assertEquals(ServeFixture.TEXT[3], r.next().getValue("tailEntity").stringValue());
            } finally {
                client.shutDown();
            }
        } finally {
            endpoint.stop();
        }
    }

    @Test
    void serveCommandWithRepositoryUrlAndChainedOverSparqlUrl() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AtomicInteger code = new AtomicInteger(-1);
        Thread serve = new Thread(() -> code.set(new Main(Main.allCommands()).run(new String[] {"serve",
                "--repository", server.repositoryUrl(repositoryId), "--kg", ServeFixture.KG.name(), "--port", "0",
                "--timeout", "10s", "--no-access-log", "--expose", "all"}, new CliContext(new PrintStream(out, true), System.err))));
        serve.start();
        String base = awaitUrl(out);
        try {
            assertServesBothGraphs(base);
            // `--sparql URL`: a second endpoint whose store is the first one's /sparql
            ByteArrayOutputStream out2 = new ByteArrayOutputStream();
            AtomicInteger code2 = new AtomicInteger(-1);
            Thread chained = new Thread(() -> code2.set(new Main(Main.allCommands()).run(new String[] {"serve",
                    "--sparql", base + "sparql", "--kg", ServeFixture.KG.name(), "--port", "0", "--expose", "complete,incomplete"},
                    new CliContext(new PrintStream(out2, true), System.err))));
            chained.start();
            try {
                assertServesBothGraphs(awaitUrl(out2));
            } finally {
                chained.interrupt();
                chained.join(10_000);
            }
            assertEquals(0, code2.get());
        } finally {
            serve.interrupt();
            serve.join(10_000);
        }
        assertEquals(0, code.get());
    }

    private static String awaitUrl(ByteArrayOutputStream out) throws InterruptedException {
        Pattern url = Pattern.compile("endpoint at (http://\\S+/)");
        for (int i = 0; i < 600; i++) {
            Matcher m = url.matcher(out.toString(StandardCharsets.UTF_8));
            if (m.find()) {
                return m.group(1);
            }
            Thread.sleep(50);
        }
        throw new AssertionError("lacuna serve printed no URL: " + out.toString(StandardCharsets.UTF_8));
    }
}
