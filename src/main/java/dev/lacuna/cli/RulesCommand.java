package dev.lacuna.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.BadInputException;
import dev.lacuna.ExitCodes;
import dev.lacuna.LacunaException;
import dev.lacuna.OutputGuard;
import dev.lacuna.mining.MinerOptions;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.rules.RuleFileMerge;
import dev.lacuna.rules.RuleFileFormat;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.rules.RuleType;
import dev.lacuna.rules.sparql.EntityConstants;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.Stores;

/**
 * {@code lacuna rules import FILE}: stores an AMIE3 rules file (or, with {@code --format anyburl}, AnyBURL's rules
 * measured on the KG) in a KG's benchmark graph (nothing stored if any line is malformed);
 * {@code lacuna rules stats FILE}: rules per type, as in the paper's Table 1; {@code lacuna rules export --format
 * anyburl FILE}: Lacuna's or AMIE3's rules in the format SAFRAN and PyClause read;
 * {@code lacuna rules merge --output FILE PART...}: the rule files of {@code mine --heads K/N} as one file.
 */
public final class RulesCommand implements Command {
    @Override
    public String name() {
        return "rules";
    }

    @Override
    public String usage() {
        return "import FILE [--kg NAME] [--format amie3|anyburl [--const]] | stats FILE [--format anyburl [--input KG]]"
                + " | export --format anyburl --output OUT FILE [--input KG | --kg NAME] | merge --output FILE PART...";
    }

    @Override
    public String summary() {
        return "import AMIE3 or AnyBURL rule files into a KG, count rules per type (paper's Table 1), write rules as"
                + " AnyBURL's, or merge mine --heads parts";
    }

    @Override
    public void addOptions(Options options) {
        CommonOptions.addStore(options);
        CommonOptions.addKg(options);
        options.addOption(Option.builder().longOpt("force")
                .desc("replace the rules of a benchmark already built in the store").get());
        CommonOptions.addOutput(options, "merge, export: the rule file to write");
        options.addOption(Option.builder().longOpt("format").hasArg().argName("FORMAT")
                .desc("import, stats: the rule file's format, amie3 (default) or anyburl (AnyBURL's, as SAFRAN and"
                        + " PyClause read it: closed rules measured on the KG and kept if they pass the thresholds);"
                        + " export: anyburl").get());
        options.addOption(Option.builder().longOpt("input").hasArg().argName("KG")
                .desc("stats, export: a KG file (read as lacuna load reads it) to measure the rules on, instead of a"
                        + " stored KG").get());
        options.addOption(Option.builder().longOpt("minhc").hasArg().argName("X")
                .desc("--format anyburl: minimum head coverage (default " + MinerOptions.DEFAULT_MIN_HC + ")").get());
        options.addOption(Option.builder().longOpt("minc").hasArg().argName("X")
                .desc("--format anyburl: minimum standard confidence (default " + MinerOptions.DEFAULT_MIN_STD + ")")
                .get());
        options.addOption(Option.builder().longOpt("minpca").hasArg().argName("X")
                .desc("--format anyburl: minimum PCA confidence (default " + MinerOptions.DEFAULT_MIN_PCA + ")").get());
        options.addOption(Option.builder().longOpt("const")
                .desc("--format anyburl: also keep rules with constants (AnyBURL's U_c), as mine --const finds them")
                .get());
    }

    @Override
    public int run(CommandLine line, CliContext context) {
        List<String> args = line.getArgList();
        if (!args.isEmpty() && args.get(0).equals("merge")) {
            return merge(args.subList(1, args.size()), line, context);
        }
        if (args.size() != 2) {
            throw new UsageException("expected 'import FILE', 'stats FILE' or 'export --format anyburl --output OUT"
                    + " FILE'");
        }
        Path file = Path.of(args.get(1));
        RuleFileFormat format = CommonOptions.choice(line, "format", RuleFileFormat.AMIE3.label(), RuleFileFormat::parse);
        if (format == RuleFileFormat.ANYBURL && !args.get(0).equals("export")) {
            return AnyBurlActions.run(args.get(0), file, line, context);
        }
        return switch (args.get(0)) {
            case "import" -> importRules(file, line, context);
            case "stats" -> stats(file, context);
            case "export" -> {
                if (format != RuleFileFormat.ANYBURL) {
                    throw new UsageException("export writes AnyBURL's format only: give --format anyburl");
                }
                yield AnyBurlActions.export(file, line, context);
            }
            default -> throw new UsageException("unknown rules action '" + args.get(0)
                    + "': expected import, stats, export or merge");
        };
    }

