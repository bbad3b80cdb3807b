package dev.lacuna.serve;

import java.util.List;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;
import dev.lacuna.Progress;
import dev.lacuna.store.GraphCopy;
import dev.lacuna.store.StoreKinds;

/**
 * The graphs an endpoint in front of a store behind HTTP (an RDF4J Server, GraphDB, Virtuoso) serves, copied at start
 * into a store in this process, from which every query is then answered; also the copy a writable endpoint's updates
 * change ({@link RunCopy}). Each query sent on to the store cost a
 * second HTTP exchange, the store's own evaluation and a second rendering of its rows: in front of GraphDB twice
 * GraphDB's own latency, and on the same cores never as many queries per second as GraphDB served alone. The served
 * graphs are fixed for a run (updates change a copy of their own), so a copy made at start answers as the store
 * would, with the embedded store's SPARQL engine: the same answers as {@code lacuna serve} on an embedded store,
 * whichever store holds the benchmark. {@code --pass-through} sends each query to the store instead.
 */
final class StoreCopy {
    private static final Logger LOG = LoggerFactory.getLogger(StoreCopy.class);
    /**
     * Heap one copied triple may take in a memory store: FB15k-237's train split (272,115 triples) took 108 bytes a
     * triple after a full GC (the statement, its index entries and its share of the values); a KG with more values
     * per triple or longer IRIs takes more, hence more than twice that.
     */
    static final long BYTES_PER_TRIPLE = 250;

    private StoreCopy() {
    }

    /**
     * Copies {@code graphs} of the source into {@code target} (initialised; those graphs are replaced there), or into
     * a new memory store when target is null, which the caller then owns. Each graph's copy is counted against the
     * source's own count: a store that cut a long answer short (Virtuoso's row limit, say) must not leave the
     * endpoint serving a partial graph.
     */
    static Repository of(Repository source, List<IRI> graphs, Repository target) {
        return of(source, graphs, target, true);
    }

    /** @param passThroughHelps whether --pass-through avoids this copy, so that a refusal may name it */
    static Repository of(Repository source, List<IRI> graphs, Repository target, boolean passThroughHelps) {
        String from = StoreKinds.config(source).describe();
        try (RepositoryConnection in = source.getConnection()) {
            long[] expected = counts(in, graphs);
            if (target == null) {
                checkHeap(sum(expected), Runtime.getRuntime().maxMemory(), from, passThroughHelps);
            }
            return copy(in, graphs, expected, target, from, passThroughHelps);
        }
    }

    /**
     * The served graphs of a store in this process (LMDB, native) copied into a new memory store, or null when the
     * heap cannot hold them (then the store itself serves). A memory store answers one of ToG's one-pattern queries
     * in a fraction of what LMDB takes to look up and decode the same statements and values.
     */
    static Repository ifItFits(Repository source, List<IRI> graphs) {
        return ifItFits(source, graphs, Runtime.getRuntime().maxMemory());
    }

    /** As {@link #ifItFits(Repository, List)} with a heap of {@code max} bytes. */
    static Repository ifItFits(Repository source, List<IRI> graphs, long max) {
        String from = StoreKinds.config(source).describe();
        try (RepositoryConnection in = source.getConnection()) {
            long[] expected = counts(in, graphs);
            if (!fits(sum(expected), max)) {
                LOG.info("the served graphs hold {} triples: a copy in memory needs about {}, more than half the heap ({}),"
                        + " so queries are answered from the {} itself", sum(expected),
                        EndpointSettings.mib(sum(expected) * BYTES_PER_TRIPLE), EndpointSettings.mib(max), from);
                return null;
            }
            return copy(in, graphs, expected, null, from, false);
        }
    }

    /**
     * Each graph's count of explicit statements: RepositoryConnection.size counts them on every kind of store (by
     * SPARQL on a plain endpoint: SparqlEndpointRepository), as the copy reads them.
     */
    private static long[] counts(RepositoryConnection in, List<IRI> graphs) {
        long[] expected = new long[graphs.size()];
        for (int i = 0; i < graphs.size(); i++) {
            expected[i] = in.size(graphs.get(i));
        }
        return expected;
    }

    private static long sum(long[] counts) {
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        return total;
    }

    private static Repository copy(RepositoryConnection in, List<IRI> graphs, long[] expected, Repository target,
            String from, boolean passThroughHelps) {
        long start = System.nanoTime();
        long total = sum(expected);
        Repository copy = target;
        try {
            if (copy == null) {
                copy = new SailRepository(new MemoryStore());
                copy.init();
            }
            try (RepositoryConnection out = copy.getConnection();
                    Progress progress = Progress.start("copying " + from, total, "triples")) {
                for (int i = 0; i < graphs.size(); i++) {
                    long copied = GraphCopy.copy(in, out, graphs.get(i), st -> st, progress);
                    if (copied != expected[i]) {
                        throw new LacunaException("copying <" + graphs.get(i) + "> from " + from + " gave " + copied
                                + " triples where the store counts " + expected[i] + ": the store cut its answer or"
                                + " changed during the copy; nothing is served" + (passThroughHelps
                                        ? " (serve with --pass-through to send each query to the store instead)" : ""));
                    }
                }
            }
        } catch (RuntimeException e) {
            if (target == null && copy != null) {
                copy.shutDown();
            }
            throw e;
        }
        LOG.info("copied {} triples of {} in {} ms", total, from, (System.nanoTime() - start) / 1_000_000);
        return copy;
    }

    /** Whether a memory copy of this many triples takes at most half the heap. */
    static boolean fits(long triples, long maxHeap) {
        return triples * BYTES_PER_TRIPLE <= maxHeap / 2;
    }

    /** Refuses, before copying anything, a copy the heap cannot hold, naming the two ways out. */
    static void checkHeap(long triples, long max, String from, boolean passThroughHelps) {
        long needed = triples * BYTES_PER_TRIPLE;
        if (!fits(triples, max)) {
            throw new BadInputException("the served graphs of " + from + " hold " + triples + " triples: a copy in"
                    + " memory needs about " + EndpointSettings.mib(needed) + ", more than half the heap ("
                    + EndpointSettings.mib(max) + "); give --view-store lmdb:DIR to copy them to disk"
                    + (passThroughHelps ? ", or --pass-through to send each query to the store" : ""));
        }
    }
}
