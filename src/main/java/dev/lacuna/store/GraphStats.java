package dev.lacuna.store;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;

/** Counts per named graph of one KG, by the SPARQL in {@code sparql/count-*.rq}, so they work on every store. */
public final class GraphStats {

    /** Triples, entities and relations of one graph. */
    public record Counts(long triples, long entities, long relations) {
    }

    private GraphStats() {
    }

    public static Counts counts(Repository repository, IRI graph) {
        try (RepositoryConnection conn = repository.getConnection()) {
            Map<String, Value> g = Map.of("graph", graph);
            long triples;
            long relations;
            try (TupleQueryResult r = Explicit.tupleQuery(conn, SparqlFiles.render("count-graph.rq", g)).evaluate()) {
                BindingSet b = r.next();
                triples = number(b.getValue("triples"));
                relations = number(b.getValue("relations"));
            }
            long entities;
            try (TupleQueryResult r = Explicit.tupleQuery(conn, SparqlFiles.render("count-entities.rq", g)).evaluate()) {
                entities = number(r.next().getValue("entities"));
            }
            return new Counts(triples, entities, relations);
        }
    }

    /**
     * Questions per split, keyed by the split's name as the benchmark graph records it, in the store's order; a split
     * without questions is absent. The store does not know the splits' names: the caller orders and fills them.
     */
    public static Map<String, Long> questionsPerSplit(Repository repository, KgGraphs kg) {
        Map<String, Long> out = new LinkedHashMap<>();
        groupCounts(repository, "count-questions.rq", kg.benchmark(), "split", "questions", out);
        return out;
    }

    /** Rules per rule type (local name of the lacuna:RuleType). */
    public static Map<String, Long> rulesPerType(Repository repository, KgGraphs kg) {
        Map<String, Long> out = new LinkedHashMap<>();
        groupCounts(repository, "count-rules.rq", kg.benchmark(), "type", "rules", out);
        return out;
    }

    private static void groupCounts(Repository repository, String file, IRI graph, String key, String count,
                                    Map<String, Long> out) {
        try (RepositoryConnection conn = repository.getConnection();
             TupleQueryResult r = Explicit.tupleQuery(conn, SparqlFiles.render(file, Map.of("graph", graph))).evaluate()) {
            for (BindingSet b : r) {
                out.put(b.getValue(key).stringValue(), number(b.getValue(count)));
            }
        }
    }

    private static long number(Value v) {
        return v instanceof Literal l ? l.longValue() : 0L;
    }
}
