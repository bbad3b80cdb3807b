package dev.lacuna.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryException;
import org.eclipse.rdf4j.repository.http.HTTPRepository;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.SailException;
import org.eclipse.rdf4j.sail.SailLockedException;
import org.eclipse.rdf4j.sail.lmdb.LmdbStore;
import org.eclipse.rdf4j.sail.lmdb.config.LmdbStoreConfig;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.eclipse.rdf4j.sail.nativerdf.NativeStore;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;

/**
 * Opens a repository from a {@link StoreConfig}; one factory per kind, as RDF4J's SailRegistry keeps
 * one SailFactory per type. The returned repository is initialised; the caller shuts it down.
 */
public final class Stores {

    /** Opens one kind of store. */
    @FunctionalInterface
    interface Factory {
        Repository open(StoreConfig config) throws IOException;
    }

    private static final Map<String, Factory> FACTORIES = Map.of(
            "native", c -> openNative((StoreConfig.NativeStoreConfig) c),
            "memory", c -> new SailRepository(new MemoryStore()),
            "lmdb", c -> openLmdb((StoreConfig.LmdbStoreConfig) c),
            "repository", c -> openRemote((StoreConfig.RemoteRepositoryConfig) c),
            "sparql", c -> openSparql((StoreConfig.SparqlEndpointConfig) c));

    private Stores() {
    }

    public static Repository open(StoreConfig config) {
        Factory factory = FACTORIES.get(config.kind());
        if (factory == null) {
            throw new LacunaException("no factory for store kind '" + config.kind() + "'");
        }
        Repository repository;
        try {
            repository = factory.open(config);
        } catch (IOException e) {
            throw new LacunaException("cannot open " + config.describe() + ": " + e.getMessage(), e);
        }
        List<Path> stale = config instanceof StoreConfig.LmdbStoreConfig lmdb ? LmdbTempFolders.present(lmdb.dir())
                : List.of();
        try {
            repository.init();
        } catch (RepositoryException | SailException e) {
            if (causedBy(e, SailLockedException.class)) {
                throw new LacunaException("cannot open " + config.describe()
                        + ": it is locked by another process (another lacuna command or server using this folder?)", e);
            }
            throw new LacunaException("cannot open " + config.describe() + ": " + rootMessage(e), e);
        }
        LmdbTempFolders.removeStale(stale);
        StoreKinds.opened(repository, config);
        return repository;
    }

    /**
     * Shuts a store down, turning RDF4J's "Unable to shutdown Sail" into the reason (a full disk shows up here,
     * when a NativeStore flushes its pages).
     */
    public static void close(Repository repository) {
        try {
            repository.shutDown();
        } catch (RepositoryException | SailException e) {
            throw new LacunaException("could not finish writing the store: " + rootMessage(e)
                    + "; run lacuna check before using it again", e);
        }
    }

    private static Repository openNative(StoreConfig.NativeStoreConfig c) throws IOException {
        Path dir = prepareDir(c.dir());
        NativeStore store = new NativeStore(dir.toFile(), c.indexes() != null ? c.indexes()
                : existingIndexes(dir.resolve("triples.prop"), StoreConfig.NativeStoreConfig.DEFAULT_INDEXES));
        return new SailRepository(store);
    }

    private static boolean sameIndexes(String a, String b) {
        return Set.of(a.replace(" ", "").split(",")).equals(Set.of(b.replace(" ", "").split(",")));
    }

    /** The indexes a store folder was created with (RDF4J's triples.prop), or the default for a new one. */
    static String existingIndexes(Path props, String defaultIndexes) throws IOException {
        if (Files.isRegularFile(props)) {
            Properties p = new Properties();
            try (var in = Files.newInputStream(props)) {
                p.load(in);
            }
            String indexes = p.getProperty("triple-indexes");
            if (indexes != null && !indexes.isBlank()) {
                return indexes.trim();
            }
        }
        return defaultIndexes;
    }

    private static Repository openLmdb(StoreConfig.LmdbStoreConfig c) throws IOException {
        Path dir = prepareDir(c.dir());
        Path props = dir.resolve("triples").resolve("triples.prop");
        String existing = Files.isRegularFile(props) ? existingIndexes(props, null) : null;
        if (c.indexes() != null && existing != null && !sameIndexes(existing, c.indexes())) {
            // RDF4J 5.2's LMDB re-index opens a write transaction inside its own and waits on itself forever
            // (TripleStore.reindex -> TripleIndex.<init> -> mdb_txn_begin), so refuse instead of hanging.
            throw new BadInputException("LMDB store " + dir + " has indexes " + existing + ", not " + c.indexes()
                    + ": an LMDB store keeps the indexes it was created with (RDF4J cannot add one to it); load the KG"
                    + " into a new store lmdb:NEWDIR:" + c.indexes() + ", or open this one as lmdb:" + dir);
        }
        LmdbStoreConfig config = new LmdbStoreConfig(c.indexes() != null ? c.indexes()
                : existing != null ? existing : StoreConfig.LmdbStoreConfig.DEFAULT_INDEXES);
        // The map size is address space, not disk: LMDB's files grow only as pages are written. A map that fills
        // up inside a transaction makes RDF4J park the rest of that transaction's writes in a side cache and
        // replay them at commit, a second write of most of a large load; 16 GiB per database holds a
        // 20M-triple KG and autoGrow still covers larger ones.
        config.setTripleDBSize(16L << 30);
        config.setValueDBSize(16L << 30);
        return new SailRepository(new LmdbStore(dir.toFile(), config));
    }

    private static Repository openRemote(StoreConfig.RemoteRepositoryConfig c) {
        HTTPRepository repository = new HTTPRepository(c.url());
        StoreHttpClient.configure(repository);
        if (c.credentials() != null) {
            repository.setUsernameAndPassword(c.credentials().user(), c.credentials().password());
        }
        repository.init();
        RemoteRepositoryCheck.requireOpens(repository, c.url());
        return repository;
    }

    private static Repository openSparql(StoreConfig.SparqlEndpointConfig c) {
        return new SparqlEndpointRepository(c.queryUrl(), c.updateUrl(), c.credentials());
    }

    private static Path prepareDir(Path dir) throws IOException {
        Files.createDirectories(dir);
        if (!Files.isWritable(dir)) {
            throw new IOException("folder " + dir + " is not writable");
        }
        return dir;
    }

    private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m;
    }
}
