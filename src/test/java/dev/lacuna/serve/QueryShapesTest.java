package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.query.parser.ParsedBooleanQuery;
import org.eclipse.rdf4j.query.parser.ParsedOperation;
import org.eclipse.rdf4j.query.parser.ParsedQuery;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.repository.sail.SailRepositoryConnection;
import org.eclipse.rdf4j.query.BooleanQuery;
import org.eclipse.rdf4j.query.TupleQuery;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.lacuna.store.SparqlFiles;

/**
 * A query answered from its shape's algebra must get exactly the rows its own parse gets: each query below is
 * evaluated both ways on one small graph, after a first query of the same shape with other IRIs.
 */
class QueryShapesTest {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final String NS = "http://example.org/";
    private static final String BASE = "http://127.0.0.1:7878/sparql";
    private static Repository repo;

    @BeforeAll
    static void graph() {
        repo = new SailRepository(new MemoryStore());
        repo.init();
        try (RepositoryConnection c = repo.getConnection()) {
            String[][] triples = {{"a", "parent", "b"}, {"b", "parent", "c"}, {"a", "spouse", "d"}, {"d", "spouse", "a"},
                {"c", "sibling", "e"}, {"e", "name", "\"Eve\""}, {"a", "type", "Person"}, {"b", "type", "Person"}};
            for (String[] t : triples) {
                IRI p = t[1].equals("type") ? RDF.TYPE : iri(t[1]);
                c.add(iri(t[0]), p, t[2].startsWith("\"") ? VF.createLiteral(t[2].replace("\"", "")) : iri(t[2]));
            }
        }
    }

    @AfterAll
    static void close() {
        repo.shutDown();
    }

    private static IRI iri(String local) {
        return VF.createIRI(NS + local);
    }

    private static String tog(String file, String entity, String relation) {
        return SparqlFiles.load(file).replace("{{entity}}", "<" + NS + entity + ">")
                .replace("{{relation}}", "<" + NS + relation + ">").replace("{{name}}", "<" + NS + "name>");
    }

    @Test
    void anIriTakenAsNormalOnSightIsWhatParsedIriMakesOfIt() {
        // The quick test may say "don't know" (false) for a normal IRI, never "normal" for one the parser changes.
        List<String> iris = new ArrayList<>(List.of("http://rdf.freebase.com/ns/m.0abc", "https://lacuna.dev/kg/fb/e/12",
                "urn:lacuna:no-named-graphs", "http://Example.org/a", "HTTP://example.org/a", "http://example.org",
                "http://example.org:80/a", "http://u@example.org/a", "http://[::1]/a", "http://example.org/a/../b",
                "http://example.org/./b", "urn:./x", "urn:x/../y", "http://example.org/a%2fb", "http://example.org/a?b#c",
                "mailto:a@b", "x-y+z.w:opaque", "1http://a/b", "http:///a", "http://example.org./a", "http:a",
                "http://example.org//a", "tag:a,b:c", "urn:", "http://exa_mple.org/a", "http://example.org/a b"));
        java.util.Random random = new java.util.Random(7);
        String[] schemes = {"http", "https", "urn", "HTTP", "x+y", "a1", "1a", ""};
        String[] hosts = {"//example.org", "//Example.org", "//a", "//", "//127.0.0.1", "//a:80", "//[::1]", "//u@h", ""};
        String chars = "abcXYZ019-._~/:@!$&'()*+,;=?#%[] ";
        for (int k = 0; k < 20_000; k++) {
            StringBuilder b = new StringBuilder(schemes[random.nextInt(schemes.length)]).append(':')
                    .append(hosts[random.nextInt(hosts.length)]);
            for (int len = random.nextInt(12); len > 0; len--) {
                b.append(chars.charAt(random.nextInt(chars.length())));
            }
            iris.add(b.toString());
        }
        int normal = 0;
        for (String iri : iris) {
            if (QueryShapes.alreadyNormal(iri)) {
                normal++;
                org.eclipse.rdf4j.common.net.ParsedIRI parsed = org.eclipse.rdf4j.common.net.ParsedIRI.create(iri);
                assertEquals(true, parsed.isAbsolute(), iri);
                assertEquals(iri, parsed.toString(), iri);
                assertEquals(iri, parsed.normalize().toString(), iri);
            }
        }
        assertEquals(true, normal > 300, "the quick test said normal " + normal + " times");
        assertEquals(true, QueryShapes.alreadyNormal("http://rdf.freebase.com/ns/m.0abc"));
    }

    @Test
    void togTemplatesFromTheirShapeGetTheRowsOfTheirOwnParse() {
        QueryShapes shapes = new QueryShapes(16);
        List<String> queries = new ArrayList<>();
        for (String entity : List.of("a", "b", "c", "d", "e", "nobody")) {
            for (String file : List.of("tog-head-relations.rq", "tog-tail-relations.rq", "tog-tail-entities.rq",
                    "tog-head-entities.rq", "tog-entity-name.rq")) {
                queries.add(tog(file, entity, entity.equals("a") ? "spouse" : "parent"));
            }
        }
        for (String q : queries) {
            assertSameRows(shapes, q);
        }
        assertEquals(queries.size() - 5, shapes.reused(), "every query after the first of its template is reused");
    }

