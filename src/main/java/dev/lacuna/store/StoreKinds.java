package dev.lacuna.store;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

import org.eclipse.rdf4j.query.algebra.evaluation.EvaluationStrategyFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.http.HTTPRepository;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.repository.sparql.SPARQLRepository;
import org.eclipse.rdf4j.sail.Sail;
import org.eclipse.rdf4j.sail.lmdb.LmdbStore;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.eclipse.rdf4j.sail.nativerdf.NativeStore;

/**
 * The one place that knows which RDF4J classes make up each store kind. Everything else asks an open repository's
 * {@link StoreConfig} ({@link #config}) what it needs to know, as RDF4J asks each store's config, so a new store
 * kind is a config record and a factory, not a hunt for type tests.
 */
public final class StoreKinds {

    /** The configs {@link Stores#open} opened repositories from; a repository made elsewhere is classified once. */
    private static final Map<Repository, StoreConfig> OPENED = Collections.synchronizedMap(new WeakHashMap<>());

    private StoreKinds() {
    }

    static void opened(Repository repository, StoreConfig config) {
        OPENED.put(repository, config);
    }

    /**
     * The config of an open repository: the one it was opened from, or, for a repository a caller built itself (an
     * embedding application, a test), the config that describes it.
     */
    public static StoreConfig config(Repository repository) {
        StoreConfig known = OPENED.get(repository);
        return known != null ? known : OPENED.computeIfAbsent(repository, StoreKinds::describe);
    }

    private static StoreConfig describe(Repository repository) {
        if (repository instanceof SailRepository sailRepository) {
            Sail sail = sailRepository.getSail();
            if (sail instanceof LmdbStore) {
                return new StoreConfig.LmdbStoreConfig(sail.getDataDir().toPath());
            }
            if (sail instanceof NativeStore) {
                return new StoreConfig.NativeStoreConfig(sail.getDataDir().toPath());
            }
            if (sail instanceof MemoryStore) {
                return new StoreConfig.MemoryStoreConfig();
            }
            // Another sail in this process (an inferencer stacked on a store, say): embedded, possibly inferring.
            return new StoreConfig.OtherSailConfig(sail.getClass().getSimpleName(),
                    Optional.ofNullable(sail.getDataDir()).map(File::toPath));
        }
        if (repository instanceof HTTPRepository http) {
            return new StoreConfig.RemoteRepositoryConfig(http.getRepositoryURL());
        }
        if (repository instanceof SPARQLRepository sparql) {
            return new StoreConfig.SparqlEndpointConfig(sparql.toString(), sparql.toString());
        }
        throw new IllegalArgumentException("unknown kind of repository: " + repository.getClass().getName());
    }

    /**
     * Wraps the query evaluation of an embedded store once (RDF4J sets it per store class, not through an interface).
     * False when the store evaluates queries elsewhere (behind HTTP) or is a sail of another kind.
     *
     * @param alreadyWrapped whether a factory is already this wrapper (so wrapping twice is avoided)
     */
    public static boolean wrapEvaluation(Repository repository, UnaryOperator<EvaluationStrategyFactory> wrap,
                                         Predicate<EvaluationStrategyFactory> alreadyWrapped) {
        if (!(repository instanceof SailRepository sailRepository)) {
            return false;
        }
        Sail sail = sailRepository.getSail();
        if (sail instanceof NativeStore s) {
            if (!alreadyWrapped.test(s.getEvaluationStrategyFactory())) {
                s.setEvaluationStrategyFactory(wrap.apply(s.getEvaluationStrategyFactory()));
            }
        } else if (sail instanceof MemoryStore s) {
            if (!alreadyWrapped.test(s.getEvaluationStrategyFactory())) {
                s.setEvaluationStrategyFactory(wrap.apply(s.getEvaluationStrategyFactory()));
            }
        } else if (sail instanceof LmdbStore s) {
            if (!alreadyWrapped.test(s.getEvaluationStrategyFactory())) {
                s.setEvaluationStrategyFactory(wrap.apply(s.getEvaluationStrategyFactory()));
            }
        } else {
            return false;
        }
        return true;
    }

    /** The triple indexes of an open native or LMDB store (as its folder records them); empty for other kinds. */
    public static Optional<String> indexes(Repository repository) {
        if (!(repository instanceof SailRepository sailRepository)) {
            return Optional.empty();
        }
        Sail sail = sailRepository.getSail();
        if (sail instanceof NativeStore store) {
            // null means RDF4J's default, spoc,posc
            return Optional.of(store.getTripleIndexes() == null ? StoreConfig.NativeStoreConfig.DEFAULT_INDEXES
                    : store.getTripleIndexes());
        }
        if (sail instanceof LmdbStore store) {
            try {
                return Optional.of(Stores.existingIndexes(store.getDataDir().toPath().resolve("triples")
                        .resolve("triples.prop"), StoreConfig.LmdbStoreConfig.DEFAULT_INDEXES));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return Optional.empty();
    }
}
