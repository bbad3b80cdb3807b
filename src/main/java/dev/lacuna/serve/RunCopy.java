package dev.lacuna.serve;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.eclipse.rdf4j.rio.helpers.NTriplesUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The graph a writable endpoint serves: a copy of the benchmark's incomplete graph made at start, under the same
 * graph IRI, in a store of its own (memory, or the --view-store). Updates from the system under test change the
 * copy only, so the published graphs stay byte for byte what {@code build} wrote: {@code verify} passes after any
 * run and the next {@code serve} serves the benchmark as built, whatever one system wrote. At stop the copy is
 * dropped.
 *
 * <p>What the run changed, relative to the graph as built, is kept as it happens: every update reports the
 * statements it touched ({@link #changed}), each of which is looked up in the copy and in the built graph, so the
 * triples the run added and those it removed are known at every moment without comparing the graphs. With
 * {@code --keep-updates} they are written as a SPARQL Update that replays them ({@link KeepFile}) after each update
 * and at stop: a failure at stop, or a killed endpoint, loses at most the updates since the last write.
 */
final class RunCopy {
    private static final Logger LOG = LoggerFactory.getLogger(RunCopy.class);

    private final Repository source;
    private final IRI graph;
    private final Repository copy;
    private final boolean owned;
    /** The N-Triples lines of the triples the run added (in the copy, not in the graph as built), sorted. */
    private final Set<String> added = new TreeSet<>();
    /** The N-Triples lines of the triples the run removed (in the graph as built, not in the copy), sorted. */
    private final Set<String> removed = new TreeSet<>();
    /** Set when an update's changes could not be observed: the next text compares the two graphs whole. */
    private boolean unobserved;
    private KeepFile keep;

    private RunCopy(Repository source, IRI graph, Repository copy, boolean owned) {
        this.source = source;
        this.graph = graph;
        this.copy = copy;
        this.owned = owned;
    }

    /**
     * Copies the graph of the source into {@code target} (initialised; that graph of it is replaced), or into a
     * new in-memory store when target is null. With {@code keep} not null, the run's changes are written there
     * from now on (at once, with none yet: a file that cannot be written stops the endpoint from starting).
     */
    static RunCopy of(Repository source, IRI graph, Repository target, Path keep) {
        Repository copy = StoreCopy.of(source, List.of(graph), target, false);
        LOG.info("updates go to a copy of <{}> for this run; the store is never written", graph);
        RunCopy run = new RunCopy(source, graph, copy, target == null);
        if (keep != null) {
            try {
                run.keep = KeepFile.start(keep, run::text);
            } catch (RuntimeException e) {
                run.close();
                throw e;
            }
        }
        return run;
    }

    /** The store the writable graph is served from. */
    Repository repository() {
        return copy;
    }

    /**
     * After an update's commit: the statements it touched (added or removed; any graph given is this one), or null
     * when they could not be observed. Each is looked up in the copy and in the graph as built.
     */
    void changed(Collection<Statement> touched) {
        synchronized (this) {
            if (touched == null) {
                unobserved = true;
            } else if (!touched.isEmpty()) {
                try (RepositoryConnection built = source.getConnection(); RepositoryConnection run = copy.getConnection()) {
                    for (Statement st : touched) {
                        String line = line(st);
                        boolean inRun = run.hasStatement(st.getSubject(), st.getPredicate(), st.getObject(), false, graph);
                        boolean inBuilt = built.hasStatement(st.getSubject(), st.getPredicate(), st.getObject(), false, graph);
                        set(added, line, inRun && !inBuilt);
                        set(removed, line, inBuilt && !inRun);
                    }
                }
            }
        }
        if (keep != null) {
            keep.changed();
        }
    }

    private static void set(Set<String> lines, String line, boolean member) {
        if (member) {
            lines.add(line);
        } else {
            lines.remove(line);
        }
    }

    /**
     * What the run changed, relative to the graph as built, as one SPARQL Update ({@code DELETE DATA} of the triples
     * the system removed, then {@code INSERT DATA} of those it added) that another writable endpoint replays with a
     * POST.
     */
    synchronized String text() {
        if (unobserved) {
            resync();
        }
        StringBuilder text = new StringBuilder();
        text.append("# What one run of a writable Lacuna endpoint changed in <").append(graph.stringValue())
                .append(">: ").append(removed.size()).append(" triples removed, ").append(added.size()).append(" added.\n");
        text.append("DELETE DATA {\n");
        removed.forEach(line -> text.append("  ").append(line).append('\n'));
        text.append("} ;\nINSERT DATA {\n");
        added.forEach(line -> text.append("  ").append(line).append('\n'));
        text.append("}\n");
        return text.toString();
    }

    /** The counts removed and added so far. */
    synchronized long[] counts() {
        if (unobserved) {
            resync();
        }
        return new long[] {removed.size(), added.size()};
    }

    /** The two graphs compared whole, after an update whose changes were not observed. */
    private void resync() {
        added.clear();
        removed.clear();
        try (RepositoryConnection built = source.getConnection(); RepositoryConnection run = copy.getConnection()) {
            missing(built, run, removed);
            missing(run, built, added);
        }
        unobserved = false;
    }

    /** The triples of the graph in {@code from} that {@code in} lacks, one N-Triples line each. */
    private void missing(RepositoryConnection from, RepositoryConnection in, Set<String> out) {
        try (RepositoryResult<Statement> statements = from.getStatements(null, null, null, false, graph)) {
            for (Statement st : statements) {
                if (!in.hasStatement(st.getSubject(), st.getPredicate(), st.getObject(), false, graph)) {
                    out.add(line(st));
                }
            }
        }
    }

    private static String line(Statement st) {
        Resource s = st.getSubject();
        return NTriplesUtil.toNTriplesString(s) + ' ' + NTriplesUtil.toNTriplesString(st.getPredicate()) + ' '
                + NTriplesUtil.toNTriplesString(st.getObject()) + " .";
    }

    /** Writes the run's changes a last time when kept, then drops the copy. */
    void finish() {
        try {
            if (keep != null) {
                long[] counts = counts();
                Path written = keep.finish();
                if (written != null) {
                    LOG.info("this run's changes to <{}> ({} triples removed, {} added) are in {}", graph, counts[0],
                            counts[1], written);
                }
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
