package dev.lacuna.construct;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.Failures;
import dev.lacuna.LacunaException;
import dev.lacuna.breakage.BreakSettings;
import dev.lacuna.breakage.BrokenGraphs;
import dev.lacuna.depth.DepthLadder;
import dev.lacuna.depth.ProofProvenance;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.GraphFiles;
import dev.lacuna.folder.Summary;
import dev.lacuna.grounding.CompleteSnapshot;
import dev.lacuna.grounding.Grounding;
import dev.lacuna.grounding.GroundingSelector;
import dev.lacuna.grounding.GroundingSource;
import dev.lacuna.grounding.IncompleteGraph;
import dev.lacuna.grounding.QuestionAssembler;
import dev.lacuna.grounding.Triple;
import dev.lacuna.mining.KgIndex;
import dev.lacuna.questions.Balancer;
import dev.lacuna.questions.DepthSplit;
import dev.lacuna.questions.GiveAway;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionGenerator;
import dev.lacuna.questions.Shortfall;
import dev.lacuna.questions.Splitter;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.sparql.SparqlRuleRunner;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.verify.GiveAwayCheck;
import dev.lacuna.verify.Verifier;
import dev.lacuna.verify.WrittenGraphs;

/**
 * {@code lacuna build}: the paper's section 3.2 as one reproducible run over a loaded KG. The builder's choices and
 * the call's arguments are fixed first in a {@link BuildPlan}; then the build is a list of steps, each a method whose
 * inputs are its parameters and whose output is its return value (a small record where it is several things):
 * <ol>
 * <li>check the inputs ({@link InputChecks}): first what needs no rules (the folder can be written, the KG is loaded,
 * no folder is orphaned, the generator's settings, the relation choice's names), which {@code lacuna build} also runs
 * before it mines ({@link #checkBeforeRules}); then the rules: those the relation choice keeps, their relations in the
 * KG;</li>
 * <li>draw up to k groundings per rule from complete ({@link GroundingDraw});</li>
 * <li>with {@code --depth} above 1, the ladder: the proofs of deeper questions, chosen first ({@link DepthLadder});</li>
 * <li>select the heads to delete, among the groundings that agree with those proofs ({@link GroundingSelector});</li>
 * <li>write one question per deleted triple, its answer set completed from complete ({@link QuestionAssembler});</li>
 * <li>balance (Algorithm 1) and split 8:1:1; a build left without questions, or with a split under
 * {@code --min-split}, stops here and says which step took them ({@link Shortfall});</li>
 * <li>compute incomplete: complete minus the deleted triples;</li>
 * <li>with {@code --break}/{@code --noise}, make the broken graphs ({@link BrokenGraphs});</li>
 * <li>build the provenance, the benchmark graph ({@link Provenance});</li>
 * <li>write the store's graphs on the publication's thread and the folder from the same data ({@link FolderWriter});</li>
 * <li>publish: commit the store as the folder's last step ({@link BuildPublication}), so a failed or killed build
 * never leaves the store out of step with a folder;</li>
 * <li>with {@link #buildVerified}, check: the build's own verify before the folder is put in place ({@link BuildCheck}).</li>
 * </ol>
 * The same store, rules and seed give a byte-identical output folder.
 */
public final class BenchmarkBuilder {
    private static final Logger LOG = LoggerFactory.getLogger(BenchmarkBuilder.class);

