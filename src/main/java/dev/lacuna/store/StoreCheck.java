package dev.lacuna.store;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.eclipse.rdf4j.sail.lmdb.model.LmdbValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.LacunaException;
import dev.lacuna.Progress;

/**
 * The store's own consistency check: an embedded store (native, LMDB) keeps every statement once per index
 * (spoc and posc), and a crash can leave them disagreeing, so that the same graph answers differently
 * depending on which variables a query binds. Per named graph and per predicate, the statements are counted
 * three ways: a scan; with the predicate bound (answered by posc); and subject by subject with the subject bound
 * (answered by spoc). Any difference, or an index that cannot be read, is damage. Each way is one pass over the
 * whole store, each statement counted under its own graph.
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
        if (!StoreKinds.config(repository).embedded()) {
            return new Report(List.of(), List.of(), true);
        }
        List<GraphResult> graphs = new ArrayList<>();
        List<String> damage = new ArrayList<>();
        try (RepositoryConnection conn = repository.getConnection()) {
            Set<Resource> contexts = new TreeSet<>((a, b) -> a.stringValue().compareTo(b.stringValue()));
            try (RepositoryResult<Resource> ids = conn.getContextIDs()) {
                ids.forEach(contexts::add);
            }
            Map<Object, Tally> tallies = new HashMap<>();
            for (Resource g : contexts) {
                tallies.put(key(g), new Tally());
            }
            try {
                count(conn, tallies);
                for (Resource g : contexts) {
                    graphs.add(tallies.get(key(g)).result(g));
                }
            } catch (RuntimeException e) {
                for (Resource g : contexts) {
                    graphs.add(new GraphResult(g, tallies.get(key(g)).statements, 0,
                            List.of("cannot be read: " + e.getMessage())));
                }
            }
        } catch (RuntimeException e) {
            damage.add("the store cannot be read: " + e.getMessage());
        }
        return new Report(graphs, damage, false);
    }

    /**
     * The three counts of every graph, each pass over the whole store once rather than once per graph: a scan
     * without a bound context reads the whole index whatever the graph (at 2M triples about 0.5 s even for the
     * one-statement graph of builds), and a subject or predicate shared by complete and incomplete is looked up
     * once, its statements counted under their own graph. Statements outside the listed graphs are not counted.
     */
    private static void count(RepositoryConnection conn, Map<Object, Tally> tallies) {
        long started = System.nanoTime();
        // Kept by the store's value id: an LMDB IRI hashes its text, fetched on first use, and adding 2M
        // entity IRIs to a hash set was most of this check's scan (JFR).
        Subjects subjects = new Subjects();
        Map<String, IRI> predicates = new TreeMap<>();
        TallyOf tallyOf = new TallyOf(tallies);
        Value previousSubject = null;
        long statements = 0;
        try (RepositoryResult<Statement> it = conn.getStatements(null, null, null, false)) {
            for (Statement st : it) {
                statements++;
                Tally tally = tallyOf.get(st.getContext());
                if (tally == null) {
                    continue;
                }
                tally.statements++;
                tally.scan.add(st.getPredicate());
                // Runs of one subject (a triple of complete next to its copy in incomplete) are added once.
                if (previousSubject == null || !sameKey(st.getSubject(), previousSubject)) {
                    previousSubject = st.getSubject();
                    subjects.add(st.getSubject());
                }
            }
        }

        LOG.info("check: scan of the store ({} statements, {} subjects) after {} s", statements, subjects.size(),
                String.format("%.1f", (System.nanoTime() - started) / 1e9));
        try (Progress progress = Progress.start("check: lookups by subject (spoc)", subjects.size(), "subjects")) {
            for (Resource s : subjects.values()) {
                try (RepositoryResult<Statement> it = conn.getStatements(s, null, null, false)) {
                    for (Statement st : it) {
                        Tally t = tallyOf.get(st.getContext());
                        if (t != null) {
                            t.bySubject.add(st.getPredicate());
                        }
                    }
                }
                progress.step(1);
            }
        }
        int subjectCount = subjects.size();
        subjects.clear();
        for (Tally t : tallies.values()) {
            t.scan.predicates().forEach(p -> predicates.putIfAbsent(p.stringValue(), p));
            t.bySubject.predicates().forEach(p -> predicates.putIfAbsent(p.stringValue(), p));
        }
        for (IRI p : predicates.values()) {
            // Counted per graph first and added to the graph's map once: not a sorted-map update per statement.
            Map<Tally, long[]> counted = new IdentityHashMap<>();
            try (RepositoryResult<Statement> it = conn.getStatements(null, p, null, false)) {
                Tally last = null;
                long[] count = null;
                for (Statement st : it) {
                    Tally t = tallyOf.get(st.getContext());
                    if (t != null && t != last) {
                        last = t;
                        count = counted.computeIfAbsent(t, k -> new long[1]);
                    }
                    if (t != null) {
                        count[0]++;
                    }
                }
            }
            counted.forEach((t, n) -> t.byPredicate.merge(p.stringValue(), n[0], Long::sum));
        }
        LOG.info("check: {} subjects and {} predicates looked up after {} s", subjectCount, predicates.size(),
                String.format("%.1f", (System.nanoTime() - started) / 1e9));
    }

    /** One graph's statements per predicate, counted three ways. */
    private static final class Tally {
        private final Counts scan = new Counts();
        private final Counts bySubject = new Counts();
        private final Map<String, Long> byPredicate = new TreeMap<>();
        private long statements;

        GraphResult result(Resource g) {
            List<String> damage = new ArrayList<>();
            Map<String, Long> scanned = scan.byName();
            Map<String, Long> subjectCounts = bySubject.byName();
            Set<String> predicates = new TreeSet<>(scanned.keySet());
            predicates.addAll(subjectCounts.keySet());
            for (String p : predicates) {
                long a = scanned.getOrDefault(p, 0L);
                long b = subjectCounts.getOrDefault(p, 0L);
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
            return new GraphResult(g, statements, predicates.size(), damage);
        }
    }

    /**
     * Statements per predicate, keyed by the store's internal id of an LMDB value (equal ids in one value store
     * revision are the same value) or by the value itself; {@link #byName} joins keys of the same IRI, so a value
     * seen once with an id and once without still counts as one predicate.
     */
    private static final class Counts {
        private final Map<Object, long[]> counts = new HashMap<>();
        private final Map<Object, IRI> values = new HashMap<>();
        private IRI lastPredicate;
        private long[] last;

        void add(IRI predicate) {
            if (lastPredicate == null || !sameKey(predicate, lastPredicate)) {
                lastPredicate = predicate;
                last = counts.computeIfAbsent(key(predicate), k -> {
                    values.put(k, predicate);
                    return new long[1];
                });
            }
            last[0]++;
        }

        Collection<IRI> predicates() {
            return values.values();
        }

        Map<String, Long> byName() {
            Map<String, Long> out = new TreeMap<>();
            counts.forEach((k, n) -> out.merge(values.get(k).stringValue(), n[0], Long::sum));
            return out;
        }
    }

    /** The store's id of an LMDB value (one value within one value store revision), else the value itself. */
    private static Object key(Value value) {
        return value instanceof LmdbValue v && v.getInternalID() != LmdbValue.UNKNOWN_ID
                ? new IdKey(v.getInternalID(), v.getValueStoreRevision()) : value;
    }

    private record IdKey(long id, Object revision) {
    }

    /**
     * Whether two values have the same {@link #key}, without making keys: the store's values come a statement at
     * a time, each of its three or four values compared with the last one's (at 20M triples, 160M comparisons).
     */
    private static boolean sameKey(Value a, Value b) {
        if (a instanceof LmdbValue x && b instanceof LmdbValue y && x.getInternalID() != LmdbValue.UNKNOWN_ID
                && y.getInternalID() != LmdbValue.UNKNOWN_ID) {
            return x.getInternalID() == y.getInternalID() && (x.getValueStoreRevision() == y.getValueStoreRevision()
                    || x.getValueStoreRevision().equals(y.getValueStoreRevision()));
        }
        return key(a).equals(key(b));
    }

    /** Each statement's tally by its graph, the last graph's looked up again only when the graph changes. */
    private static final class TallyOf {
        private final Map<Object, Tally> tallies;
        private Resource lastContext;
        private Tally last;

        TallyOf(Map<Object, Tally> tallies) {
            this.tallies = tallies;
        }

        Tally get(Resource context) {
            if (context == null) {
                return null;
            }
            if (lastContext == null || !sameKey(context, lastContext)) {
                lastContext = context;
                last = tallies.get(key(context));
            }
            return last;
        }
    }

    /**
     * The distinct subjects of the store, each kept once by its {@link #key}. The subjects of one value store
     * revision (all of them, in an LMDB store) are kept by id in open addressing on primitive keys: a hash map of
     * keys made per statement was most of this check's scan (JFR, 2M triples), as the scan need not come a subject
     * at a time.
     */
    private static final class Subjects {
        private Object revision;
        private LongKeyedTable<Resource> byId = new LongKeyedTable<>();
        private final Map<Object, Resource> others = new HashMap<>();

        void add(Resource subject) {
            if (subject instanceof LmdbValue v && v.getInternalID() != LmdbValue.UNKNOWN_ID) {
                if (revision == null) {
                    revision = v.getValueStoreRevision();
                }
                if (revision == v.getValueStoreRevision() || revision.equals(v.getValueStoreRevision())) {
                    byId.putIfAbsent(v.getInternalID(), subject);
                    return;
                }
            }
            others.putIfAbsent(key(subject), subject);
        }

        int size() {
            return byId.size() + others.size();
        }

        List<Resource> values() {
            List<Resource> out = byId.values();
            out.addAll(others.values());
            return out;
        }

        void clear() {
            byId = new LongKeyedTable<>();
            others.clear();
        }
    }
}
