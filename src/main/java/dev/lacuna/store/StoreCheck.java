package dev.lacuna.store;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.eclipse.rdf4j.repository.sail.SailRepository;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.LacunaException;

/**
 * The store's own consistency check: an embedded store (native, LMDB) keeps every statement once per index
 * (spoc and posc), and a crash can leave them disagreeing, so that the same graph answers differently
 * depending on which variables a query binds. Per named graph and per predicate, the statements are counted
 * three ways: a scan of the graph; with the predicate bound (answered by posc); and subject by subject with
 * the subject bound (answered by spoc). Any difference, or an index that cannot be read, is damage.
 */
public final class StoreCheck {
    private static final Logger LOG = LoggerFactory.getLogger(StoreCheck.class);

    /** One graph's outcome: per-predicate counts and what disagreed. */
    public record GraphResult(Resource graph, long statements, int predicates, List<String> damage) {
    }

    /** The outcome for the whole store. */
    public record Report(List<GraphResult> graphs, List<String> damage, boolean skipped) {
        public boolean passed() {
            return damage.isEmpty() && graphs.stream().allMatch(g -> g.damage().isEmpty());
        }

        public void print(PrintStream out) {
            if (skipped) {
                out.println("  --   store indexes: not an embedded store; its server keeps its own indexes");
                return;
            }
            for (GraphResult g : graphs) {
                out.printf("  %-4s %-60s %,12d statements, %,d predicates, indexes %s%n", g.damage().isEmpty() ? "ok" : "FAIL",
                        g.graph(), g.statements(), g.predicates(), g.damage().isEmpty() ? "agree" : "disagree");
                g.damage().stream().limit(SHOWN).forEach(d -> out.println("         " + d));
            }
            damage.forEach(d -> out.println("  FAIL " + d));
        }

        /** Exit 1 with what is damaged. */
        public void requirePassed() {
            if (passed()) {
                return;
            }
            List<String> all = new ArrayList<>(damage);
            for (GraphResult g : graphs) {
                g.damage().forEach(d -> all.add(g.graph() + ": " + d));
            }
            throw new LacunaException("the store is damaged: its indexes disagree (" + all.size() + " problems, e.g. "
                    + String.join("; ", all.subList(0, Math.min(SHOWN, all.size())))
                    + "); reload the affected KG with load --replace, or restore the store from a copy");
        }
    }

    private static final int SHOWN = 5;

    private StoreCheck() {
    }

    public static Report check(Repository repository) {
        if (!(repository instanceof SailRepository)) {
            return new Report(List.of(), List.of(), true);
        }
        List<GraphResult> graphs = new ArrayList<>();
        List<String> damage = new ArrayList<>();
        try (RepositoryConnection conn = repository.getConnection()) {
            Set<Resource> contexts = new TreeSet<>((a, b) -> a.stringValue().compareTo(b.stringValue()));
            try (RepositoryResult<Resource> ids = conn.getContextIDs()) {
                ids.forEach(contexts::add);
            }
            long started = System.nanoTime();
            for (Resource g : contexts) {
                GraphResult result = checkGraph(conn, g);
                // Minutes per graph at 20M triples: say how far it got, as long work must.
                LOG.info("check: graph {} ({} statements) after {} s", g, result.statements(),
                        String.format("%.1f", (System.nanoTime() - started) / 1e9));
                graphs.add(result);
            }
        } catch (RuntimeException e) {
            damage.add("the store cannot be read: " + e.getMessage());
        }
        return new Report(graphs, damage, false);
    }

    private static GraphResult checkGraph(RepositoryConnection conn, Resource g) {
        List<String> damage = new ArrayList<>();
        Map<String, Long> scan = new TreeMap<>();
        Map<String, IRI> predicates = new TreeMap<>();
        Set<Resource> subjects = new java.util.HashSet<>();
        long statements = 0;
        try {
            try (RepositoryResult<Statement> it = conn.getStatements(null, null, null, false, g)) {
                for (Statement st : it) {
                    scan.merge(st.getPredicate().stringValue(), 1L, Long::sum);
                    predicates.putIfAbsent(st.getPredicate().stringValue(), st.getPredicate());
                    subjects.add(st.getSubject());
                    statements++;
                }
            }
            Map<String, Long> bySubject = new TreeMap<>();
            for (Resource s : subjects) {
                try (RepositoryResult<Statement> it = conn.getStatements(s, null, null, false, g)) {
                    for (Statement st : it) {
                        bySubject.merge(st.getPredicate().stringValue(), 1L, Long::sum);
                        predicates.putIfAbsent(st.getPredicate().stringValue(), st.getPredicate());
                    }
                }
            }
            Map<String, Long> byPredicate = new TreeMap<>();
            for (IRI p : predicates.values()) {
                long n = 0;
                try (RepositoryResult<Statement> it = conn.getStatements(null, p, null, false, g)) {
                    for (Statement ignored : it) {
                        n++;
                    }
                }
                byPredicate.put(p.stringValue(), n);
            }
            for (String p : predicates.keySet()) {
                long a = scan.getOrDefault(p, 0L);
                long b = bySubject.getOrDefault(p, 0L);
                long c = byPredicate.getOrDefault(p, 0L);
                if (a != b || a != c) {
                    damage.add(String.format("<%s>: %,d statements in a scan, %,d by subject (spoc), %,d by predicate (posc)",
                            p, a, b, c));
                }
            }
            if (predicates.isEmpty()) {
                // A graph is listed only while it holds statements; listed yet empty in every index means
                // its statements were lost (seen after a kill of a load at isolation NONE).
                damage.add("listed as a graph of the store but holds no statements in any index");
            }
        } catch (RuntimeException e) {
            damage.add("cannot be read: " + e.getMessage());
        }
        return new GraphResult(g, statements, predicates.size(), damage);
    }
}
