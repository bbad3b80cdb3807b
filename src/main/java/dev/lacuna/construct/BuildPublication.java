package dev.lacuna.construct;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.util.Values;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.BadInputException;
import dev.lacuna.Failures;
import dev.lacuna.LacunaException;
import dev.lacuna.Warnings;
import dev.lacuna.folder.BuildRecord;
import dev.lacuna.grounding.IncompleteGraph;
import dev.lacuna.grounding.Triple;
import dev.lacuna.store.CommitGuard;
import dev.lacuna.store.Explicit;
import dev.lacuna.store.FreeSpace;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.SparqlFiles;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.StoreKinds;

/**
 * How a build replaces a KG's graphs incomplete and benchmark without ever leaving them out of step with a
 * folder. On a store with transactions (embedded, or an RDF4J Server) the new graphs are written under their
 * canonical names inside one transaction that stays open while the output folder is written; the
 * transaction is committed as the folder's last step, just before the finished folder is renamed into place
 * ({@link dev.lacuna.folder.OutputFolder}); on LMDB it is one LMDB write transaction, written without RDF4J's
 * change set where that is safe ({@link LmdbPublication}, docs/explanation/storage.md). A build that fails or is killed
 * before the commit leaves the published graphs, and so the previous folder, as they were (an open transaction
 * is never applied: LMDB commits by switching one page, a NativeStore rolls back a transaction that was not
 * committed, a server drops it); a commit that fails deletes the new folder before it is renamed. A kill between the
 * commit's end and the rename (the build's own verify runs there) leaves the new graphs with the old folder: the
 * commit marks the build unfinished in the same transaction ({@link BuildRecord#unfinished}), and the mark is removed
 * after the rename, so {@code serve} and {@code verify} say so instead of serving or passing it. A plain SPARQL endpoint has no
 * transaction across requests: there the graphs are written under staging names first and moved to the
 * canonical names at the same point ({@link Staged}). The folder records its graphs in graphs.json.
 */
final class BuildPublication {
    private static final Logger LOG = LoggerFactory.getLogger(BuildPublication.class);

    private BuildPublication() {
    }

    static IRI stagingIncomplete(KgGraphs kg) {
        return Values.iri(kg.prefix() + "staging/incomplete");
    }

    static IRI stagingBenchmark(KgGraphs kg) {
        return Values.iri(kg.prefix() + "staging/benchmark");
    }

    /** Which graph records the folder of the published build: not exported, so folders stay byte-identical. */
    static IRI buildsGraph(KgGraphs kg) {
        return BuildRecord.graph(kg);
    }

    /**
     * Before anything is written: the folder's parent can be created and written to, so that a read-only or
     * missing location fails now rather than after the store has been changed.
     */
    static void checkWritable(Path out) {
        Path parent = out.toAbsolutePath().normalize().getParent();
        try {
            Files.createDirectories(parent);
            Path probe = Files.createTempFile(parent, ".lacuna-write-check", "");
            Files.delete(probe);
        } catch (IOException e) {
            throw new BadInputException(out.toString(), -1, -1, "cannot write the output folder here: " + e);
        }
    }

    /**
     * Refuses, without force, a build that would replace the published benchmark of a KG whose folder is
     * elsewhere and still exists: that folder would no longer verify against the store.
     */
    static void refuseToOrphan(Repository repository, KgGraphs kg, Path out, boolean force) {
        String current = publishedFolder(repository, kg);
        if (current == null || force) {
            return;
        }
        Path folder = Path.of(current);
        if (!folder.equals(out.toAbsolutePath().normalize()) && Files.isDirectory(folder)) {
            throw new BadInputException(out.toString(), -1, -1, "the store already holds the benchmark of KG '"
                    + kg.name() + "' written to " + folder + "; a new build replaces its graphs incomplete and benchmark,"
                    + " so that folder would no longer verify. Use --force to replace it, or build into " + folder);
        }
    }

