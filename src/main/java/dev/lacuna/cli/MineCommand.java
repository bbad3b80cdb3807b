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

import dev.lacuna.BadInputException;
import dev.lacuna.ExitCodes;
import dev.lacuna.Progress;
import dev.lacuna.mining.HeadPartition;
import dev.lacuna.mining.MineOperation;
import dev.lacuna.mining.MinerOptions;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleType;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.Stores;

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
        return "(--input KG.tsv --output RULES.tsv | [--kg NAME] [--output RULES.tsv]) [--minhc X] [--minc X] [--minpca X] [--maxad K] [--const] [--vocabulary exclude|body|allow] [--head-target-relations R,... | --head-excluded-relations R,...] [--body-target-relations R,... | --body-excluded-relations R,...] [--heads K/N]";
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
        MineOperation operation = new MineOperation(new MineOperation.Settings(options, heads, output,
                line.hasOption("force")), Progress.Channel.console(context.err()::println), context.err()::println);
        if (line.hasOption("input")) {
            if (output == null) {
                throw new UsageException("--input needs --output RULES.tsv");
            }
            if (line.hasOption("store") || line.hasOption("repository") || line.hasOption("sparql")) {
                throw new UsageException("give either --input FILE or a store, not both");
            }
            report(operation.mineFile(Path.of(line.getOptionValue("input"))), output, context);
            return ExitCodes.OK;
        }
        Repository repository = CommonOptions.openStore(line);
        try {
            KgGraphs kg = CommonOptions.kg(line, repository);
            report(operation.mineStore(repository, kg), output, context);
        } finally {
            Stores.close(repository);
        }
        return ExitCodes.OK;
    }

    /** Fails now, not after mining, when the rules could not be written to the file. */
    static void checkWritable(Path output) {
        if (Files.exists(output) && !Files.isWritable(output)) {
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
        } catch (BadInputException e) {
            throw new UsageException("--heads: " + e.getMessage());
        }
    }

    private static void report(MineOperation.Result result, Path output, CliContext context) {
        Map<RuleType, Integer> byType = new EnumMap<>(RuleType.class);
        for (MinedRule r : result.rules()) {
            byType.merge(r.type(), 1, Integer::sum);
        }
        StringBuilder types = new StringBuilder();
        for (RuleType t : RuleType.values()) {
            types.append(types.length() == 0 ? "" : ", ").append(t.label()).append(' ').append(byType.getOrDefault(t, 0));
        }
        context.out().printf(Locale.ROOT, "mined %,d rules in %.1f s (%s)%n", result.rules().size(), result.seconds(),
                types);
        if (output != null) {
            context.out().println("  wrote " + output);
        }
        if (result.storedIn() != null) {
            context.out().println("  stored in graph " + result.storedIn().benchmark());
        }
    }
}
