package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.eclipse.rdf4j.model.util.Values;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.nativerdf.NativeStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;

class StoresTest {
    @TempDir
    Path tmp;

    @Test
    void storeSpecsParseIntoConfigs() {
        assertEquals(new StoreConfig.NativeStoreConfig(Path.of("x")), StoreSpec.parse("native:x"));
        assertEquals(new StoreConfig.NativeStoreConfig(Path.of("x"), "spoc,posc,ospc"), StoreSpec.parse("native:x:spoc,posc,ospc"));
        assertEquals(new StoreConfig.MemoryStoreConfig(), StoreSpec.parse("memory"));
        assertEquals(new StoreConfig.LmdbStoreConfig(Path.of("/d")), StoreSpec.parse("lmdb:/d"));
        assertEquals(new StoreConfig.LmdbStoreConfig(Path.of("/d"), "spoc,posc,ospc"), StoreSpec.parse("lmdb:/d:spoc,posc,ospc"));
        assertInstanceOf(StoreConfig.LmdbStoreConfig.class, StoreSpec.parse(null), "LMDB survives a kill");
        BadInputException e = assertThrows(BadInputException.class, () -> StoreSpec.parse("tdb2:/x"));
        assertTrue(e.getMessage().contains("unknown store kind 'tdb2'"), e.getMessage());
        assertThrows(BadInputException.class, () -> StoreSpec.parse("native"));
        assertThrows(BadInputException.class, () -> StoreSpec.parse("http://host/repositories/x"));
        assertThrows(BadInputException.class, () -> StoreSpec.repository("ftp://x"));
        assertEquals("http://h/q", ((StoreConfig.SparqlEndpointConfig) StoreSpec.sparql("http://h/q", null)).updateUrl());
    }

    @Test
    void theDefaultIsLmdbButANativeStoreAlreadyThereIsOpenedAsNative() {
        Path dir = tmp.resolve("default");
        assertEquals(new StoreConfig.LmdbStoreConfig(dir), StoreSpec.defaultStore(dir));
        Stores.open(new StoreConfig.NativeStoreConfig(dir)).shutDown();
        assertEquals(new StoreConfig.NativeStoreConfig(dir), StoreSpec.defaultStore(dir));
        Path lmdb = tmp.resolve("lmdb");
        Stores.open(new StoreConfig.LmdbStoreConfig(lmdb)).shutDown();
        assertEquals(new StoreConfig.LmdbStoreConfig(lmdb), StoreSpec.defaultStore(lmdb));
    }

    @Test
    @org.junit.jupiter.api.Timeout(120) // without the check, RDF4J 5.2 waits on itself forever here
    void anLmdbStoreKeepsItsIndexesAndRefusesOthersInsteadOfHanging() {
        Path dir = tmp.resolve("lmdb-ospc");
        Repository created = Stores.open(new StoreConfig.LmdbStoreConfig(dir, "spoc,posc,ospc"));
        try (var c = created.getConnection()) {
            c.add(Values.iri("urn:s"), Values.iri("urn:p"),
                    Values.iri("urn:o"));
        } finally {
            created.shutDown();
        }
        Repository again = Stores.open(new StoreConfig.LmdbStoreConfig(dir));
        try {
            assertEquals("spoc,posc,ospc", StoreKinds.indexes(again).orElseThrow());
        } finally {
            again.shutDown();
        }
        // The same list in another order is the same indexes; a different list would make RDF4J 5.2 wait forever.
        Stores.open(new StoreConfig.LmdbStoreConfig(dir, "ospc,spoc,posc")).shutDown();
        BadInputException e = assertThrows(BadInputException.class,
                () -> Stores.open(new StoreConfig.LmdbStoreConfig(dir, "spoc,posc")));
        assertTrue(e.getMessage().contains("has indexes ospc,spoc,posc, not spoc,posc"), e.getMessage());
        Repository fresh = Stores.open(new StoreConfig.LmdbStoreConfig(tmp.resolve("lmdb-new")));
        try {
            assertEquals(StoreConfig.LmdbStoreConfig.DEFAULT_INDEXES,
                    StoreKinds.indexes(fresh).orElseThrow());
        } finally {
            fresh.shutDown();
        }
    }

    @Test
    void aNativeStoreKeepsTheIndexesItWasCreatedWith() {
        Path dir = tmp.resolve("store");
        Stores.open(new StoreConfig.NativeStoreConfig(dir, "spoc,posc,ospc")).shutDown();
        Repository again = Stores.open(new StoreConfig.NativeStoreConfig(dir));
        try {
            NativeStore sail = (NativeStore) ((SailRepository) again).getSail();
            assertEquals("spoc,posc,ospc", sail.getTripleIndexes());
        } finally {
            again.shutDown();
        }
        Repository fresh = Stores.open(new StoreConfig.NativeStoreConfig(tmp.resolve("new")));
        try {
            assertEquals("spoc,posc", ((NativeStore) ((SailRepository) fresh).getSail()).getTripleIndexes());
        } finally {
            fresh.shutDown();
        }
    }
}
