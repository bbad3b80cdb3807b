package dev.lacuna.construct;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.rules.sparql.SparqlRuleRunner;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * A read-only in-memory copy of the graph complete, for the build's many read queries (grounding draws,
 * answer-set completion). Evaluating them on a MemoryStore costs a fraction of the CPU of a NativeStore
 * (no B-tree pages, no value-file lookups); since complete never changes during a build and the queries
 * are the same SPARQL text on the same triples in the same named graph, the answers are the same.
 * Used only for embedded stores: behind HTTP, copying the graph would cost more than the queries. And only
 * up to {@link #MAX_TRIPLES} triples (about 0.5 KB of heap each in a MemoryStore): a Wikidata5m-sized graph
 * is queried where it lives rather than risk the heap for a speed-up of at most two.
 */
final class CompleteSnapshot implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CompleteSnapshot.class);
    private static final int BATCH = 50_000;
    static final long MAX_TRIPLES = 2_000_000;

    private final Repository memory;
    private final SparqlRuleRunner runner;

    private CompleteSnapshot(Repository memory, SparqlRuleRunner runner) {
        this.memory = memory;
        this.runner = runner;
    }

    /**
     * A runner over an in-memory copy of complete when the store is embedded (and not already in memory);
     * otherwise a runner over the store itself.
     */
    static CompleteSnapshot of(Repository repository, KgGraphs kg) {
        if (!(repository instanceof SailRepository sail) || sail.getSail() instanceof MemoryStore) {
            return new CompleteSnapshot(null, new SparqlRuleRunner(repository, kg));
        }
        long recorded = recordedTriples(repository, kg);
        if (recorded < 0 || recorded > MAX_TRIPLES) {
            LOG.info("complete has {} triples: the build queries the store itself", recorded < 0 ? "an unknown number of" : recorded);
            return new CompleteSnapshot(null, new SparqlRuleRunner(repository, kg));
        }
        long started = System.nanoTime();
        Repository memory = new SailRepository(new MemoryStore());
        memory.init();
        long n = 0;
        try (RepositoryConnection from = repository.getConnection();
             RepositoryConnection to = memory.getConnection();
             RepositoryResult<Statement> it = from.getStatements(null, null, null, false, kg.complete())) {
            to.begin(IsolationLevels.NONE);
            List<Statement> batch = new ArrayList<>(BATCH);
            for (Statement st : it) {
                batch.add(st);
                if (batch.size() == BATCH) {
                    to.add(batch);
                    n += batch.size();
                    batch.clear();
                }
            }
            to.add(batch);
            n += batch.size();
            to.commit();
        } catch (RuntimeException e) {
            memory.shutDown();
            throw e;
        }
        LOG.info("complete copied to memory for the build's queries: {} triples in {} s", n,
                String.format("%.1f", (System.nanoTime() - started) / 1e9));
        return new CompleteSnapshot(memory, new SparqlRuleRunner(memory, kg, SparqlRuleRunner.Sampling.IN_JAVA));
    }

    /** The triple count the loader recorded for complete, or -1. */
    private static long recordedTriples(Repository repository, KgGraphs kg) {
        try (RepositoryConnection c = repository.getConnection();
             RepositoryResult<Statement> it = c.getStatements(kg.kg(), LacunaVocab.TRIPLE_COUNT, null, false, kg.labels())) {
            for (Statement st : it) {
                if (st.getObject() instanceof org.eclipse.rdf4j.model.Literal l) {
                    return l.longValue();
                }
            }
        }
        return -1;
    }

    /** A runner whose queries on complete give what they give on the store. */
    SparqlRuleRunner runner() {
        return runner;
    }

    @Override
    public void close() {
        if (memory != null) {
            memory.shutDown();
        }
    }
}
