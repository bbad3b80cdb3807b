package dev.lacuna.serve;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.Dataset;
import org.eclipse.rdf4j.query.algebra.Count;
import org.eclipse.rdf4j.query.algebra.Extension;
import org.eclipse.rdf4j.query.algebra.ExtensionElem;
import org.eclipse.rdf4j.query.algebra.Group;
import org.eclipse.rdf4j.query.algebra.GroupElem;
import org.eclipse.rdf4j.query.algebra.TupleExpr;
import org.eclipse.rdf4j.query.algebra.ValueConstant;
import org.eclipse.rdf4j.query.algebra.evaluation.QueryOptimizer;
import org.eclipse.rdf4j.query.algebra.helpers.AbstractQueryModelVisitor;

/**
 * {@code COUNT(*)} counts solutions, the empty one too: {@code SELECT (COUNT(*) AS ?n) WHERE { <s> <p> <o> }} is 1
 * when the triple is there, as {@code SELECT *} gives one row, and {@code WHERE {}} is 1. RDF4J 5.2 answers 0 for
 * both: its wildcard count skips every solution without bindings, since it stands for "no solutions at all" in the
 * group it makes of an empty input ({@code GroupIterator}), so a solution that binds nothing is never counted. This
 * optimizer, run after the store's own, gives every solution a group counts with {@code COUNT(*)} one binding of
 * a constant, which no answer shows (a group's solutions are its keys and aggregates): a solution is then never
 * empty, while the stand-in for an empty input still is. {@code COUNT(DISTINCT *)} counts the same solutions, as the
 * binding is the same in each. Remove it when RDF4J counts the empty solution (WildcardCountTest says so).
 */
final class WildcardCounts implements QueryOptimizer {
    /** The variable every counted solution binds; the leading underscore keeps it out of every query's own names. */
    static final String COUNTED = "_lacuna_counted_solution";

    @Override
    public void optimize(TupleExpr tupleExpr, Dataset dataset, BindingSet bindings) {
        List<Group> groups = new ArrayList<>();
        tupleExpr.visit(new AbstractQueryModelVisitor<RuntimeException>() {
            @Override
            public void meet(Group node) {
                super.meet(node);
                if (countsSolutions(node) && !(node.getArg() instanceof Extension e && binds(e))) {
                    groups.add(node);
                }
            }
        });
        for (Group group : groups) {
            TupleExpr arg = group.getArg();
            group.setArg(new Extension(arg, new ExtensionElem(
                    new ValueConstant(SimpleValueFactory.getInstance().createLiteral(true)), COUNTED)));
        }
    }

    /** Whether one of the group's aggregates is COUNT(*) (a count without an argument). */
    private static boolean countsSolutions(Group group) {
        for (GroupElem element : group.getGroupElements()) {
            if (element.getOperator() instanceof Count count && count.getArg() == null) {
                return true;
            }
        }
        return false;
    }

    private static boolean binds(Extension extension) {
        return extension.getElements().stream().anyMatch(e -> e.getName().equals(COUNTED));
    }
}
