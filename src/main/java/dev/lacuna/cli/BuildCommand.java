package dev.lacuna.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.ExitCodes;
import dev.lacuna.OutputGuard;
import dev.lacuna.Progress;
import dev.lacuna.construct.BenchmarkBuilder;
import dev.lacuna.breakage.BreakKind;
import dev.lacuna.breakage.BreakSettings;
import dev.lacuna.construct.BuildReport;
import dev.lacuna.construct.BuildSettings;
import dev.lacuna.grounding.GroundingSelector;
import dev.lacuna.grounding.GroundingSource;
import dev.lacuna.verify.Verifier;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.mining.KgIndex;
import dev.lacuna.mining.HeadPartition;
import dev.lacuna.mining.MineOperation;
import dev.lacuna.mining.MinerOptions;
import dev.lacuna.questions.GeneratorKind;
import dev.lacuna.questions.LlmSettings;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleFileFormat;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.rules.sparql.EntityConstants;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.Stores;

/** {@code lacuna build}: rules, groundings, deletions, questions, split and output folder, then verify. */
public final class BuildCommand implements Command {
    @Override
    public String name() {
        return "build";
    }

    @Override
    public String usage() {
        return "--out DIR [--kg NAME] [--rules FILE [--rules-format amie3|anyburl] | --maxad K [--const]] [--groundings-per-rule 30] [--groundings index|sparql] [--tau 0.01] [--min-split 1] [--vocabulary exclude|body|allow] [--head-target-relations R,... | --head-excluded-relations R,...] [--body-target-relations R,... | --body-excluded-relations R,...] [--depth 1..3 [--per-depth 30]] [--break replace] [--noise P] [--questions template|llm] [--force]";
    }

    @Override
    public String summary() {
        return "build the benchmark: graph incomplete, questions with hard answers, 8:1:1 split, output folder";
    }

    @Override
    public void addOptions(Options options) {
        CommonOptions.addStore(options);
        CommonOptions.addKg(options);
        CommonOptions.addSeed(options);
        options.addOption(Option.builder().longOpt("out").hasArg().argName("DIR").desc("output folder (required)").get());
        options.addOption(Option.builder().longOpt("force").desc("replace an existing output folder").get());
        options.addOption(Option.builder().longOpt("rules").hasArg().argName("FILE")
                .desc("rules in AMIE3's TSV format (AMIE3's or lacuna mine's); default: mine them now").get());
        options.addOption(Option.builder().longOpt("rules-format").hasArg().argName("FORMAT")
                .desc("format of --rules: amie3 (default) or anyburl (closed rules measured on the KG, kept if they"
                        + " pass --minhc/--minc/--minpca; rules with constants with --const)").get());
        CommonOptions.addMining(options);
        options.addOption(Option.builder().longOpt("groundings-per-rule").hasArg().argName("N")
                .desc("groundings drawn per rule (default 30, as in the paper)").get());
        options.addOption(Option.builder().longOpt("selection").hasArg().argName("MODE")
                .desc("how groundings are selected for deletion: filter (default, the authors' procedure) or greedy").get());
        options.addOption(Option.builder().longOpt("groundings").hasArg().argName("FROM")
                .desc("where groundings are drawn: index (default, the in-memory integer index) or sparql (one query per rule); the same folder either way").get());
        options.addOption(Option.builder().longOpt("depth").hasArg().argName("D")
                .desc("also ask questions whose hard answer needs exactly 2..D rule applications, with their proofs (1 to 3; default 1, the paper's build)").get());
        options.addOption(Option.builder().longOpt("per-depth").hasArg().argName("N")
                .desc("proofs kept per shape (the sequence of its steps' rules) at each depth of 2 and more (default 30, as groundings per rule)").get());
        options.addOption(Option.builder().longOpt("break").hasArg().argName("HOW")
                .desc("also build the graph replaced: each question's removed fact replaced by a wrong one (a trap);"
                        + " HOW is replace (docs/explanation/broken-graphs.md)").get());
        options.addOption(Option.builder().longOpt("noise").hasArg().argName("P")
                .desc("also build the graph noisy: incomplete minus a random share P (0 < P < 1) of the triples no"
                        + " question's proof needs").get());
        options.addOption(Option.builder().longOpt("tau").hasArg().desc("answer down-sampling threshold (default 0.01):"
                + " Algorithm 1 keeps at most floor(tau x questions) per answer, so a build of fewer than 1/tau questions"
                + " keeps none and stops, naming the tau that keeps one per answer").get());
        options.addOption(Option.builder().longOpt("min-split").hasArg().argName("N")
                .desc("the fewest questions each of train, valid and test must hold, or the build stops and says why"
                        + " (default 1; 0 accepts empty splits)").get());
        options.addOption(Option.builder().longOpt("questions").hasArg().argName("GEN")
                .desc("question generator: template (default, offline) or llm").get());
        options.addOption(Option.builder().longOpt("phrases").hasArg().argName("FILE")
                .desc("relation phrases for the template generator: relation<TAB>forward<TAB>inverse").get());
        options.addOption(Option.builder().longOpt("llm-provider").hasArg().desc("openai (any OpenAI-compatible server) or ollama; env LACUNA_LLM_PROVIDER").get());
        options.addOption(Option.builder().longOpt("llm-base-url").hasArg().desc("env LACUNA_LLM_BASE_URL").get());
        options.addOption(Option.builder().longOpt("llm-model").hasArg().desc("env LACUNA_LLM_MODEL").get());
        options.addOption(Option.builder().longOpt("llm-concurrency").hasArg().desc("parallel LLM requests (default 4)").get());
        options.addOption(Option.builder().longOpt("llm-cache").hasArg().argName("DIR").desc("reply cache folder (default lacuna-data/llm-cache)").get());
    }

