package dev.lacuna.construct;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;


import dev.lacuna.BadInputException;
import dev.lacuna.Failures;
import dev.lacuna.LacunaException;
import dev.lacuna.Progress;
import dev.lacuna.Seeds;
import dev.lacuna.breakage.BreakSettings;
import dev.lacuna.breakage.BrokenGraphs;
import dev.lacuna.depth.ProofProvenance;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.GraphFiles;
import dev.lacuna.grounding.CompleteSnapshot;
import dev.lacuna.grounding.Grounding;
import dev.lacuna.grounding.GroundingSelector;
import dev.lacuna.grounding.GroundingSource;
import dev.lacuna.grounding.IncompleteGraph;
import dev.lacuna.grounding.IndexGroundings;
import dev.lacuna.grounding.QuestionAssembler;
import dev.lacuna.grounding.Triple;
import dev.lacuna.mining.KgIndex;
import dev.lacuna.questions.Balancer;
import dev.lacuna.questions.GeneratorKind;
import dev.lacuna.questions.GiveAway;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionGenerator;
import dev.lacuna.questions.Splitter;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.sparql.GroundingRow;
import dev.lacuna.rules.sparql.SparqlRuleRunner;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.verify.GiveAwayCheck;
import dev.lacuna.verify.Verifier;
import dev.lacuna.verify.WrittenGraphs;

/**
 * {@code lacuna build}: the paper's section 3.2 as one reproducible run over a loaded KG.
 * Steps: check inputs; draw up to k groundings per rule from complete; select the heads to delete; compute
 * incomplete; write questions with completed answer sets; balance (Algorithm 1); split 8:1:1; build the
 * provenance; write the graphs incomplete and benchmark and the output folder; commit the graphs as the
 * folder's last step ({@link BuildPublication}), so a failed or killed build never leaves the store out of step
 * with a folder.
 * The same store, rules and seed give a byte-identical output folder.
 */
public final class BenchmarkBuilder {
    private static final Logger LOG = LoggerFactory.getLogger(BenchmarkBuilder.class);

    private final Repository repository;
    private final KgGraphs kg;
    private GroundingSource groundingSource = GroundingSource.INDEX;
    private BreakSettings breaks = BreakSettings.NONE;
    private KgIndex index;
    private final StageClock clock = new StageClock();
    /** What the last build's folder was written from, for {@link #verifyBuild}. */
    private FolderGraphs folderGraphs;
    /** The verify that gates the publication, while {@link #buildVerified} runs; else null. */
    BuildCheck check;

    public BenchmarkBuilder(Repository repository, KgGraphs kg) {
        this.repository = repository;
        this.kg = kg;
    }

    /**
     * Chooses where groundings are drawn. {@code minedIndex}, if not null, is an index of this KG's complete
     * graph already in memory (the one the rules were just mined on), so the build need not read complete again.
     */
    public BenchmarkBuilder withGroundings(GroundingSource source, KgIndex minedIndex) {
        this.groundingSource = source;
        this.index = minedIndex;
        return this;
    }

    /** The broken graphs to make beside incomplete ({@code --break}, {@code --noise}); none by default. */
    public BenchmarkBuilder withBreaks(BreakSettings settings) {
        this.breaks = settings;
        return this;
    }

    /**
     * @param rules   the rules to build from, in the order their groundings are considered
     * @param minedBy where the rules came from (lacuna-mine, amie3-import), for provenance
     */
    public BuildReport build(List<MinedRule> rules, String minedBy, BuildSettings settings) {
        long started = System.nanoTime();
        clock.restart(started);
        BenchmarkFolder.checkTarget(settings.out(), settings.force(), List.of());
        BuildPublication.checkWritable(settings.out());
        if (rules.isEmpty()) {
            throw new BadInputException("the rule set is empty: nothing can be removed; mine with lower thresholds or give --rules");
        }
        checkRelations(rules);
        BuildPublication.refuseToOrphan(repository, kg, settings.out(), settings.force());
        try (BuildPublication.Publication publication = BuildPublication.Publication.of(repository, kg)) {
            publication.deleteBatch = settings.deleteBatch();
            try {
                return buildAndPublish(rules, minedBy, settings, started, publication);
            } catch (RuntimeException e) {
                publication.abandon();
                throw publication.failed(e);
            }
        }
    }

