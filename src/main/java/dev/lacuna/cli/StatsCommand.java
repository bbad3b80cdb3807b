package dev.lacuna.cli;

import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.BadInputException;
import dev.lacuna.Counts;
import dev.lacuna.ExitCodes;
import dev.lacuna.questions.SplitName;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.GraphStats;
import dev.lacuna.store.KgCatalog;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.Stores;

/** {@code lacuna stats}: counts per named graph of one KG, in the shape of the paper's Table 3. */
public final class StatsCommand implements Command {
    @Override
    public String name() {
        return "stats";
    }

    @Override
    public String usage() {
        return "[--kg NAME] [store options]";
    }

    @Override
    public String summary() {
        return "counts per named graph (triples, entities, relations, rules, questions per split)";
    }

    @Override
    public void addOptions(Options options) {
        CommonOptions.addStore(options);
        CommonOptions.addKg(options);
    }

    @Override
    public int run(CommandLine line, CliContext context) {
        Repository repository = CommonOptions.openExistingStore(line);
        try {
            if (line.hasOption("kg")) {
                print(repository, CommonOptions.kg(line), context);
                return ExitCodes.OK;
            }
            // Without --kg: every KG of the store, not a KG named default that may not exist.
            String base = line.getOptionValue("base", KgGraphs.DEFAULT_BASE);
            List<String> names = KgCatalog.names(repository, base);
            if (names.isEmpty()) {
                throw new BadInputException("the store holds no KG under " + base + "; run lacuna load first");
            }
            for (int i = 0; i < names.size(); i++) {
                if (i > 0) {
                    context.out().println();
                }
                print(repository, new KgGraphs(base, names.get(i)), context);
            }
        } finally {
            Stores.close(repository);
        }
        return ExitCodes.OK;
    }

    private static void print(Repository repository, KgGraphs kg, CliContext context) {
        {
            GraphStats.Counts complete = GraphStats.counts(repository, kg.complete());
            if (complete.triples() == 0) {
                throw new BadInputException("KG '" + kg.name() + "' is not loaded in this store (graph "
                        + kg.complete() + " is empty); run lacuna load first");
            }
            GraphStats.Counts incomplete = GraphStats.counts(repository, kg.incomplete());
            Map<String, Long> questions = GraphStats.questionsPerSplit(repository, kg);
            long train = questions.getOrDefault(SplitName.TRAIN.label(), 0L);
            long valid = questions.getOrDefault(SplitName.VALID.label(), 0L);
            long test = questions.getOrDefault(SplitName.TEST.label(), 0L);
            Map<String, Long> rules = GraphStats.rulesPerType(repository, kg);
            long totalQ = questions.values().stream().mapToLong(Long::longValue).sum();
            var out = context.out();
            out.printf("KG '%s'%n", kg.name());
            out.printf("%-12s %12s %10s %10s%n", "graph", "triples", "entities", "relations");
            out.printf("%-12s %,12d %,10d %,10d%n", GraphRole.COMPLETE.label(), complete.triples(), complete.entities(), complete.relations());
            out.printf("%-12s %,12d %,10d %,10d%n", GraphRole.INCOMPLETE.label(), incomplete.triples(), incomplete.entities(), incomplete.relations());
            out.println();
            out.printf("%-24s %12s %8s %8s %8s %10s%n", "Dataset", "#Triples", "Train", "Val", "Test", "Total Qs");
            for (String variant : new String[] {"Complete", "Incomplete"}) {
                long triples = variant.equals("Complete") ? complete.triples() : incomplete.triples();
                out.printf("%-24s %,12d %,8d %,8d %,8d %,10d%n", kg.name() + "-" + variant, triples,
                        train, valid, test, totalQ);
            }
            if (!rules.isEmpty()) {
                out.println();
                out.printf("rules in the benchmark graph: %s (total %,d)%n", Counts.describe(rules),
                        rules.values().stream().mapToLong(Long::longValue).sum());
            }
        }
    }
}
