package dev.lacuna.store;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the RDF lives. One small record per store kind, in the manner of RDF4J's
 * NativeStoreConfig; {@link StoreSpec} parses the CLI's spec into one and {@link Stores} opens it.
 * Lacuna creates no store that infers; a repository given by URL may, and Lacuna then reads explicit statements only
 * ({@link Explicit}) and warns ({@link InferenceCheck}).
 */
public sealed interface StoreConfig {

    /** The kind word used in a store spec (native, memory, lmdb, repository, sparql). */
    String kind();

    /** A human-readable name for messages and logs, e.g. "LMDB store DIR"; never a credential. */
    String describe();

    /** The folder an embedded store keeps its files in; empty for the memory store and stores behind HTTP. */
    default Optional<Path> folder() {
        return Optional.empty();
    }

    /** Whether the store lives in this process (native, memory, LMDB) rather than behind HTTP. */
    default boolean embedded() {
        return true;
    }

    /** Statements per add request within a load's one transaction, where a store has no better measured size. */
    int DEFAULT_LOAD_BATCH = 20_000;

    /** Statements per add within a load's one transaction (the load stays one transaction whatever the size). */
    default int loadBatch() {
        return DEFAULT_LOAD_BATCH;
    }

    /** Whether the store's statements already live in this process's heap (nothing is gained by copying them there). */
    default boolean inMemory() {
        return false;
    }

    /**
     * Whether one transaction spans many requests, so a load or a build commits all at once; a plain SPARQL endpoint
     * has none (each update request stands alone), and a build there stages its graphs under other names first.
     */
    default boolean transactional() {
        return true;
    }

    /**
     * Whether a transaction at isolation level NONE writes straight into the store's own write transaction (LMDB):
     * one commit, nothing of the change held in the heap, and a rollback that only closing the store completes
     * (docs/explanation/storage.md).
     */
    default boolean directWrites() {
        return false;
    }

    /**
     * Whether the store may infer statements: Lacuna creates embedded stores without inference, but a repository
     * someone else configured may have an inferring ruleset or sail ({@link InferenceCheck} asks it).
     */
    default boolean mayInfer() {
        return false;
    }

    /**
     * Embedded RDF4J NativeStore. Indexes spoc,posc are RDF4J's default and measured best for building:
     * adding cspo made rule-body joins 15x slower. For serving, an object-first index (spoc,posc,ospc) made
     * one-hop "what points at e" queries 12x faster on CoDEx-M. A null {@code indexes} keeps the indexes
     * the store folder already has (RDF4J rebuilds indexes whenever a store is opened with another list).
     */
    record NativeStoreConfig(Path dir, String indexes) implements StoreConfig {
        public static final String DEFAULT_INDEXES = "spoc,posc";

        public NativeStoreConfig(Path dir) {
            this(dir, null);
        }

        @Override
        public String kind() {
            return "native";
        }

        @Override
        public String describe() {
            return "native store " + dir;
        }

        @Override
        public Optional<Path> folder() {
            return Optional.of(dir);
        }
    }

    /** In-memory store without persistence: for tests and throw-away runs. */
    record MemoryStoreConfig() implements StoreConfig {
        @Override
        public String kind() {
            return "memory";
        }

        @Override
        public String describe() {
            return "memory store";
        }

        @Override
        public boolean inMemory() {
            return true;
        }
    }

    /**
     * Embedded RDF4J LMDB store. A null {@code indexes} keeps the indexes the store folder already has, and gives a
     * new store {@link #DEFAULT_INDEXES} (RDF4J rebuilds indexes whenever a store is opened with another list).
     */
    record LmdbStoreConfig(Path dir, String indexes) implements StoreConfig {
        /**
         * RDF4J's spoc,posc plus an object-first index: ToG's and PoG's tail-relation query {@code ?x ?relation <e>}
         * otherwise scans the graph. At 2M triples the one-hop mix served 1,491 queries/s (p50 7 ms) against 11/s
         * (p50 1,242 ms) without it, for about 1.8x the load's CPU (docs/explanation/storage.md, "Indexes"). It is chosen
         * at creation because RDF4J cannot add an index to an existing LMDB store (see Stores).
         */
        public static final String DEFAULT_INDEXES = "spoc,posc,ospc";

        public LmdbStoreConfig(Path dir) {
            this(dir, null);
        }

        @Override
        public String kind() {
            return "lmdb";
        }

        @Override
        public String describe() {
            return "LMDB store " + dir;
        }

        @Override
        public boolean directWrites() {
            return true;
        }

        @Override
        public Optional<Path> folder() {
            return Optional.of(dir);
        }
    }

    /**
     * A repository behind the RDF4J REST protocol: RDF4J Server or GraphDB, e.g. http://host:7200/repositories/kg;
     * credentials null for a server without authentication.
     */
    record RemoteRepositoryConfig(String url, SparqlCredentials credentials) implements StoreConfig {
        RemoteRepositoryConfig(String url) {
            this(url, null);
        }

        @Override
        public String kind() {
            return "repository";
        }

        @Override
        public String describe() {
            return "repository " + url;
        }

        @Override
        public boolean embedded() {
            return false;
        }

        @Override
        public boolean mayInfer() {
            return true;
        }

        /**
         * FB15k-237 (316,116 statements with labels) loaded into GraphDB 10.8.9 in adds of 5,000 / 20,000 / 100,000 /
         * 500,000 statements took at best 19.0 / 15.4 / 15.1 / 18.8 s (docs/howto/store-graphdb.md): fewer, larger
         * requests until a request's own size costs more.
         */
        @Override
        public int loadBatch() {
            return 100_000;
        }
    }

    /**
     * Any SPARQL 1.1 endpoint; updates go to updateUrl (which defaults to the query URL), and a challenge from either
     * is answered with the credentials (null: anonymous; Virtuoso takes updates only on /sparql-auth, with Digest).
     */
    record SparqlEndpointConfig(String queryUrl, String updateUrl, SparqlCredentials credentials) implements StoreConfig {
        public SparqlEndpointConfig(String queryUrl, String updateUrl) {
            this(queryUrl, updateUrl, null);
        }

        @Override
        public String kind() {
            return "sparql";
        }

        @Override
        public String describe() {
            return "SPARQL endpoint " + queryUrl;
        }

        @Override
        public boolean embedded() {
            return false;
        }

        @Override
        public boolean transactional() {
            return false;
        }
    }

    /**
     * A sail of another kind that a caller opened itself (for example RDF4J's RDFS inferencer over a memory store):
     * Lacuna never opens one from a spec, but it reads and builds in one ({@link StoreKinds#config}).
     */
    record OtherSailConfig(String sailName, Optional<Path> dir) implements StoreConfig {
        @Override
        public String kind() {
            return "sail";
        }

        @Override
        public String describe() {
            return sailName + dir.map(d -> " " + d).orElse("");
        }

        @Override
        public Optional<Path> folder() {
            return dir;
        }

        @Override
        public boolean mayInfer() {
            return true;
        }
    }
}
