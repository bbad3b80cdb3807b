package dev.lacuna.cli;

import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleFileMerge;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.rules.RuleType;
import dev.lacuna.store.KgGraphs;

/**
 * {@code lacuna rules import FILE}: stores an AMIE3 rules file in a KG's benchmark graph (nothing stored if any
 * line is malformed); {@code lacuna rules stats FILE}: rules per type, as in the paper's Table 1;
 * {@code lacuna rules merge --output FILE PART...}: the rule files of {@code mine --heads K/N} as one file.
 */
public final class RulesCommand implements Command {
    @Override
    public String name() {
        return "rules";
    }

    @Override
    public String usage() {
        return "import FILE [--kg NAME] | stats FILE | merge --output FILE PART...";
    }

    @Override
    public String summary() {
        return "import AMIE3 rule files into a KG, count rules per type (paper's Table 1), or merge mine --heads parts";
    }

    @Override
    public void addOptions(Options options) {
        CommonOptions.addStore(options);
        CommonOptions.addKg(options);
        CommonOptions.addOutput(options, "merge: the rule file to write");
    }

    @Override
    public int run(CommandLine line, CliContext context) {
        List<String> args = line.getArgList();
        if (!args.isEmpty() && args.get(0).equals("merge")) {
            return merge(args.subList(1, args.size()), line, context);
        }
        if (args.size() != 2) {
            throw new UsageException("expected 'import FILE' or 'stats FILE'");
        }
        Path file = Path.of(args.get(1));
        return switch (args.get(0)) {
            case "import" -> importRules(file, line, context);
            case "stats" -> stats(file, context);
            default -> throw new UsageException("unknown rules action '" + args.get(0)
                    + "': expected import, stats or merge");
        };
    }

    private static int importRules(Path file, CommandLine line, CliContext context) {
        List<MinedRule> rules = AmieRules.read(file); // fails before the store is touched
        KgGraphs kg = CommonOptions.kg(line);
        Repository repository = CommonOptions.openStore(line);
        try (RepositoryConnection c = repository.getConnection()) {
            RuleGraph.write(c, kg, rules, RuleGraph.MINED_BY_AMIE3);
        } finally {
            repository.shutDown();
        }
        context.out().printf("imported %,d rules from %s into graph %s%n", rules.size(), file, kg.benchmark());
        return Main.OK;
    }

    private static int merge(List<String> parts, CommandLine line, CliContext context) {
        Path output = CommonOptions.output(line);
        if (output == null || parts.isEmpty()) {
            throw new UsageException("expected 'merge --output FILE PART...' (the files of mine --heads 1/N ... N/N)");
        }
        int rules = RuleFileMerge.merge(parts.stream().map(Path::of).toList(), output);
        context.out().printf("merged %,d rules from %d parts into %s%n", rules, parts.size(), output);
        return Main.OK;
    }

    private static int stats(Path file, CliContext context) {
        List<MinedRule> rules = AmieRules.read(file);
        Map<RuleType, Integer> counts = new EnumMap<>(RuleType.class);
        for (MinedRule r : rules) {
            counts.merge(r.type(), 1, Integer::sum);
        }
        context.out().printf("%-12s %6s%n", "rule type", "rules");
        for (RuleType t : RuleType.values()) {
            context.out().printf("%-12s %6d%n", t.label(), counts.getOrDefault(t, 0));
        }
        context.out().printf("%-12s %6d%n", "total", rules.size());
        return Main.OK;
    }
}