    /**
     * As {@link #build}, with the build's own verify run before the folder is renamed into place, printed with the
     * report to {@code out}: a build that fails it publishes nothing ({@link BuildCheck}).
     */
    public BuildReport buildVerified(List<MinedRule> rules, String minedBy, BuildSettings settings, PrintStream out) {
        BuildCheck gate = check != null ? check : new BuildCheck(out);
        check = gate;
        try {
            return build(rules, minedBy, settings);
        } finally {
            check = null;
        }
    }

    /**
     * Everything in memory first (groundings, selection, questions, provenance); then the store's graphs are
     * written on the publication's thread while the folder is written from the same data, and committed as the
     * folder's last step ({@link BuildPublication}).
     */
    private BuildReport buildAndPublish(List<MinedRule> rules, String minedBy, BuildSettings settings, long started,
                                        BuildPublication.Publication publication) {
        try (QuestionGenerator generator = generator(settings)) {
            // complete's statements and its integer index are each about a gigabyte at 20M triples, and the folder's
            // writers need as much again: the index answers the groundings and the answer sets and is dropped
            // before the statements are read for incomplete and the folder.
            Map<Value, Value> values = new HashMap<>();
            List<Statement> labels;
            try (RepositoryConnection conn = repository.getConnection()) {
                labels = GraphFiles.read(conn, kg.labels(), values);
            }
            DepthLadder ladder = new DepthLadder(kg, rules, settings);
            Questions asked = questions(rules, settings, generator, ladder, labels, values, started);
            index = null;
            stage("questions");
            List<Statement> complete = asked.complete();
            if (complete == null) {
                try (RepositoryConnection conn = repository.getConnection()) {
                    complete = GraphFiles.read(conn, kg.complete(), values);
                }
            }
            // Kept only where a graph is read back (a plain SPARQL endpoint's staging): the statements hold their values.
            values = publication.readsBack() ? values : null;
            GroundingSelector.Selection selection = asked.selection();
            List<Grounding> candidates = asked.candidates();
            List<Triple> deleted = asked.deleted();
            Collection<Statement> incomplete = IncompleteGraph.completeMinus(complete, kg, deleted);
            LOG.info("incomplete computed: complete {} minus {} = {} triples ({} s so far)", complete.size(),
                    deleted.size(), incomplete.size(), seconds(started));
            stage("incomplete");
            QuestionAssembler.Outcome outcome = asked.outcome();
            BrokenGraphs.Made broken = breaks.any() ? BrokenGraphs.make(breaks, kg, rules, complete, incomplete, deleted,
                    asked.split(), settings.seed()) : null;
            Splitter.Split split = broken == null ? asked.split() : broken.split();
            Balancer.Result<Question> balanced = asked.balanced();
            List<Question> all = broken == null ? asked.all() : sortedById(split);
            Map<String, String> parameters = parameters(settings, generator.name(), rules.size(), minedBy);
            breaks.addParameters(parameters);
            Model provenance = Provenance.model(kg, rules, minedBy, selection.selected(), all, parameters,
                    generator.name());
            ProofProvenance.add(provenance, kg, ladder.deepQuestions(split), deleted);
            if (broken != null) {
                BrokenGraphs.addProvenance(provenance, kg, breaks, broken, settings.seed());
                publication.broken = broken.graphs();
            }
            if (check != null) {
                check.keepPrevious(repository, kg, incomplete);
            }
            Future<Void> written = publication.write(incomplete, deleted, provenance);
            LOG.info("provenance: {} statements ({} s so far)", provenance.size(), seconds(started));
            stage("provenance");
            BuildReport report = BuildReport.of(kg, rules, candidates.size(), selection, deleted.size(), complete.size(),
                    incomplete.size(), outcome, balanced, split, parameters)
                    .with(ladder.giveAway(outcome.giveAway()), ladder.summary(split, candidates.size(), selection.selected().size(), outcome.questions().size()))
                    .withBrokenGraphs(broken == null ? null : broken.summary());
            Map<IRI, Collection<Statement>> brokenGraphs = broken == null ? Map.of() : broken.graphs();
            FolderGraphs graphs = new FolderGraphs(complete, incomplete, labels, provenance, brokenGraphs);
            if (publication.readsBack()) {
                await(written);
                try (RepositoryConnection conn = repository.getConnection()) {
                    graphs = new FolderGraphs(complete,
                            GraphFiles.read(conn, BuildPublication.stagingIncomplete(kg), values), labels,
                            GraphFiles.read(conn, BuildPublication.stagingBenchmark(kg), values), brokenGraphs);
                }
            }
            this.folderGraphs = graphs;
            FolderGraphs toWrite = graphs;
            BenchmarkFolder.write(settings.out(), settings.force(), dir -> {
                FolderWriter.write(dir, kg, rules, deleted, split, report, toWrite);
                LOG.info("folder written; committing the store ({} s so far)", seconds(started));
                stage("folder");
                await(written);
                publication.publish(settings.out());
                stage("publish");
                if (check != null) {
                    check.run(repository, dir, settings.out(), report, () -> verifyBuild(dir));
                }
            });
            LOG.info("output folder {} written; build finished in {} s", settings.out(), seconds(started));
            return report;
        }
    }

