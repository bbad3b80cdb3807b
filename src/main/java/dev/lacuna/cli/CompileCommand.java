package dev.lacuna.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.util.Values;

import dev.lacuna.Choice;
import dev.lacuna.ExitCodes;
import dev.lacuna.OutputGuard;
import dev.lacuna.rules.sparql.CompileKind;
import dev.lacuna.rules.sparql.CompileOperation;
import dev.lacuna.rules.sparql.Side;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;

/**
 * {@code lacuna compile}: options into {@link CompileOperation.Settings}; the operation compiles, writes or runs.
 */
public final class CompileCommand implements Command {
    @Override
    public String name() {
        return "compile";
    }

    @Override
    public String usage() {
        return "--rules FILE [--rule N] [--graph complete|incomplete] [--kind " + Choice.labels(CompileKind.class).replace(", ", "|")
                + "] [--out DIR] [--run]";
    }

    @Override
    public String summary() {
        return "print rules as SPARQL (groundings, predictions, body check, counts), or run it on the store";
    }

    @Override
    public void addOptions(Options options) {
        options.addOption(Option.builder().longOpt("rules").hasArg().argName("FILE")
                .desc("AMIE3 rules file (TSV as AMIE3 writes it)").get());
        options.addOption(Option.builder().longOpt("rule").hasArg().argName("N")
                .desc("only the N-th rule of the file (1-based); default all").get());
        options.addOption(Option.builder().longOpt("graph").hasArg().argName("NAME")
                .desc("complete (default) or incomplete").get());
        options.addOption(Option.builder().longOpt("kind").hasArg().argName("KIND")
                .desc("groundings (default), predictions, body, support, counts (support, body size, PCA body size)").get());
        options.addOption(Option.builder().longOpt("limit").hasArg().argName("N")
                .desc("groundings: draw at most N with --seed (ORDER BY a seeded hash); default all").get());
        options.addOption(Option.builder().longOpt("topic").hasArg().argName("ID")
                .desc("predictions: only answers for this entity (private id or IRI)").get());
        options.addOption(Option.builder().longOpt("side").hasArg().argName("head|tail")
                .desc("predictions: the topic's side of the head triple (default head)").get());
        options.addOption(Option.builder().longOpt("subject").hasArg().argName("ID")
                .desc("body: bind ?a to this entity (private id or IRI); else ?a stays free").get());
        options.addOption(Option.builder().longOpt("object").hasArg().argName("ID")
                .desc("body: bind ?b to this entity (private id or IRI); else ?b stays free").get());
        options.addOption(Option.builder().longOpt("out").hasArg().argName("DIR")
                .desc("write one .rq file per rule and query into DIR instead of printing").get());
        options.addOption(Option.builder().longOpt("run").desc("run the queries on the store and print tables").get());
        CommonOptions.addStore(options);
        CommonOptions.addKg(options);
        CommonOptions.addSeed(options);
    }

    @Override
    public int run(CommandLine line, CliContext context) throws IOException {
        if (!line.hasOption("rules")) {
            throw new UsageException("--rules FILE is required");
        }
        if (!line.getArgList().isEmpty()) {
            throw new UsageException("unexpected argument(s): " + String.join(" ", line.getArgList()));
        }
        KgGraphs kg = CommonOptions.kg(line);
        CompileKind kind = CompileKind.parse(line.getOptionValue("kind", CompileKind.GROUNDINGS.label()));
        GraphRole role = GraphRole.parse(line.getOptionValue("graph", GraphRole.COMPLETE.label()), "--graph");
        Integer limit = null;
        if (kind == CompileKind.GROUNDINGS && line.hasOption("limit")) {
            limit = CommonOptions.intValue(line, "limit", 30);
            if (limit < 1) {
                throw new UsageException("--limit must be at least 1, got " + limit);
            }
        }
        boolean predictions = kind == CompileKind.PREDICTIONS;
        boolean body = kind == CompileKind.BODY;
        CompileOperation.Settings settings = new CompileOperation.Settings(Path.of(line.getOptionValue("rules")),
                line.hasOption("rule") ? CommonOptions.intValue(line, "rule", 1) : null, kind, role, limit,
                CommonOptions.seed(line),
                predictions && line.hasOption("topic") ? entity(kg, line.getOptionValue("topic"), "--topic") : null,
                predictions && line.hasOption("topic") ? CommonOptions.choice(line, "side", "head", Side::parse) : null,
                body && line.hasOption("subject") ? entity(kg, line.getOptionValue("subject"), "--subject") : null,
                body && line.hasOption("object") ? entity(kg, line.getOptionValue("object"), "--object") : null);
        // the store is opened only for constants by the KG file's names, to map them to the KG's entity IRIs
        List<CompileOperation.Compiled> queries = CompileOperation.compile(settings, kg,
                () -> CommonOptions.openExistingStore(line));
        if (line.hasOption("out")) {
            // the folder is kept: only a query file that would land on the rules file is refused
            for (Path file : CompileOperation.files(Path.of(line.getOptionValue("out")), queries)) {
                OutputGuard.refuseInputs("--out", file, List.of(Path.of(line.getOptionValue("rules"))));
            }
            CompileOperation.writeFiles(Path.of(line.getOptionValue("out")), queries, kg.graph(role), context.out());
        } else if (line.hasOption("run")) {
            CompileOperation.run(() -> CommonOptions.openStore(line), kg, role, queries, context.out());
        } else {
            CompileOperation.print(queries, kg.graph(role), context.out());
        }
        return ExitCodes.OK;
    }

    /** An entity given as a private id ("17") or as an absolute IRI. */
    static IRI entity(KgGraphs kg, String text, String option) {
        String t = text.trim();
        if (t.matches("\\d+")) {
            return kg.entity(Long.parseLong(t));
        }
        if (t.startsWith("<") && t.endsWith(">")) {
            t = t.substring(1, t.length() - 1);
        }
        try {
            if (t.contains(":")) {
                return Values.iri(t);
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw new UsageException(option + " needs a private id (a whole number) or an IRI, got '" + text + "'");
    }
}
