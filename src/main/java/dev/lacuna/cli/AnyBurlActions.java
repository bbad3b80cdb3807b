package dev.lacuna.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.apache.commons.cli.CommandLine;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.AtomicFiles;
import dev.lacuna.BadInputException;
import dev.lacuna.ExitCodes;
import dev.lacuna.Progress;
import dev.lacuna.mining.AnyBurlImport;
import dev.lacuna.mining.KgIndex;
import dev.lacuna.mining.MinerOptions;
import dev.lacuna.mining.RuleMeasurer;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.AnyBurlRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.rules.sparql.EntityConstants;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.Stores;

/**
 * {@code rules import|stats|export --format anyburl} and what {@code build --rules-format anyburl} shares with them:
 * an AnyBURL file measured on a KG (a stored one, or a KG file), and Lacuna's rules written as AnyBURL's.
 */
final class AnyBurlActions {
    private AnyBurlActions() {
    }

    /** The KG to measure on: its index, and the index's name of a constant as rule files write it. */
    record Kg(KgIndex index, UnaryOperator<String> entityName) {
        /** A KG file, read as {@code lacuna load} reads it: entities keep the file's names. */
        static Kg file(Path file) {
            return new Kg(KgIndex.fromFile(file, null), UnaryOperator.identity());
        }

        /**
         * A stored KG: the index names entities by IRI, so a constant, written by its source id (the KG file's
         * name), is looked up in the labels graph; a constant that is already an IRI stays.
         */
        static Kg stored(Repository repository, KgGraphs kg, KgIndex index) {
            Map<String, String> known = new HashMap<>();
            return new Kg(index, name -> known.computeIfAbsent(name, n -> {
                try (RepositoryConnection c = repository.getConnection()) {
                    String iri = EntityConstants.entityIri(c, kg, n);
                    return iri != null ? iri : n;
                }
            }));
        }
    }

    static int run(String action, Path file, CommandLine line, CliContext context) {
        return switch (action) {
            case "import" -> importRules(file, line, context);
            case "stats" -> stats(file, line, context);
            default -> throw new UsageException("unknown rules action '" + action
                    + "' with --format anyburl: expected import, stats or export");
        };
    }

    /** The thresholds an AnyBURL rule must pass, with AMIE3's option names; defaults are the paper's. */
    static MinerOptions thresholds(CommandLine line) {
        return new MinerOptions(CommonOptions.fraction(line, "minhc", MinerOptions.DEFAULT_MIN_HC),
                CommonOptions.fraction(line, "minc", MinerOptions.DEFAULT_MIN_STD),
                CommonOptions.fraction(line, "minpca", MinerOptions.DEFAULT_MIN_PCA), MinerOptions.DEFAULT_MAX_ATOMS,
                MinerOptions.DEFAULT_MIN_INITIAL_SUPPORT, MinerOptions.DEFAULT_MAX_RELATION_OCCURRENCES, 1,
                line.hasOption("const"));
    }

    /**
     * The closed rules of an AnyBURL file that pass the thresholds on a stored KG, with the file's names; prints
     * what became of each kind of rule. Used by build, which has the KG's index already.
     */
    static List<MinedRule> read(Path file, Repository repository, KgGraphs kg, KgIndex index, MinerOptions thresholds,
            CliContext context) {
        List<AnyBurlRules.Line> lines = AnyBurlRules.read(file);
        AnyBurlImport.Result result = measure(file, lines, Kg.stored(repository, kg, index), thresholds, context);
        requireRules(file, result);
        return result.rules();
    }

    private static AnyBurlImport.Result measure(Path file, List<AnyBurlRules.Line> lines, Kg kg,
            MinerOptions thresholds, CliContext context) {
        AnyBurlImport.Result result = AnyBurlImport.measure(file.toString(), lines, kg.index(), kg.entityName(),
                thresholds, Progress.Channel.console(context.err()::println));
        context.out().printf("AnyBURL rules in %s, measured on the KG (thresholds: head coverage %s, standard"
                + " confidence %s, PCA confidence %s%s):%n", file, thresholds.minHeadCoverage(),
                thresholds.minStdConfidence(), thresholds.minPcaConfidence(),
                thresholds.constants() ? "; constants allowed" : "");
        result.print(context.out()::println);
        return result;
    }

    /** Refuses a file that keeps no rule: storing it would remove the rules stored before. */
    private static void requireRules(Path file, AnyBurlImport.Result result) {
        if (result.rules().isEmpty()) {
            throw new BadInputException(file.toString(), -1, -1, "no closed rule passes the thresholds on this KG;"
                    + " nothing was changed");
        }
    }

    private static int importRules(Path file, CommandLine line, CliContext context) {
        MinerOptions thresholds = thresholds(line);
        List<AnyBurlRules.Line> lines = AnyBurlRules.read(file); // fails before the store is touched
        Repository repository = CommonOptions.openExistingStore(line);
        try (RepositoryConnection c = repository.getConnection()) {
            KgGraphs kg = CommonOptions.kg(line, repository);
            if (!c.hasStatement(null, null, null, false, kg.complete())) {
                throw new BadInputException("KG '" + kg.name() + "' is not loaded in this store (graph "
                        + kg.complete() + " is empty); run lacuna load first");
            }
            KgIndex index = KgIndex.fromRepository(repository, kg);
            AnyBurlImport.Result result = measure(file, lines, Kg.stored(repository, kg, index), thresholds, context);
            requireRules(file, result);
            RuleGraph.refuseReplacingBuild(c, kg, line.hasOption("force"));
            RuleGraph.write(c, kg, result.rules(), RuleGraph.MINED_BY_ANYBURL);
            context.out().printf("imported %,d rules from %s into graph %s%n", result.rules().size(), file,
                    kg.benchmark());
        } finally {
            Stores.close(repository);
        }
        return ExitCodes.OK;
    }

