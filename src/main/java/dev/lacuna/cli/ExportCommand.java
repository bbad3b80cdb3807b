package dev.lacuna.cli;

import java.nio.file.Path;
import java.util.List;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.ExitCodes;
import dev.lacuna.OutputGuard;
import dev.lacuna.export.ExportFormat;
import dev.lacuna.export.ExportSettings;
import dev.lacuna.export.Exporter;
import dev.lacuna.store.GraphRole;
import dev.lacuna.view.LabelMode;

/** {@code lacuna export}: a benchmark folder in a KG-RAG system's own format, in one label setting. */
public final class ExportCommand implements Command {
    @Override
    public String name() {
        return "export";
    }

    @Override
    public String usage() {
        return "--benchmark DIR --format " + ExportFormat.words().replace(", ", "|")
                + " [--graph complete|incomplete] [--labels private|source|text] [--hops 2] [--max-triples N] [--seed N] --out DIR [--force]";
    }

    @Override
    public String summary() {
        return "write a benchmark for RoG, GNN-RAG, BRINK, ToG/PoG (Freebase N-Triples) or as TSV/RDF files";
    }

    @Override
    public void addOptions(Options options) {
        options.addOption(Option.builder().longOpt("benchmark").hasArg().argName("DIR")
                .desc("benchmark folder written by lacuna build").get());
        options.addOption(Option.builder().longOpt("format").hasArg().argName("F")
                .desc(ExportFormat.words()).get());
        options.addOption(Option.builder().longOpt("graph").hasArg().argName("G")
                .desc("incomplete (default: what a system under test may see), complete, or a broken one: replaced, noisy").get());
        options.addOption(Option.builder().longOpt("labels").hasArg().argName("L")
                .desc("entity names: private (default), source or text; questions and answers follow the graph").get());
        options.addOption(Option.builder().longOpt("hops").hasArg().argName("K")
                .desc("rog, gnnrag: hops around the topic entity (default " + ExportSettings.DEFAULT_HOPS + ")").get());
        options.addOption(Option.builder().longOpt("max-triples").hasArg().argName("N")
                .desc("rog, gnnrag: cap per subgraph, sampled with the seed (default " + ExportSettings.DEFAULT_MAX_TRIPLES + ")").get());
        options.addOption(Option.builder().longOpt("out").hasArg().argName("DIR").desc("output folder").get());
        options.addOption(Option.builder().longOpt("force").desc("replace an existing output folder").get());
        CommonOptions.addSeed(options);
    }

    @Override
    public int run(CommandLine line, CliContext context) {
        if (!line.hasOption("benchmark") || !line.hasOption("format") || !line.hasOption("out")) {
            throw new UsageException("--benchmark DIR, --format F and --out DIR are required");
        }
        if (!line.getArgList().isEmpty()) {
            throw new UsageException("unexpected argument '" + line.getArgList().get(0) + "'");
        }
        OutputGuard.refuseInputs("--out", Path.of(line.getOptionValue("out")),
                List.of(Path.of(line.getOptionValue("benchmark"))));
        ExportSettings settings = new ExportSettings(Path.of(line.getOptionValue("benchmark")),
                ExportFormat.parse(line.getOptionValue("format")),
                GraphRole.parse(line.getOptionValue("graph", GraphRole.INCOMPLETE.label())),
                CommonOptions.choice(line, "labels", "private", LabelMode::parse), Path.of(line.getOptionValue("out")),
                CommonOptions.intValue(line, "hops", ExportSettings.DEFAULT_HOPS),
                CommonOptions.intValue(line, "max-triples", ExportSettings.DEFAULT_MAX_TRIPLES),
                CommonOptions.seed(line), line.hasOption("force"));
        ObjectNode summary = Exporter.export(settings);
        context.out().println("exported " + settings.benchmark() + " as " + settings.format().label() + " ("
                + summary.get("graph").asText() + " graph, " + settings.labels().label() + " labels) to " + settings.out());
        var naming = summary.path("system_output");
        context.out().println("its system's outputs name entities as " + naming.path("entities").asText() + ": "
                + naming.path("why").asText() + "; score them with: lacuna evaluate --benchmark " + settings.benchmark()
                + " --export " + settings.out() + " --predictions FILE");
        for (var note : summary.path("system_view").path("notes")) {
            context.out().println("what the system will see: " + note.asText());
        }
        context.out().println(summary.toPrettyString());
        return ExitCodes.OK;
    }
}
