package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.jena.query.QuerySolution;
import org.apache.jena.query.ResultSet;
import org.apache.jena.sparql.exec.http.QueryExecutionHTTP;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.QueryResults;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.query.resultio.QueryResultIO;
import org.eclipse.rdf4j.query.resultio.TupleQueryResultFormat;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.repository.sparql.SPARQLRepository;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.Rio;
import org.eclipse.rdf4j.sail.nativerdf.NativeStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;
import dev.lacuna.view.LabelMode;

/** The endpoint over an embedded NativeStore, driven by RDF4J's SPARQLRepository, Jena and raw HTTP. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EndpointProtocolTest {
    private static final String ALL_TRIPLES = "SELECT ?s ?p ?o WHERE { ?s ?p ?o }";
    private static final String TOKEN = "a-long-enough-update-token";

    private Repository store;
    private LacunaEndpoint endpoint;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    void start(@TempDir Path dir) {
        store = new SailRepository(new NativeStore(dir.resolve("store").toFile()));
        store.init();
        ServeFixture.load(store);
        endpoint = LacunaEndpoint.builder().repository(store).kg(ServeFixture.KG).port(0)
                .expose(Exposure.parse("complete,incomplete")).timeout(Duration.ofSeconds(1)).maxRows(1000).maxBodyBytes(64 * 1024).allowUpdate(TOKEN)
                // The budget counts what the query's thread allocates: the slow-query test below must meet the
                // time limit, not this (it allocated 384 MiB in 0.6 s on a quiet machine); EndpointLimitsTest tests it.
                .queryMemory(64L << 30).build().start();
    }

    @AfterAll
    void stop() {
        endpoint.stop();
        store.shutDown();
    }

    private String url(String path) {
        return endpoint.url() + path;
    }

    private Set<String> triplesVia(SPARQLRepository client) {
        Set<String> out = new HashSet<>();
        try (RepositoryConnection c = client.getConnection();
                TupleQueryResult r = c.prepareTupleQuery(ALL_TRIPLES).evaluate()) {
            for (BindingSet b : r) {
                out.add(b.getValue("s") + " " + b.getValue("p") + " " + b.getValue("o"));
            }
        }
        return out;
    }

    @Test
    void incompleteDiffersFromCompleteByExactlyTheRemovedTriples_rdf4jClient() {
        SPARQLRepository complete = new SPARQLRepository(url("sparql/complete"));
        SPARQLRepository incomplete = new SPARQLRepository(url("sparql/incomplete"));
        try {
            Set<String> c = triplesVia(complete);
            Set<String> i = triplesVia(incomplete);
            assertEquals(ServeFixture.lines(ServeFixture.complete()), c);
            Set<String> diff = new HashSet<>(c);
            diff.removeAll(i);
            assertEquals(ServeFixture.lines(ServeFixture.removed()), diff);
            assertTrue(c.containsAll(i));
        } finally {
            complete.shutDown();
            incomplete.shutDown();
        }
    }

    @Test
    void jenaRemoteQuerySeesTheSameGraphs() {
        Set<String> complete = jenaTriples("sparql/complete");
        Set<String> incomplete = jenaTriples("sparql/incomplete");
        assertEquals(ServeFixture.TRIPLES.length, complete.size());
        assertEquals(ServeFixture.TRIPLES.length - ServeFixture.REMOVED.length, incomplete.size());
        assertTrue(complete.containsAll(incomplete));
        try (QueryExecutionHTTP qe = QueryExecutionHTTP.service(url("sparql/incomplete"))
                .query("ASK { ?s ?p ?o }").build()) {
            assertTrue(qe.execAsk());
        }
        try (QueryExecutionHTTP qe = QueryExecutionHTTP.service(url("sparql/complete"))
                .query("CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }").build()) {
            assertEquals(ServeFixture.TRIPLES.length, qe.execConstruct().size());
        }
    }

    private Set<String> jenaTriples(String path) {
        Set<String> out = new HashSet<>();
        try (QueryExecutionHTTP qe = QueryExecutionHTTP.service(url(path)).query(ALL_TRIPLES).build()) {
            ResultSet rs = qe.execSelect();
            while (rs.hasNext()) {
                QuerySolution s = rs.next();
                out.add(s.get("s") + " " + s.get("p") + " " + s.get("o"));
            }
        }
        return out;
    }

    @Test
    void graphEndpointsHideOtherGraphsEvenFromFromAndGraphClauses() throws Exception {
        String iri = "<" + ServeFixture.KG.complete() + ">";
        // FROM naming another graph is refused, naming the graph the path serves instead of running on it unasked
        HttpResponse<String> from = get("sparql/incomplete?query=" + enc("SELECT * FROM " + iri + " WHERE { ?s ?p ?o }"), "");
        assertEquals(400, from.statusCode(), from.body());
        assertTrue(from.body().contains("<" + ServeFixture.KG.incomplete() + ">") && !from.body().contains(iri), from.body());
        assertEquals(ServeFixture.TRIPLES.length - ServeFixture.REMOVED.length, countRows("sparql/incomplete",
                "SELECT * FROM <" + ServeFixture.KG.incomplete() + "> WHERE { ?s ?p ?o }"));
        // GRAPH ?g finds the served graph alone
        assertEquals(ServeFixture.TRIPLES.length - ServeFixture.REMOVED.length,
                countRows("sparql/incomplete", "SELECT * WHERE { GRAPH ?g { ?s ?p ?o } }"));
        assertEquals(0, countRows("sparql/incomplete", "SELECT * WHERE { GRAPH " + iri + " { ?s ?p ?o } }"));
        // two graphs exposed: /sparql would be ambiguous, so it is not served
        assertEquals(404, get("sparql?query=" + enc("ASK {}"), "").statusCode());
    }

    @Test
    void exposeAllServesEveryGraphAtSparqlAndTheProtocolDatasetPicksOne() throws Exception {
        LacunaEndpoint all = LacunaEndpoint.builder().repository(store).kg(ServeFixture.KG).port(0)
                .expose(Exposure.parse("all")).build().start();
        try {
            String base = all.url();
            HttpResponse<String> graphs = http.send(HttpRequest.newBuilder(URI.create(base + "sparql?query="
                    + enc("SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }"))).header("Accept",
                    "application/sparql-results+json").build(), HttpResponse.BodyHandlers.ofString());
            assertTrue(parseJsonRows(graphs.body()).size() >= 3, graphs.body());
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(base + "sparql?query="
                    + enc("SELECT * WHERE { ?s ?p ?o }") + "&default-graph-uri="
                    + enc(ServeFixture.KG.incomplete().stringValue()))).header("Accept", "application/sparql-results+json")
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(ServeFixture.TRIPLES.length - ServeFixture.REMOVED.length, parseJsonRows(r.body()).size());
        } finally {
            all.stop();
        }
    }

    @Test
    void resultFormatsByAcceptAndByParameter() throws Exception {
        String q = enc("SELECT ?s ?o WHERE { ?s ?p ?o } ORDER BY ?s ?o");
        String[][] cases = {
            {"application/sparql-results+json", "", "application/sparql-results+json"},
            {"application/sparql-results+xml", "", "application/sparql-results+xml"},
            {"text/csv", "", "text/csv"},
            {"text/tab-separated-values", "", "text/tab-separated-values"},
            {"*/*", "", "application/sparql-results+json"},
            {"text/html;q=0.9, text/csv", "", "text/csv"},
            {"", "&format=xml", "application/sparql-results+xml"},
            {"", "&output=csv", "text/csv"},
            {"", "&results=tsv", "text/tab-separated-values"},
            {"text/csv", "&format=json&output=json&results=json", "application/sparql-results+json"},
            {"", "&format=application%2Fsparql-results%2Bxml", "application/sparql-results+xml"},
        };
        for (String[] c : cases) {
            HttpResponse<String> r = get("sparql/complete?query=" + q + c[1] + "&unknownParam=1", c[0]);
            assertEquals(200, r.statusCode(), String.join(" ", c));
            String type = r.headers().firstValue("Content-Type").orElse("");
            assertTrue(type.startsWith(c[2]), "Accept '" + c[0] + "' " + c[1] + " gave " + type);
            TupleQueryResultFormat format = TupleQueryResultFormat.matchMIMEType(c[2], List.of(TupleQueryResultFormat.JSON, TupleQueryResultFormat.SPARQL, TupleQueryResultFormat.CSV, TupleQueryResultFormat.TSV)).orElseThrow();
            try (TupleQueryResult parsed = QueryResultIO.parseTuple(
                    new ByteArrayInputStream(r.body().getBytes(StandardCharsets.UTF_8)), format, null)) {
                assertEquals(ServeFixture.TRIPLES.length, QueryResults.asList(parsed).size(), c[2]);
            }
        }
        String construct = enc("CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o }");
        for (RDFFormat f : List.of(RDFFormat.TURTLE, RDFFormat.NTRIPLES, RDFFormat.JSONLD)) {
            HttpResponse<String> r = get("sparql/complete?query=" + construct, f.getDefaultMIMEType());
            assertEquals(200, r.statusCode());
            assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith(f.getDefaultMIMEType()));
            Model m = Rio.parse(new ByteArrayInputStream(r.body().getBytes(StandardCharsets.UTF_8)), "", f);
            List<Statement> statements = new ArrayList<>(m);
            assertEquals(ServeFixture.lines(ServeFixture.complete()), ServeFixture.lines(statements), f.getName());
        }
        HttpResponse<String> describe = get("sparql/complete?query="
                + enc("DESCRIBE <" + ServeFixture.entity(2) + ">") + "&format=nt", "");
        assertEquals(200, describe.statusCode());
        assertTrue(describe.body().contains(ServeFixture.entity(2).stringValue()));
    }

    @Test
    void postFormAndDirectQueryAndLongUrls() throws Exception {
        String q = "SELECT * WHERE { ?s ?p ?o }";
        HttpResponse<String> form = http.send(HttpRequest.newBuilder(URI.create(url("sparql/complete")))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Accept", "application/sparql-results+json")
                .POST(HttpRequest.BodyPublishers.ofString("query=" + enc(q) + "&format=json")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, form.statusCode(), form.body());
        assertEquals(ServeFixture.TRIPLES.length, parseJsonRows(form.body()).size());
        HttpResponse<String> direct = http.send(HttpRequest.newBuilder(URI.create(url("sparql/incomplete")))
                .header("Content-Type", "application/sparql-query; charset=utf-8")
                .POST(HttpRequest.BodyPublishers.ofString(q)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, direct.statusCode(), direct.body());
        assertEquals(ServeFixture.TRIPLES.length - ServeFixture.REMOVED.length, parseJsonRows(direct.body()).size());
        // A 40 kB GET URL: a long VALUES list as a client that inlines many entities sends it.
        StringBuilder values = new StringBuilder("SELECT * WHERE { VALUES ?s {");
        for (int i = 0; values.length() < 40_000; i++) {
            values.append(" <").append(ServeFixture.entity(i % 6)).append('>');
        }
        values.append(" } ?s ?p ?o }");
        HttpResponse<String> longGet = get("sparql/complete?query=" + enc(values.toString()), "");
        assertEquals(200, longGet.statusCode());
        assertTrue(longGet.uri().toString().length() > 40_000);
    }

    @Test
    void badInputGetsClearStatuses() throws Exception {
        HttpResponse<String> malformed = get("sparql/complete?query=" + enc("SELECT ?x WHERE { ?x ?y }"), "");
        assertEquals(400, malformed.statusCode());
        assertTrue(malformed.body().contains("malformed SPARQL") && malformed.body().contains("line 1"), malformed.body());

        HttpResponse<String> empty = get("sparql/complete?query=", "");
        assertEquals(400, empty.statusCode(), empty.body());
        assertEquals(400, get("sparql/complete?format=json", "").statusCode());

        HttpResponse<String> unknown = get("sparql/labels?query=" + enc("ASK {}"), "");
        assertEquals(404, unknown.statusCode());
        assertTrue(unknown.body().contains("no such endpoint"), unknown.body());
        assertEquals(404, get("nothing-here", "").statusCode());

        byte[] big = new byte[200 * 1024];
        Arrays.fill(big, (byte) ' ');
        HttpResponse<String> oversize = http.send(HttpRequest.newBuilder(URI.create(url("sparql/complete")))
                .header("Content-Type", "application/sparql-query")
                .POST(HttpRequest.BodyPublishers.ofByteArray(big)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(413, oversize.statusCode());

        HttpResponse<String> service = get("sparql/complete?query="
                + enc("SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }"), "");
        assertEquals(400, service.statusCode());
        assertTrue(service.body().contains("SERVICE"));

        HttpResponse<String> wrongType = http.send(HttpRequest.newBuilder(URI.create(url("sparql/complete")))
                .header("Content-Type", "text/plain").POST(HttpRequest.BodyPublishers.ofString("ASK {}")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(415, wrongType.statusCode());
        assertEquals(405, http.send(HttpRequest.newBuilder(URI.create(url("sparql/complete?query=ASK%7B%7D")))
                .DELETE().build(), HttpResponse.BodyHandlers.ofString()).statusCode());
    }

    @Test
    void aQueryPastTheTimeLimitGets503AndTheServerKeepsServing() throws Exception {
        // Eight-way cross product over the 10 triples of complete: 100 million rows to count, far past 1 s.
        String slow = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o . "
                + "?p ?q ?r . ?s ?t ?u . ?v ?w ?x }";
        long start = System.nanoTime();
        HttpResponse<String> r = get("sparql/complete?query=" + enc(slow), "");
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(503, r.statusCode(), r.body());
        assertTrue(r.body().contains("time limit"), r.body());
        assertTrue(millis < 15_000, "answered after " + millis + " ms");
        assertEquals(ServeFixture.TRIPLES.length, countRows("sparql/complete", ALL_TRIPLES));
    }

    @Test
    void updatesNeedTheTokenAndNeverTouchComplete() throws Exception {
        String insert = "INSERT DATA { <urn:x> <urn:p> <urn:y> }";
        assertEquals(401, update("sparql/incomplete", insert, null).statusCode());
        assertEquals(403, update("sparql/incomplete", insert, "wrong-token-wrong-token").statusCode());
        HttpResponse<String> complete = update("sparql/complete", insert, TOKEN);
        assertEquals(403, complete.statusCode());
        assertTrue(complete.body().contains("never modified"));
        // an update sent by GET is refused: updates come by POST only
        HttpResponse<String> asQuery = get("sparql/incomplete?query=" + enc(insert), "");
        assertEquals(405, asQuery.statusCode(), asQuery.body());
        assertEquals("POST", asQuery.headers().firstValue("Allow").orElse(""));

        assertEquals(204, update("sparql/incomplete", "INSERT DATA { <urn:x> <urn:p> <urn:y> }", TOKEN).statusCode());
        assertEquals(1, countRows("sparql/incomplete", "SELECT * WHERE { <urn:x> ?p ?o }"));
        assertEquals(0, countRows("sparql/complete", "SELECT * WHERE { <urn:x> ?p ?o }"));
        assertEquals(204, update("sparql/incomplete", "DELETE DATA { <urn:x> <urn:p> <urn:y> }", TOKEN).statusCode());
        assertEquals(0, countRows("sparql/incomplete", "SELECT * WHERE { <urn:x> ?p ?o }"));
    }

    @Test
    void readOnlyEndpointRefusesUpdatesWith403() throws Exception {
        LacunaEndpoint readOnly = LacunaEndpoint.builder().repository(store).kg(ServeFixture.KG).port(0).build().start();
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(readOnly.url() + "sparql/incomplete"))
                    .header("Content-Type", "application/sparql-update")
                    .POST(HttpRequest.BodyPublishers.ofString("CLEAR ALL")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(403, r.statusCode());
            assertTrue(r.body().contains("read-only"));
            HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(readOnly.url())).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, page.statusCode());
            assertTrue(page.body().contains("/sparql/incomplete") && page.body().contains("<pre>"));
        } finally {
            readOnly.stop();
        }
        assertEquals(ServeFixture.TRIPLES.length, countRows("sparql/complete", ALL_TRIPLES));
    }

    @Test
    void overloadIsAnswered503NotAHang() throws Exception {
        LacunaEndpoint small = LacunaEndpoint.builder().repository(store).kg(ServeFixture.KG).port(0)
                .workers(1).queue(0).timeout(Duration.ofSeconds(3)).build().start();
        try {
            // 8^10 rows over incomplete's 8 triples: far past the 3 s limit
            String slow = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o . "
                    + "?p ?q ?r . ?s ?t ?u . ?v ?w ?x . ?y ?z ?a2 . ?b2 ?c2 ?d2 }";
            var first = http.sendAsync(HttpRequest.newBuilder(URI.create(small.url() + "sparql?query=" + enc(slow))).build(),
                    HttpResponse.BodyHandlers.ofString());
            Thread.sleep(300);
            long start = System.nanoTime();
            HttpResponse<String> second = http.send(HttpRequest.newBuilder(
                    URI.create(small.url() + "sparql/incomplete?query=" + enc("ASK {}"))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(503, second.statusCode(), second.body());
            assertTrue(second.body().contains("busy"));
            assertTrue((System.nanoTime() - start) / 1_000_000 < 1000, "503 must come at once");
            assertEquals(503, first.get().statusCode());
        } finally {
            small.stop();
        }
    }

    @Test
    void builderNamesEveryBadSetting() {
        BadInputException e = assertThrows(BadInputException.class, () -> LacunaEndpoint.builder().port(70000)
                .timeout(Duration.ZERO).maxRows(0).workers(0).allowUpdate("short").build());
        for (String word : List.of("no repository", "no KG", "port", "timeout", "max-rows", "workers", "token")) {
            assertTrue(e.getMessage().contains(word), word + " missing in: " + e.getMessage());
        }
        BadInputException complete = assertThrows(BadInputException.class, () -> LacunaEndpoint.builder().repository(store)
                .kg(ServeFixture.KG).expose(Exposure.parse("complete")).allowUpdate(TOKEN).build());
        assertTrue(complete.getMessage().contains("never writable"), complete.getMessage());
        assertFalse(assertThrows(BadInputException.class, () -> LabelMode.parse("names")).getMessage().isEmpty());
    }

    // ------------------------------------------------------------------ helpers

    private HttpResponse<String> get(String path, String accept) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url(path))).timeout(Duration.ofSeconds(30));
        if (!accept.isEmpty()) {
            b.header("Accept", accept);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> update(String path, String update, String token) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url(path)))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("update=" + enc(update)));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private int countRows(String path, String query) throws Exception {
        HttpResponse<String> r = get(path + "?query=" + enc(query), "application/sparql-results+json");
        assertEquals(200, r.statusCode(), r.body());
        return parseJsonRows(r.body()).size();
    }

    private static List<BindingSet> parseJsonRows(String json) {
        try (TupleQueryResult r = QueryResultIO.parseTuple(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)),
                TupleQueryResultFormat.JSON, null)) {
            return QueryResults.asList(r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
