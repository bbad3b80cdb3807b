package dev.lacuna.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.Failures;
import dev.lacuna.LacunaException;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.QuestionFiles;
import dev.lacuna.questions.Splitter;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.sparql.SparqlRuleRunner;
import dev.lacuna.store.GraphChecksum;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;

/**
 * The reads of one verify, each loaded once and shared by the checks that declare it ({@link Read}); a check sees
 * only the reads it declared, so that its declaration is the truth the {@link CheckRunner} orders work by.
 */
final class Reads {
    private static final Logger LOG = LoggerFactory.getLogger(Reads.class);

    /** The benchmark folder, its summary read (bad input when there is none). */
    static final Read<BenchmarkFolder> FOLDER = Read.beforeChecks("the folder's summary.json",
            r -> Verifier.folder(r.input().dir()));
    /** kg/removed.tsv. */
    static final Read<List<Triple>> REMOVED = Read.beforeChecks("kg/removed.tsv",
            r -> Verifier.readTriples(r.get(FOLDER).removedFile()));
    /** The question files, as the split they hold. */
    static final Read<Splitter.Split> QUESTIONS = Read.beforeChecks("the question files",
            r -> QuestionFiles.read(r.input().dir()));
    /** The store's graphs the folder was written from: one scan of the store, shared by every check of them. */
    static final Read<StoreRead> STORE_GRAPHS = Read.beforeChecks("the store's graphs", Reads::storeGraphs);
    /** The store asked by SPARQL (triples present, rule bodies, answer sets). */
    static final Read<SparqlRuleRunner> SPARQL = Read.onFirstUse("the store by SPARQL",
            r -> new SparqlRuleRunner(r.input().repository(), r.get(FOLDER).summary().kgGraphs()));
    /** The store itself, for a check that asks it on a connection of its own. */
    static final Read<Repository> STORE = Read.onFirstUse("the store", r -> r.input().repository());
    /** What the benchmark graph records of the questions, groundings and removed triples. */
    static final Read<RecordChecks.StoredRecords> RECORDS = Read.onFirstUse("the benchmark graph's records", r -> {
        try (RepositoryConnection conn = r.input().repository().getConnection()) {
            return RecordChecks.StoredRecords.read(conn, r.get(FOLDER).summary().kgGraphs());
        }
    });
    /** rules.tsv, parsed. */
    static final Read<List<MinedRule>> RULES = Read.onFirstUse("rules.tsv",
            r -> AmieRules.read(r.get(FOLDER).rulesFile()));

    /**
     * The store's graphs as the checks need them: the checksums of complete and incomplete, the broken graphs the
     * folder lists, and the checks of the folder's graph files against them.
     */
    record StoreRead(GraphChecksum completeSum, GraphChecksum incompleteSum, Map<IRI, List<Statement>> broken,
                     Supplier<List<Verifier.Check>> fileChecks) {
    }

    private final VerifyInput input;
    private final Map<Read<?>, FutureTask<Object>> loaded;
    /** The reads this view may give; null for all (what loaders see). */
    private final Set<Read<?>> allowed;
    private final String asking;

    Reads(VerifyInput input) {
        this(input, new ConcurrentHashMap<>(), null, null);
    }

    private Reads(VerifyInput input, Map<Read<?>, FutureTask<Object>> loaded, Set<Read<?>> allowed, String asking) {
        this.input = input;
        this.loaded = loaded;
        this.allowed = allowed;
        this.asking = asking;
    }

    /** What {@code check} sees: the shared reads, only those it declared. */
    Reads of(VerifyCheck check) {
        return new Reads(input, loaded, Set.copyOf(check.reads()), check.name());
    }

    VerifyInput input() {
        return input;
    }

    /**
     * The value of {@code read}, loaded by the first caller while any other waits for it; the failure of a read
     * that failed is thrown to every caller.
     */
    @SuppressWarnings("unchecked")
    <T> T get(Read<T> read) {
        if (allowed != null && !allowed.contains(read)) {
            throw new IllegalStateException("the check \"" + asking + "\" reads " + read + " but does not declare it");
        }
        FutureTask<Object> task = loaded.computeIfAbsent(read, x -> new FutureTask<>(() -> x.load(all())));
        task.run(); // returns at once when another thread loads or has loaded it
        try {
            return (T) task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LacunaException("verify interrupted", e);
        } catch (ExecutionException e) {
            throw Failures.rethrown(e.getCause(), "verify: reading " + read);
        }
    }

    private Reads all() {
        return allowed == null ? this : new Reads(input, loaded, null, null);
    }

    /**
     * The KG's graph names, from the folder's summary.json: every check may ask, undeclared, since no check of a
     * folder goes without the folder's names.
     */
    KgGraphs kg() {
        return all().get(FOLDER).summary().kgGraphs();
    }

    private static StoreRead storeGraphs(Reads r) {
        VerifyInput in = r.input();
        BenchmarkFolder folder = r.get(FOLDER);
        KgGraphs kg = folder.summary().kgGraphs();
        List<GraphRole> brokenRoles = BrokenGraphCheck.roles(folder.summary());
        long started = System.nanoTime();
        if (in.graphs() instanceof VerifyInput.Scanned s) {
            return scanned(in, kg, s.result(), started);
        }
        if (!(in.graphs() instanceof VerifyInput.Written w)) {
            return scanned(in, kg, GraphScan.read(in.repository(), kg, brokenRoles), started);
        }
        GraphChecksum completeSum = new GraphChecksum();
        GraphChecksum incompleteSum = new GraphChecksum();
        Map<IRI, Consumer<Statement>> each = new HashMap<>(Map.of(kg.complete(), completeSum::add,
                kg.incomplete(), incompleteSum::add));
        // The broken graphs' checks take their statements from the comparison's own read of the store.
        Map<IRI, List<Statement>> broken = new LinkedHashMap<>();
        for (GraphRole role : brokenRoles) {
            List<Statement> statements = new ArrayList<>();
            broken.put(kg.graph(role), statements);
            each.put(kg.graph(role), statements::add);
        }
        List<IRI> names = new ArrayList<>(List.of(kg.complete(), kg.incomplete(), kg.labels(), kg.benchmark()));
        names.addAll(broken.keySet());
        List<Verifier.Check> holdsWritten = w.written().compare(in.repository(), names, each);
        LOG.info("verify: the store's graphs compared with what the folder was written from after {} s", seconds(started));
        return new StoreRead(completeSum, incompleteSum, broken, () -> holdsWritten);
    }

    private static StoreRead scanned(VerifyInput in, KgGraphs kg, GraphScan.Result read, long started) {
        Verifier.StoreGraphs graphs = read.graphs();
        // Whether each graph was packed decides verify's memory at scale: say so.
        LOG.info("verify: the store's graphs read ({} triples in complete, {} in incomplete; {}, {}) after {} s",
                graphs.complete().size(), graphs.incomplete().size(),
                graphs.complete().packed() ? "packed" : "held as statements",
                graphs.incomplete().packed() ? "packed" : "held as statements", seconds(started));
        return new StoreRead(graphs.completeSum(), graphs.incompleteSum(), read.broken(),
                () -> FolderChecks.filesMatchStore(in.repository(), kg, in.dir(), graphs, read.broken()));
    }

    static String seconds(long since) {
        return String.format("%.1f", (System.nanoTime() - since) / 1e9);
    }
}
