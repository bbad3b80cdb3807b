package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;

/**
 * What RDF4J 5.2 does with a transaction at isolation NONE on LMDB, on which LmdbPublication's design rests
 * (docs/explanation/storage.md). Additions alone stay in one LMDB write transaction that closing the store discards; but
 * turning from adding to removing, from removing to adding, or reading on the writing connection flushes RDF4J's
 * pending updates, and on LMDB that flush commits the LMDB transaction: a kill afterwards keeps half the
 * transaction. And while such a transaction is open, no other connection can read. The kill is what
 * LmdbPublication does on a failure: the connection closed (its rollback at NONE leaves the LMDB transaction
 * open) and the store shut down without a commit, which discards it (LmdbLoadTransactionTest). If a later RDF4J keeps
 * these writes in one transaction, the first tests fail and a rebuild could write at NONE too.
 */
class LmdbNoneWritesTest {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final IRI G = VF.createIRI("urn:g");
    private static final IRI P = VF.createIRI("urn:p");

    @TempDir
    Path tmp;

    @Test
    void aClearThenAddsCommitTheClearBeforeTheTransactionEnds() {
        // The naive rebuild at NONE: clear incomplete, add the new one. Killed before its commit: the graph is gone.
        assertEquals(0, afterKill("clear-add", c -> {
            c.clear(G);
            c.add(statements(0, 1_000), G);
        }));
    }

    @Test
    void removalsThenAdditionsCommitTheRemovals() {
        assertEquals(990, afterKill("remove-add", c -> {
            c.remove(statements(0, 10), G);
            c.add(statements(1_000, 1_010), G);
        }));
    }

    @Test
    void additionsThenARemovalOrAReadCommitTheAdditions() {
        assertEquals(1_010, afterKill("add-remove", c -> {
            c.add(statements(1_000, 1_010), G);
            c.remove(statements(0, 10), G);
        }));
        assertEquals(1_010, afterKill("add-read", c -> {
            c.add(statements(1_000, 1_010), G);
            c.hasStatement(null, null, null, false, G);
        }));
    }

    @Test
    void additionsAloneAreDiscardedByTheKill() {
        assertEquals(1_000, afterKill("add", c -> c.add(statements(1_000, 2_000), G)));
    }

    @Test
    void noOtherConnectionReadsWhileAWriteAtNoneIsOpen() {
        Repository repo = seeded("readers");
        try (RepositoryConnection w = repo.getConnection()) {
            w.begin(IsolationLevels.NONE);
            w.add(statements(1_000, 1_010), G);
            try (RepositoryConnection r = repo.getConnection()) {
                UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, () -> r.size(G));
                assertEquals("This store does not support multiple datasets", e.getMessage());
            }
            w.commit();
        } finally {
            repo.shutDown();
        }
    }

    /** 1,000 committed statements, then {@code write} at NONE and the store shut down without a commit. */
    private long afterKill(String name, Consumer<RepositoryConnection> write) {
        Repository repo = seeded(name);
        RepositoryConnection c = repo.getConnection();
        c.begin(IsolationLevels.NONE);
        write.accept(c);
        c.close();
        repo.shutDown();
        repo = open(name);
        try (RepositoryConnection r = repo.getConnection()) {
            return r.size(G);
        } finally {
            repo.shutDown();
        }
    }

    private Repository seeded(String name) {
        Repository repo = open(name);
        try (RepositoryConnection c = repo.getConnection()) {
            c.begin();
            c.add(statements(0, 1_000), G);
            c.commit();
        }
        return repo;
    }

    private Repository open(String name) {
        return Stores.open(new StoreConfig.LmdbStoreConfig(tmp.resolve(name)));
    }

    private static List<Statement> statements(int from, int to) {
        List<Statement> out = new ArrayList<>();
        for (int i = from; i < to; i++) {
            out.add(VF.createStatement(VF.createIRI("urn:s" + i), P, VF.createIRI("urn:o" + i)));
        }
        return out;
    }
}
