package dev.lacuna.store;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;

import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.Failures;
import dev.lacuna.LacunaException;
import dev.lacuna.Progress;

/**
 * The store's own consistency check: an embedded store (native, LMDB) keeps every statement once per index
 * (spoc, posc and, in LMDB by default, ospc), and a crash can leave them disagreeing, so that the same graph
 * answers differently depending on which variables a query binds. Per named graph and per predicate, the
 * statements are counted three ways, each answered by another index: a scan with nothing bound (RDF4J reads it
 * from the last index of the list: ospc in LMDB, posc in a native store); with the predicate bound (posc); and
 * subject by subject with the subject bound (spoc). Any difference, or an index that cannot be read, is damage.
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
    /** Subjects handed to the lookup thread at a time. */
    private static final int BATCH = 4096;

    private StoreCheck() {
    }

    public static Report check(Repository repository) {
        try (Pass pass = start(repository)) {
            if (!pass.skipped()) {
                try {
                    pass.scan(st -> { });
                } catch (RuntimeException unreadable) {
                    // kept by the pass and reported per graph by finish
                }
            }
            return pass.finish();
        }
    }

    /**
     * A check whose scan of the store a caller may share ({@link Pass#scan}): verify reads its graphs from the same
     * scan, so that the store is read once. Each way of counting is one pass over the whole store, each statement
     * counted under its own graph (statements outside the listed graphs are not counted): a read with only the
     * graph bound reads the whole index whatever the graph, and a subject or predicate shared by complete and
     * incomplete is looked up once.
     */
    public static Pass start(Repository repository) {
        return new Pass(repository);
    }

    /** One run of the check: {@link #scan} once (unless {@link #skipped}), then {@link #finish}. */
    public static final class Pass implements AutoCloseable {
        private static final List<Resource> END = List.of();

        private final Repository repository;
        private final boolean skipped;
        private final RepositoryConnection conn;
        private final List<Resource> contexts = new ArrayList<>();
        private final Map<Object, StoreTallies.Tally> tallies = new HashMap<>();
        private final List<String> damage = new ArrayList<>();
        private final BlockingQueue<List<Resource>> toLookUp = new LinkedBlockingQueue<>();
        private final CompletableFuture<Integer> lookedUp = new CompletableFuture<>();
        private final long started = System.nanoTime();
        private Thread lookups;
        private RuntimeException unreadable;
        /** Set when the pass is closed before it finished (the caller failed): its threads stop at the next value. */
        private volatile boolean closing;

        private Pass(Repository repository) {
            this.repository = repository;
            this.skipped = !StoreKinds.config(repository).embedded();
            this.conn = skipped ? null : repository.getConnection();
            if (skipped) {
                return;
            }
            try (RepositoryResult<Resource> ids = conn.getContextIDs()) {
                ids.forEach(contexts::add);
                contexts.sort((a, b) -> a.stringValue().compareTo(b.stringValue()));
                for (Resource g : contexts) {
                    tallies.put(StoreTallies.key(g), new StoreTallies.Tally());
                }
            } catch (RuntimeException e) {
                damage.add("the store cannot be read: " + e.getMessage());
            }
        }

        /** A store behind HTTP: its server keeps its own indexes, and this check neither scans nor counts. */
        public boolean skipped() {
            return skipped;
        }

        /**
         * Reads every statement of the store once with nothing bound, counts it and hands it to {@code each}. The
         * subjects the scan meets are looked up (spoc) on a second thread as they come, so that both cores work.
         * Throws what the store throws; {@link #finish} then reports every graph as unreadable.
         */
        public void scan(Consumer<Statement> each) {
            if (skipped || !damage.isEmpty()) {
                throw new LacunaException("the store cannot be read: " + String.join("; ", damage));
            }
            lookups = new Thread(this::lookUpSubjects, "lacuna-store-check");
            lookups.setDaemon(true);
            lookups.start();
            StoreTallies.Subjects subjects = new StoreTallies.Subjects();
            StoreTallies.TallyOf tallyOf = new StoreTallies.TallyOf(tallies);
            List<Resource> batch = new ArrayList<>(BATCH);
            Value previousSubject = null;
            long statements = 0;
            try (RepositoryResult<Statement> it = conn.getStatements(null, null, null, false)) {
                for (Statement st : it) {
                    each.accept(st);
                    statements++;
                    StoreTallies.Tally tally = tallyOf.get(st.getContext());
                    if (tally == null) {
                        continue;
                    }
                    tally.statements++;
                    tally.scan.add(st.getPredicate());
                    // Runs of one subject (a triple of complete next to its copy in incomplete) are added once.
                    if (previousSubject == null || !StoreTallies.sameKey(st.getSubject(), previousSubject)) {
                        previousSubject = st.getSubject();
                        if (subjects.add(st.getSubject())) {
                            batch.add(st.getSubject());
                            if (batch.size() == BATCH) {
                                toLookUp.add(batch);
                                batch = new ArrayList<>(BATCH);
                            }
                        }
                    }
                }
            } catch (RuntimeException e) {
                unreadable = e;
                throw e;
            } finally {
                toLookUp.add(batch);
                toLookUp.add(END);
            }
            LOG.info("check: scan of the store ({} statements, {} subjects) after {} s", statements, subjects.size(),
                    seconds());
        }

        /** The lookup thread: each subject's statements counted per graph and predicate, all in one read snapshot. */
        private void lookUpSubjects() {
            int n = 0;
            try (RepositoryConnection c = repository.getConnection();
                 Progress progress = Progress.start("check: lookups by subject (spoc)", -1, "subjects")) {
                // One snapshot for every lookup: measured at half the cost of a lookup outside a transaction.
                c.begin(IsolationLevels.SNAPSHOT_READ);
                StoreTallies.TallyOf tallyOf = new StoreTallies.TallyOf(tallies);
                for (List<Resource> batch = toLookUp.take(); batch != END && !closing; batch = toLookUp.take()) {
                    for (Resource s : batch) {
                        try (RepositoryResult<Statement> it = c.getStatements(s, null, null, false)) {
                            for (Statement st : it) {
                                StoreTallies.Tally t = tallyOf.get(st.getContext());
                                if (t != null) {
                                    t.bySubject.add(st.getPredicate());
                                }
                            }
                        }
                    }
                    n += batch.size();
                    progress.step(batch.size());
                }
                c.commit();
                lookedUp.complete(n);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                lookedUp.completeExceptionally(e);
            } catch (Throwable e) {
                lookedUp.completeExceptionally(e);
            }
        }

        /**
         * Counts by predicate (posc) while the subject lookups end, then compares the three counts of every graph.
         */
        public Report finish() {
            if (skipped) {
                return new Report(List.of(), List.of(), true);
            }
            List<GraphResult> graphs = new ArrayList<>();
            if (!damage.isEmpty()) {
                return new Report(graphs, damage, false);
            }
            if (unreadable == null) {
                try {
                    countByPredicate();
                } catch (RuntimeException e) {
                    unreadable = e;
                }
            }
            for (Resource g : contexts) {
                StoreTallies.Tally tally = tallies.get(StoreTallies.key(g));
                graphs.add(unreadable == null ? tally.result(g, SHOWN)
                        : new GraphResult(g, tally.statements, 0, List.of("cannot be read: " + unreadable.getMessage())));
            }
            return new Report(graphs, damage, false);
        }

        private void countByPredicate() {
            Map<String, IRI> predicates = new TreeMap<>();
            for (StoreTallies.Tally t : tallies.values()) {
                t.scan.predicates().forEach(p -> predicates.putIfAbsent(p.stringValue(), p));
            }
            countByPredicate(predicates.values());
            int subjects = joinLookups();
            // A predicate only the subject lookups met (an index lost it from the scan's) is counted too.
            Map<String, IRI> more = new TreeMap<>();
            for (StoreTallies.Tally t : tallies.values()) {
                t.bySubject.predicates().forEach(p -> {
                    if (!predicates.containsKey(p.stringValue())) {
                        more.putIfAbsent(p.stringValue(), p);
                    }
                });
            }
            countByPredicate(more.values());
            LOG.info("check: {} subjects and {} predicates looked up after {} s", subjects,
                    predicates.size() + more.size(), seconds());
        }

        private void countByPredicate(Collection<IRI> predicates) {
            StoreTallies.TallyOf tallyOf = new StoreTallies.TallyOf(tallies);
            for (IRI p : predicates) {
                if (closing) {
                    throw new LacunaException("the store check was stopped");
                }
                // Counted per graph first and added to the graph's map once: not a sorted-map update per statement.
                Map<StoreTallies.Tally, long[]> counted = new IdentityHashMap<>();
                try (RepositoryResult<Statement> it = conn.getStatements(null, p, null, false)) {
                    StoreTallies.Tally last = null;
                    long[] count = null;
                    for (Statement st : it) {
                        StoreTallies.Tally t = tallyOf.get(st.getContext());
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
        }

        private int joinLookups() {
            try {
                return lookedUp.join();
            } catch (CompletionException e) {
                throw Failures.rethrown(e.getCause(), "check");
            }
        }

        private String seconds() {
            return String.format("%.1f", (System.nanoTime() - started) / 1e9);
        }

        /**
         * Stops the pass's threads should the caller not have waited for them (it failed), and waits for them to
         * end before the connection goes: a store must not be shut down under a read.
         */
        @Override
        public void close() {
            closing = true;
            if (lookups != null && lookups != Thread.currentThread()) {
                lookups.interrupt();
                try {
                    lookups.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (conn != null) {
                conn.close();
            }
        }
    }
}
