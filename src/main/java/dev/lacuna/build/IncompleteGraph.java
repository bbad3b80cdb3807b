package dev.lacuna.build;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.query.QueryLanguage;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.LacunaException;
import dev.lacuna.rules.sparql.RuleCompiler;
import dev.lacuna.store.CommitGuard;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.SparqlFiles;

/**
 * Makes the graph incomplete: a fresh copy of complete (SPARQL COPY, which replaces whatever incomplete
 * held), then the selected heads deleted with SPARQL DELETE DATA in batches, all in one transaction. A build
 * killed midway therefore leaves incomplete as it was before; and because every build starts from a new
 * copy, a rerun repairs any partial state a store without transactions may have kept. complete is only read.
 */
public final class IncompleteGraph {
    private static final Logger LOG = LoggerFactory.getLogger(IncompleteGraph.class);

    private IncompleteGraph() {
    }

    /**
     * Starts a write step's one transaction at the store's own isolation level (snapshot reads, writes buffered
     * until commit). Never level NONE, though it skips RDF4J's change set and made the COPY 2.6 times faster:
     * at NONE a NativeStore writes straight into the B-trees the same transaction reads, so the COPY of
     * FB15k-237 read pages it was splitting and copied 93,798 of 272,115 triples; and a process killed before
     * commit left half-written pages of every graph in the store, older KGs included (docs/store-safety.md).
     */
    static void beginSingleWriter(RepositoryConnection conn) {
        conn.begin();
    }

    public static void rebuild(Repository repository, KgGraphs kg, List<Triple> deleted, int batchSize) {
        rebuild(repository, kg, kg.incomplete(), deleted, batchSize);
    }

    /** Writes complete minus the deleted triples into {@code incomplete} (a build stages it under another name). */
    static void rebuild(Repository repository, KgGraphs kg, IRI incomplete, List<Triple> deleted, int batchSize) {
        List<Statement> statements = new ArrayList<>(deleted.size());
        for (Triple t : deleted) {
            statements.add(repository.getValueFactory().createStatement(kg.entity(t.head()), kg.relation(t.relation()),
                    kg.entity(t.tail())));
        }
        String copy = SparqlFiles.render("copy-graph.ru", Map.of("source", kg.complete(), "target", incomplete));
        try (RepositoryConnection conn = repository.getConnection()) {
            IncompleteGraph.beginSingleWriter(conn);
            try {
                conn.prepareUpdate(QueryLanguage.SPARQL, copy).execute();
                for (int i = 0; i < statements.size(); i += batchSize) {
                    List<Statement> batch = statements.subList(i, Math.min(statements.size(), i + batchSize));
                    conn.prepareUpdate(QueryLanguage.SPARQL, RuleCompiler.deleteData(incomplete, batch)).execute();
                }
                CommitGuard.commit(conn);
            } catch (RuntimeException e) {
                if (conn.isActive()) {
                    conn.rollback();
                }
                throw new LacunaException("could not write the graph incomplete (it is left as it was): " + e.getMessage(), e);
            }
        }
        LOG.info("{} = complete minus {} triples", incomplete, statements.size());
    }
}