    /** The folder the store's published build was written to, or null. */
    static String publishedFolder(Repository repository, KgGraphs kg) {
        return BuildRecord.publishedFolder(repository, kg);
    }

    /**
     * The store side of one build, in three steps: {@link #write} the graphs (not yet visible), {@link #publish}
     * them with the folder record, or {@link #abandon} them. Every store call runs on one thread of its own, since
     * an LMDB write transaction belongs to the thread that opened it and the folder is written meanwhile.
     */
    abstract static class Publication implements AutoCloseable {
        final Repository repository;
        final KgGraphs kg;
        /** Triples per DELETE DATA where the server copies complete (COPY_DELETE). */
        final int deleteBatch;
        /**
         * The broken graphs of {@code build --break}/{@code --noise} by IRI, as {@link #write} was given them, written
         * in the same transaction; a build without them empties those graphs, so that no graph of an earlier build
         * outlives it.
         */
        private Map<IRI, Collection<Statement>> broken = Map.of();

        /** The broken graphs {@link #write} was given, for a subclass that writes them its own way. */
        final Map<IRI, Collection<Statement>> broken() {
            return broken;
        }
        /** About how many statements the commit writes, for the free-space check before it and the message after. */
        long pending;
        /** The build's finished folder, not yet renamed to --out, that the commit records as unfinished. */
        private Path finished;
        private final ExecutorService thread = Executors
                .newSingleThreadExecutor(r -> {
                    Thread t = new Thread(r, "lacuna-publish");
                    t.setDaemon(true);
                    return t;
                });

        Publication(Repository repository, KgGraphs kg, int deleteBatch) {
            this.repository = repository;
            this.kg = kg;
            this.deleteBatch = deleteBatch;
        }

        /**
         * The publication for this store: one transaction where the store has them (on LMDB one LMDB write
         * transaction, {@link LmdbPublication}), else staged graphs.
         */
        static Publication of(Repository repository, KgGraphs kg, int deleteBatch) {
            Publication publication;
            StoreConfig config = StoreKinds.config(repository);
            if (config.directWrites()) {
                publication = new LmdbPublication(repository, kg, deleteBatch);
            } else {
                publication = config.transactional() ? new Transactional(repository, kg, deleteBatch)
                        : new Staged(repository, kg, deleteBatch);
            }
            // A shared store (a lab's Virtuoso holding Freebase) must see that nothing else is touched.
            LOG.info("writing only the graphs {}", String.join(", ", publication.graphs().stream().map(IRI::stringValue).toList()));
            return publication;
        }

        /** Every graph this publication writes or clears. */
        List<IRI> graphs() {
            return List.of(kg.incomplete(), kg.benchmark(), buildsGraph(kg), kg.replaced(), kg.noisy());
        }

        /**
         * Inside the caller's open transaction: each broken graph replaced with what this build made of it, or
         * emptied. {@code clear} false only where the graphs are known to be empty (LMDB's first build adds only).
         */
        void writeBroken(RepositoryConnection conn, boolean clear) {
            for (IRI graph : List.of(kg.replaced(), kg.noisy())) {
                if (clear) {
                    conn.clear(graph);
                }
                Collection<Statement> statements = broken.get(graph);
                if (statements != null) {
                    IncompleteGraph.add(conn, graph, statements);
                    pending += statements.size();
                    LOG.info("{} written ({} triples, not yet committed)", graph, statements.size());
                }
            }
        }

        /**
         * Starts writing incomplete, benchmark and the broken graphs (by IRI; none for a build without them); the
         * future tells when that is done.
         */
        final Future<Void> write(Collection<Statement> incomplete, List<Triple> removed, Model provenance,
                                 Map<IRI, Collection<Statement>> brokenGraphs) {
            this.broken = Map.copyOf(brokenGraphs);
            return thread.submit(() -> {
                writeGraphs(incomplete, removed, provenance);
                return null;
            });
        }

