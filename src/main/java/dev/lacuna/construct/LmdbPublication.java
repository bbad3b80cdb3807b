package dev.lacuna.construct;

import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;
import dev.lacuna.Warnings;
import dev.lacuna.grounding.IncompleteGraph;
import dev.lacuna.grounding.Triple;
import dev.lacuna.store.CommitGuard;
import dev.lacuna.store.FreeSpace;
import dev.lacuna.store.KgGraphs;

/**
 * A build's publication on an embedded LMDB store: the graphs incomplete and benchmark and the folder record in
 * one LMDB write transaction, committed as the folder's last step like every {@link BuildPublication}, but
 * without RDF4J's change set (an in-heap model of every statement with five indexes: at 20 million triples it
 * had not committed after 6 minutes at 21.8 GiB) wherever that is safe. Two ways (docs/explanation/storage.md):
 *
 * <ul>
 * <li>First build (incomplete and benchmark empty): isolation level NONE, where RDF4J writes straight into one
 * LMDB write transaction that only the commit makes visible. Only additions, and no read on the connection
 * until the commit: in RDF4J 5.2 a NONE transaction that turns from adding to removing (a clear) or back, or
 * reads, flushes its pending updates, and on LMDB that flush commits the LMDB transaction midway
 * ({@code AbstractSailConnection.flushPendingUpdates}, {@code LmdbSailSink.flush}); a kill after it left a
 * cleared graph (LmdbNoneWritesTest). And RDF4J's rollback at NONE does not abort the LMDB transaction, so a
 * failure before the commit shuts the store down, which does.</li>
 * <li>Rebuild: the store's own isolation level, writing only the exact difference between each graph the store
 * holds and the new one ({@link GraphChanges}: incomplete differs by the two builds' removed triples, the broken
 * graphs by the traps and noise that changed), so the change set holds what changed, not millions of statements;
 * rollback works as on any store.</li>
 * </ul>
 * While a NONE transaction is open, LmdbStore serves every connection from its backing store, which cannot open
 * a second dataset: nothing may read the store from the write's start to its commit. The build reads nothing
 * then (the folder is written from memory).
 */
final class LmdbPublication extends BuildPublication.Publication {
    private static final Logger LOG = LoggerFactory.getLogger(LmdbPublication.class);
    private static final String CLOSED = "the store was closed to discard the build's uncommitted writes (RDF4J's"
            + " rollback at isolation NONE leaves them for the next commit); it holds what it held before the build";

    private RepositoryConnection conn;
    /** Whether the open transaction runs at NONE, where only closing the store discards it. */
    private boolean none;
    private boolean storeClosed;

    LmdbPublication(Repository repository, KgGraphs kg, int deleteBatch) {
        super(repository, kg, deleteBatch);
    }

    @Override
    void writeGraphs(Collection<Statement> incomplete, List<Triple> removed, Model provenance) {
        boolean first;
        boolean staleRecord;
        try (RepositoryConnection probe = repository.getConnection()) {
            first = !probe.hasStatement(null, null, null, false, kg.incomplete())
                    && !probe.hasStatement(null, null, null, false, kg.benchmark())
                    && !probe.hasStatement(null, null, null, false, kg.replaced())
                    && !probe.hasStatement(null, null, null, false, kg.noisy());
            staleRecord = probe.hasStatement(null, null, null, false, BuildPublication.buildsGraph(kg));
        }
        try {
            if (first) {
                writeFirst(incomplete, provenance, staleRecord);
            } else {
                writeDifference(incomplete, provenance);
            }
        } catch (RuntimeException e) {
            abandonGraphs();
            throw new LacunaException("could not write the graphs incomplete and benchmark (the store is left as it"
                    + " was" + (storeClosed ? "; " + CLOSED : "") + "): " + e.getMessage(), e);
        }
    }