    /**
     * Table 1 of the rules an import would keep: measured on {@code --input KG}; without a KG, of every closed rule
     * in the file (rules with constants with {@code --const}), as the file has them.
     */
    private static int stats(Path file, CommandLine line, CliContext context) {
        MinerOptions thresholds = thresholds(line);
        List<AnyBurlRules.Line> lines = AnyBurlRules.read(file);
        List<Rule> rules = new ArrayList<>();
        if (line.hasOption("input")) {
            for (MinedRule m : measure(file, lines, Kg.file(Path.of(line.getOptionValue("input"))), thresholds,
                    context).rules()) {
                rules.add(m.rule());
            }
        } else {
            Map<AnyBurlRules.Kind, Integer> read = new EnumMap<>(AnyBurlRules.Kind.class);
            for (AnyBurlRules.Line l : lines) {
                read.merge(l.kind(), 1, Integer::sum);
                if (l.rule() != null && !l.repeated() && (thresholds.constants() || !l.rule().hasConstants())) {
                    rules.add(l.rule());
                }
            }
            context.out().printf("AnyBURL rules in %s, not measured (give --input KG to count only the rules that"
                    + " pass the thresholds):%n", file);
            for (AnyBurlRules.Kind k : AnyBurlRules.Kind.values()) {
                context.out().printf("  %-5s %-58s %,7d%n", k.label(), "(" + k.meaning() + ")",
                        read.getOrDefault(k, 0));
            }
        }
        context.out().println();
        RulesCommand.printTable(rules, context);
        return ExitCodes.OK;
    }

    /** {@code rules export --format anyburl --output OUT FILE}: an AMIE3-format file as AnyBURL's. */
    static int export(Path file, CommandLine line, CliContext context) {
        Path output = CommonOptions.output(line);
        if (output == null) {
            throw new UsageException("export needs --output FILE");
        }
        Path input = line.hasOption("input") ? Path.of(line.getOptionValue("input")) : null;
        CommonOptions.refuseOutputOntoInputs(line, "--output", output,
                input == null ? List.of(file) : List.of(file, input), input == null);
        List<Long> lineNumbers = new ArrayList<>();
        List<MinedRule> rules = AmieRules.read(file, lineNumbers);
        if (input != null) {
            export(rules, lineNumbers, Kg.file(input), file, output, context);
            return ExitCodes.OK;
        }
        Repository repository = CommonOptions.openExistingStore(line);
        try {
            KgGraphs kg = CommonOptions.kg(line, repository);
            KgIndex index = KgIndex.fromRepository(repository, kg);
            if (index.tripleCount() == 0) {
                throw new BadInputException("KG '" + kg.name() + "' is not loaded in this store; run lacuna load"
                        + " first, or give --input KG");
            }
            export(rules, lineNumbers, Kg.stored(repository, kg, index), file, output, context);
        } finally {
            Stores.close(repository);
        }
        return ExitCodes.OK;
    }

    /**
     * Writes {@code rules} as AnyBURL's file {@code output}, whole or not at all: predicted is the body size and
     * correct the support, counted on {@code kg}, confidence their ratio. Rules AnyBURL cannot say (a body that is
     * not a path) are left out and counted.
     */
    private static void export(List<MinedRule> rules, List<Long> lineNumbers, Kg kg, Path input, Path output,
            CliContext context) {
        RuleMeasurer measurer = new RuleMeasurer(kg.index(), kg.entityName());
        StringBuilder out = new StringBuilder();
        List<MinedRule> notPaths = new ArrayList<>();
        List<String> unwritable = new ArrayList<>();
        int written = 0;
        try (Progress p = Progress.Channel.console(context.err()::println).start("counting rules on the KG",
                rules.size(), "rules")) {
            for (int i = 0; i < rules.size(); i++) {
                MinedRule m = rules.get(i);
                p.step(1);
                String text = AnyBurlRules.format(m.rule());
                if (text == null) {
                    notPaths.add(m);
                    continue;
                }
                // written, a name AnyBURL's format cannot hold would read back as another rule, or not at all
                String cannot = AnyBurlRules.unwritableName(m.rule());
                if (cannot != null) {
                    unwritable.add(cannot);
                    continue;
                }
                MinedRule measured;
                try {
                    measured = measurer.measure(m.rule());
                } catch (BadInputException e) {
                    throw new BadInputException(input.toString(), lineNumbers.get(i), -1, e.problem());
                }
                out.append(AnyBurlRules.line(measured.measures().bodySize(), measured.measures().support(), text))
                        .append('\n');
                written++;
            }
        }
        AtomicFiles.writeString(output, out.toString());
        context.out().printf("wrote %,d rules to %s in AnyBURL's format%n", written, output);
        if (!notPaths.isEmpty()) {
            context.out().printf("left out %,d rules whose body is not a path AnyBURL's format can say, e.g. %s%n",
                    notPaths.size(), notPaths.get(0).rule());
        }
        if (!unwritable.isEmpty()) {
            context.out().printf("left out %,d rules with a name AnyBURL's format cannot hold, e.g. %s%n",
                    unwritable.size(), unwritable.get(0));
        }
    }
}