        /**
         * Makes the written graphs the published ones and records the folder {@code out}, with the build marked
         * unfinished until {@link #finished} (its finished folder is {@code finished}), or throws (nothing published).
         */
        final void publish(Path out, Path finished) {
            // When an LMDB commit fails (a full disk), LMDB frees its transaction and RDF4J 5.2 aborts it once more:
            // a double free that can kill the JVM before anything is reported. A commit that cannot fit is refused
            // before it starts, the store left as it was.
            FreeSpace.require(repository, pending, "committing the build");
            this.finished = finished;
            run(() -> publishGraphs(out));
            LOG.info("graphs {} and {} switched to the new build", kg.incomplete(), kg.benchmark());
        }

        /** After the finished folder was renamed to {@code --out}: the build's unfinished mark goes. */
        final void finished() {
            run(() -> BuildRecord.finished(repository, kg));
            LOG.info("the build is finished: its folder is in place");
        }

        /** Drops what was written; best effort, and a no-op after {@link #publish}. */
        final void abandon() {
            try {
                run(this::abandonGraphs);
            } catch (RuntimeException e) {
                Warnings.warn("could not discard the graphs of the failed build: {}", e.getMessage());
            }
        }

        abstract void writeGraphs(Collection<Statement> incomplete, List<Triple> removed,
                                  Model provenance);

        /**
         * The exception a build that failed before its commit ends with, after {@link #abandon}: by default the
         * failure itself; a publication that had to close the store to discard its writes says so.
         */
        RuntimeException failed(RuntimeException e) {
            return e;
        }

        abstract void publishGraphs(Path out);

        abstract void abandonGraphs();

        /**
         * Whether the folder must be written from the graphs read back from the store: a plain SPARQL endpoint may
         * store a literal in another lexical form (Virtuoso writes doubles its own way), and the folder must show what
         * the store holds.
         */
        boolean readsBack() {
            return false;
        }

        void recordFolder(RepositoryConnection conn, Path out) {
            conn.clear(buildsGraph(kg));
            addFolderRecord(conn, out);
        }

        /**
         * The record alone, where the builds graph is known to be empty (no clear: see LmdbPublication): the folder, and
         * the build marked unfinished in the same transaction as its graphs.
         */
        void addFolderRecord(RepositoryConnection conn, Path out) {
            conn.add(BuildRecord.published(kg, out));
            if (finished != null) {
                conn.add(BuildRecord.unfinished(kg, finished));
            }
        }

        /** A transactional publication's last step: its one transaction, folder record included, committed. */
        static void commitAndClose(RepositoryConnection conn) {
            long started = System.nanoTime();
            CommitGuard.commit(conn);
            LOG.info("committed in {} s", String.format("%.1f", (System.nanoTime() - started) / 1e9));
            conn.close();
        }

        private void run(Runnable task) {
            try {
                thread.submit(task).get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LacunaException("interrupted while writing the store", e);
            } catch (ExecutionException e) {
                throw Failures.rethrown(e.getCause(), "writing the store failed");
            }
        }

        @Override
        public void close() {
            thread.shutdownNow();
        }
    }

    /** One transaction for both graphs and the folder record, committed by {@link #publish}. */
    static final class Transactional extends Publication {
        private RepositoryConnection conn;

        Transactional(Repository repository, KgGraphs kg, int deleteBatch) {
            super(repository, kg, deleteBatch);
        }

