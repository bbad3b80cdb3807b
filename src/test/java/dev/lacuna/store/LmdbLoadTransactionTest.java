package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.lmdb.LmdbStore;
import org.eclipse.rdf4j.sail.lmdb.config.LmdbStoreConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the loader relies on when it writes to LMDB without RDF4J's change set (isolation NONE): the writes go
 * into one LMDB write transaction, which closing the store aborts; and the catch that makes the loader close the
 * store when a load fails: RDF4J 5.2's rollback at NONE does not abort that transaction, and the next commit in
 * the same process writes it. (If a later RDF4J fixes the rollback, the second test fails and KgLoader's
 * shutdown on failure can go.)
 */
class LmdbLoadTransactionTest {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final IRI G = VF.createIRI("urn:g");
    private static final IRI P = VF.createIRI("urn:p");

    @TempDir
    Path tmp;

    @Test
    void aLoadAndAReplaceGiveTheWholeKg() throws IOException {
        Path file = tmp.resolve("kg.tsv");
        StringBuilder tsv = new StringBuilder();
        for (int i = 0; i < 3_000; i++) {
            tsv.append("e").append(i).append("\tr").append(i % 7).append("\te").append((i * 31) % 1_000).append('\n');
        }
        Files.writeString(file, tsv);
        KgGraphs kg = KgGraphs.of("t");
        Repository repo = Stores.open(new StoreConfig.LmdbStoreConfig(tmp.resolve("store3")));
        try {
            KgLoader.Result first = new KgLoader(repo, kg).load(List.of(file), KgLoader.Options.defaults());
            KgLoader.Result again = new KgLoader(repo, kg).load(List.of(file),
                    new KgLoader.Options(null, null, 7, true));
            try (RepositoryConnection c = repo.getConnection()) {
                assertEquals(3_000, first.triples());
                assertEquals(3_000, c.size(kg.complete()));
                assertEquals(again.checksum(), GraphChecksum.of(c, kg.complete()));
            }
        } finally {
            repo.shutDown();
        }
    }

    @Test
    void aWriteAtNoneDiscardedByShutdownLeavesNothing() {
        Path dir = tmp.resolve("store2");
        shutdownDiscardsAWriteAtNone(() -> Stores.open(new StoreConfig.LmdbStoreConfig(dir)), 50_000);
    }

    @Test
    void aRolledBackWriteAtNoneIsCommittedByTheNextTransaction() {
        Repository repo = Stores.open(new StoreConfig.LmdbStoreConfig(tmp.resolve("store")));
        IRI g = VF.createIRI("urn:g");
        IRI p = VF.createIRI("urn:p");
        try {
            try (RepositoryConnection c = repo.getConnection()) {
                c.begin(IsolationLevels.NONE);
                for (int i = 0; i < 50_000; i++) {
                    c.add(VF.createIRI("urn:s" + i), p, VF.createIRI("urn:o" + i), g);
                }
                c.rollback();
            }
            try (RepositoryConnection c = repo.getConnection()) {
                c.begin();
                c.add(VF.createIRI("urn:x"), VF.createIRI("urn:q"), VF.createIRI("urn:y"), g);
                c.commit();
            }
            try (RepositoryConnection c = repo.getConnection()) {
                assertTrue(c.hasStatement(null, p, null, false, g), "RDF4J now rolls back at NONE: see the class comment");
            }
            try (RepositoryConnection c = repo.getConnection()) {
                c.begin(IsolationLevels.NONE);
                c.add(VF.createIRI("urn:s"), p, VF.createIRI("urn:o"), g);
                c.commit();
            }
            try (RepositoryConnection c = repo.getConnection()) {
                assertTrue(c.hasStatement(VF.createIRI("urn:s"), p, VF.createIRI("urn:o"), false, g));
            }
        } finally {
            repo.shutDown();
        }
    }

    /**
     * A KG larger than the 16 GiB maps Stores sets makes LMDB grow its map inside the load's transaction: the
     * transaction must still be all or nothing. Tiny maps here force many growths within one NONE write.
     */
    @Test
    void aMapThatGrowsInsideAWriteAtNoneKeepsItOneTransaction() {
        Path dir = tmp.resolve("tiny-maps");
        shutdownDiscardsAWriteAtNone(() -> tinyMaps(dir), 200_000);
        Repository repo = tinyMaps(dir);
        try (RepositoryConnection w = repo.getConnection()) {
            w.begin(IsolationLevels.NONE);
            addMany(w, 200_000);
            w.commit();
            assertEquals(200_001, w.size(G));
        } finally {
            repo.shutDown();
        }
    }

    /**
     * One committed statement, then {@code n} written at NONE and dropped by shutting the store down (a kill, as far
     * as LMDB can tell): the store reopens with the one statement only.
     */
    private static void shutdownDiscardsAWriteAtNone(Supplier<Repository> open, int n) {
        Repository repo = open.get();
        try (RepositoryConnection c = repo.getConnection()) {
            c.begin();
            c.add(VF.createIRI("urn:x"), VF.createIRI("urn:q"), VF.createIRI("urn:y"), G);
            c.commit();
        }
        RepositoryConnection c = repo.getConnection();
        c.begin(IsolationLevels.NONE);
        addMany(c, n);
        repo.shutDown();
        repo = open.get();
        try (RepositoryConnection r = repo.getConnection()) {
            assertFalse(r.hasStatement(null, P, null, false, G), "a write discarded by shutdown was committed");
            assertEquals(1, r.size(G));
        } finally {
            repo.shutDown();
        }
    }

    private static void addMany(RepositoryConnection c, int n) {
        for (int i = 0; i < n; i++) {
            c.add(VF.createIRI("urn:s" + i), P, VF.createIRI("urn:o" + i), G);
        }
    }

    private static Repository tinyMaps(Path dir) {
        LmdbStoreConfig config = new LmdbStoreConfig("spoc,posc");
        config.setTripleDBSize(1L << 20);
        config.setValueDBSize(1L << 20);
        return new SailRepository(new LmdbStore(dir.toFile(), config));
    }
}