    /** A split's questions in id order, as the benchmark graph records them. */
    private static List<Question> sortedById(Splitter.Split split) {
        List<Question> all = split.all();
        all.sort((a, b) -> a.id().compareTo(b.id()));
        return all;
    }

    /**
     * What the build decides before it writes anything: groundings, selection, the triples to delete, questions
     * balanced and split. {@code complete} is complete's statements when the proof search needed them, else null.
     */
    private record Questions(List<Grounding> candidates, GroundingSelector.Selection selection, List<Triple> deleted,
                             QuestionAssembler.Outcome outcome, Splitter.Split split, Balancer.Result<Question> balanced,
                             List<Question> all, List<Statement> complete) {
    }

    /**
     * Groundings to questions, with complete answered by a {@link CompleteSnapshot} (its integer index, or SPARQL)
     * that is closed, and so freed, on return.
     */
    private Questions questions(List<MinedRule> rules, BuildSettings settings, QuestionGenerator generator,
                                DepthLadder ladder, List<Statement> labels, Map<Value, Value> values, long started) {
        try (CompleteSnapshot snapshot = CompleteSnapshot.of(repository, kg,
                groundingSource == GroundingSource.INDEX ? indexOfComplete() : null)) {
            // Both steps below only read complete: the snapshot answers them as the store would.
            SparqlRuleRunner runner = snapshot.runner();
            stage("checks and snapshot");
            List<Grounding> candidates = groundings(runner, rules, settings, snapshot.index());
            stage("groundings");
            List<Statement> complete = null;
            if (ladder.climbs()) {
                try (RepositoryConnection conn = repository.getConnection()) {
                    complete = GraphFiles.read(conn, kg.complete(), values);
                }
            }
            // With --depth the deeper proofs are chosen first and the selection made among the groundings that agree.
            GroundingSelector.Selection selection = ladder.select(candidates, complete);
            stage(ladder.climbs() ? "proofs and selection" : "selection");
            if (selection.selected().isEmpty()) {
                throw new LacunaException("no grounding of any rule can be removed under the paper's constraints ("
                        + candidates.size() + " candidates)");
            }
            LOG.info("selected {} of {} groundings; {} distinct head triples to delete", selection.selected().size(),
                    candidates.size(), selection.deleted().size());
            List<Triple> deleted = ladder.deleted(selection.deleted());
            GiveAway giveAway = GiveAwayCheck.judge(kg, labels);
            QuestionAssembler.Outcome outcome = QuestionAssembler.assemble(selection.selected(), generator, snapshot, kg,
                    settings.seed(), giveAway);
            List<Balancer.Result<Question>> balancing = new ArrayList<>(1);
            Splitter.Split split = ladder.balanceAndSplit(outcome, generator, snapshot, giveAway, balancing);
            List<Question> all = sortedById(split);
            LOG.info("{} questions ({} s so far)", all.size(), seconds(started));
            return new Questions(candidates, selection, deleted, outcome, split, balancing.get(0), all, complete);
        }
    }

