package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.nativerdf.NativeStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.store.LacunaVocab;
import dev.lacuna.testing.FreebaseClient;
import dev.lacuna.view.KgView;
import dev.lacuna.view.LabelMode;
import dev.lacuna.view.Shape;

/**
 * The Freebase-shaped view with each label mode, queried with ToG's, PoG's and GoG's own query shapes: from Java
 * through SPARQLRepository, and from Python through SPARQLWrapper as those systems send them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FreebaseViewTest {
    private static final String PYTHON = "/usr/bin/python3";
    private Repository store;
    private Path dir;

    @BeforeAll
    void load(@TempDir Path dir) {
        this.dir = dir;
        store = new SailRepository(new NativeStore(dir.resolve("store").toFile()));
        store.init();
        ServeFixture.load(store);
    }

    @AfterAll
    void close() {
        store.shutDown();
    }

    private LacunaEndpoint start(LabelMode labels, Shape shape, boolean compat) {
        return LacunaEndpoint.builder().repository(store).kg(ServeFixture.KG).port(0).labels(labels).shape(shape)
                .expose(Exposure.parse("complete,incomplete")).compat(compat).build().start();
    }

    /** The fixture's triple in the Freebase shape, as "m.H relation m.T". */
    private static String freebase(Object[] t) {
        return "m." + t[0] + " " + KgView.dottedName((String) t[1]) + " m." + t[2];
    }

    private static List<String> select(String endpoint, String query, String var) {
        return FreebaseClient.select(endpoint, query, var);
    }

    @Test
    void togTemplatesFromJavaInEveryLabelMode() {
        for (LabelMode mode : LabelMode.values()) {
            LacunaEndpoint endpoint = start(mode, Shape.FREEBASE, true);
            try {
                String complete = endpoint.url() + "sparql/complete";
                String incomplete = endpoint.url() + "sparql/incomplete";
                String headRelations = "\nPREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT ?relation\nWHERE {\n  ns:%s ?relation ?x .\n}";
                assertEquals(Set.of("people.person.parent", "people.person.sibling", "type.object.name"),
                        new HashSet<>(select(complete, String.format(headRelations, "m.5"), "relation")));
                // m.5 sibling m.2 is a deleted triple: the relation is gone from incomplete
                assertEquals(Set.of("people.person.parent", "type.object.name"),
                        new HashSet<>(select(incomplete, String.format(headRelations, "m.5"), "relation")));
                String tails = "PREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT ?tailEntity\nWHERE {\nns:%s ns:%s ?tailEntity .\n}";
                assertEquals(Set.of("m.0", "m.1"), new HashSet<>(select(incomplete,
                        String.format(tails, "m.2", "people.person.parent"), "tailEntity")));
                String name = "PREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT DISTINCT ?tailEntity\nWHERE {\n  {\n"
                        + "    ?entity ns:type.object.name ?tailEntity .\n    FILTER(?entity = ns:%s)\n  }\n  UNION\n  {\n"
                        + "    ?entity <http://www.w3.org/2002/07/owl#sameAs> ?tailEntity .\n    FILTER(?entity = ns:%s)\n  }\n}";
                String expected = switch (mode) {
                    case PRIVATE -> "0";
                    case SOURCE -> ServeFixture.SOURCE_IDS[0];
                    case TEXT -> ServeFixture.TEXT[0];
                };
                assertEquals(List.of(expected), select(incomplete, String.format(name, "m.0", "m.0"), "tailEntity"));
                // Only relation triples and one name per entity: nothing else to see
                assertEquals(ServeFixture.TRIPLES.length + ServeFixture.SOURCE_IDS.length,
                        select(complete, "SELECT ?s WHERE { ?s ?p ?o }", "s").size());
            } finally {
                endpoint.stop();
            }
        }
    }

    @Test
    void gogRegexOnIrisNeedsTheCompatibilityMode() {
        String gog = "PREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT DISTINCT ?p WHERE { ns:m.2 ?p ?o . "
                + "FILTER regex(?p, \"^http://rdf.freebase.com/ns/people\") }";
        LacunaEndpoint strict = start(LabelMode.PRIVATE, Shape.FREEBASE, false);
        try {
            assertEquals(List.of(), select(strict.url() + "sparql/incomplete", gog, "p"), "standard SPARQL: no rows");
        } finally {
            strict.stop();
        }
        LacunaEndpoint compat = start(LabelMode.PRIVATE, Shape.FREEBASE, true);
        try {
            assertEquals(Set.of("people.person.parent", "people.person.sibling"),
                    new HashSet<>(select(compat.url() + "sparql/incomplete", gog, "p")));
        } finally {
            compat.stop();
        }
    }

    /**
     * A client written against a Virtuoso-hosted Freebase dump may say FROM <http://freebase.com>: in the Freebase
     * shape that names the served graph. Any other graph in FROM is refused with a 400 naming the served one.
     */
    @Test
    void fromTheFreebaseGraphNameMeansTheServedGraph() throws Exception {
        LacunaEndpoint endpoint = start(LabelMode.PRIVATE, Shape.FREEBASE, true);
        try {
            String url = endpoint.url() + "sparql/incomplete";
            String tails = "PREFIX ns: <http://rdf.freebase.com/ns/>\nSELECT ?t FROM <http://freebase.com> WHERE "
                    + "{ ns:m.2 ns:people.person.parent ?t }";
            assertEquals(Set.of("m.0", "m.1"), new HashSet<>(select(url, tails, "t")));
            HttpResponse<String> other = HttpClient.newHttpClient().send(
                    HttpRequest.newBuilder(URI.create(url + "?query=" + URLEncoder.encode(
                            "SELECT * FROM <http://example.org/other> WHERE { ?s ?p ?o }", StandardCharsets.UTF_8))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(400, other.statusCode(), other.body());
            assertTrue(other.body().contains("<" + ServeFixture.KG.incomplete() + ">"), other.body());
        } finally {
            endpoint.stop();
        }
    }

    @Test
    void plainViewAddsOneLabelPerEntityAndKeepsIris() {
        LacunaEndpoint endpoint = start(LabelMode.TEXT, Shape.PLAIN, false);
        try {
            List<String> labels = select(endpoint.url() + "sparql/incomplete", "SELECT ?l WHERE { <"
                    + ServeFixture.entity(3) + "> <http://www.w3.org/2000/01/rdf-schema#label> ?l }", "l");
            assertEquals(List.of(ServeFixture.TEXT[3]), labels);
            // no source ids or private ids leak into the view
            for (String path : List.of("sparql/incomplete", "sparql/complete")) {
                assertEquals(List.of(), select(endpoint.url() + path, "SELECT ?o WHERE { ?s <"
                        + LacunaVocab.SOURCE_ID + "> ?o }", "o"));
            }
        } finally {
            endpoint.stop();
        }
    }

    @Test
    void pythonSparqlWrapperReplaysTogAndPogTemplates() throws Exception {
        Path script = dir.resolve("kgrag_clients.py");
        try (InputStream in = FreebaseViewTest.class.getResourceAsStream("kgrag_clients.py")) {
            Files.copy(in, script);
        }
        LacunaEndpoint endpoint = start(LabelMode.TEXT, Shape.FREEBASE, true);
        JsonNode out;
        try {
            List<String> command = new ArrayList<>(List.of(PYTHON, script.toString(), endpoint.url()));
            for (int i = 0; i < ServeFixture.SOURCE_IDS.length; i++) {
                command.add("m." + i);
            }
            out = runPython(command);
        } finally {
            endpoint.stop();
        }
        Map<String, Set<String>> triples = Map.of("complete", new HashSet<>(), "incomplete", new HashSet<>());
        for (String graph : triples.keySet()) {
            JsonNode entities = out.get(graph);
            for (int i = 0; i < ServeFixture.SOURCE_IDS.length; i++) {
                JsonNode e = entities.get("m." + i);
                assertEquals(ServeFixture.TEXT[i], e.get("name").asText());
                assertEquals(1, e.get("names").asInt(), "one type.object.name per entity");
                String id = "m." + i;
                e.get("head").fields().forEachRemaining(r -> r.getValue()
                        .forEach(t -> triples.get(graph).add(id + " " + r.getKey() + " " + t.asText())));
                e.get("tail").fields().forEachRemaining(r -> r.getValue()
                        .forEach(h -> triples.get(graph).add(h.asText() + " " + r.getKey() + " " + id)));
            }
        }
        Set<String> expectedComplete = new HashSet<>();
        for (Object[] t : ServeFixture.TRIPLES) {
            expectedComplete.add(freebase(t));
        }
        Set<String> removed = new HashSet<>();
        for (int i : ServeFixture.REMOVED) {
            removed.add(freebase(ServeFixture.TRIPLES[i]));
        }
        assertEquals(expectedComplete, triples.get("complete"));
        Set<String> diff = new HashSet<>(triples.get("complete"));
        diff.removeAll(triples.get("incomplete"));
        assertEquals(removed, diff, "incomplete differs from complete by exactly the removed triples");
        assertTrue(triples.get("complete").containsAll(triples.get("incomplete")));
        List<String> gog = new ArrayList<>();
        out.get("gog_regex").get("incomplete").forEach(n -> gog.add(n.asText()));
        assertEquals(List.of("people.person.spouse"), gog, "GoG regex on predicate IRIs of m.0");
    }

    private static JsonNode runPython(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(false).start();
        byte[] stdout;
        byte[] stderr;
        try (InputStream out = p.getInputStream(); InputStream err = p.getErrorStream()) {
            stdout = out.readAllBytes();
            stderr = err.readAllBytes();
        }
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), "python failed: " + new String(stderr, StandardCharsets.UTF_8));
        return new ObjectMapper().readTree(stdout);
    }

    static Set<String> lines(List<Statement> statements) {
        return ServeFixture.lines(statements);
    }
}