    private static int importRules(Path file, CommandLine line, CliContext context) {
        List<Long> lines = new ArrayList<>();
        List<MinedRule> rules = AmieRules.read(file, lines); // fails before the store is touched
        if (rules.isEmpty()) {
            throw new BadInputException(file.toString(), -1, -1, "holds no rules (only a header?); "
                    + "importing it would remove the stored rules, so nothing was changed");
        }
        Repository repository = CommonOptions.openExistingStore(line);
        try (RepositoryConnection c = repository.getConnection()) {
            KgGraphs kg = CommonOptions.kg(line, repository);
            validate(c, kg, file, rules, lines);
            RuleGraph.refuseReplacingBuild(c, kg, line.hasOption("force"));
            RuleGraph.write(c, kg, rules, AmieRules.minedByLacuna(file) ? RuleGraph.MINED_BY_LACUNA : RuleGraph.MINED_BY_AMIE3);
            context.out().printf("imported %,d rules from %s into graph %s%n", rules.size(), file, kg.benchmark());
        } finally {
            Stores.close(repository);
        }
        return ExitCodes.OK;
    }

    /**
     * What compile and build would reject later, refused at import with the rule's line and column: a
     * relation the KG does not have, a head variable the body does not bind, a constant that names no entity.
     */
    private static void validate(RepositoryConnection c, KgGraphs kg, Path file, List<MinedRule> rules, List<Long> lines) {
        if (!c.hasStatement(null, null, null, false, kg.complete())) {
            throw new BadInputException("KG '" + kg.name() + "' is not loaded in this store (graph "
                    + kg.complete() + " is empty); run lacuna load first");
        }
        List<String> text;
        try {
            text = Files.readAllLines(file);
        } catch (IOException e) {
            throw new LacunaException("cannot read " + file + ": " + e.getMessage(), e);
        }
        Set<String> known = new HashSet<>();
        for (int i = 0; i < rules.size(); i++) {
            long lineNo = lines.get(i);
            String lineText = text.get((int) lineNo - 1);
            Rule rule = rules.get(i).rule();
            List<Atom> atoms = new ArrayList<>(rule.body());
            atoms.add(rule.head());
            for (Atom a : atoms) {
                if (!known.contains(a.relation())) {
                    if (!c.hasStatement(null, kg.relation(a.relation()), null, false, kg.complete())) {
                        throw new BadInputException(file.toString(), lineNo, column(lineText, a.relation()),
                                "relation '" + a.relation() + "' is not in KG '" + kg.name() + "'");
                    }
                    known.add(a.relation());
                }
            }
            // the head-variable part of RuleCompiler.requireCompilable
            for (int v = 0; v < rule.variableCount(); v++) {
                int variable = v;
                if (rule.head().uses(v) && rule.body().stream().noneMatch(atom -> atom.uses(variable))) {
                    throw new BadInputException(file.toString(), lineNo, column(lineText, "=>"), "head variable "
                            + Rule.variableName(v) + " does not occur in the body, so the rule cannot be grounded");
                }
            }
        }
        // every constant names an entity of the KG (the rules are stored as the file names them; build resolves them
        // the same way)
        EntityConstants.resolve(c, kg, rules, file.toString(), lines);
    }

    private static int column(String line, String token) {
        int i = line.indexOf(token);
        return i < 0 ? -1 : i + 1;
    }

    private static int merge(List<String> parts, CommandLine line, CliContext context) {
        Path output = CommonOptions.output(line);
        if (output == null || parts.isEmpty()) {
            throw new UsageException("expected 'merge --output FILE PART...' (the files of mine --heads 1/N ... N/N)");
        }
        OutputGuard.file("--output", output, parts.stream().map(Path::of).toList());
        int rules = RuleFileMerge.merge(parts.stream().map(Path::of).toList(), output);
        context.out().printf("merged %,d rules from %d parts into %s%n", rules, parts.size(), output);
        return ExitCodes.OK;
    }

    private static int stats(Path file, CliContext context) {
        printTable(AmieRules.read(file).stream().map(MinedRule::rule).toList(), context);
        return ExitCodes.OK;
    }

    /** Rules per type, as the paper's Table 1. */
    static void printTable(List<Rule> rules, CliContext context) {
        Map<RuleType, Integer> counts = new EnumMap<>(RuleType.class);
        for (Rule r : rules) {
            counts.merge(RuleType.of(r), 1, Integer::sum);
        }
        context.out().printf("%-12s %6s%n", "rule type", "rules");
        for (RuleType t : RuleType.values()) {
            context.out().printf("%-12s %6d%n", t.label(), counts.getOrDefault(t, 0));
        }
        context.out().printf("%-12s %6d%n", "total", rules.size());
    }
}
