package dev.lacuna.construct;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.LacunaException;
import dev.lacuna.grounding.IncompleteGraph;
import dev.lacuna.store.CommitGuard;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreKinds;

/**
 * What the store held of a KG's build before a new one was committed, kept so that a build that fails its own
 * verify after the commit can put the previous build back in one transaction: then nothing of the failed build is
 * published, the previous folder verifies again and the next build is not refused because of it.
 * Kept small: each of incomplete, replaced and noisy as its difference to the new build's incomplete
 * ({@link GraphDiff}: a rebuild changes only the two builds' removed triples and the broken graphs' few
 * differences), an empty graph as empty, the benchmark graph and the folder record whole (they are small).
 * Read before the publication starts writing, as nothing may read an LMDB store while its first build writes.
 */
final class PreviousBuild {
    private static final Logger LOG = LoggerFactory.getLogger(PreviousBuild.class);
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    /** A graph as it was: empty, whole, or as its difference to the new incomplete. */
    private record Held(boolean empty, List<Statement> whole, GraphDiff.Result toNew) {
    }

    private final KgGraphs kg;
    private final Map<IRI, Held> held = new LinkedHashMap<>();

    private PreviousBuild(KgGraphs kg) {
        this.kg = kg;
    }

    /** Reads what the store holds now of every graph a build replaces; {@code newIncomplete} is what it will hold. */
    static PreviousBuild read(Repository repository, KgGraphs kg, Collection<Statement> newIncomplete) {
        long started = System.nanoTime();
        PreviousBuild previous = new PreviousBuild(kg);
        try (RepositoryConnection conn = repository.getConnection()) {
            for (IRI graph : List.of(kg.incomplete(), kg.replaced(), kg.noisy())) {
                if (!conn.hasStatement(null, null, null, false, graph)) {
                    previous.held.put(graph, new Held(true, null, null));
                    continue;
                }
                GraphDiff.Result diff = GraphDiff.of(conn, graph, newIncomplete, kg);
                previous.held.put(graph, diff != null ? new Held(false, null, diff)
                        : new Held(false, statements(conn, graph), null));
            }
            for (IRI graph : List.of(kg.benchmark(), BuildPublication.buildsGraph(kg))) {
                List<Statement> all = statements(conn, graph);
                previous.held.put(graph, new Held(all.isEmpty(), all, null));
            }
        }
        LOG.info("the previous build's graphs kept for a rollback in {} s",
                String.format("%.1f", (System.nanoTime() - started) / 1e9));
        return previous;
    }

    private static List<Statement> statements(RepositoryConnection conn, IRI graph) {
        List<Statement> out = new ArrayList<>();
        try (RepositoryResult<Statement> it = conn.getStatements(null, null, null, false, graph)) {
            for (Statement st : it) {
                out.add(VF.createStatement(st.getSubject(), st.getPredicate(), st.getObject()));
            }
        }
        return out;
    }

    /**
     * Puts every graph back as it was, in one transaction. The base of the differences kept is the committed build's
     * incomplete, read back from the store here rather than held through the verify.
     */
    void restore(Repository repository) {
        long started = System.nanoTime();
        // A plain SPARQL endpoint has no transaction across requests: there each graph goes back in a request of its
        // own (as a build stages them), elsewhere all in one transaction.
        boolean oneTransaction = StoreKinds.config(repository).transactional();
        try (RepositoryConnection conn = repository.getConnection()) {
            boolean rebuilds = held.entrySet().stream()
                    .anyMatch(e -> !e.getKey().equals(kg.incomplete()) && e.getValue().toNew() != null);
            List<Statement> newIncomplete = rebuilds ? statements(conn, kg.incomplete()) : List.of();
            List<Map.Entry<IRI, Held>> graphs = new ArrayList<>(held.entrySet());
            // The graphs built from the new incomplete go back before incomplete itself changes.
            graphs.sort((a, b) -> Boolean.compare(a.getKey().equals(kg.incomplete()), b.getKey().equals(kg.incomplete())));
            List<List<Map.Entry<IRI, Held>>> steps = oneTransaction ? List.of(graphs)
                    : graphs.stream().map(List::of).toList();
            for (List<Map.Entry<IRI, Held>> step : steps) {
                IncompleteGraph.beginSingleWriter(conn);
                try {
                    for (Map.Entry<IRI, Held> e : step) {
                        restore(conn, e.getKey(), e.getValue(), newIncomplete);
                    }
                    CommitGuard.commit(conn);
                } catch (RuntimeException e) {
                    if (conn.isActive()) {
                        conn.rollback();
                    }
                    throw new LacunaException("could not put the previous build back into the store after the new one"
                            + " failed its verify: " + e.getMessage(), e);
                }
            }
        }
        LOG.info("the previous build's graphs put back in {} s", String.format("%.1f", (System.nanoTime() - started) / 1e9));
    }

    private void restore(RepositoryConnection conn, IRI graph, Held was, Collection<Statement> newIncomplete) {
        if (graph.equals(kg.incomplete()) && was.toNew() != null) {
            // The store holds the new incomplete exactly (the verify that failed checked it or named it): undo the
            // difference rather than write the whole graph again.
            conn.remove(was.toNew().add(), graph);
            conn.add(was.toNew().remove(), graph);
            return;
        }
        conn.clear(graph);
        if (was.empty()) {
            return;
        }
        if (was.whole() != null) {
            IncompleteGraph.add(conn, graph, was.whole());
            return;
        }
        IncompleteGraph.add(conn, graph, rebuilt(newIncomplete, was.toNew()));
    }

    /** The graph the difference was taken of: the new incomplete less what it added, plus what it removed. */
    private static List<Statement> rebuilt(Collection<Statement> newIncomplete, GraphDiff.Result diff) {
        Set<Statement> added = new HashSet<>(diff.add());
        List<Statement> out = new ArrayList<>(newIncomplete.size());
        for (Statement st : newIncomplete) {
            Statement plain = VF.createStatement(st.getSubject(), st.getPredicate(), st.getObject());
            if (!added.contains(plain)) {
                out.add(plain);
            }
        }
        out.addAll(diff.remove());
        return out;
    }
}
