package dev.lacuna.answer;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.BadInputException;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.Explicit;

/**
 * What a responder may touch: one open connection, the KG's IRI scheme and the graph it answers from
 * (complete or incomplete). Small helpers turn query results into private ids.
 */
public record GraphAccess(RepositoryConnection connection, KgGraphs kg, IRI graph) {

    /** The entity IRI of a question's private id. */
    public IRI entity(String privateId) {
        try {
            return kg.entity(Long.parseLong(privateId));
        } catch (NumberFormatException e) {
            throw new BadInputException("entity '" + privateId + "' is not a private id (a whole number)");
        }
    }

    /**
     * Private ids bound to {@code variable} by a SELECT, sorted numerically and distinct; values that are not
     * entities of this KG (literals, foreign IRIs) are skipped.
     */
    public List<String> privateIds(String query, String variable) {
        TreeSet<Long> ids = new TreeSet<>();
        try (TupleQueryResult result = Explicit.tupleQuery(connection, query).evaluate()) {
            for (BindingSet b : result) {
                Value v = b.getValue(variable);
                if (v instanceof IRI iri) {
                    long id = kg.privateId(iri);
                    if (id >= 0) {
                        ids.add(id);
                    }
                }
            }
        }
        List<String> out = new ArrayList<>(ids.size());
        ids.forEach(id -> out.add(Long.toString(id)));
        return out;
    }
}