    /**
     * Verifies the folder the last {@link #build} wrote, as {@code lacuna verify} does except that the graph
     * files are not written out of the store again: the store's graphs must hold exactly the statements the files
     * were written from. Frees those statements.
     */
    public Verifier.Report verifyBuild(Path out) {
        if (folderGraphs == null) {
            throw new IllegalStateException("no build to verify");
        }
        // Packed first, then the statements dropped: the verify streams the store past 8 bytes a triple.
        WrittenGraphs written = WrittenGraphs.of(folderGraphs.named(kg), kg);
        folderGraphs = null;
        return Verifier.verify(repository, out, written);
    }

    private static void await(Future<Void> written) {
        try {
            written.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LacunaException("interrupted while writing the store", e);
        } catch (ExecutionException e) {
            throw Failures.rethrown(e.getCause(), "writing the store failed");
        }
    }

    private void stage(String name) {
        clock.stage(name);
    }

    /** CPU seconds of the whole JVM during each stage of the last {@link #build}, in order (for benchmarks). */
    public Map<String, Double> stageCpuSeconds() {
        return clock.cpuSeconds();
    }

    /** Wall seconds of each stage of the last {@link #build}, in order. */
    public Map<String, Double> stageSeconds() {
        return clock.wallSeconds();
    }

    private static String seconds(long started) {
        return String.format("%.1f", (System.nanoTime() - started) / 1e9);
    }

    private void checkRelations(List<MinedRule> rules) {
        Set<String> checked = new HashSet<>();
        try (RepositoryConnection conn = repository.getConnection()) {
            if (!conn.hasStatement(null, null, null, false, kg.complete())) {
                throw new BadInputException("KG '" + kg.name() + "' is not loaded in this store (graph " + kg.complete()
                        + " is empty); run lacuna load first");
            }
            for (int i = 0; i < rules.size(); i++) {
                List<Atom> atoms = new ArrayList<>(rules.get(i).rule().body());
                atoms.add(rules.get(i).rule().head());
                for (Atom a : atoms) {
                    if (checked.add(a.relation())
                            && !conn.hasStatement(null, kg.relation(a.relation()), null, false, kg.complete())) {
                        throw new BadInputException("rule " + (i + 1) + " (" + rules.get(i).rule().toAmie()
                                + ") uses relation '" + a.relation() + "', which is not in KG '" + kg.name() + "'");
                    }
                }
            }
        }
    }

    private static QuestionGenerator generator(BuildSettings s) {
        return s.generator().create(s.phraseFile(), s.llm());
    }

    /** Up to k groundings per rule, each rule with its own seeded draw, in rule order. */
    private List<Grounding> groundings(SparqlRuleRunner runner, List<MinedRule> rules, BuildSettings settings,
                                       KgIndex complete) {
        long started = System.nanoTime();
        List<Grounding> out = complete != null ? indexGroundings(complete, rules, settings)
                : sparqlGroundings(runner, rules, settings);
        LOG.info("groundings: {} drawn for {} rules ({}) in {} s", out.size(), rules.size(),
                complete != null ? "integer index" : "SPARQL", seconds(started));
        return out;
    }

    /**
     * The integer index of complete, or null (and SPARQL) when it would not hold exactly complete's triples:
     * the index leaves out literal objects, which SPARQL would bind.
     */
    private KgIndex indexOfComplete() {
        KgIndex idx = index != null ? index : KgIndex.fromRepository(repository, kg);
        long triples;
        try (RepositoryConnection c = repository.getConnection()) {
            triples = c.size(kg.complete());
        }
        if (idx.tripleCount() != triples) {
            LOG.info("the integer index holds {} of complete's {} triples (literal objects?): groundings by SPARQL",
                    idx.tripleCount(), triples);
            return null;
        }
        return idx;
    }

