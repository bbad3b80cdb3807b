package dev.lacuna.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.ExitCodes;
import dev.lacuna.folder.OutputFolder;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.KgLoader;
import dev.lacuna.store.Stores;
import dev.lacuna.store.TripleFormat;

/** {@code lacuna load}: KG files into the graph complete, labels into the graph labels. */
public final class LoadCommand implements Command {
    @Override
    public String name() {
        return "load";
    }

    @Override
    public String usage() {
        return "[--kg NAME] [--labels FILE] [--format F] [--replace] FILE...";
    }

    @Override
    public String summary() {
        return "load KG files (TSV, CSV, N-Triples, Turtle, N-Quads, TriG; .gz too) as the graph complete";
    }

    @Override
    public void addOptions(Options options) {
        CommonOptions.addStore(options);
        CommonOptions.addKg(options);
        CommonOptions.addSeed(options);
        options.addOption(Option.builder().longOpt("labels").hasArg().argName("FILE")
                .desc("entity labels, one id<TAB>label per line").get());
        options.addOption(Option.builder().longOpt("format").hasArg().argName("F")
                .desc("force the input format: tsv, csv, nt, ttl, nq, trig (default: from the extension)").get());
        options.addOption(Option.builder().longOpt("replace").desc("replace a KG of the same name already loaded").get());
    }

    private static void removeNewStore(Path folder, CliContext context) {
        try {
            OutputFolder.deleteTree(folder);
        } catch (IOException e) {
            context.err().println("lacuna load: could not remove the store folder " + folder
                    + " this failed load created: " + e.getMessage());
        }
    }

    @Override
    public int run(CommandLine line, CliContext context) {
        List<String> args = line.getArgList();
        if (args.isEmpty()) {
            throw new UsageException("give at least one KG file to load");
        }
        KgGraphs kg = CommonOptions.kg(line);
        KgLoader.Options options = new KgLoader.Options(line.hasOption("format") ? CommonOptions.choice(line, "format", null, TripleFormat::parse) : null,
                line.hasOption("labels") ? Path.of(line.getOptionValue("labels")) : null,
                CommonOptions.seed(line), line.hasOption("replace"));
        // a first load that fails leaves no store behind: an empty store folder was taken for a store by the next command
        Path created = CommonOptions.storeConfig(line).folder().filter(f -> !Files.exists(f)).orElse(null);
        Repository repository = CommonOptions.openStore(line);
        boolean loaded = false;
        try {
            CommonOptions.warnIfInferring(line, repository, context);
            KgLoader.Result r = new KgLoader(repository, kg, CommonOptions.storeConfig(line).loadBatch()).load(args.stream().map(Path::of).toList(), options);
            context.out().printf("loaded KG '%s': %,d triples, %,d entities, %,d relations in %.1f s%n",
                    kg.name(), r.triples(), r.entities(), r.relations(), r.seconds());
            if (r.duplicates() > 0) {
                context.out().printf("  %,d duplicate triples collapsed%n", r.duplicates());
            }
            if (r.labels() > 0) {
                context.out().printf("  %,d entity labels%n", r.labels());
            }
            if (r.literalsSkipped() > 0) {
                context.out().printf("  %,d literal-valued triples not loaded (Lacuna's KG links entities only)%n",
                        r.literalsSkipped());
            }
            context.out().printf("  graph %s (checksum %s)%n", kg.complete(), r.checksum());
            loaded = true;
        } finally {
            Stores.close(repository);
            if (!loaded && created != null) {
                removeNewStore(created, context);
            }
        }
        return ExitCodes.OK;
    }
}
