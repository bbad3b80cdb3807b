package dev.lacuna.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

import dev.lacuna.ExitCodes;
import dev.lacuna.LacunaException;
import dev.lacuna.store.StoreSpec;

/**
 * {@code lacuna demo}: the README's main job on the bundled Family KG (the paper's Family-Complete,
 * 17,615 triples), with nothing else needed: load it and print the paper-style tables.
 */
public final class DemoCommand implements Command {
    static final String BUNDLED_FAMILY = "/kg/family.tsv";

    @Override
    public String name() {
        return "demo";
    }

    @Override
    public String usage() {
        return "[--workdir DIR] [--seed N]";
    }

    @Override
    public String summary() {
        return "run the whole pipeline on the bundled Family KG and print the paper-style tables";
    }

    @Override
    public void addOptions(Options options) {
        CommonOptions.addSeed(options);
        options.addOption(Option.builder().longOpt("workdir").hasArg().argName("DIR")
                .desc("folder for the demo's store and outputs (default ./lacuna-data/demo)").get());
    }

    @Override
    public int run(CommandLine line, CliContext context) throws Exception {
        Path workdir = Path.of(line.getOptionValue("workdir", "lacuna-data/demo"));
        Files.createDirectories(workdir);
        Path family = extractFamily(workdir);
        // LMDB as everywhere by default; a demo folder from before keeps its NativeStore.
        Path storeDir = workdir.resolve("store");
        String store = (StoreSpec.holdsNativeStore(storeDir) ? "native:" : "lmdb:") + storeDir;
        String seed = String.valueOf(CommonOptions.seed(line));
        Dispatcher main = new Dispatcher(List.of(new LoadCommand(), new BuildCommand(), new StatsCommand()));
        context.out().println("== load the bundled Family KG (" + family + ")");
        step(main, context, "load", "--store", store, "--kg", "family", "--seed", seed, "--replace", family.toString());
        context.out().println("== build (mine rules at maxad 3 with the paper's thresholds, remove, ask, split, verify)");
        step(main, context, "build", "--store", store, "--kg", "family", "--seed", seed, "--maxad", "3",
                "--out", workdir.resolve("benchmark").toString(), "--force");
        context.out().println("== stats");
        step(main, context, "stats", "--store", store, "--kg", "family");
        printWhereAndNext(context, store, workdir.resolve("benchmark"));
        return ExitCodes.OK;
    }

    /**
     * Where the demo left its store and benchmark, and what to run on them: the demo's store is not the default
     * store, so a command without {@code --store} finds no KG there.
     */
    static void printWhereAndNext(CliContext context, String store, Path benchmark) {
        var out = context.out();
        out.println();
        out.println("== done");
        out.println("  store:     " + store + " (KG 'family'; give --store " + store + " to use it: commands without"
                + " --store use ./lacuna-data/store)");
        out.println("  benchmark: " + benchmark);
        out.println();
        out.println("Next: serve the incomplete graph to a system under test (Ctrl-C stops it), answer with a reference");
        out.println("responder and score it:");
        out.println("  ./lacuna serve --store " + store + " --kg family");
        out.println("  ./lacuna answer --store " + store + " --kg family --benchmark " + benchmark
                + " --responder lookup --graph incomplete -o lookup-incomplete.jsonl");
        out.println("  ./lacuna evaluate --benchmark " + benchmark + " --predictions lookup-incomplete.jsonl");
        out.println("The README's examples load Family into the default store and build their own benchmark.");
    }

    private static void step(Dispatcher main, CliContext context, String... args) {
        int code = main.run(args, context);
        if (code != ExitCodes.OK) {
            throw new LacunaException("demo step 'lacuna " + String.join(" ", args) + "' failed with exit code " + code);
        }
    }

    /** Copies the bundled KG out of the jar so that every step reads an ordinary file. */
    static Path extractFamily(Path workdir) throws IOException {
        Path target = workdir.resolve("family.tsv");
        try (InputStream in = DemoCommand.class.getResourceAsStream(BUNDLED_FAMILY)) {
            if (in == null) {
                throw new LacunaException("the bundled Family KG " + BUNDLED_FAMILY + " is missing from the jar");
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return target;
    }
}
