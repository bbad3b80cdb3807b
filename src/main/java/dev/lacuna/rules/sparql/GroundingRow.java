package dev.lacuna.rules.sparql;

import java.util.List;
import java.util.Objects;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;

import dev.lacuna.rules.Rule;

/**
 * One grounding of a rule in a graph: an entity per variable (index 0 is ?a, 1 is ?b, ...), the head
 * triple it proves and its body triples (in the rule's body order). Triples carry no graph.
 */
public record GroundingRow(Rule rule, List<IRI> bindings, Statement head, List<Statement> body) {
    public GroundingRow {
        Objects.requireNonNull(rule, "rule");
        bindings = List.copyOf(bindings);
        body = List.copyOf(body);
        if (bindings.size() != rule.variableCount()) {
            throw new IllegalArgumentException("expected " + rule.variableCount() + " bindings, got " + bindings.size());
        }
    }

    /** The entity bound to rule variable {@code v}. */
    public IRI binding(int v) {
        return bindings.get(v);
    }
}
