package dev.lacuna.grounding;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.mining.KgIndex;
import dev.lacuna.rules.sparql.SparqlRuleRunner;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.StoreKinds;

/**
 * Where the build's read queries on the graph complete are answered (grounding draws on the SPARQL path,
 * answer-set completion). Two ways, chosen once per build:
 * <ul>
 * <li>with the integer index of complete that the build already holds for its groundings ({@link KgIndex}: the
 *     miner's, or one read of complete), answer sets come from the index, at any size and with no copy: the
 *     index holds exactly complete's triples (the builder checks the count), so an answer set is the same list
 *     the batched SPARQL query gives;</li>
 * <li>without it (the SPARQL reference path), a read-only in-memory copy of complete: evaluating the draws on a
 *     MemoryStore costs a fraction of the CPU of a NativeStore. Used only for embedded stores (behind HTTP,
 *     copying the graph would cost more than the queries) and only up to {@link #MAX_TRIPLES} triples (about
 *     0.5 KB of heap each in a MemoryStore); above that the store itself is queried.</li>
 * </ul>
 */
public final class CompleteSnapshot implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CompleteSnapshot.class);
    private static final int BATCH = 50_000;
    static final long MAX_TRIPLES = 2_000_000;

    private final Repository memory;
    private final SparqlRuleRunner runner;
    private final IndexAnswers indexAnswers;
    private final KgGraphs kg;

    private CompleteSnapshot(Repository memory, SparqlRuleRunner runner, IndexAnswers indexAnswers, KgGraphs kg) {
        this.memory = memory;
        this.runner = runner;
        this.indexAnswers = indexAnswers;
        this.kg = kg;
    }

    private CompleteSnapshot(Repository memory, SparqlRuleRunner runner, KgGraphs kg) {
        this(memory, runner, null, kg);
    }

    /**
     * With {@code index} (complete's integer index, exactly its triples): answer sets from the index and a runner
     * over the store itself. Without: a runner over an in-memory copy of complete when the store is embedded (and
     * not already in memory) and small enough, otherwise over the store itself.
     */
    public static CompleteSnapshot of(Repository repository, KgGraphs kg, KgIndex index) {
        if (index != null) {
            return new CompleteSnapshot(null, new SparqlRuleRunner(repository, kg), new IndexAnswers(index, kg), kg);
        }
        StoreConfig config = StoreKinds.config(repository);
        if (!config.embedded() || config.inMemory()) {
            return new CompleteSnapshot(null, new SparqlRuleRunner(repository, kg), kg);
        }
        long recorded = recordedTriples(repository, kg);
        if (recorded < 0 || recorded > MAX_TRIPLES) {
            LOG.info("complete has {} triples: the build queries the store itself", recorded < 0 ? "an unknown number of" : recorded);
            return new CompleteSnapshot(null, new SparqlRuleRunner(repository, kg), kg);
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
        return new CompleteSnapshot(memory, new SparqlRuleRunner(memory, kg, SparqlRuleRunner.Sampling.IN_JAVA), kg);
    }

    /** The triple count the loader recorded for complete, or -1. */
    private static long recordedTriples(Repository repository, KgGraphs kg) {
        try (RepositoryConnection c = repository.getConnection();
             RepositoryResult<Statement> it = c.getStatements(kg.kg(), LacunaVocab.TRIPLE_COUNT, null, false, kg.labels())) {
            for (Statement st : it) {
                if (st.getObject() instanceof Literal l) {
                    return l.longValue();
                }
            }
        }
        return -1;
    }

    /** complete's integer index when the build has one (then groundings and answer sets come from it), or null. */
    public KgIndex index() {
        return indexAnswers == null ? null : indexAnswers.index();
    }

    /** A runner whose queries on complete give what they give on the store. */
    public SparqlRuleRunner runner() {
        return runner;
    }

    /**
     * Every key's answers in complete as sorted private ids: from the index when there is one, else by the
     * batched answer queries ({@link QuestionAssembler#answers(SparqlRuleRunner, KgGraphs, java.util.Collection)}).
     */
    public Map<QuestionAssembler.AnswerKey, List<String>> answers(Collection<QuestionAssembler.AnswerKey> keys) {
        return indexAnswers != null ? indexAnswers.answers(keys) : QuestionAssembler.answers(runner, kg, keys);
    }

    @Override
    public void close() {
        if (memory != null) {
            memory.shutDown();
        }
    }
}
