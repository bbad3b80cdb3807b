package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.QueryResults;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.query.resultio.QueryResultIO;
import org.eclipse.rdf4j.query.resultio.TupleQueryResultFormat;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.lmdb.LmdbStore;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code COUNT(*)} counts every solution, the one that binds nothing too (SPARQL 1.1, 18.5.1.2: Count counts the
 * solutions of the group): over a pattern without variables that holds, and over {@code {}}, it is 1, as
 * {@code SELECT *} gives one row. RDF4J 5.2 says 0 ({@link WildcardCounts}); the endpoint says 1, and the other
 * counts are as before.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WildcardCountTest {
    private static final String HELD = "<" + ServeFixture.entity(0) + "> <" + ServeFixture.KG.relation(ServeFixture.SPOUSE)
            + "> <" + ServeFixture.entity(1) + ">";
    private static final String MISSING = "<" + ServeFixture.entity(1) + "> <" + ServeFixture.KG.relation(ServeFixture.SPOUSE)
            + "> <" + ServeFixture.entity(0) + ">";

    private Repository store;
    private LacunaEndpoint endpoint;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    void start(@TempDir Path dir) {
        store = new SailRepository(new LmdbStore(dir.resolve("store").toFile()));
        store.init();
        ServeFixture.load(store);
        endpoint = LacunaEndpoint.builder().repository(store).kg(ServeFixture.KG).port(0).accessLog(false).build().start();
    }

    @AfterAll
    void stop() {
        endpoint.stop();
        store.shutDown();
    }

    @Test
    void theEmptySolutionIsCounted() throws Exception {
        assertEquals(List.of("1"), count("SELECT (COUNT(*) AS ?n) WHERE { " + HELD + " }"));
        assertEquals(List.of("1"), count("SELECT (COUNT(*) AS ?n) WHERE { }"));
        assertEquals(List.of("1"), count("SELECT (COUNT(DISTINCT *) AS ?n) WHERE { " + HELD + " }"));
        assertEquals(1, rows("SELECT * WHERE { " + HELD + " }"), "the one solution COUNT(*) counts");
        assertEquals(List.of("0"), count("SELECT (COUNT(*) AS ?n) WHERE { " + MISSING + " }"), "removed: no solution");
    }

    @Test
    void otherCountsAreAsBefore() throws Exception {
        assertEquals(List.of("8"), count("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }"));
        assertEquals(List.of("8"), count("SELECT (COUNT(DISTINCT *) AS ?n) WHERE { { ?s ?p ?o } UNION { ?s ?p ?o } }"));
        assertEquals(List.of("16"), count("SELECT (COUNT(*) AS ?n) WHERE { { ?s ?p ?o } UNION { ?s ?p ?o } }"));
        assertEquals(List.of("1", "3", "4"), count("SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o } GROUP BY ?p ORDER BY ?n"));
        assertEquals(List.of("0"), count("SELECT (COUNT(*) AS ?n) WHERE { ?s <urn:none> ?o }"));
        assertEquals(List.of(), count("SELECT (COUNT(*) AS ?n) WHERE { ?s <urn:none> ?o } GROUP BY ?s"));
        assertEquals(List.of("8"), count("SELECT (COUNT(?o) AS ?n) WHERE { ?s ?p ?o }"));
    }

    /** What the workaround is for: when RDF4J counts the empty solution itself, this fails and WildcardCounts can go. */
    @Test
    void rdf4jItselfCountsNoEmptySolution() {
        Repository plain = new SailRepository(new MemoryStore());
        plain.init();
        try (RepositoryConnection c = plain.getConnection();
                TupleQueryResult r = c.prepareTupleQuery("SELECT (COUNT(*) AS ?n) WHERE { }").evaluate()) {
            assertEquals("0", r.next().getValue("n").stringValue(), "RDF4J now counts the empty solution");
        } finally {
            plain.shutDown();
        }
    }

    private List<String> count(String query) throws Exception {
        return results(query).stream().map(b -> b.getValue("n").stringValue()).toList();
    }

    private int rows(String query) throws Exception {
        return results(query).size();
    }

    private List<BindingSet> results(String query) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(endpoint.url() + "sparql?query="
                + URLEncoder.encode(query, StandardCharsets.UTF_8)))
                .header("Accept", "application/sparql-results+json").build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        try (TupleQueryResult result = QueryResultIO.parseTuple(
                new ByteArrayInputStream(r.body().getBytes(StandardCharsets.UTF_8)), TupleQueryResultFormat.JSON, null)) {
            return QueryResults.asList(result);
        }
    }
}