    /**
     * Rules are drawn in parallel (each from its own seed, taken in rule order first) and collected in rule
     * order, so the result does not depend on the number of threads.
     */
    private List<Grounding> indexGroundings(KgIndex complete, List<MinedRule> rules, BuildSettings settings) {
        IndexGroundings draw = new IndexGroundings(complete, kg);
        SplittableRandom seeds = Seeds.stream(settings.seed(), Seeds.Stage.GROUNDINGS);
        long[] ruleSeeds = new long[rules.size()];
        for (int i = 0; i < ruleSeeds.length; i++) {
            ruleSeeds[i] = seeds.nextLong();
        }
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "groundings");
            t.setDaemon(true);
            return t;
        });
        List<Grounding> out = new ArrayList<>();
        long[] totals = new long[rules.size()];
        try (Progress progress = Progress.start("groundings", rules.size(), "rules")) {
            List<Future<IndexGroundings.Sample>> samples = new ArrayList<>(rules.size());
            for (int i = 0; i < rules.size(); i++) {
                int rule = i;
                samples.add(pool.submit(() -> {
                    IndexGroundings.Sample s = draw.sample(rule, rules.get(rule), settings.groundingsPerRule(),
                            ruleSeeds[rule]);
                    progress.step(1);
                    return s;
                }));
            }
            for (int i = 0; i < samples.size(); i++) {
                IndexGroundings.Sample sample = samples.get(i).get();
                out.addAll(sample.groundings());
                totals[i] = sample.total();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LacunaException("interrupted while drawing groundings", e);
        } catch (ExecutionException e) {
            throw Failures.rethrown(e.getCause(), "drawing groundings failed");
        } finally {
            pool.shutdownNow();
        }
        GroundingTotals.log(rules, totals);
        return out;
    }

    private List<Grounding> sparqlGroundings(SparqlRuleRunner runner, List<MinedRule> rules, BuildSettings settings) {
        List<Grounding> out = new ArrayList<>();
        SplittableRandom seeds = Seeds.stream(settings.seed(), Seeds.Stage.GROUNDINGS);
        try (Progress progress = Progress.start("groundings", rules.size(), "rules")) {
            for (int i = 0; i < rules.size(); i++) {
                MinedRule rule = rules.get(i);
                long ruleSeed = seeds.nextLong();
                for (GroundingRow g : runner.sampleGroundings(rule.rule(), kg.complete(),
                        settings.groundingsPerRule(), ruleSeed)) {
                    List<Triple> body = new ArrayList<>(g.body().size());
                    for (Statement st : g.body()) {
                        body.add(triple(st));
                    }
                    out.add(new Grounding(i, rule, body, triple(g.head())));
                }
                progress.step(1);
            }
        }
        return out;
    }

    private Triple triple(Statement st) {
        return new Triple(kg.privateId((IRI) st.getSubject()), kg.relationName(st.getPredicate()),
                kg.privateId((IRI) st.getObject()));
    }

    private static Map<String, String> parameters(BuildSettings s, String generator, int rules, String minedBy) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("seed", Long.toString(s.seed()));
        p.put("groundings_per_rule", Integer.toString(s.groundingsPerRule()));
        p.put("tau", Double.toString(s.tau()));
        p.put("questions", generator);
        if (s.llm() != null && s.generator() == GeneratorKind.LLM) {
            p.put("llm_model", s.llm().model());
        }
        p.put("rules", Integer.toString(rules));
        p.put("rules_from", minedBy);
        p.put("selection", s.selection().label());
        if (s.depth() > 1) {
            p.put("depth", Integer.toString(s.depth()));
            p.put("per_depth", Integer.toString(s.perDepth()));
        }
        return p;
    }
}
