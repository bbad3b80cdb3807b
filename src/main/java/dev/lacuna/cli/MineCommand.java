package dev.lacuna.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.BadInputException;
import dev.lacuna.ExitCodes;
import dev.lacuna.Progress;
import dev.lacuna.mining.HeadPartition;
import dev.lacuna.mining.KgIndex;
import dev.lacuna.mining.Miner;
import dev.lacuna.mining.MinerOptions;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.rules.RuleType;
import dev.lacuna.store.KgGraphs;

/**
 * {@code lacuna mine}: AMIE3-equivalent rule mining over a TSV file or the {@code complete} graph of a stored KG;
 * writes AMIE3's TSV and, for a stored KG, the rules in its {@code benchmark} graph.
 */
public final class MineCommand implements Command {
    @Override
    public String name() {
        return "mine";
    }

    @Override
    public String usage() {
        return "(--input KG.tsv --output RULES.tsv | [--kg NAME] [--output RULES.tsv]) [--minhc X] [--minc X] [--minpca X] [--maxad K] [--const] [--heads K/N]";
    }

    @Override
    public String summary() {
        return "mine Horn rules as AMIE3 does (support, head coverage, standard and PCA confidence)";
    }

    @Override
    public void addOptions(Options options) {
        CommonOptions.addStore(options);
        CommonOptions.addKg(options);
        CommonOptions.addOutput(options, "rules file to write, AMIE3's TSV format");
        options.addOption(Option.builder().longOpt("force")
                .desc("store the rules even if they replace those of a benchmark already built from this KG").get());
        options.addOption(Option.builder().longOpt("input").hasArg().argName("FILE")
                .desc("mine a KG file instead of a stored KG, read as lacuna load reads it (TSV as AMIE3's input, CSV, RDF; .gz)").get());
        CommonOptions.addMining(options);
        options.addOption(Option.builder().longOpt("heads").hasArg().argName("K/N")
                .desc("mine only part K of N of the head relations (needs --output, nothing stored); "
                        + "'lacuna rules merge' joins the N outputs into the one-process rule file").get());
    }

    @Override
    public int run(CommandLine line, CliContext context) {
        if (!line.getArgList().isEmpty()) {
            throw new UsageException("unexpected argument '" + line.getArgList().get(0) + "'");
        }
        MinerOptions options = CommonOptions.minerOptions(line);
        Path output = CommonOptions.output(line);
        if (output != null) {
            // mine --input F --output F once replaced the KG with its rules
            CommonOptions.refuseOutputOntoInputs(line, "--output", output, line.hasOption("input")
                    ? List.of(Path.of(line.getOptionValue("input"))) : List.of(), !line.hasOption("input"));
            checkWritable(output); // before mining, which can take hours
        }
        HeadPartition heads = headPartition(line, output);
        long t0 = System.nanoTime();
        if (line.hasOption("input")) {
            if (output == null) {
                throw new UsageException("--input needs --output RULES.tsv");
            }
            if (line.hasOption("store") || line.hasOption("repository") || line.hasOption("sparql")) {
                throw new UsageException("give either --input FILE or a store, not both");
            }
            Path input = Path.of(line.getOptionValue("input"));
            KgIndex kg = KgIndex.fromTsv(input);
            if (kg.tripleCount() == 0) {
                throw new BadInputException(input.toString(), -1, -1, "no triples: nothing to mine");
            }
            List<MinedRule> rules = mine(kg, options, heads, context, t0);
            AmieRules.write(rules, output);
            report(rules, output, null, context, t0);
            return ExitCodes.OK;
        }
        Repository repository = CommonOptions.openStore(line);
        try {
            KgGraphs kg = CommonOptions.kg(line, repository);
            try (RepositoryConnection c = repository.getConnection()) {
                RulesCommand.refuseReplacingBuild(c, kg, line.hasOption("force"));
            }
            KgIndex index = KgIndex.fromRepository(repository, kg);
            if (index.tripleCount() == 0) {
                throw new BadInputException("KG '" + kg.name() + "' has no triples in its graph " + kg.complete()
                        + ": load it first (lacuna load --kg " + kg.name() + " FILE)");
            }
            List<MinedRule> rules = mine(index, options, heads, context, t0);
            if (output != null) {
                AmieRules.write(rules, output);
            }
            if (!heads.equals(HeadPartition.ALL)) {
                report(rules, output, null, context, t0); // a part of the rules: the graph gets the merged file
                return ExitCodes.OK;
            }
            try (RepositoryConnection c = repository.getConnection()) {
                RuleGraph.write(c, kg, rules, RuleGraph.MINED_BY_LACUNA);
            }
            report(rules, output, kg, context, t0);
        } finally {
            repository.shutDown();
        }
        return ExitCodes.OK;
    }

    /** Fails now, not after mining, when the rules could not be written to the file. */
    static void checkWritable(Path output) {
        if (Files.isDirectory(output)) {
            throw new BadInputException(output.toString(), -1, -1, "--output is a folder; give a file name");
        }
        Path parent = output.toAbsolutePath().getParent();
        try {
            Files.createDirectories(parent);
        } catch (IOException e) {
            throw new BadInputException(output.toString(), -1, -1, "cannot create the folder of --output: " + e.getMessage());
        }
        if (Files.exists(output) ? !Files.isWritable(output) : !Files.isWritable(parent)) {
            throw new BadInputException(output.toString(), -1, -1, "--output is not writable");
        }
    }

    private static HeadPartition headPartition(CommandLine line, Path output) {
        if (!line.hasOption("heads")) {
            return HeadPartition.ALL;
        }
        if (output == null) {
            throw new UsageException("--heads needs --output RULES.tsv (the part's rules, for 'lacuna rules merge')");
        }
        try {
            return HeadPartition.parse(line.getOptionValue("heads"));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--heads: " + e.getMessage());
        }
    }

    private static List<MinedRule> mine(KgIndex kg, MinerOptions options, HeadPartition heads, CliContext context,
            long t0) {
        context.err().printf(Locale.ROOT, "mining %,d triples, %,d entities, %,d relations (minhc %s, minc %s, minpca %s, "
                + "maxad %d, %d threads%s%s)%n", kg.tripleCount(), kg.entityCount(), kg.relationCount(),
                options.minHeadCoverage(), options.minStdConfidence(), options.minPcaConfidence(), options.maxAtoms(),
                options.threads(), options.constants() ? ", with constants" : "",
                heads.equals(HeadPartition.ALL) ? "" : ", head relations part " + heads);
        return new Miner(kg, options, Progress.Channel.console(context.err()::println), heads).mine();
    }

    private static void report(List<MinedRule> rules, Path output, KgGraphs kg, CliContext context, long t0) {
        Map<RuleType, Integer> byType = new EnumMap<>(RuleType.class);
        for (MinedRule r : rules) {
            byType.merge(r.type(), 1, Integer::sum);
        }
        StringBuilder types = new StringBuilder();
        for (RuleType t : RuleType.values()) {
            types.append(types.length() == 0 ? "" : ", ").append(t.label()).append(' ').append(byType.getOrDefault(t, 0));
        }
        context.out().printf(Locale.ROOT, "mined %,d rules in %.1f s (%s)%n", rules.size(),
                (System.nanoTime() - t0) / 1e9, types);
        if (output != null) {
            context.out().println("  wrote " + output);
        }
        if (kg != null) {
            context.out().println("  stored in graph " + kg.benchmark());
        }
    }
}
