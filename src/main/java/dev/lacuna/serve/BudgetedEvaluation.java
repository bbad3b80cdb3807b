package dev.lacuna.serve;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

import org.eclipse.rdf4j.collection.factory.api.CollectionFactory;
import org.eclipse.rdf4j.common.iteration.CloseableIteration;
import org.eclipse.rdf4j.common.iteration.IterationWrapper;
import org.eclipse.rdf4j.common.order.StatementOrder;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.query.Dataset;
import org.eclipse.rdf4j.query.algebra.evaluation.EvaluationStrategy;
import org.eclipse.rdf4j.query.algebra.evaluation.EvaluationStrategyFactory;
import org.eclipse.rdf4j.query.algebra.evaluation.QueryOptimizer;
import org.eclipse.rdf4j.query.algebra.evaluation.QueryOptimizerPipeline;
import org.eclipse.rdf4j.query.algebra.evaluation.optimizer.StandardQueryOptimizerPipeline;
import org.eclipse.rdf4j.query.algebra.evaluation.TripleSource;
import org.eclipse.rdf4j.query.algebra.evaluation.impl.EvaluationStatistics;
import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.store.StoreKinds;

/**
 * Puts a {@link QueryBudget} check into every statement read of an embedded store's query evaluation. Every
 * operator, DISTINCT and ORDER BY included, pulls its input through the triple source, so a query over its budget
 * stops within a few hundred reads, even while a sort is still filling.
 */
final class BudgetedEvaluation implements EvaluationStrategyFactory {
    private final EvaluationStrategyFactory delegate;

    private BudgetedEvaluation(EvaluationStrategyFactory delegate) {
        this.delegate = delegate;
    }

    /**
     * Installs the hook on an embedded store (once; it stays, inert for every query run outside an endpoint, so
     * endpoints sharing a store can start and stop in any order). False when the store is not embedded.
     */
    static boolean install(Repository repository) {
        return StoreKinds.wrapEvaluation(repository, BudgetedEvaluation::new, f -> f instanceof BudgetedEvaluation);
    }

    @Override
    public EvaluationStrategy createEvaluationStrategy(Dataset dataset, TripleSource tripleSource,
            EvaluationStatistics evaluationStatistics) {
        TripleSource budgeted = new Budgeted(tripleSource);
        EvaluationStrategy strategy = delegate.createEvaluationStrategy(dataset, budgeted, evaluationStatistics);
        QueryOptimizerPipeline store = delegate.getOptimizerPipeline()
                .orElseGet(() -> new StandardQueryOptimizerPipeline(strategy, budgeted, evaluationStatistics));
        List<QueryOptimizer> optimizers = new ArrayList<>();
        store.getOptimizers().forEach(optimizers::add);
        optimizers.add(new ConstantErrors(strategy));
        optimizers.add(new WildcardCounts());
        strategy.setOptimizerPipeline(() -> optimizers);
        return strategy;
    }

    @Override
    public void setQuerySolutionCacheThreshold(long threshold) {
        delegate.setQuerySolutionCacheThreshold(threshold);
    }

    @Override
    public long getQuerySolutionCacheThreshold() {
        return delegate.getQuerySolutionCacheThreshold();
    }

    @Override
    public void setOptimizerPipeline(QueryOptimizerPipeline pipeline) {
        delegate.setOptimizerPipeline(pipeline);
    }

    @Override
    public Optional<QueryOptimizerPipeline> getOptimizerPipeline() {
        return delegate.getOptimizerPipeline();
    }

    @Override
    public boolean isTrackResultSize() {
        return delegate.isTrackResultSize();
    }

    @Override
    public void setTrackResultSize(boolean track) {
        delegate.setTrackResultSize(track);
    }

    @Override
    public void setCollectionFactory(Supplier<CollectionFactory> factory) {
        delegate.setCollectionFactory(factory);
    }

    /** The store's triple source with a budget check per statement read (none outside an endpoint query). */
    private static final class Budgeted implements TripleSource {
        private final TripleSource inner;

        Budgeted(TripleSource inner) {
            this.inner = inner;
        }

        @Override
        public CloseableIteration<? extends Statement> getStatements(Resource s, IRI p, Value o, Resource... contexts) {
            return checked(QueryBudget.current(), () -> inner.getStatements(s, p, o, contexts));
        }

        @Override
        public CloseableIteration<? extends Statement> getStatements(StatementOrder order, Resource s, IRI p, Value o,
                Resource... contexts) {
            return checked(QueryBudget.current(), () -> inner.getStatements(order, s, p, o, contexts));
        }

        @Override
        public Set<StatementOrder> getSupportedOrders(Resource s, IRI p, Value o, Resource... contexts) {
            return inner.getSupportedOrders(s, p, o, contexts);
        }

        @Override
        public Comparator<Value> getComparator() {
            return inner.getComparator();
        }

        @Override
        public ValueFactory getValueFactory() {
            return inner.getValueFactory();
        }

        private static CloseableIteration<? extends Statement> checked(QueryBudget budget,
                Supplier<CloseableIteration<? extends Statement>> open) {
            if (budget == null) {
                return open.get();
            }
            budget.check();
            return new IterationWrapper<Statement>(open.get()) {
                @Override
                public boolean hasNext() {
                    budget.check();
                    return super.hasNext();
                }
            };
        }
    }
}
