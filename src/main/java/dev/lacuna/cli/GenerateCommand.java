package dev.lacuna.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

import dev.lacuna.ExitCodes;
import dev.lacuna.OutputGuard;
import dev.lacuna.Progress;
import dev.lacuna.generate.GeneratedKgWriter;
import dev.lacuna.generate.KgGenerator;
import dev.lacuna.generate.KgShape;

/**
 * {@code lacuna generate}: a seeded synthetic KG shaped like Wikidata5m, with planted rules of known confidence,
 * streamed to TSV or N-Triples (see {@link KgGenerator}).
 */
public final class GenerateCommand implements Command {
    @Override
    public String name() {
        return "generate";
    }

    @Override
    public String usage() {
        return "--output KG.tsv|KG.nt[.gz] [--triples N] [--entities N] [--relations N] [--planted K] [--seed N] "
                + "[--rules PLANTED.tsv]";
    }

    @Override
    public String summary() {
        return "generate a synthetic Wikidata5m-like KG with planted rules (for scale tests)";
    }

    @Override
    public void addOptions(Options options) {
        CommonOptions.addOutput(options, "KG file to write: .nt or .nt.gz for N-Triples, else TSV (.gz: gzipped)");
        CommonOptions.addSeed(options);
        options.addOption(Option.builder().longOpt("triples").hasArg().argName("N")
                .desc("triples to write (default 1,000,000; Wikidata5m has 20,614,279)").get());
        options.addOption(Option.builder().longOpt("entities").hasArg().argName("N")
                .desc("entities (default: Wikidata5m's 4.5 triples per entity)").get());
        options.addOption(Option.builder().longOpt("relations").hasArg().argName("N")
                .desc("relations (default: one per 25,000 triples, at most Wikidata5m's 822)").get());
        options.addOption(Option.builder().longOpt("planted").hasArg().argName("K")
                .desc("planted rules of each kind: symmetry, inversion, hierarchy, composition (default 2)").get());
        options.addOption(Option.builder().longOpt("rules").hasArg().argName("FILE")
                .desc("also write the planted rules with their confidences").get());
    }

    @Override
    public int run(CommandLine line, CliContext context) {
        if (!line.getArgList().isEmpty()) {
            throw new UsageException("unexpected argument '" + line.getArgList().get(0) + "'");
        }
        Path output = CommonOptions.output(line);
        if (output == null) {
            throw new UsageException("generate needs --output KG.tsv (or .nt for N-Triples)");
        }
        Path rules = line.hasOption("rules") ? Path.of(line.getOptionValue("rules")) : null;
        OutputGuard.refuseSame("--rules", rules, "--output", output);
        OutputGuard.file("--output", output, List.of());
        OutputGuard.file("--rules", rules, List.of());
        long triples = CommonOptions.longValue(line, "triples", 1_000_000L);
        int planted = CommonOptions.intValue(line, "planted", 2);
        KgShape like = KgShape.wikidata5mLike(triples, planted, CommonOptions.seed(line));
        int entities = CommonOptions.intValue(line, "entities", like.entities());
        int relations = CommonOptions.intValue(line, "relations", like.relations());
        KgShape shape = new KgShape(triples, entities, relations, Math.max(1, Math.min(like.types(), entities / 2)),
                planted, like.seed());
        KgGenerator generator = new KgGenerator(shape);
        GeneratedKgWriter.Format format = GeneratedKgWriter.Format.of(output);
        long t0 = System.nanoTime();
        KgGenerator.Summary summary;
        try (Progress progress = Progress.start("generating", triples, "triples")) {
            summary = GeneratedKgWriter.write(generator, output, format, progress::set);
        }
        if (line.hasOption("rules")) {
            GeneratedKgWriter.writePlanted(generator.planted(), Path.of(line.getOptionValue("rules")));
        }
        context.out().printf(Locale.ROOT, "generated %,d triples, %,d entities used (of %,d), %,d relations in %.1f s%n",
                summary.triples(), summary.entitiesUsed(), shape.entities(), summary.relations(),
                (System.nanoTime() - t0) / 1e9);
        context.out().println("  wrote " + output + " (" + format.name().toLowerCase(Locale.ROOT) + ")");
        for (KgGenerator.PlantedRule p : generator.planted()) {
            context.out().printf(Locale.ROOT, "  planted %-11s %.2f  %s%n", p.kind().name().toLowerCase(Locale.ROOT),
                    p.confidence(), p.rule().toAmie());
        }
        return ExitCodes.OK;
    }
}
