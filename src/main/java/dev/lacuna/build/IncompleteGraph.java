package dev.lacuna.build;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.query.QueryLanguage;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.LacunaException;
import dev.lacuna.rules.sparql.RuleCompiler;
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
     * Starts the step's one transaction. On an embedded store the build is the only writer of the graphs it
     * rewrites, so it needs no isolation from concurrent readers' snapshots: level NONE skips RDF4J's
     * per-statement change set (most of the CPU of a COPY), and a failure still rolls the whole step back.
     */
    static void beginSingleWriter(Repository repository, RepositoryConnection conn) {
        if (repository instanceof SailRepository) {
            conn.begin(IsolationLevels.NONE);
        } else {
            conn.begin();
        }
    }

    public static void rebuild(Repository repository, KgGraphs kg, List<Triple> deleted, int batchSize) {
        List<Statement> statements = new ArrayList<>(deleted.size());
        for (Triple t : deleted) {
            statements.add(repository.getValueFactory().createStatement(kg.entity(t.head()), kg.relation(t.relation()),
                    kg.entity(t.tail())));
        }
        IRI incomplete = kg.incomplete();
        String copy = SparqlFiles.render("copy-graph.ru", Map.of("source", kg.complete(), "target", incomplete));
        try (RepositoryConnection conn = repository.getConnection()) {
            IncompleteGraph.beginSingleWriter(repository, conn);
            try {
                conn.prepareUpdate(QueryLanguage.SPARQL, copy).execute();
                for (int i = 0; i < statements.size(); i += batchSize) {
                    List<Statement> batch = statements.subList(i, Math.min(statements.size(), i + batchSize));
                    conn.prepareUpdate(QueryLanguage.SPARQL, RuleCompiler.deleteData(incomplete, batch)).execute();
                }
                conn.commit();
            } catch (RuntimeException e) {
                if (conn.isActive()) {
                    conn.rollback();
                }
                throw new LacunaException("could not write the graph incomplete (it is left as it was): " + e.getMessage(), e);
            }
        }
        LOG.info("incomplete = complete minus {} triples", statements.size());
    }
}
