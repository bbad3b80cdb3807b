package dev.lacuna.grounding;

import java.util.AbstractCollection;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.LacunaException;
import dev.lacuna.Progress;
import dev.lacuna.rules.sparql.RuleCompiler;
import dev.lacuna.store.CommitGuard;
import dev.lacuna.store.Explicit;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.SparqlFiles;
import dev.lacuna.store.StoreKinds;

/**
 * Makes the graph incomplete: complete minus the selected heads, written in one transaction that first
 * empties incomplete, so a build killed midway leaves incomplete as it was before and a rerun repairs any
 * partial state a store without transactions may have kept. complete is only read.
 *
 * <p>Two ways, by where the store is ({@link Method}). An embedded store streams complete's statements and
 * adds all but the removed ones in large batches: deleting from a graph that a COPY has just filled in the same
 * transaction cost LMDB 6-11 s per 1,000-triple DELETE DATA at 20M triples. A remote store
 * copies on the server (SPARQL COPY) and then deletes in batches: streaming every statement over HTTP and back
 * would cost far more than the deletes there.
 */
public final class IncompleteGraph {
    private static final Logger LOG = LoggerFactory.getLogger(IncompleteGraph.class);
    /** Statements per add call when streaming: large enough that per-call overhead vanishes. */
    private static final int STREAM_BATCH = 100_000;
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    /** How incomplete is written. */
    public enum Method {
        /** complete streamed into incomplete minus the removed set, in large add batches. */
        STREAM,
        /** SPARQL COPY of complete, then DELETE DATA per batch of removed triples. */
        COPY_DELETE
    }

    private IncompleteGraph() {
    }

    /**
     * Starts a write step's one transaction at the store's own isolation level (snapshot reads, writes buffered
     * until commit). Never level NONE here, though it skips RDF4J's change set and made the COPY 2.6 times faster:
     * at NONE a NativeStore writes straight into the B-trees the same transaction reads, so the COPY of
     * FB15k-237 read pages it was splitting and copied 93,798 of 272,115 triples; and a process killed before
     * commit left half-written pages of every graph in the store, older KGs included (docs/explanation/store-safety.md).
     * Only LMDB's first build writes at NONE, adding and never reading ({@link dev.lacuna.construct.LmdbPublication}).
     */
    public static void beginSingleWriter(RepositoryConnection conn) {
        conn.begin();
    }

    public static void rebuild(Repository repository, KgGraphs kg, List<Triple> deleted, int batchSize) {
        rebuild(repository, kg, kg.incomplete(), deleted, batchSize);
    }

    /** Writes complete minus the deleted triples into {@code incomplete} (a build stages it under another name). */
    static void rebuild(Repository repository, KgGraphs kg, IRI incomplete, List<Triple> deleted, int batchSize) {
        rebuild(repository, kg, incomplete, deleted, batchSize, methodFor(repository));
    }

    /** Streaming where the statements do not cross a network; the server's own COPY where they would. */
    public static Method methodFor(Repository repository) {
        return StoreKinds.config(repository).embedded() ? Method.STREAM : Method.COPY_DELETE;
    }

    static void rebuild(Repository repository, KgGraphs kg, IRI incomplete, List<Triple> deleted, int batchSize,
                        Method method) {
        List<Statement> statements = new ArrayList<>(deleted.size());
        for (Triple t : deleted) {
            statements.add(repository.getValueFactory().createStatement(kg.entity(t.head()), kg.relation(t.relation()),
                    kg.entity(t.tail())));
        }
        long started = System.nanoTime();
        long written;
        try (RepositoryConnection conn = repository.getConnection()) {
            IncompleteGraph.beginSingleWriter(conn);
            try {
                written = method == Method.STREAM ? stream(conn, kg.complete(), incomplete, statements)
                        : copyDelete(conn, kg.complete(), incomplete, statements, batchSize);
                CommitGuard.commit(conn);
            } catch (RuntimeException e) {
                if (conn.isActive()) {
                    conn.rollback();
                }
                throw new LacunaException("could not write the graph incomplete (it is left as it was): " + e.getMessage(), e);
            }
        }
        LOG.info("{} = complete minus {} triples ({} triples written, {}, {} s)", incomplete, statements.size(),
                written < 0 ? "all" : written, method.name().toLowerCase(Locale.ROOT),
                String.format("%.1f", (System.nanoTime() - started) / 1e9));
    }

    /** The key of a triple regardless of its graph (Statement.equals compares contexts too). */
    private record Key(Resource subject, IRI predicate, Value object) {
        static Key of(Statement st) {
            return new Key(st.getSubject(), st.getPredicate(), st.getObject());
        }
    }

