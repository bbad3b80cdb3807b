package dev.lacuna.serve;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.Dataset;
import org.eclipse.rdf4j.query.QueryEvaluationException;
import org.eclipse.rdf4j.query.algebra.QueryModelNode;
import org.eclipse.rdf4j.query.algebra.TupleExpr;
import org.eclipse.rdf4j.query.algebra.ValueConstant;
import org.eclipse.rdf4j.query.algebra.ValueExpr;
import org.eclipse.rdf4j.query.algebra.Var;
import org.eclipse.rdf4j.query.algebra.evaluation.EvaluationStrategy;
import org.eclipse.rdf4j.query.algebra.evaluation.QueryOptimizer;
import org.eclipse.rdf4j.query.algebra.evaluation.ValueExprEvaluationException;
import org.eclipse.rdf4j.query.algebra.evaluation.impl.QueryEvaluationContext;
import org.eclipse.rdf4j.query.algebra.helpers.AbstractQueryModelVisitor;

/**
 * SPARQL leaves a variable unbound when its expression fails ({@code BIND(1/0 AS ?x)}, {@code ("a"+1 AS ?x)}), and
 * RDF4J does so when the expression reads a variable. An expression of constants alone it computes once while
 * preparing the query, and there the same error fails the whole query. This optimizer, run after the store's own,
 * finds such expressions and puts in their place a variable nothing binds: evaluated per solution, it is the
 * error SPARQL means, and the variable stays unbound (a FILTER on it is false).
 */
final class ConstantErrors implements QueryOptimizer {
    private static final AtomicInteger NAMES = new AtomicInteger();

    private final EvaluationStrategy strategy;

    ConstantErrors(EvaluationStrategy strategy) {
        this.strategy = strategy;
    }

    @Override
    public void optimize(TupleExpr tupleExpr, Dataset dataset, BindingSet bindings) {
        List<ValueExpr> failing = new ArrayList<>();
        tupleExpr.visit(new AbstractQueryModelVisitor<RuntimeException>() {
            @Override
            protected void meetNode(QueryModelNode node) {
                super.meetNode(node);
                if (node instanceof ValueExpr expr && constantsOnly(expr) && fails(expr, dataset)) {
                    failing.add(expr);
                }
            }
        });
        for (ValueExpr expr : failing) {
            QueryModelNode parent = expr.getParentNode();
            if (parent != null) {
                parent.replaceChildNode(expr, new Var("_lacuna_expression_error_" + NAMES.incrementAndGet(), true));
            }
        }
    }

    /** An expression with operands, each of them a constant. */
    private static boolean constantsOnly(ValueExpr expr) {
        if (expr instanceof ValueConstant || expr instanceof Var) {
            return false;
        }
        List<QueryModelNode> children = new ArrayList<>();
        expr.visitChildren(new AbstractQueryModelVisitor<RuntimeException>() {
            @Override
            protected void meetNode(QueryModelNode node) {
                children.add(node);
            }
        });
        return !children.isEmpty() && children.stream().allMatch(c -> c instanceof ValueConstant
                || c instanceof Var v && v.hasValue());
    }

    private boolean fails(ValueExpr expr, Dataset dataset) {
        try {
            strategy.precompile(expr, new QueryEvaluationContext.Minimal(dataset));
            return false;
        } catch (ValueExprEvaluationException e) {
            return true;
        } catch (QueryEvaluationException e) {
            return e.getCause() instanceof ValueExprEvaluationException;
        }
    }
}