    @Override
    public int run(CommandLine line, CliContext context) {
        if (!line.hasOption("out")) {
            throw new UsageException("--out DIR is required");
        }
        BuildSettings settings = settings(line);
        GroundingSource source = groundingSource(line);
        // Thresholds are checked before the store is opened, as every usage error is.
        RuleFileFormat rulesFormat = CommonOptions.choice(line, "rules-format", "amie3", RuleFileFormat::parse);
        if (line.hasOption("rules-format") && !line.hasOption("rules")) {
            throw new UsageException("--rules-format says how to read --rules FILE: give --rules too");
        }
        MinerOptions minerOptions = line.hasOption("rules") && rulesFormat == RuleFileFormat.AMIE3 ? null
                : CommonOptions.minerOptions(line);
        BenchmarkFolder.checkTarget(settings.out(), settings.force(),
                CommonOptions.storeFolders(CommonOptions.storeConfig(line)));
        // --force replaces the folder: one holding the rules or phrases read would lose them.
        OutputGuard.refuseInputs("--out", settings.out(), Arrays.asList(
                line.hasOption("rules") ? Path.of(line.getOptionValue("rules")) : null,
                line.hasOption("phrases") ? Path.of(line.getOptionValue("phrases")) : null,
                line.hasOption("llm-cache") ? Path.of(line.getOptionValue("llm-cache")) : null));
        BreakSettings breaks = new BreakSettings(
                line.hasOption("break") ? BreakKind.parse(line.getOptionValue("break")) : null,
                line.hasOption("noise") ? CommonOptions.doubleValue(line, "noise", 0) : null);
        Repository repository = CommonOptions.openStore(line);
        try {
            CommonOptions.warnIfInferring(line, repository, context);
            KgGraphs kg = CommonOptions.kg(line, repository);
            BenchmarkBuilder builder = new BenchmarkBuilder(repository, kg);
            // Every check that needs no rules (folder, store, generator, relation names) before reading or mining them.
            settings = builder.checkBeforeRules(settings);
            List<MinedRule> rules;
            String minedBy;
            KgIndex mined = null;
            if (line.hasOption("rules")) {
                Path file = Path.of(line.getOptionValue("rules"));
                List<Long> lines = null;
                if (rulesFormat == RuleFileFormat.ANYBURL) {
                    mined = KgIndex.fromRepository(repository, kg);
                    rules = AnyBurlActions.read(file, repository, kg, mined, minerOptions, context);
                    minedBy = RuleGraph.MINED_BY_ANYBURL;
                } else {
                    lines = new ArrayList<>();
                    rules = AmieRules.read(file, lines);
                    // a file lacuna mine wrote says so in its first line; any other rule file is AMIE3's
                    minedBy = AmieRules.minedByLacuna(file) ? RuleGraph.MINED_BY_LACUNA : RuleGraph.MINED_BY_AMIE3;
                }
                try (RepositoryConnection c = repository.getConnection()) {
                    // constants as the KG names its entities -> entity IRIs; one that names none is refused here
                    rules = EntityConstants.resolve(c, kg, rules, file.toString(), lines);
                }
            } else {
                MinerOptions options = minerOptions.withRelations(settings.relations());
                mined = KgIndex.fromRepository(repository, kg);
                // the same note and progress lines as lacuna mine: mining a large KG takes minutes
                rules = new MineOperation(new MineOperation.Settings(options, HeadPartition.ALL, null, false),
                        Progress.Channel.console(context.err()::println), context.err()::println).mine(mined);
                minedBy = RuleGraph.MINED_BY_LACUNA;
                context.out().printf("mined %,d rules (maxad %d%s)%n", rules.size(), options.maxAtoms(),
                        options.constants() ? ", with constants" : "");
            }
            builder.withGroundings(source, mined).withBreaks(breaks);
            // The build's own verify (every check of lacuna verify, the graph files held against the statements they
            // were written from) runs before the folder is put in place: a build that fails it publishes nothing.
            builder.buildVerified(rules, minedBy, settings, context.out());
            context.out().println("benchmark written to " + settings.out());
        } finally {
            Stores.close(repository);
        }
        return ExitCodes.OK;
    }