    @Test
    void whatCouldChangeTheAlgebraStaysInTheShape() {
        String[][] pairs = {
            // the same IRI twice, then two different ones: one slot each, set apart
            {"SELECT ?x { <" + NS + "a> <" + NS + "spouse> ?x . ?x <" + NS + "spouse> <" + NS + "a> }",
                "SELECT ?x { <" + NS + "d> <" + NS + "spouse> ?x . ?x <" + NS + "spouse> <" + NS + "a> }"},
            // an IRI that a prefixed name or `a` also writes: only the written-out one is a slot
            {"PREFIX ex: <" + NS + "> SELECT ?x { ?x a ex:Person . ?x <" + RDF.TYPE + "> <" + NS + "Person> }",
                "PREFIX ex: <" + NS + "> SELECT ?x { ?x a ex:Person . ?x <" + NS + "parent> <" + NS + "c> }"},
            // the prologue's IRI is never a slot: other prefixes are other shapes
            {"PREFIX ex: <" + NS + "> SELECT ?x { ex:a ex:parent ?x }", "PREFIX ex: <http://other.org/> SELECT ?x { ex:a ex:parent ?x }"},
            // comments and strings are kept as they are
            {"SELECT ?x { ?x <" + NS + "name> ?n FILTER(?n != \"<" + NS + "a>\") } # <" + NS + "a>",
                "SELECT ?x { ?x <" + NS + "name> ?n FILTER(?n != \"<" + NS + "b>\") } # <" + NS + "b>"},
            // a datatype and a function name are part of the shape
            {"SELECT ?x { ?x <" + NS + "parent> ?y FILTER(<http://www.w3.org/2001/XMLSchema#string>(?y) != \"1\"^^<http://www.w3.org/2001/XMLSchema#integer>) }",
                "SELECT ?x { ?x <" + NS + "parent> ?y FILTER(<http://www.w3.org/2001/XMLSchema#string>(?y) != \"1\"^^<http://www.w3.org/2001/XMLSchema#string>) }"},
            // VALUES, paths and sub-selects are parsed every time
            {"SELECT ?x { VALUES ?s { <" + NS + "a> } ?s <" + NS + "parent> ?x }", "SELECT ?x { VALUES ?s { <" + NS + "b> } ?s <" + NS + "parent> ?x }"},
            {"SELECT ?x { <" + NS + "a> <" + NS + "parent>+ ?x }", "SELECT ?x { <" + NS + "a> <" + NS + "spouse>+ ?x }"},
            {"SELECT ?x { <" + NS + "a> ^<" + NS + "spouse> ?x }", "SELECT ?x { <" + NS + "b> ^<" + NS + "parent> ?x }"},
            // a FILTER constant and a swap of two IRIs
            {"SELECT ?x { ?x <" + NS + "parent> ?y FILTER(?y = <" + NS + "b> || ?x = <" + NS + "b>) }",
                "SELECT ?x { ?x <" + NS + "parent> ?y FILTER(?y = <" + NS + "c> || ?x = <" + NS + "a>) }"},
            {"SELECT ?x { <" + NS + "a> <" + NS + "parent> ?x }", "SELECT ?x { <" + NS + "parent> <" + NS + "a> ?x }"},
            // a relative IRI is resolved against the base: never a slot
            {"SELECT ?x { <a> ?p ?x }", "SELECT ?x { <b> ?p ?x }"},
        };
        for (String[] pair : pairs) {
            QueryShapes shapes = new QueryShapes(16);
            assertSameRows(shapes, pair[0]);
            assertSameRows(shapes, pair[1]);
            assertSameRows(shapes, pair[0]);
        }
    }

    @Test
    void askQueriesAreReusedToo() {
        QueryShapes shapes = new QueryShapes(16);
        for (String o : List.of("b", "c", "b")) {
            String q = "ASK { <" + NS + "a> <" + NS + "parent> <" + NS + o + "> }";
            ParsedOperation cached = shapes.parse(q, BASE);
            assertEquals(evaluate((ParsedQuery) QueryRunner.parse(q, BASE)), evaluate((ParsedQuery) cached), q);
        }
        assertEquals(2, shapes.reused());
    }

    @Test
    void onlyATextToBeParsedIsScannedFirst() {
        // The nesting scan runs before a parse; a text of a known shape is not parsed, so it is not scanned again.
        QueryShapes shapes = new QueryShapes(16);
        java.util.concurrent.atomic.AtomicInteger scans = new java.util.concurrent.atomic.AtomicInteger();
        for (String o : List.of("b", "c", "d")) {
            shapes.parse("SELECT ?x { <" + NS + o + "> <" + NS + "parent> ?x }", BASE, scans::incrementAndGet);
        }
        assertEquals(1, scans.get());
        assertEquals(2, shapes.reused());
        // a text the cut cannot take (no IRI) is parsed every time, so scanned every time
        shapes.parse("SELECT ?x { ?x ?p ?o }", BASE, scans::incrementAndGet);
        shapes.parse("SELECT ?x { ?x ?p ?o }", BASE, scans::incrementAndGet);
        assertEquals(3, scans.get());
        // the scan refuses before any parse
        assertThrows(HttpError.class, () -> shapes.parse("SELECT ?x { <" + NS + "e> ?p ?x } GROUP BY", BASE, () -> {
            throw new HttpError(400, "refused");
        }));
    }