    /**
     * Inside the caller's open transaction: replaces {@code target} with {@code statements}, complete minus
     * {@code removed} already computed by the caller (STREAM), or lets the server copy complete and delete
     * {@code removed} (COPY_DELETE, where sending every statement over the network would cost more).
     */
    public static void write(RepositoryConnection conn, KgGraphs kg, IRI target, Collection<Statement> statements,
                      List<Triple> removed, Method method, int deleteBatch) {
        long started = System.nanoTime();
        if (method == Method.STREAM) {
            conn.clear(target);
            add(conn, target, statements);
        } else {
            List<Statement> keys = new ArrayList<>(removed.size());
            for (Triple t : removed) {
                keys.add(VF.createStatement(kg.entity(t.head()), kg.relation(t.relation()), kg.entity(t.tail())));
            }
            copyDelete(conn, kg.complete(), target, keys, deleteBatch);
        }
        LOG.info("{} = complete minus {} triples ({}, {} s)", target, removed.size(),
                method.name().toLowerCase(Locale.ROOT), String.format("%.1f", (System.nanoTime() - started) / 1e9));
    }

    /** Adds the statements to {@code target} in the caller's open transaction, in large batches, showing progress. */
    public static void add(RepositoryConnection conn, IRI target, Collection<Statement> statements) {
        List<Statement> batch = new ArrayList<>(Math.min(STREAM_BATCH, statements.size()));
        try (Progress progress = Progress.start("incomplete", statements.size(), "triples")) {
            for (Statement st : statements) {
                batch.add(st);
                if (batch.size() == STREAM_BATCH) {
                    conn.add(batch, target);
                    progress.step(batch.size());
                    batch.clear();
                }
            }
            conn.add(batch, target);
            progress.step(batch.size());
        }
    }

    /**
     * complete's statements without the removed triples, as a view over {@code complete} (which must not change
     * while it is used): at 20 million triples a copied list would cost 80 to 160 MB more of heap for nothing.
     */
    public static Collection<Statement> completeMinus(List<Statement> complete, KgGraphs kg, List<Triple> removed) {
        Set<Key> skip = new HashSet<>(removed.size() * 2);
        for (Triple t : removed) {
            skip.add(new Key(kg.entity(t.head()), kg.relation(t.relation()), kg.entity(t.tail())));
        }
        BitSet dropped = new BitSet(complete.size());
        for (int i = 0; i < complete.size(); i++) {
            if (skip.contains(Key.of(complete.get(i)))) {
                dropped.set(i);
            }
        }
        int size = complete.size() - dropped.cardinality();
        return new AbstractCollection<>() {
            @Override
            public Iterator<Statement> iterator() {
                return new Iterator<>() {
                    private int next = dropped.nextClearBit(0);

                    @Override
                    public boolean hasNext() {
                        return next < complete.size();
                    }

                    @Override
                    public Statement next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        Statement st = complete.get(next);
                        next = dropped.nextClearBit(next + 1);
                        return st;
                    }
                };
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    private static long stream(RepositoryConnection conn, IRI complete, IRI incomplete, List<Statement> removed) {
        Set<Key> skip = new HashSet<>(removed.size() * 2);
        removed.forEach(st -> skip.add(Key.of(st)));
        conn.clear(incomplete);
        long written = 0;
        List<Statement> batch = new ArrayList<>(STREAM_BATCH);
        try (Progress progress = Progress.start("incomplete", -1, "triples");
             RepositoryResult<Statement> it = conn.getStatements(null, null, null, false, complete)) {
            for (Statement st : it) {
                if (skip.contains(Key.of(st))) {
                    continue;
                }
                batch.add(plain(st));
                if (batch.size() == STREAM_BATCH) {
                    conn.add(batch, incomplete);
                    written += batch.size();
                    progress.step(batch.size());
                    batch.clear();
                }
            }
            conn.add(batch, incomplete);
            written += batch.size();
            progress.step(batch.size());
        }
        return written;
    }

    /**
     * The statement with plain (string-backed) values instead of the store's own value objects: adding those back
     * into LMDB was measured 1.6 times slower (300,000 triples: 26-29 s against 17 s, same machine and load,
     * 2026-12-03), the store resolving each of its lazily loaded values again.
     */
    private static Statement plain(Statement st) {
        return VF.createStatement((Resource) plain(st.getSubject()), VF.createIRI(st.getPredicate().stringValue()),
                plain(st.getObject()));
    }

    private static Value plain(Value v) {
        return v instanceof IRI ? VF.createIRI(v.stringValue()) : v;
    }

    private static long copyDelete(RepositoryConnection conn, IRI complete, IRI incomplete, List<Statement> removed,
                                   int batchSize) {
        Explicit.update(conn,
                SparqlFiles.render("copy-graph.ru", Map.of("source", complete, "target", incomplete))).execute();
        for (int i = 0; i < removed.size(); i += batchSize) {
            List<Statement> batch = removed.subList(i, Math.min(removed.size(), i + batchSize));
            Explicit.update(conn, RuleCompiler.deleteData(incomplete, batch)).execute();
        }
        return -1;
    }
}