        @Override
        void writeGraphs(Collection<Statement> incomplete, List<Triple> removed,
                         Model provenance) {
            conn = repository.getConnection();
            pending = incomplete.size() + provenance.size();
            IncompleteGraph.beginSingleWriter(conn);
            try {
                IncompleteGraph.write(conn, kg, kg.incomplete(), incomplete, removed,
                        IncompleteGraph.methodFor(repository), deleteBatch);
                LOG.info("incomplete written ({} triples, not yet committed)", incomplete.size());
                Provenance.write(conn, kg.benchmark(), provenance);
                LOG.info("provenance stored in {} ({} statements, not yet committed)", kg.benchmark(), provenance.size());
                writeBroken(conn, true);
            } catch (RuntimeException e) {
                abandonGraphs();
                throw new LacunaException("could not write the graphs incomplete and benchmark (the store is left as it"
                        + " was): " + e.getMessage(), e);
            }
        }

        @Override
        void publishGraphs(Path out) {
            try {
                recordFolder(conn, out);
                commitAndClose(conn);
                conn = null;
            } catch (RuntimeException e) {
                abandonGraphs();
                throw new LacunaException("could not commit the new build (the store is left as it was): "
                        + FreeSpace.explain(repository, pending, e), e);
            }
        }

        @Override
        void abandonGraphs() {
            if (conn == null) {
                return;
            }
            try {
                if (conn.isActive()) {
                    conn.rollback();
                }
            } finally {
                conn.close();
                conn = null;
            }
        }
    }

    /**
     * For a store without transactions across requests: the graphs are written under staging names, each in
     * its own request(s), and moved to the canonical names by {@link #publish}.
     */
    static final class Staged extends Publication {
        Staged(Repository repository, KgGraphs kg, int deleteBatch) {
            super(repository, kg, deleteBatch);
        }

        @Override
        boolean readsBack() {
            return true;
        }

        @Override
        List<IRI> graphs() {
            return List.of(kg.incomplete(), kg.benchmark(), buildsGraph(kg), stagingIncomplete(kg), stagingBenchmark(kg),
                    kg.replaced(), kg.noisy());
        }

        @Override
        void writeGraphs(Collection<Statement> incomplete, List<Triple> removed,
                         Model provenance) {
            try (RepositoryConnection conn = repository.getConnection()) {
                for (Runnable step : List.<Runnable>of(
                        () -> IncompleteGraph.write(conn, kg, stagingIncomplete(kg), incomplete, removed,
                                IncompleteGraph.methodFor(repository), deleteBatch),
                        () -> Provenance.write(conn, stagingBenchmark(kg), provenance))) {
                    IncompleteGraph.beginSingleWriter(conn);
                    try {
                        step.run();
                        CommitGuard.commit(conn);
                    } catch (RuntimeException e) {
                        if (conn.isActive()) {
                            conn.rollback();
                        }
                        throw new LacunaException("could not write the staged graphs (the published ones are left as"
                                + " they were): " + e.getMessage(), e);
                    }
                }
            }
            LOG.info("incomplete written and provenance stored under staging names");
        }

        @Override
        void publishGraphs(Path out) {
            try (RepositoryConnection conn = repository.getConnection()) {
                IncompleteGraph.beginSingleWriter(conn);
                try {
                    move(conn, stagingIncomplete(kg), kg.incomplete());
                    move(conn, stagingBenchmark(kg), kg.benchmark());
                    // No transaction spans requests here: the broken graphs go in with the switch's own commit.
                    writeBroken(conn, true);
                    recordFolder(conn, out);
                    CommitGuard.commit(conn);
                } catch (RuntimeException e) {
                    if (conn.isActive()) {
                        conn.rollback();
                    }
                    throw new LacunaException("could not switch the store to the new build (its graphs are left as they"
                            + " were): " + e.getMessage(), e);
                }
            }
        }

        @Override
        void abandonGraphs() {
            try (RepositoryConnection conn = repository.getConnection()) {
                conn.clear(stagingIncomplete(kg), stagingBenchmark(kg));
            }
        }
    }

    private static void move(RepositoryConnection conn, IRI from, IRI to) {
        Explicit.update(conn, SparqlFiles.render("move-graph.ru", Map.of("source", from, "target", to)))
                .execute();
    }
}
