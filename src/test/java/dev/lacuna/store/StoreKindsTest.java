package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.http.HTTPRepository;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.repository.sparql.SPARQLRepository;
import org.eclipse.rdf4j.sail.helpers.SailWrapper;
import org.eclipse.rdf4j.sail.lmdb.LmdbStore;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.eclipse.rdf4j.sail.nativerdf.NativeStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What each kind of open repository answers when the pipeline asks its config how to read and write. */
class StoreKindsTest {

    @Test
    void aStoreOpenedFromAConfigAnswersWithThatConfig(@TempDir Path dir) {
        StoreConfig config = new StoreConfig.LmdbStoreConfig(dir.resolve("kg"));
        Repository repository = Stores.open(config);
        try {
            assertSame(config, StoreKinds.config(repository));
            assertEquals(Optional.of(StoreConfig.LmdbStoreConfig.DEFAULT_INDEXES), StoreKinds.indexes(repository));
        } finally {
            repository.shutDown();
        }
    }

    @Test
    void repositoriesBuiltByACallerAreDescribedByTheirKind(@TempDir Path dir) {
        StoreConfig lmdb = StoreKinds.config(new SailRepository(new LmdbStore(dir.resolve("l").toFile())));
        assertEquals("lmdb", lmdb.kind());
        assertTrue(lmdb.directWrites(), "LMDB writes at NONE straight into its write transaction");
        assertEquals(Optional.of(dir.resolve("l")), lmdb.folder());

        StoreConfig nativeStore = StoreKinds.config(new SailRepository(new NativeStore(dir.resolve("n").toFile())));
        assertEquals("native", nativeStore.kind());
        assertFalse(nativeStore.directWrites());
        assertTrue(nativeStore.embedded() && !nativeStore.inMemory() && nativeStore.transactional());

        StoreConfig memory = StoreKinds.config(new SailRepository(new MemoryStore()));
        assertTrue(memory.inMemory() && memory.embedded());
        assertEquals(Optional.empty(), memory.folder());

        StoreConfig inferring = StoreKinds.config(new SailRepository(new SailWrapper(new MemoryStore())));
        assertTrue(inferring.embedded() && inferring.mayInfer() && !inferring.inMemory(),
                "a sail stacked on a store (an inferencer, say) is embedded, may infer, and is copied like any other sail");

        StoreConfig remote = StoreKinds.config(new HTTPRepository("http://127.0.0.1:1/repositories/kg"));
        assertEquals(new StoreConfig.RemoteRepositoryConfig("http://127.0.0.1:1/repositories/kg"), remote);
        assertTrue(remote.transactional() && !remote.embedded() && remote.mayInfer());

        StoreConfig endpoint = StoreKinds.config(new SPARQLRepository("http://127.0.0.1:1/sparql"));
        assertFalse(endpoint.transactional(), "a plain SPARQL endpoint has no transaction spanning requests");
        assertFalse(endpoint.embedded());
        assertEquals(Optional.empty(), StoreKinds.indexes(new SPARQLRepository("http://127.0.0.1:1/sparql")));
    }
}
