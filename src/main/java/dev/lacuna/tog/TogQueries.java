package dev.lacuna.tog;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.rdf4j.model.IRI;

import dev.lacuna.store.SparqlFiles;

/**
 * ToG's five queries (freebase_func.py): relations out of and into an entity, the entities along a relation either
 * way, and an entity's name; each a file in {@code sparql/} with ToG's template plus DISTINCT and a LIMIT, its terms
 * written as full IRIs so that one file serves every shape.
 */
final class TogQueries {
    /** ToG's name for an entity that has none. */
    static final String UNNAMED = "UnName_Entity";

    private final EndpointNaming naming;
    private final SparqlClient client;

    TogQueries(EndpointNaming naming, SparqlClient client) {
        this.naming = naming;
        this.client = client;
    }

    EndpointNaming naming() {
        return naming;
    }

    /** Relations whose subject is the entity (ToG's "head relations"), namespace stripped. */
    List<String> outgoingRelations(String entity, QuestionTrace trace) {
        return relations("tog-head-relations.rq", entity, trace);
    }

    /** Relations whose object is the entity (ToG's "tail relations"). */
    List<String> incomingRelations(String entity, QuestionTrace trace) {
        return relations("tog-tail-relations.rq", entity, trace);
    }

    private List<String> relations(String file, String entity, QuestionTrace trace) {
        String q = text(file, Map.of("entity", naming.entity(entity)));
        return run(q, "relation", trace).stream().map(t -> naming.relationName(t.value())).collect(Collectors.toList());
    }

    /**
     * ToG's {@code entity_search}: the objects of {@code entity relation ?x} when {@code outgoing}, else the subjects
     * of {@code ?x relation entity}; only entities (ToG keeps ids starting {@code m.}). Each found triple is traced.
     */
    List<String> entities(String entity, String relation, boolean outgoing, QuestionTrace trace) {
        IRI r = naming.relation(relation);
        String q = text(outgoing ? "tog-tail-entities.rq" : "tog-head-entities.rq",
                Map.of("entity", naming.entity(entity), "relation", r));
        List<String> out = new ArrayList<>();
        for (SparqlClient.Term t : run(q, "tailEntity", trace)) {
            String id = naming.entityId(t.value());
            if (id != null) {
                out.add(id);
                if (outgoing) {
                    trace.triple(entity, relation, id);
                } else {
                    trace.triple(id, relation, entity);
                }
            }
        }
        return out;
    }

    /** ToG's {@code id2entity_name_or_type}: the first name the endpoint gives, or {@value #UNNAMED}. */
    String name(String entity, QuestionTrace trace) {
        String q = text("tog-entity-name.rq", Map.of("entity", naming.entity(entity), "name", naming.nameProperty()));
        List<SparqlClient.Term> rows = run(q, "tailEntity", trace);
        return rows.isEmpty() ? UNNAMED : rows.get(0).value();
    }

    private List<SparqlClient.Term> run(String query, String variable, QuestionTrace trace) {
        if (trace != null) {
            trace.query(query);
        }
        return client.select(query, variable);
    }

    /** The file's query without its comment lines, which say why and need not travel. */
    private static String text(String file, Map<String, IRI> values) {
        return SparqlFiles.render(file, values).lines().filter(l -> !l.startsWith("#"))
                .collect(Collectors.joining("\n", "", "\n"));
    }
}