    /** incomplete, benchmark and the folder record only added, at NONE: one LMDB write transaction. */
    private void writeFirst(Collection<Statement> incomplete, Model provenance, boolean staleRecord) {
        if (staleRecord) {
            // Graphs incomplete and benchmark are empty (a load --replace cleared them), so the folder recorded here
            // no longer verifies; its record goes first, in a commit of its own, as NONE may only add.
            try (RepositoryConnection c = repository.getConnection()) {
                IncompleteGraph.beginSingleWriter(c);
                c.clear(BuildPublication.buildsGraph(kg));
                CommitGuard.commit(c);
            }
            LOG.info("removed the record of a folder whose graphs a load --replace had cleared");
        }
        conn = repository.getConnection();
        pending = incomplete.size() + provenance.size();
        conn.begin(IsolationLevels.NONE);
        none = true;
        IncompleteGraph.add(conn, kg.incomplete(), incomplete);
        LOG.info("incomplete written ({} triples, not yet committed; isolation NONE, one LMDB transaction)",
                incomplete.size());
        conn.add(provenance, kg.benchmark());
        LOG.info("provenance stored in {} ({} statements, not yet committed)", kg.benchmark(), provenance.size());
        // Additions only at NONE: the broken graphs are empty like incomplete and benchmark on a first build.
        writeBroken(conn, false);
    }

    /**
     * At the store's own level, each graph's exact difference to what the store holds ({@link GraphChanges}: incomplete
     * and the broken graphs packed, benchmark as a set), so the change set holds what changed, not every statement.
     * Every clear and removal comes before the first addition, and the folder record is only added at the commit: in
     * RDF4J 5.2 a clear after additions flushes the pending additions and merges them into the change set, which on
     * FB15k-237 cost as much as writing them.
     */
    private void writeDifference(Collection<Statement> incomplete, Model provenance) {
        conn = repository.getConnection();
        Map<IRI, Collection<Statement>> packed = new LinkedHashMap<>();
        packed.put(kg.incomplete(), incomplete);
        for (IRI graph : List.of(kg.replaced(), kg.noisy())) {
            packed.put(graph, broken().getOrDefault(graph, List.of()));
        }
        Map<IRI, GraphChanges.Change> changes = GraphChanges.of(conn, kg, packed, Map.of(kg.benchmark(), provenance));
        IncompleteGraph.beginSingleWriter(conn);
        conn.clear(BuildPublication.buildsGraph(kg));
        changes.forEach((graph, change) -> {
            if (change.clear()) {
                conn.clear(graph);
            }
        });
        changes.forEach((graph, change) -> conn.remove(change.remove(), graph));
        changes.forEach((graph, change) -> {
            IncompleteGraph.add(conn, graph, change.add());
            pending += change.size();
            LOG.info("{} written ({}; not yet committed)", graph, change);
        });
    }

    @Override
    void publishGraphs(Path out) {
        try {
            // Both ways of writing (the first at NONE, a difference after clearing the builds graph) leave the
            // record to add.
            addFolderRecord(conn, out);
            commitAndClose(conn);
            conn = null;
        } catch (RuntimeException e) {
            String reason = FreeSpace.explain(repository, pending, e);
            // Said before the store is closed: after a failed LMDB commit RDF4J may crash the JVM (BuildPublication#publish).
            LOG.error("could not commit the new build: {}", reason);
            abandonGraphs();
            throw new LacunaException("could not commit the new build (the store is left as it was"
                    + (storeClosed ? "; " + CLOSED : "") + "): " + reason, e);
        }
    }

    @Override
    void abandonGraphs() {
        if (conn == null) {
            return;
        }
        try {
            if (none) {
                Warnings.warn("build failed before its commit: {}", CLOSED);
                storeClosed = true;
                // Closing the connection first (its rollback leaves the LMDB transaction open, and nothing commits
                // it before the shutdown) spares the shutdown its 20 s wait for open connections.
                closeQuietly();
                repository.shutDown();
            } else if (conn.isActive()) {
                conn.rollback();
            }
        } finally {
            closeQuietly();
        }
    }

    private void closeQuietly() {
        if (conn == null) {
            return;
        }
        try {
            conn.close();
        } catch (RuntimeException e) {
            LOG.debug("closing the build's connection: {}", e.toString());
        }
        conn = null;
    }

    @Override
    RuntimeException failed(RuntimeException e) {
        if (!storeClosed || e.getMessage() != null && e.getMessage().contains(CLOSED)) {
            return e;
        }
        if (e instanceof BadInputException) {
            e.addSuppressed(new LacunaException(CLOSED));
            return e;
        }
        return new LacunaException(e.getMessage() + " (" + CLOSED + ")", e);
    }
}