    private static GroundingSource groundingSource(CommandLine line) {
        return GroundingSource.parse(line.getOptionValue("groundings", GroundingSource.INDEX.label()));
    }

    private static BuildSettings settings(CommandLine line) {
        GeneratorKind generator = CommonOptions.choice(line, "questions", GeneratorKind.TEMPLATE.label(), GeneratorKind::parse);
        int perRule = CommonOptions.intValue(line, "groundings-per-rule", BuildSettings.DEFAULT_GROUNDINGS_PER_RULE);
        if (perRule < 1) {
            throw new UsageException("--groundings-per-rule must be at least 1");
        }
        double tau = CommonOptions.fraction(line, "tau", BuildSettings.DEFAULT_TAU);
        if (tau <= 0) {
            throw new UsageException("--tau must lie in (0, 1], as Algorithm 1 requires");
        }
        LlmSettings llm = null;
        if (generator == GeneratorKind.LLM) {
            llm = LlmSettings.fromEnvironment(System.getenv())
                    .withProvider(line.getOptionValue("llm-provider"))
                    .withBaseUrl(line.getOptionValue("llm-base-url"))
                    .withModel(line.getOptionValue("llm-model"));
            if (line.hasOption("llm-concurrency")) {
                llm = llm.withConcurrency(CommonOptions.intValue(line, "llm-concurrency", 4));
            }
            if (line.hasOption("llm-cache")) {
                llm = llm.withCacheDir(Path.of(line.getOptionValue("llm-cache")));
            }
        }
        return new BuildSettings(Path.of(line.getOptionValue("out")), line.hasOption("force"), perRule, tau,
                CommonOptions.seed(line), generator, line.hasOption("phrases") ? Path.of(line.getOptionValue("phrases")) : null,
                llm, BuildSettings.DEFAULT_DELETE_BATCH,
                CommonOptions.choice(line, "selection", "filter", GroundingSelector.Mode::parse),
                CommonOptions.intValue(line, "depth", 1),
                CommonOptions.intValue(line, "per-depth", BuildSettings.DEFAULT_PER_DEPTH),
                CommonOptions.intValue(line, "min-split", BuildSettings.DEFAULT_MIN_SPLIT),
                CommonOptions.relationChoice(line));
    }
}