    @Test
    void anOddIriGetsFromTheShapeWhatItsOwnParseGives() {
        QueryShapes shapes = new QueryShapes(16);
        shapes.parse("SELECT ?x { <" + NS + "a> ?p ?x }", BASE);
        for (String odd : List.of("http://exa mple.org/a", "http://example.org/a>b", "http://example.org/%zz",
                "http://example.org/./a", "HTTP://example.org/a", "http://example.org/\\u0061", "urn:x", "x:")) {
            String q = "SELECT ?x { <" + odd + "> ?p ?x }";
            HttpError fresh;
            try {
                QueryRunner.parse(q, BASE);
                assertSameRows(shapes, q);
                continue;
            } catch (HttpError e) {
                fresh = e;
            }
            assertEquals(fresh.getMessage(), assertThrows(HttpError.class, () -> shapes.parse(q, BASE), q).getMessage());
        }
    }

    @Test
    void theShapeCutsOnlyTermIris() {
        QueryShapes.Cut cut = QueryShapes.cut("PREFIX p: <http://x/> SELECT ?s FROM <http://g/> { ?s <http://x/p> "
                + "\"<http://x/q>\"^^<http://x/t> FILTER(<http://x/f>(?s)) } # <http://x/c>");
        assertNotNull(cut);
        assertEquals(List.of("http://x/p"), cut.iris());
        assertNull(QueryShapes.cut("SELECT ?s { ?s ?p \\u0022x\\u0022 }"), "escapes are never cut");
    }

    @Test
    void theCacheIsBounded() {
        QueryShapes shapes = new QueryShapes(2);
        for (int i = 0; i < 10; i++) {
            shapes.parse("SELECT ?x" + i + " { <" + NS + "a> ?p ?x" + i + " }", BASE);
        }
        assertEquals(2, shapes.size());
        String longText = "SELECT ?x { <" + NS + "a> ?p ?x }" + " ".repeat(QueryShapes.MAX_TEXT);
        shapes.parse(longText, BASE);
        shapes.parse(longText.replace(NS + "a>", NS + "b>"), BASE);
        assertEquals(0, shapes.reused(), "a long text is parsed every time, never kept");
    }

    @Test
    void theCacheIsTurnedOffByAnOptionOrForATestRunByAProperty() {
        assertEquals(1024, EndpointSettings.defaultQueryShapes());
        assertEquals(0, LacunaEndpoint.builder().repository(repo).kg(dev.lacuna.store.KgGraphs.of("x")).queryShapes(0)
                .build().settings().limits().queryShapes());
        dev.lacuna.BadInputException e = assertThrows(dev.lacuna.BadInputException.class, () -> LacunaEndpoint.builder()
                .repository(repo).kg(dev.lacuna.store.KgGraphs.of("x")).queryShapes(-1).build());
        assertEquals(true, e.getMessage().contains("--query-shapes must lie in 0..100000"), e.getMessage());
        String before = System.getProperty("lacuna.serve.queryShapes");
        try {
            System.setProperty("lacuna.serve.queryShapes", "false");
            assertEquals(0, EndpointSettings.defaultQueryShapes());
            assertEquals(0, LacunaEndpoint.builder().repository(repo).kg(dev.lacuna.store.KgGraphs.of("x")).build()
                    .settings().limits().queryShapes());
        } finally {
            if (before == null) {
                System.clearProperty("lacuna.serve.queryShapes");
            } else {
                System.setProperty("lacuna.serve.queryShapes", before);
            }
        }
    }

    private static void assertSameRows(QueryShapes shapes, String q) {
        ParsedQuery fresh = (ParsedQuery) QueryRunner.parse(q, BASE);
        ParsedQuery cached = (ParsedQuery) shapes.parse(q, BASE);
        assertEquals(fresh.getClass(), cached.getClass(), q);
        assertEquals(String.valueOf(fresh.getDataset()), String.valueOf(cached.getDataset()), q);
        assertEquals(evaluate(fresh), evaluate(cached), q);
    }

    private static Set<String> evaluate(ParsedQuery parsed) {
        try (RepositoryConnection c = repo.getConnection()) {
            Set<String> rows = new TreeSet<>();
            if (parsed instanceof ParsedBooleanQuery) {
                rows.add(String.valueOf(((BooleanQuery) QueryRunner.prepare(c, "", parsed)).evaluate()));
                return rows;
            }
            assertNotNull((SailRepositoryConnection) c);
            try (TupleQueryResult r = ((TupleQuery) QueryRunner.prepare(c, "", parsed)).evaluate()) {
                for (BindingSet b : r) {
                    rows.add(b.toString());
                }
            }
            rows.add("rows: " + rows.size());
            return rows;
        }
    }
}