    private final Repository repository;
    private final KgGraphs kg;
    private GroundingSource groundingSource = GroundingSource.INDEX;
    private BreakSettings breaks = BreakSettings.NONE;
    /** complete's index from {@link #withGroundings}, handed to the next build's draw and dropped there. */
    private KgIndex minedIndex;
    private final StageClock clock = new StageClock();
    /** What the last {@link #build} wrote its folder from, for {@link #verifyBuild}. */
    private FolderGraphs folderGraphs;

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
        this.minedIndex = minedIndex;
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
        return run(new BuildPlan(kg, rules, minedBy, settings, groundingSource, breaks), null);
    }

    /**
     * As {@link #build}, with the build's own verify run before the folder is renamed into place, printed with the
     * report to {@code out}: a build that fails it publishes nothing ({@link BuildCheck}).
     */
    public BuildReport buildVerified(List<MinedRule> rules, String minedBy, BuildSettings settings, PrintStream out) {
        return buildVerified(rules, minedBy, settings, new BuildCheck(out));
    }

    /** As {@link #buildVerified(List, String, BuildSettings, PrintStream)}, gated by the given check. */
    BuildReport buildVerified(List<MinedRule> rules, String minedBy, BuildSettings settings, BuildCheck check) {
        return run(new BuildPlan(kg, rules, minedBy, settings, groundingSource, breaks), check);
    }

    /**
     * The checks of a build that need no rules (output folder, store, generator settings, the relation choice's
     * names), to be run before the rules are mined: a refusal then costs nothing. The build runs them again itself.
     *
     * @return the settings with the relation choice's names as the KG spells them
     */
    public BuildSettings checkBeforeRules(BuildSettings settings) {
        List<String> relations = InputChecks.beforeRules(repository, kg, settings);
        return settings.withRelations(settings.relations().resolve(relations, "KG '" + kg.name() + "'"));
    }

    /** The whole build; {@code check} is the build's own verify, or null for none. */
    private BuildReport run(BuildPlan given, BuildCheck check) {
        long started = System.nanoTime();
        clock.restart(started);
        BuildPlan plan = checkInputs(given);
        try (BuildPublication.Publication publication = BuildPublication.Publication.of(repository, kg,
                plan.settings().deleteBatch())) {
            try {
                return buildAndPublish(plan, check, publication, started);
            } catch (RuntimeException e) {
                publication.abandon();
                throw publication.failed(e);
            }
        }
    }

    /**
     * The steps in order. Everything in memory first (groundings, selection, questions, provenance); then the
     * store's graphs are written on the publication's thread while the folder is written from the same data, and
     * committed as the folder's last step ({@link BuildPublication}).
     */
    private BuildReport buildAndPublish(BuildPlan plan, BuildCheck check, BuildPublication.Publication publication,
                                        long started) {
        BuildSettings settings = plan.settings();
        try (QuestionGenerator generator = settings.generator().create(settings.phraseFile(), settings.llm())) {
            // complete's statements and its integer index are each about a gigabyte at 20M triples, and the folder's
            // writers need as much again: the index answers the groundings and the answer sets and is dropped
            // before the statements are read for incomplete and the folder.
            Map<Value, Value> values = new HashMap<>();
            List<Statement> labels = read(kg.labels(), values);
            DepthLadder ladder = new DepthLadder(kg, plan.rules(), new DepthLadder.Settings(settings.depth(),
                    settings.perDepth(), settings.seed(), settings.tau(), settings.selection()));
            Questions asked = questions(plan, generator, ladder, labels, values, takeMinedIndex(), started);
            clock.stage("questions");
            List<Statement> complete = asked.complete() != null ? asked.complete() : read(kg.complete(), values);
            // Kept only where a graph is read back (a plain SPARQL endpoint's staging): the statements hold their values.
            values = publication.readsBack() ? values : null;
            Collection<Statement> incomplete = incomplete(complete, asked.deleted(), started);
            clock.stage("incomplete");
            Broken broken = brokenGraphs(plan, asked, complete, incomplete);
            Map<String, String> parameters = plan.parameters(generator.name());
            Model provenance = provenance(plan, ladder, asked, broken, parameters, generator.name());
            PreviousBuild previous = check == null ? null : check.keepPrevious(repository, kg, incomplete);
            Future<Void> written = publication.write(incomplete, asked.deleted(), provenance, broken.graphs());
            LOG.info("provenance: {} statements ({} s so far)", provenance.size(), seconds(started));
            clock.stage("provenance");
            BuildReport report = report(plan, ladder, asked, broken, complete.size(), incomplete.size(), parameters);
            FolderGraphs graphs = folderGraphs(publication, written, complete, incomplete, labels, provenance, broken,
                    values);
            // Kept for verifyBuild after a build without its own verify; the build's verify is handed them.
            this.folderGraphs = check == null ? graphs : null;
            writeAndPublish(plan, check, previous, publication, written, asked.deleted(), broken.split(), report, graphs,
                    started);
            LOG.info("output folder {} written; build finished in {} s", settings.out(), seconds(started));
            return report;
        }
    }

    /** The check of the inputs, before anything is read or written: the plan with the rules the relation choice keeps. */
    private BuildPlan checkInputs(BuildPlan plan) {
        List<String> relations = InputChecks.beforeRules(repository, kg, plan.settings());
        BuildSettings settings = plan.settings().withRelations(plan.settings().relations().resolve(relations,
                "KG '" + kg.name() + "'"));
        List<MinedRule> kept = InputChecks.rules(repository, kg, plan.rules(), settings.relations(), relations);
        if (kept.size() < plan.rules().size()) {
            LOG.info("{} of {} rules left out by the relation choice ({})", plan.rules().size() - kept.size(),
                    plan.rules().size(), settings.relations().describe(relations));
        }
        return plan.checked(kept, settings, relations);
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
     * Groundings to questions (the steps draw, ladder, select, questions, balance and split), with complete answered
     * by a {@link CompleteSnapshot} (its integer index, or SPARQL) that is closed, and so freed, on return.
     */
    private Questions questions(BuildPlan plan, QuestionGenerator generator, DepthLadder ladder, List<Statement> labels,
                                Map<Value, Value> values, KgIndex mined, long started) {
        BuildSettings settings = plan.settings();
        try (CompleteSnapshot snapshot = CompleteSnapshot.of(repository, kg, plan.groundings() == GroundingSource.INDEX
                ? GroundingDraw.indexOfComplete(repository, kg, mined) : null)) {
            // The steps below only read complete: the snapshot answers them as the store would.
            SparqlRuleRunner runner = snapshot.runner();
            clock.stage("checks and snapshot");
            List<Grounding> candidates = GroundingDraw.draw(kg, plan.rules(), settings.groundingsPerRule(),
                    settings.seed(), snapshot.index(), runner);
            clock.stage("groundings");
            List<Statement> complete = ladder.climbs() ? read(kg.complete(), values) : null;
            // With --depth the deeper proofs are chosen first and the selection made among the groundings that agree.
            GroundingSelector.Selection selection = ladder.select(candidates, complete);
            clock.stage(ladder.climbs() ? "proofs and selection" : "selection");
            if (selection.selected().isEmpty()) {
                throw new LacunaException("build stopped, nothing published and the store as it was: " + (candidates.isEmpty()
                        ? "no rule has a grounding in complete (were the rules mined from another KG?)"
                        : "the selection (--selection " + settings.selection().label() + ") can remove no grounding of any"
                        + " rule under the paper's constraints (" + candidates.size() + " candidates): more rules or"
                        + " groundings give it more to choose from (--maxad 4, --groundings-per-rule)"));
            }
            LOG.info("selected {} of {} groundings; {} distinct head triples to delete", selection.selected().size(),
                    candidates.size(), selection.deleted().size());
            List<Triple> deleted = ladder.deleted(selection.deleted());
            GiveAway giveAway = GiveAwayCheck.judge(kg, labels);
            QuestionAssembler.Outcome outcome = QuestionAssembler.assemble(selection.selected(), generator, snapshot, kg,
                    settings.seed(), giveAway);
            Balanced balanced = balanceAndSplit(settings, ladder, outcome, generator, snapshot, giveAway);
            List<Question> all = sortedById(balanced.split());
            LOG.info("{} questions ({} s so far)", all.size(), seconds(started));
            return new Questions(candidates, selection, deleted, outcome, balanced.split(), balanced.result(), all,
                    complete);
        }
    }

    /** The questions Algorithm 1 kept, split 8:1:1, and the balancing's account of them. */
    private record Balanced(Splitter.Split split, Balancer.Result<Question> result) {
    }

    /** Balancing and split: the paper's for one depth; with the ladder all depths balanced together, each split on its own. */
    private static Balanced balanceAndSplit(BuildSettings settings, DepthLadder ladder, QuestionAssembler.Outcome outcome,
                                            QuestionGenerator generator, CompleteSnapshot snapshot, GiveAway giveAway) {
        DepthSplit.Outcome o = ladder.climbs()
                ? DepthSplit.byDepth(ladder.questions(outcome, generator, snapshot, giveAway), settings.tau(), settings.seed())
                : DepthSplit.paper(outcome.questions(), settings.tau(), settings.seed());
        // Nothing is written yet: a build with no questions, or a lopsided split, stops here and says why.
        Shortfall.check(new Shortfall.Before(outcome.candidates(), outcome.generation().dropped(), outcome.giveAway(),
                outcome.duplicatesMerged()), o.balanced(), o.split(), settings.tau(), settings.minSplit());
        return new Balanced(o.split(), o.balanced());
    }

    /** The graph incomplete: complete minus the deleted triples. */
    private Collection<Statement> incomplete(List<Statement> complete, List<Triple> deleted, long started) {
        Collection<Statement> incomplete = IncompleteGraph.completeMinus(complete, kg, deleted);
        LOG.info("incomplete computed: complete {} minus {} = {} triples ({} s so far)", complete.size(),
                deleted.size(), incomplete.size(), seconds(started));
        return incomplete;
    }

    /**
     * The broken graphs by IRI ({@code made} null, and no graphs, without {@code --break}/{@code --noise}) and the
     * questions as they leave them: split, and all in id order as the benchmark graph records them.
     */
    private record Broken(BrokenGraphs.Made made, Splitter.Split split, List<Question> all) {
        Map<IRI, Collection<Statement>> graphs() {
            return made == null ? Map.of() : made.graphs();
        }

        Map<String, Summary.BrokenGraph> summary() {
            return made == null ? null : made.summary();
        }
    }

    private Broken brokenGraphs(BuildPlan plan, Questions asked, List<Statement> complete,
                                Collection<Statement> incomplete) {
        if (!plan.breaks().any()) {
            return new Broken(null, asked.split(), asked.all());
        }
        BrokenGraphs.Made made = BrokenGraphs.make(plan.breaks(), kg, plan.rules(), complete, incomplete, asked.deleted(),
                asked.split(), plan.settings().seed());
        return new Broken(made, made.split(), sortedById(made.split()));
    }

    /** The benchmark graph: the run, its rules, groundings, questions, proofs and broken graphs. */
    private Model provenance(BuildPlan plan, DepthLadder ladder, Questions asked, Broken broken,
                             Map<String, String> parameters, String generator) {
        Model provenance = Provenance.model(kg, plan.rules(), plan.minedBy(), asked.selection().selected(),
                broken.all(), parameters, generator);
        Provenance.addRelationChoice(provenance, kg, plan.settings().relations(), plan.relations());
        ProofProvenance.add(provenance, kg, ladder.deepQuestions(broken.split()), asked.deleted());
        if (broken.made() != null) {
            BrokenGraphs.addProvenance(provenance, kg, plan.breaks(), broken.made(), plan.settings().seed());
        }
        return provenance;
    }

    /** summary.json's content, and the paper's Tables 1 and 3 printed from it. */
    private BuildReport report(BuildPlan plan, DepthLadder ladder, Questions asked, Broken broken, int completeSize,
                               int incompleteSize, Map<String, String> parameters) {
        int candidates = asked.candidates().size();
        QuestionAssembler.Outcome outcome = asked.outcome();
        return BuildReport.of(kg, plan.rules(), candidates, asked.selection(), asked.deleted().size(), completeSize,
                        incompleteSize, outcome, asked.balanced(), broken.split(), parameters)
                .withRulesLeftOut(plan.leftOut())
                .with(ladder.giveAway(outcome.giveAway()), ladder.summary(broken.split(), candidates,
                        asked.selection().selected().size(), outcome.questions().size()))
                .withBrokenGraphs(broken.summary());
    }

    /**
     * The graphs the folder is written from: the statements the store is being given, or, where the publication
     * reads back ({@link BuildPublication.Publication#readsBack}), incomplete and benchmark as the store holds them.
     */
    private FolderGraphs folderGraphs(BuildPublication.Publication publication, Future<Void> written,
                                      List<Statement> complete, Collection<Statement> incomplete, List<Statement> labels,
                                      Model provenance, Broken broken, Map<Value, Value> values) {
        if (!publication.readsBack()) {
            return new FolderGraphs(complete, incomplete, labels, provenance, broken.graphs());
        }
        await(written);
        try (RepositoryConnection conn = repository.getConnection()) {
            return new FolderGraphs(complete, GraphFiles.read(conn, BuildPublication.stagingIncomplete(kg), values),
                    labels, GraphFiles.read(conn, BuildPublication.stagingBenchmark(kg), values), broken.graphs());
        }
    }

    /**
     * The folder written, the store committed as its last step, then the build's own verify (if {@code check} is not
     * null) before the folder is renamed into place, and then the build's unfinished mark removed: until that, a kill
     * leaves a store that says it holds an unfinished build ({@link dev.lacuna.folder.BuildRecord}).
     */
    private void writeAndPublish(BuildPlan plan, BuildCheck check, PreviousBuild previous,
                                 BuildPublication.Publication publication, Future<Void> written, List<Triple> deleted,
                                 Splitter.Split split, BuildReport report, FolderGraphs graphs, long started) {
        Path out = plan.settings().out();
        BenchmarkFolder.write(out, plan.settings().force(), dir -> {
            FolderWriter.write(dir, kg, plan.rules(), deleted, split, report, graphs);
            LOG.info("folder written; committing the store ({} s so far)", seconds(started));
            clock.stage("folder");
            await(written);
            publication.publish(out, dir);
            clock.stage("publish");
            if (check != null) {
                check.run(repository, previous, dir, out, report,
                        () -> Verifier.verify(repository, dir, WrittenGraphs.of(graphs.named(kg), kg)));
            }
        });
        publication.finished();
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

    /** CPU seconds of the whole JVM during each stage of the last {@link #build}, in order (for benchmarks). */
    public Map<String, Double> stageCpuSeconds() {
        return clock.cpuSeconds();
    }

    /** Wall seconds of each stage of the last {@link #build}, in order. */
    public Map<String, Double> stageSeconds() {
        return clock.wallSeconds();
    }

    /** The index handed in by {@link #withGroundings}, once: a build holds it only while it draws. */
    private KgIndex takeMinedIndex() {
        KgIndex index = minedIndex;
        minedIndex = null;
        return index;
    }

    private List<Statement> read(IRI graph, Map<Value, Value> values) {
        try (RepositoryConnection conn = repository.getConnection()) {
            return GraphFiles.read(conn, graph, values);
        }
    }

    /** A split's questions in id order, as the benchmark graph records them. */
    private static List<Question> sortedById(Splitter.Split split) {
        List<Question> all = split.all();
        all.sort((a, b) -> a.id().compareTo(b.id()));
        return all;
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

    private static String seconds(long started) {
        return String.format("%.1f", (System.nanoTime() - started) / 1e9);
    }
}
