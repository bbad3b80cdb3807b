package dev.lacuna.serve;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.eclipse.rdf4j.rio.helpers.NTriplesUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.AtomicFiles;

/**
 * The graph a writable endpoint serves: a copy of the benchmark's incomplete graph made at start, under the same
 * graph IRI, in a store of its own (memory, or the --view-store). Updates from the system under test change the
 * copy only, so the published graphs stay byte for byte what {@code build} wrote: {@code verify} passes after any
 * run and the next {@code serve} serves the benchmark as built, whatever one system wrote. At stop the copy is
 * dropped; what the run changed can first be written out as a SPARQL Update that replays it.
 */
final class RunCopy {
    private static final Logger LOG = LoggerFactory.getLogger(RunCopy.class);

    private final Repository source;
    private final IRI graph;
    private final Repository copy;
    private final boolean owned;

    private RunCopy(Repository source, IRI graph, Repository copy, boolean owned) {
        this.source = source;
        this.graph = graph;
        this.copy = copy;
        this.owned = owned;
    }

    /**
     * Copies the graph of the source into {@code target} (initialised; that graph of it is replaced), or into a
     * new in-memory store when target is null.
     */
    static RunCopy of(Repository source, IRI graph, Repository target) {
        Repository copy = StoreCopy.of(source, List.of(graph), target, false);
        LOG.info("updates go to a copy of <{}> for this run; the store is never written", graph);
        return new RunCopy(source, graph, copy, target == null);
    }

    /** The store the writable graph is served from. */
    Repository repository() {
        return copy;
    }

    /**
     * Writes what the run changed, relative to the graph as built, as one SPARQL Update ({@code DELETE DATA} of
     * the triples the system removed, then {@code INSERT DATA} of those it added) that another writable endpoint
     * replays with a POST. Returns the counts removed and added.
     */
    long[] writeChanges(Path file) {
        StringBuilder removed = new StringBuilder();
        StringBuilder added = new StringBuilder();
        long[] counts = new long[2];
        try (RepositoryConnection built = source.getConnection(); RepositoryConnection run = copy.getConnection()) {
            counts[0] = missing(built, run, removed);
            counts[1] = missing(run, built, added);
        }
        StringBuilder text = new StringBuilder();
        text.append("# What one run of a writable Lacuna endpoint changed in <").append(graph.stringValue())
                .append(">: ").append(counts[0]).append(" triples removed, ").append(counts[1]).append(" added.\n");
        text.append("DELETE DATA {\n").append(removed).append("} ;\n");
        text.append("INSERT DATA {\n").append(added).append("}\n");
        AtomicFiles.writeString(file, text.toString());
        return counts;
    }

    /** The triples of the graph in {@code from} that {@code in} lacks, one N-Triples line each. */
    private long missing(RepositoryConnection from, RepositoryConnection in, StringBuilder out) {
        long n = 0;
        try (RepositoryResult<Statement> statements = from.getStatements(null, null, null, false, graph)) {
            for (Statement st : statements) {
                if (!in.hasStatement(st.getSubject(), st.getPredicate(), st.getObject(), false, graph)) {
                    out.append("  ").append(NTriplesUtil.toNTriplesString(st.getSubject())).append(' ')
                            .append(NTriplesUtil.toNTriplesString(st.getPredicate())).append(' ')
                            .append(NTriplesUtil.toNTriplesString(st.getObject())).append(" .\n");
                    n++;
                }
            }
        }
        return n;
    }

    /** Writes the run's changes to {@code keep} when given, then drops the copy. */
    void finish(Path keep) {
        try {
            if (keep != null) {
                long[] counts = writeChanges(keep);
                LOG.info("this run's changes to <{}> ({} triples removed, {} added) are in {}", graph, counts[0], counts[1], keep);
            }
        } finally {
            close();
        }
    }

    /** Drops the copy: an in-memory one with its store, one in a --view-store by clearing its graph. */
    private void close() {
        if (owned) {
            copy.shutDown();
            return;
        }
        try (RepositoryConnection c = copy.getConnection()) {
            c.clear(graph);
        }
    }
}
