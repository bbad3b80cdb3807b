package dev.lacuna.serve;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.QueryResults;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.query.resultio.QueryResultIO;
import org.eclipse.rdf4j.query.resultio.TupleQueryResultFormat;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.Rio;

import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * A small family KG written the way the loader and build write theirs: complete, incomplete (complete minus
 * the removed triples) and labels with source ids and text labels. Until the loader lands in main the tests
 * add the triples with plain RepositoryConnection.add calls.
 */
public final class ServeFixture {
    static final KgGraphs KG = KgGraphs.of("family");
    static final String[] SOURCE_IDS = {"/m/0alice", "/m/0bob", "/m/0carol", "/m/0dave", "/m/0erin", "/m/0frank"};
    static final String[] TEXT = {"Alice Smith", "Bob Smith", "Carol Smith", "Dave Jones", "Erin Jones", "Frank Smith"};
    static final String PARENT = "/people/person/parent";
    static final String SPOUSE = "/people/person/spouse";
    static final String SIBLING = "/people/person/sibling";
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    /** (head private id, relation, tail private id) of complete. */
    static final Object[][] TRIPLES = {
        {2, PARENT, 0}, {2, PARENT, 1}, {5, PARENT, 0}, {5, PARENT, 1},
        {0, SPOUSE, 1}, {1, SPOUSE, 0}, {3, SPOUSE, 4}, {4, SPOUSE, 3},
        {2, SIBLING, 5}, {5, SIBLING, 2},
    };
    /** Indexes into TRIPLES of the deleted heads: inferable from the symmetric spouse and sibling triples. */
    static final int[] REMOVED = {5, 9};

    private ServeFixture() {
    }

    /** POSTs a SPARQL Update to the endpoint's /sparql with the bearer token. */
    public static HttpResponse<String> update(HttpClient http, LacunaEndpoint endpoint, String token, String text)
            throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(endpoint.url() + "sparql"))
                .header("Content-Type", "application/sparql-update").header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofString(text)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Whether {@code ASK { pattern }} holds on the endpoint's /sparql (a 200 answer is required). */
    public static boolean ask(HttpClient http, LacunaEndpoint endpoint, String pattern)
            throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(endpoint.url() + "sparql?query="
                + URLEncoder.encode("ASK { " + pattern + " }", StandardCharsets.UTF_8)))
                .header("Accept", "application/sparql-results+json").build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new AssertionError("ASK answered " + r.statusCode() + ": " + r.body());
        }
        return r.body().contains("true");
    }

    /**
     * Query {@code i} of the one-hop mix the serve benchmarks send (ServeBenchTest, ScaleBench): the four shapes
     * ToG and PoG send about one triple (relations out of its head, relations into its tail, the head's tails by
     * its relation, the tail's heads by it), in turn, written as ToG writes them.
     */
    public static String oneHopQuery(int i, IRI head, IRI relation, IRI tail) {
        String h = "<" + head + ">";
        String r = "<" + relation + ">";
        String t = "<" + tail + ">";
        return switch (i % 4) {
            case 0 -> "SELECT DISTINCT ?relation\nWHERE {\n  " + h + " ?relation ?x .\n}";
            case 1 -> "SELECT DISTINCT ?relation\nWHERE {\n  ?x ?relation " + t + " .\n}";
            case 2 -> "SELECT ?tailEntity\nWHERE {\n" + h + " " + r + " ?tailEntity .\n}";
            default -> "SELECT ?tailEntity\nWHERE {\n?tailEntity " + r + " " + t + "  .\n}";
        };
    }

    static IRI entity(int privateId) {
        return KG.entity(privateId);
    }

    static List<Statement> complete() {
        List<Statement> out = new ArrayList<>();
        for (Object[] t : TRIPLES) {
            out.add(VF.createStatement(entity((Integer) t[0]), KG.relation((String) t[1]), entity((Integer) t[2])));
        }
        return out;
    }

    static List<Statement> removed() {
        List<Statement> all = complete();
        List<Statement> out = new ArrayList<>();
        for (int i : REMOVED) {
            out.add(all.get(i));
        }
        return out;
    }

    /** Writes complete, incomplete and labels into the repository. */
    static void load(Repository repository) {
        try (RepositoryConnection c = repository.getConnection()) {
            c.begin();
            for (Statement st : complete()) {
                c.add(st, KG.complete());
                if (!removed().contains(st)) {
                    c.add(st, KG.incomplete());
                }
            }
            for (int i = 0; i < SOURCE_IDS.length; i++) {
                IRI e = entity(i);
                c.add(e, LacunaVocab.SOURCE_ID, VF.createLiteral(SOURCE_IDS[i]), KG.labels());
                c.add(e, LacunaVocab.PRIVATE_ID, VF.createLiteral((long) i), KG.labels());
                c.add(e, RDFS.LABEL, VF.createLiteral(TEXT[i]), KG.labels());
            }
            c.commit();
        }
    }

    /** "s p o" lines of statements, sorted: easy to compare and to print in a failure. */
    static Set<String> lines(Iterable<Statement> statements) {
        Set<String> out = new TreeSet<>();
        for (Statement st : statements) {
            out.add(st.getSubject() + " " + st.getPredicate() + " " + st.getObject());
        }
        return out;
    }

    /** "s p o" lines of a JSON SELECT with ?s ?p ?o, or of N-Triples; "graph G" for a ?g binding; other answers none. */
    static List<String> triples(HttpResponse<String> r) throws Exception {
        String type = r.headers().firstValue("Content-Type").orElse("");
        List<String> out = new ArrayList<>();
        if (type.startsWith("application/sparql-results+json")) {
            try (TupleQueryResult result = QueryResultIO.parseTuple(
                    new ByteArrayInputStream(r.body().getBytes(StandardCharsets.UTF_8)), TupleQueryResultFormat.JSON, null)) {
                for (BindingSet b : QueryResults.asList(result)) {
                    if (b.hasBinding("s") && b.hasBinding("p") && b.hasBinding("o")) {
                        out.add(b.getValue("s") + " " + b.getValue("p") + " " + b.getValue("o"));
                    } else if (b.hasBinding("g")) {
                        out.add("graph " + b.getValue("g"));
                    }
                }
            }
        } else if (type.startsWith("application/n-triples")) {
            out.addAll(lines(Rio.parse(new ByteArrayInputStream(r.body().getBytes(StandardCharsets.UTF_8)), "",
                    RDFFormat.NTRIPLES)));
        }
        return out;
    }

    /**
     * Queries that would show another graph, if the seal let them: every graph in the dataset, the default graph, each
     * given graph by FROM, FROM NAMED, GRAPH and CONSTRUCT, and a question's node by DESCRIBE and CONSTRUCT.
     */
    static List<String> leakQueries(List<IRI> graphs, IRI question) {
        List<String> q = new ArrayList<>();
        q.add("SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g");
        q.add("SELECT ?s ?p ?o WHERE { ?s ?p ?o }");
        for (IRI g : graphs) {
            q.add("SELECT ?s ?p ?o FROM <" + g + "> WHERE { ?s ?p ?o }");
            q.add("SELECT ?s ?p ?o FROM NAMED <" + g + "> WHERE { GRAPH ?g { ?s ?p ?o } }");
            q.add("SELECT ?s ?p ?o WHERE { GRAPH <" + g + "> { ?s ?p ?o } }");
            q.add("CONSTRUCT { ?s ?p ?o } FROM <" + g + "> WHERE { ?s ?p ?o }");
        }
        q.add("DESCRIBE <" + question + ">");
        q.add("CONSTRUCT WHERE { <" + question + "> ?p ?o }");
        return q;
    }
}
