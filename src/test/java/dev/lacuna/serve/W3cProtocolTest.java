package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.QueryResults;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.query.resultio.BooleanQueryResultFormat;
import org.eclipse.rdf4j.query.resultio.QueryResultIO;
import org.eclipse.rdf4j.query.resultio.TupleQueryResultFormat;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.Rio;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The W3C SPARQL 1.1 Protocol tests (w3c/rdf-tests, sparql/sparql11/protocol/manifest.ttl), one test per
 * manifest entry, named after it, sending each request as the manifest describes it with Java's HTTP client to a
 * served family benchmark (updates allowed with a token). The seal comes first: each test says what the seal
 * changes and why. Mostly it is the dataset tests: they name graphs (data0.rdf ... data3.rdf) that this endpoint
 * does not serve, so the manifest's request is checked to get the 400 that names the served graph, and the same
 * request shape is then sent naming the served graph, where the protocol's meaning is checked. Updates that CLEAR,
 * DROP or write other graphs are refused by the seal (403) and checked to change nothing.
 * docs/reference/endpoint-conformance.md is the table of these tests.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class W3cProtocolTest {
    private static final String TOKEN = "a-long-enough-update-token";
    private static final String DATA = "http://kasei.us/2009/09/sparql/data/";
    private static final String JSON = "application/sparql-results+json";
    private static final String FORM = "application/x-www-form-urlencoded";
    private static final String QUERY = "application/sparql-query";
    private static final String UPDATE = "application/sparql-update";
    private static final String PARENT = "<" + ServeFixture.KG.relation(ServeFixture.PARENT) + ">";
    /** Two triples of the served graph, in the place of the manifest's "data1.rdf a ?type" and "data2.rdf a ?type". */
    private static final String T1 = "<" + ServeFixture.entity(2) + "> " + PARENT + " <" + ServeFixture.entity(0) + ">";
    private static final String T2 = "<" + ServeFixture.entity(5) + "> " + PARENT + " <" + ServeFixture.entity(1) + ">";

    private Repository store;
    private LacunaEndpoint endpoint;
    private LacunaEndpoint readOnly;
    private String served;
    private long servedSize;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    void start() {
        store = new SailRepository(new MemoryStore());
        store.init();
        ServeFixture.load(store);
        endpoint = LacunaEndpoint.builder().repository(store).kg(ServeFixture.KG).port(0).allowUpdate(TOKEN)
                .accessLog(false).build().start();
        readOnly = LacunaEndpoint.builder().repository(store).kg(ServeFixture.KG).port(0).accessLog(false).build().start();
        served = ServeFixture.KG.incomplete().stringValue();
        servedSize = sizes().get(served);
    }

    @AfterAll
    void stop() {
        endpoint.stop();
        readOnly.stop();
        store.shutDown();
    }

    /** Every test leaves the store as it found it: complete and incomplete hold the fixture's triples. */
    @AfterEach
    void storeUnchanged() {
        Map<String, Long> sizes = sizes();
        assertEquals(servedSize, sizes.get(served), "the served graph changed");
        assertEquals((long) ServeFixture.TRIPLES.length, sizes.get(ServeFixture.KG.complete().stringValue()));
    }

    // ------------------------------------------------------------------ queries

    /** Seal: the manifest's default-graph-uri names data0.rdf, not served here: 400; naming the served graph, true. */
    @Test
    void query_post_form() throws Exception {
        assertRefusedDataset(send("POST", "/sparql/?default-graph-uri=" + enc(DATA + "data0.rdf"), FORM, "query=ASK%20%7B%7D"));
        assertBoolean(true, send("POST", "/sparql/?default-graph-uri=" + enc(served), FORM, "query=ASK%20%7B%7D"));
    }

    /** Seal: data1.rdf and data2.rdf are not served: 400; the served graph given twice as default graph answers. */
    @Test
    void query_dataset_default_graphs_get() throws Exception {
        String w3c = "ASK { <" + DATA + "data1.rdf> a ?type . <" + DATA + "data2.rdf> a ?type . }";
        assertRefusedDataset(send("GET", "/sparql/?query=" + enc(w3c) + "&default-graph-uri=" + enc(DATA + "data1.rdf")
                + "&default-graph-uri=" + enc(DATA + "data2.rdf"), null, null));
        assertBoolean(true, send("GET", "/sparql/?query=" + enc("ASK { " + T1 + " . " + T2 + " }") + "&default-graph-uri="
                + enc(served) + "&default-graph-uri=" + enc(served), null, null));
    }

    /** Seal: as the GET form; the protocol's graphs come in the URL of a direct POST. */
    @Test
    void query_dataset_default_graphs_post() throws Exception {
        String w3c = "ASK { <" + DATA + "data1.rdf> a ?type . <" + DATA + "data2.rdf> a ?type . }";
        assertRefusedDataset(send("POST", "/sparql/?default-graph-uri=" + enc(DATA + "data1.rdf") + "&default-graph-uri="
                + enc(DATA + "data2.rdf"), QUERY, w3c));
        assertBoolean(true, send("POST", "/sparql/?default-graph-uri=" + enc(served), QUERY, "ASK { " + T1 + " . " + T2 + " }"));
    }

    /**
     * Seal: named data1.rdf and data2.rdf are not served: 400. With the served graph as the one named graph, GRAPH ?g
     * finds it, and the default graph is empty, as the protocol says when only named-graph-uri is given.
     */
    @Test
    void query_dataset_named_graphs_post() throws Exception {
        assertRefusedDataset(send("POST", "/sparql/?named-graph-uri=" + enc(DATA + "data1.rdf") + "&named-graph-uri="
                + enc(DATA + "data2.rdf"), QUERY, "ASK { GRAPH ?g1 { <" + DATA + "data1.rdf> a ?type } GRAPH ?g2 { <"
                + DATA + "data2.rdf> a ?type } }"));
        String named = "/sparql/?named-graph-uri=" + enc(served);
        assertBoolean(true, send("POST", named, QUERY, "ASK { GRAPH ?g1 { " + T1 + " } GRAPH ?g2 { " + T2 + " } }"));
        assertBoolean(false, send("POST", named, QUERY, "ASK { " + T1 + " }"));
    }

    /** Seal: as the POST form. */
    @Test
    void query_dataset_named_graphs_get() throws Exception {
        assertRefusedDataset(send("GET", "/sparql/?query=" + enc("ASK { GRAPH ?g1 { <" + DATA + "data1.rdf> a ?type } }")
                + "&named-graph-uri=" + enc(DATA + "data1.rdf") + "&named-graph-uri=" + enc(DATA + "data2.rdf"), null, null));
        assertBoolean(true, send("GET", "/sparql/?query=" + enc("ASK { GRAPH ?g1 { " + T1 + " } GRAPH ?g2 { " + T2 + " } }")
                + "&named-graph-uri=" + enc(served), null, null));
        assertBoolean(false, send("GET", "/sparql/?query=" + enc("ASK { " + T1 + " }") + "&named-graph-uri=" + enc(served),
                null, null));
    }

    /** Seal: data1-3 are not served: 400; the served graph as default and named graph answers both parts. */
    @Test
    void query_dataset_full() throws Exception {
        assertRefusedDataset(send("POST", "/sparql/?default-graph-uri=" + enc(DATA + "data3.rdf") + "&named-graph-uri="
                + enc(DATA + "data1.rdf") + "&named-graph-uri=" + enc(DATA + "data2.rdf"), QUERY,
                "ASK {\n  <" + DATA + "data3.rdf> a ?type\n  GRAPH ?g1 { <" + DATA + "data1.rdf> a ?type }\n}"));
        assertBoolean(true, send("POST", "/sparql/?default-graph-uri=" + enc(served) + "&named-graph-uri=" + enc(served),
                QUERY, "ASK {\n  " + T1 + "\n  GRAPH ?g1 { " + T1 + " }\n  GRAPH ?g2 { " + T2 + " }\n}"));
    }

    /**
     * Seal: a FROM naming a graph that is not served is refused even though the protocol's graphs would replace it
     * (the client asked for that graph; it gets told, not answered from another). With FROM naming the served graph,
     * the protocol's dataset wins as the test expects: named-graph-uri alone leaves the default graph empty.
     */
    @Test
    void query_multiple_dataset() throws Exception {
        assertRefusedDataset(send("POST", "/sparql/?named-graph-uri=" + enc(DATA + "data1.rdf"), QUERY,
                "ASK FROM <" + DATA + "data3.rdf> { GRAPH ?g1 { <" + DATA + "data1.rdf> a ?type } }"));
        String named = "/sparql/?named-graph-uri=" + enc(served);
        assertBoolean(true, send("POST", named, QUERY, "ASK FROM <" + served + "> { GRAPH ?g1 { " + T1 + " } }"));
        assertBoolean(false, send("POST", named, QUERY, "ASK FROM <" + served + "> { " + T1 + " }"));
        // without protocol graphs the query's FROM is its dataset: the served graph as default graph, no named ones
        assertBoolean(true, send("POST", "/sparql/", QUERY, "ASK FROM <" + served + "> { " + T1 + " }"));
        assertBoolean(false, send("POST", "/sparql/", QUERY, "ASK FROM <" + served + "> { GRAPH ?g { " + T1 + " } }"));
    }

    /** Seal: data0.rdf is not served: 400; the same GET without it answers true. */
    @Test
    void query_get() throws Exception {
        assertRefusedDataset(send("GET", "/sparql/?query=ASK%20%7B%7D&default-graph-uri=" + enc(DATA + "data0.rdf"), null, null));
        assertBoolean(true, send("GET", "/sparql/?query=ASK%20%7B%7D", null, null));
    }

    /** Seal: data0.rdf is refused; without it the answer is one of the four tabular types. */
    @Test
    void query_content_type_select() throws Exception {
        assertRefusedDataset(send("POST", "/sparql/?default-graph-uri=" + enc(DATA + "data0.rdf"), QUERY, "SELECT (1 AS ?value) {}"));
        for (String accept : List.of(JSON, "application/sparql-results+xml", "text/csv", "text/tab-separated-values")) {
            HttpResponse<String> r = send("POST", "/sparql/", QUERY, "SELECT (1 AS ?value) {}", "Accept", accept);
            assertEquals(200, r.statusCode(), r.body());
            TupleQueryResultFormat format = TupleQueryResultFormat.matchMIMEType(type(r), List.of(TupleQueryResultFormat.JSON,
                    TupleQueryResultFormat.SPARQL, TupleQueryResultFormat.CSV, TupleQueryResultFormat.TSV)).orElseThrow();
            try (TupleQueryResult rows = QueryResultIO.parseTuple(bytes(r), format, null)) {
                List<BindingSet> list = QueryResults.asList(rows);
                assertEquals(1, list.size());
                assertEquals("1", list.get(0).getValue("value").stringValue());
            }
        }
    }

    /**
     * Seal: none beyond data0.rdf. ASK answers in SPARQL JSON or XML; asked for CSV only, which has no boolean
     * form, it is 406 naming the types it can send instead of a text/boolean nobody asked for.
     */
    @Test
    void query_content_type_ask() throws Exception {
        assertRefusedDataset(send("POST", "/sparql/?default-graph-uri=" + enc(DATA + "data0.rdf"), QUERY, "ASK {}"));
        HttpResponse<String> r = send("POST", "/sparql/", QUERY, "ASK {}");
        assertTrue(type(r).equals(JSON) || type(r).equals("application/sparql-results+xml"), type(r));
        assertBoolean(true, r);
        HttpResponse<String> csv = send("POST", "/sparql/", QUERY, "ASK {}", "Accept", "text/csv");
        assertEquals(406, csv.statusCode(), csv.body());
        assertTrue(csv.body().contains("application/sparql-results+json"), csv.body());
        HttpResponse<String> fallback = send("POST", "/sparql/", QUERY, "ASK {}", "Accept",
                "text/csv, application/sparql-results+xml;q=0.5");
        assertEquals("application/sparql-results+xml", type(fallback));
    }

    /** Seal: none beyond data0.rdf; DESCRIBE of an IRI the graph does not hold answers an empty RDF document. */
    @Test
    void query_content_type_describe() throws Exception {
        assertRefusedDataset(send("POST", "/sparql/?default-graph-uri=" + enc(DATA + "data0.rdf"), QUERY, "DESCRIBE <http://example.org/>"));
        HttpResponse<String> r = send("POST", "/sparql/", QUERY, "DESCRIBE <http://example.org/>");
        assertEquals(200, r.statusCode(), r.body());
        RDFFormat format = Rio.getParserFormatForMIMEType(type(r)).orElseThrow();
        assertEquals(0, Rio.parse(bytes(r), "", format).size());
    }

    /**
     * Seal: none beyond data0.rdf. The relative IRIs {@code <s>} and {@code <p>} resolve against the service base
     * IRI, the endpoint's URL (without it the parser answered "Not a valid (absolute) IRI").
     */
    @Test
    void query_content_type_construct() throws Exception {
        assertRefusedDataset(send("POST", "/sparql/?default-graph-uri=" + enc(DATA + "data0.rdf"), QUERY, "CONSTRUCT { <s> <p> 1 } WHERE {}"));
        HttpResponse<String> r = send("POST", "/sparql/", QUERY, "CONSTRUCT { <s> <p> 1 } WHERE {}");
        assertEquals(200, r.statusCode(), r.body());
        Model m = Rio.parse(bytes(r), "", Rio.getParserFormatForMIMEType(type(r)).orElseThrow());
        assertEquals(1, m.size());
        Statement st = m.iterator().next();
        assertEquals(endpoint.url() + "s", st.getSubject().stringValue());
        assertEquals(endpoint.url() + "p", st.getPredicate().stringValue());
        HttpResponse<String> sd = send("GET", "/sparql", null, null);
        assertTrue(sd.body().contains("<" + endpoint.url() + "sparql>") && sd.body().contains("Base IRI"), sd.body());
    }

    // ------------------------------------------------------------------ updates

    /**
     * Seal: the manifest's update CLEARs every graph and writes data1.rdf; using-graph-uri names data1.rdf: 400
     * before anything runs. Naming the served graph, the WHERE clause reads it and the insert lands in it.
     */
    @Test
    void update_dataset_default_graph() throws Exception {
        String w3c = "PREFIX dc: <http://purl.org/dc/terms/>\nPREFIX foaf: <http://xmlns.com/foaf/0.1/>\nCLEAR ALL ;\n"
                + "INSERT DATA {\n    GRAPH <" + DATA + "data1.rdf> {\n        <" + DATA + "data1.rdf> a foaf:Document\n    }\n} ;\n"
                + "INSERT {\n    GRAPH <http://example.org/protocol-update-dataset-test/> {\n        ?s a dc:BibliographicResource\n"
                + "    }\n}\nWHERE {\n    ?s a foaf:Document\n}";
        assertRefusedDataset(update("/sparql/?using-graph-uri=" + enc(DATA + "data1.rdf"), w3c));
        assertEquals(204, update("/sparql/?using-graph-uri=" + enc(served),
                "INSERT { ?s a <urn:test:Parent> } WHERE { ?s " + PARENT + " ?o }").statusCode());
        assertBoolean(true, send("POST", "/sparql/", QUERY, "ASK { <" + ServeFixture.entity(5) + "> a <urn:test:Parent> }"));
        assertEquals(204, update("/sparql/", "DELETE WHERE { ?s a <urn:test:Parent> }").statusCode());
    }

    /** Seal: DROP ALL and graphs data1-3 are refused (400 for the graphs named); the served graph twice works. */
    @Test
    void update_dataset_default_graphs() throws Exception {
        String w3c = "PREFIX foaf: <http://xmlns.com/foaf/0.1/>\nDROP ALL ;\nINSERT DATA {\n    GRAPH <" + DATA
                + "data1.rdf> { <" + DATA + "data1.rdf> a foaf:Document }\n}";
        assertRefusedDataset(update("/sparql/?using-graph-uri=" + enc(DATA + "data1.rdf") + "&using-graph-uri="
                + enc(DATA + "data2.rdf"), w3c));
        assertEquals(204, update("/sparql/?using-graph-uri=" + enc(served) + "&using-graph-uri=" + enc(served),
                "INSERT { ?s a <urn:test:Parent> } WHERE { ?s " + PARENT + " ?o }").statusCode());
        assertBoolean(true, send("POST", "/sparql/", QUERY, "ASK { <" + ServeFixture.entity(2) + "> a <urn:test:Parent> }"));
        assertEquals(204, update("/sparql/", "DELETE WHERE { ?s a <urn:test:Parent> }").statusCode());
    }

    /**
     * Seal: named data1.rdf and data2.rdf are refused. With the served graph as the one named graph the WHERE clause's
     * default graph is empty, as the protocol says, so the insert finds nothing; GRAPH in an update's WHERE stays
     * refused (the seal's update guard), so the named graph cannot be read there.
     */
    @Test
    void update_dataset_named_graphs() throws Exception {
        assertRefusedDataset(update("/sparql/?using-named-graph-uri=" + enc(DATA + "data1.rdf") + "&using-named-graph-uri="
                + enc(DATA + "data2.rdf"), "INSERT { ?s a <urn:test:Seen> } WHERE { GRAPH ?g { ?s ?p ?o } }"));
        assertEquals(204, update("/sparql/?using-named-graph-uri=" + enc(served),
                "INSERT { ?s a <urn:test:Seen> } WHERE { ?s ?p ?o }").statusCode());
        assertBoolean(false, send("POST", "/sparql/", QUERY, "ASK { ?s a <urn:test:Seen> }"));
        HttpResponse<String> graph = update("/sparql/?using-named-graph-uri=" + enc(served),
                "INSERT { ?s a <urn:test:Seen> } WHERE { GRAPH ?g { ?s ?p ?o } }");
        assertEquals(403, graph.statusCode(), graph.body());
    }

    /** Seal: data1.rdf and data2.rdf are refused; the served graph as both default and named graph works. */
    @Test
    void update_dataset_full() throws Exception {
        assertRefusedDataset(update("/sparql/?using-graph-uri=" + enc(DATA + "data1.rdf") + "&using-named-graph-uri="
                + enc(DATA + "data2.rdf"), "INSERT { ?s <urn:test:in> \"default\" } WHERE { ?s a ?t }"));
        assertEquals(204, update("/sparql/?using-graph-uri=" + enc(served) + "&using-named-graph-uri=" + enc(served),
                "INSERT { ?s <urn:test:in> \"default\" } WHERE { ?s " + PARENT + " ?o }").statusCode());
        assertBoolean(true, send("POST", "/sparql/", QUERY, "ASK { <" + ServeFixture.entity(2) + "> <urn:test:in> \"default\" }"));
        assertEquals(204, update("/sparql/", "DELETE WHERE { ?s <urn:test:in> ?o }").statusCode());
    }

    /**
     * Seal: CLEAR ALL would empty the benchmark's graphs: refused with 403 and nothing changes; without the token
     * 401; on a read-only endpoint 403. An update the seal allows, sent the same way, is applied (204).
     */
    @Test
    void update_post_form() throws Exception {
        HttpResponse<String> clear = send("POST", "/sparql/", FORM, "update=CLEAR+ALL", "Authorization", "Bearer " + TOKEN);
        assertEquals(403, clear.statusCode(), clear.body());
        assertEquals(401, send("POST", "/sparql/", FORM, "update=CLEAR+ALL").statusCode());
        assertEquals(403, sendTo(readOnly, "POST", "/sparql/", FORM, "update=CLEAR+ALL").statusCode());
        assertEquals(204, send("POST", "/sparql/", FORM, "update=" + enc("INSERT DATA { <urn:test:a> <urn:test:b> <urn:test:c> }"),
                "Authorization", "Bearer " + TOKEN).statusCode());
        assertEquals(204, update("/sparql/", "DELETE DATA { <urn:test:a> <urn:test:b> <urn:test:c> }").statusCode());
    }

    /** Seal: as the form: CLEAR ALL is 403; an INSERT DATA on the served graph is 204. */
    @Test
    void update_post_direct() throws Exception {
        assertEquals(403, update("/sparql/", "CLEAR ALL").statusCode());
        assertEquals(204, update("/sparql/", "INSERT DATA { <urn:test:a> <urn:test:b> <urn:test:c> }").statusCode());
        assertBoolean(true, send("POST", "/sparql/", QUERY, "ASK { <urn:test:a> <urn:test:b> <urn:test:c> }"));
        assertEquals(204, update("/sparql/", "DELETE DATA { <urn:test:a> <urn:test:b> <urn:test:c> }").statusCode());
    }

    /**
     * Seal: the manifest's update CLEARs and writes another graph (403). Written into the served graph, {@code <test>}
     * resolves against the service base IRI, the endpoint's URL, and the manifest's ASK holds.
     */
    @Test
    void update_base_uri() throws Exception {
        assertEquals(403, update("/sparql/", "CLEAR SILENT GRAPH <http://example.org/protocol-base-test/> ;\nINSERT DATA "
                + "{ GRAPH <http://example.org/protocol-base-test/> { <http://example.org/s> <http://example.org/p> <test> } }")
                .statusCode());
        assertEquals(204, update("/sparql/", "INSERT DATA { <http://example.org/s> <http://example.org/p> <test> }").statusCode());
        assertBoolean(true, send("POST", "/sparql/", QUERY, "ASK {\n    <http://example.org/s> <http://example.org/p> ?o\n"
                + "    FILTER (isIRI(?o) && STR(?o) != \"test\")\n}"));
        assertBoolean(true, send("POST", "/sparql/", QUERY, "ASK { <http://example.org/s> <http://example.org/p> <"
                + endpoint.url() + "test> }"));
        assertEquals(204, update("/sparql/", "DELETE WHERE { <http://example.org/s> ?p ?o }").statusCode());
    }

    /** Seal: none. */
    @Test
    void query_post_direct() throws Exception {
        assertBoolean(true, send("POST", "/sparql/", QUERY, "ASK {}"));
    }

    // ------------------------------------------------------------------ bad requests

    /** Seal: none: PUT is 405 with the methods this path takes. */
    @Test
    void bad_query_method() throws Exception {
        HttpResponse<String> r = send("PUT", "/sparql/?query=ASK%20%7B%7D&default-graph-uri=" + enc(DATA + "data0.rdf"), FORM, "");
        assertEquals(405, r.statusCode(), r.body());
        assertTrue(r.headers().firstValue("Allow").orElse("").contains("POST"));
    }

    /** Seal: none: two queries are 400, by GET and by form POST, instead of one of them run. */
    @Test
    void bad_multiple_queries() throws Exception {
        assertBad(400, "given 2 times", send("GET", "/sparql/?query=ASK%20%7B%7D&query=SELECT%20%2A%20%7B%7D", null, null));
        assertBad(400, "given 2 times", send("POST", "/sparql/", FORM, "query=ASK%20%7B%7D&query=SELECT%20%2A%20%7B%7D"));
    }

    /** Seal: none. */
    @Test
    void bad_query_wrong_media_type() throws Exception {
        assertBad(415, "Content-Type", send("POST", "/sparql/", "text/plain", "ASK {}"));
    }

    /** Seal: none: a form body without its type is 415, not read as a form. */
    @Test
    void bad_query_missing_form_type() throws Exception {
        assertBad(415, "Content-Type", send("POST", "/sparql/", null, "query=ASK%20%7B%7D"));
    }

    /** Seal: none. */
    @Test
    void bad_query_missing_direct_type() throws Exception {
        assertBad(415, "Content-Type", send("POST", "/sparql/", null, "ASK {}"));
    }

    /** Seal: none: a UTF-16 label is 415; UTF-16 bytes under no label are 400 (not UTF-8). */
    @Test
    void bad_query_non_utf8() throws Exception {
        assertBad(415, "UTF-8", sendBytes("POST", "/sparql/", QUERY + "; charset=UTF-16", "ASK {}".getBytes(StandardCharsets.UTF_16)));
        assertBad(400, "not UTF-8", sendBytes("POST", "/sparql/", QUERY, "ASK {}".getBytes(StandardCharsets.UTF_16)));
    }

    /** Seal: none. */
    @Test
    void bad_query_syntax() throws Exception {
        assertBad(400, "malformed SPARQL", send("GET", "/sparql/?query=ASK%20%7B", null, null));
    }

    /** Seal: none: an update by GET is 405 (Allow: POST), on read-only and writable endpoints alike. */
    @Test
    void bad_update_get() throws Exception {
        HttpResponse<String> r = send("GET", "/sparql/?update=CLEAR%20ALL", null, null);
        assertEquals(405, r.statusCode(), r.body());
        assertEquals("POST", r.headers().firstValue("Allow").orElse(""));
        assertEquals(405, sendTo(readOnly, "GET", "/sparql/?update=CLEAR%20ALL", null, null).statusCode());
    }

    /** Seal: none: two updates are 400 (before the seal's 403 for CLEAR), instead of the first applied. */
    @Test
    void bad_multiple_updates() throws Exception {
        assertBad(400, "given 2 times", send("POST", "/sparql/", FORM, "update=CLEAR%20NAMED&update=CLEAR%20DEFAULT",
                "Authorization", "Bearer " + TOKEN));
        assertBad(400, "given 2 times", send("POST", "/sparql/", FORM, "update=" + enc("INSERT DATA { <urn:test:a> <urn:test:b> 1 }")
                + "&update=" + enc("INSERT DATA { <urn:test:a> <urn:test:b> 2 }"), "Authorization", "Bearer " + TOKEN));
    }

    /** Seal: none. */
    @Test
    void bad_update_wrong_media_type() throws Exception {
        assertBad(415, "Content-Type", send("POST", "/sparql/", "text/plain", "CLEAR NAMED", "Authorization", "Bearer " + TOKEN));
    }

    /** Seal: none. */
    @Test
    void bad_update_missing_form_type() throws Exception {
        assertBad(415, "Content-Type", send("POST", "/sparql/", null, "update=CLEAR%20NAMED", "Authorization", "Bearer " + TOKEN));
    }

    /** Seal: none. */
    @Test
    void bad_update_non_utf8() throws Exception {
        assertBad(415, "UTF-8", sendBytes("POST", "/sparql/", UPDATE + "; charset=UTF-16", "CLEAR NAMED".getBytes(StandardCharsets.UTF_16),
                "Authorization", "Bearer " + TOKEN));
    }

    /** Seal: a read-only endpoint refuses the update (403) before reading it; with the token it is 400. */
    @Test
    void bad_update_syntax() throws Exception {
        assertBad(400, "malformed SPARQL", send("POST", "/sparql/", FORM, "update=CLEAR%20XYZ", "Authorization", "Bearer " + TOKEN));
        assertBad(403, "read-only", sendTo(readOnly, "POST", "/sparql/", FORM, "update=CLEAR%20XYZ"));
    }

    /** Seal: none: using-named-graph-uri with WITH is 400, even when both name the served graph. */
    @Test
    void bad_update_dataset_conflict() throws Exception {
        String w3c = "PREFIX foaf:  <http://xmlns.com/foaf/0.1/>\nWITH <http://example/addresses>\nDELETE { ?person foaf:givenName 'Bill' }\n"
                + "INSERT { ?person foaf:givenName 'William' }\nWHERE {\n    ?person foaf:givenName 'Bill'\n}";
        assertBad(400, "give the graphs one way", update("/sparql/?using-named-graph-uri=" + enc("http://example/people"), w3c));
        assertBad(400, "give the graphs one way", update("/sparql/?using-graph-uri=" + enc(served), "WITH <" + served
                + "> DELETE { ?s <urn:test:none> ?o } WHERE { ?s <urn:test:none> ?o }"));
    }

    /**
     * Not in the SPARQL 1.1 manifest: the SPARQL 1.2 Protocol's version parameter. One value, and one this endpoint's
     * parser reads (1.1); two of them, or another version, are 400 instead of a guess at which was meant.
     */
    @Test
    void version_parameter() throws Exception {
        assertBoolean(true, send("GET", "/sparql/?query=ASK%20%7B%7D&version=1.1", null, null));
        assertBad(400, "given 2 times", send("GET", "/sparql/?query=ASK%20%7B%7D&version=1.1&version=1.2", null, null));
        assertBad(400, "not supported", send("GET", "/sparql/?query=ASK%20%7B%7D&version=1.2", null, null));
    }

    // ------------------------------------------------------------------ helpers

    private HttpResponse<String> update(String pathAndQuery, String update) throws Exception {
        return send("POST", pathAndQuery, UPDATE, update, "Authorization", "Bearer " + TOKEN);
    }

    private HttpResponse<String> send(String method, String pathAndQuery, String contentType, String body, String... headers)
            throws Exception {
        return sendTo(endpoint, method, pathAndQuery, contentType, body, headers);
    }

    private HttpResponse<String> sendTo(LacunaEndpoint to, String method, String pathAndQuery, String contentType, String body,
            String... headers) throws Exception {
        return sendBytes(to, method, pathAndQuery, contentType, body == null ? null : body.getBytes(StandardCharsets.UTF_8), headers);
    }

    private HttpResponse<String> sendBytes(String method, String pathAndQuery, String contentType, byte[] body, String... headers)
            throws Exception {
        return sendBytes(endpoint, method, pathAndQuery, contentType, body, headers);
    }

    private HttpResponse<String> sendBytes(LacunaEndpoint to, String method, String pathAndQuery, String contentType,
            byte[] body, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(to.url() + pathAndQuery.substring(1)))
                .timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        boolean accept = false;
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
            accept |= headers[i].equals("Accept");
        }
        if (!accept) {
            b.header("Accept", JSON + ", application/sparql-results+xml;q=0.9, text/turtle;q=0.8");
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private void assertRefusedDataset(HttpResponse<String> r) {
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(r.body().contains("this path serves one graph, <" + served + ">"), r.body());
        assertEquals(1, r.body().strip().lines().count(), r.body());
    }

    private static void assertBad(int status, String reason, HttpResponse<String> r) {
        assertEquals(status, r.statusCode(), r.body());
        assertTrue(r.body().contains(reason), r.body());
        assertEquals(1, r.body().strip().lines().count(), "one line: " + r.body());
    }

    private static void assertBoolean(boolean expected, HttpResponse<String> r) throws Exception {
        assertEquals(200, r.statusCode(), r.body());
        BooleanQueryResultFormat format = BooleanQueryResultFormat.matchMIMEType(type(r),
                List.of(BooleanQueryResultFormat.JSON, BooleanQueryResultFormat.SPARQL)).orElseThrow();
        assertEquals(expected, QueryResultIO.parseBoolean(bytes(r), format));
    }

    private static String type(HttpResponse<String> r) {
        return r.headers().firstValue("Content-Type").orElse("").split(";")[0].strip();
    }

    private static ByteArrayInputStream bytes(HttpResponse<String> r) {
        return new ByteArrayInputStream(r.body().getBytes(StandardCharsets.UTF_8));
    }

    private Map<String, Long> sizes() {
        try (RepositoryConnection c = store.getConnection()) {
            return Map.of(served, c.size(ServeFixture.KG.incomplete()), ServeFixture.KG.complete().stringValue(),
                    c.size(ServeFixture.KG.complete()));
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
