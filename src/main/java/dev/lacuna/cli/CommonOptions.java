package dev.lacuna.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.BadInputException;
import dev.lacuna.Defaults;
import dev.lacuna.OutputGuard;
import dev.lacuna.Warnings;
import dev.lacuna.mining.MinerOptions;
import dev.lacuna.mining.RelationChoice;
import dev.lacuna.store.InferenceCheck;
import dev.lacuna.store.KgCatalog;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.SparqlCredentials;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;

/** Option groups shared by subcommands, written once: store, KG name and base IRI, seed, output. */
public final class CommonOptions {
    private CommonOptions() {
    }

    public static void addStore(Options options) {
        options.addOption(Option.builder().longOpt("store").hasArg().argName("SPEC")
                .desc("embedded store: lmdb:DIR (default " + StoreSpec.DEFAULT_SPEC + ", survives a kill), native:DIR[:spoc,posc,...], lmdb:DIR:spoc,posc,ospc (an object-first index for serving), "
                        + "memory").get());
        options.addOption(Option.builder().longOpt("repository").hasArg().argName("URL")
                .desc("remote repository by the RDF4J REST protocol (RDF4J Server, GraphDB)").get());
        options.addOption(Option.builder().longOpt("sparql").hasArg().argName("URL")
                .desc("any SPARQL 1.1 endpoint (query URL)").get());
        options.addOption(Option.builder().longOpt("sparql-update").hasArg().argName("URL")
                .desc("update URL of the --sparql endpoint, if it differs (Virtuoso: http://HOST:8890/sparql-auth)").get());
        options.addOption(Option.builder().longOpt("credentials").hasArg().argName("FILE")
                .desc("user=NAME and password=SECRET lines (chmod 600) for the --sparql endpoint or the --repository "
                        + "server (scripts/graphdb.sh writes DIR/graphdb.credentials); default: the "
                        + "environment's " + SparqlCredentials.USER_VARIABLE + " and "
                        + SparqlCredentials.PASSWORD_VARIABLE).get());
    }

    public static void addKg(Options options) {
        options.addOption(Option.builder().longOpt("kg").hasArg().argName("NAME")
                .desc("name of the knowledge graph in the store (default: the store's only KG, else " + KgGraphs.DEFAULT_KG + ")").get());
        options.addOption(Option.builder().longOpt("base").hasArg().argName("IRI")
                .desc("base IRI of graphs and entities (default " + KgGraphs.DEFAULT_BASE + ")").get());
    }

    public static void addSeed(Options options) {
        options.addOption(Option.builder().longOpt("seed").hasArg().argName("N")
                .desc("seed for everything random (default " + Defaults.SEED + ")").get());
    }

    public static void addOutput(Options options, String description) {
        options.addOption(Option.builder("o").longOpt("output").hasArg().argName("FILE").desc(description).get());
    }

    public static void addMining(Options options) {
        options.addOption(Option.builder().longOpt("minhc").hasArg().argName("X")
                .desc("minimum head coverage (default " + MinerOptions.DEFAULT_MIN_HC + ")").get());
        options.addOption(Option.builder().longOpt("minc").hasArg().argName("X")
                .desc("minimum standard confidence (default " + MinerOptions.DEFAULT_MIN_STD + ")").get());
        options.addOption(Option.builder().longOpt("minpca").hasArg().argName("X")
                .desc("minimum PCA confidence (default " + MinerOptions.DEFAULT_MIN_PCA + ")").get());
        options.addOption(Option.builder().longOpt("maxad").hasArg().argName("K")
                .desc("maximum atoms per rule, head included (default " + MinerOptions.DEFAULT_MAX_ATOMS + ")").get());
        options.addOption(Option.builder().longOpt("minis").hasArg().argName("N")
                .desc("minimum facts of a head relation (default " + MinerOptions.DEFAULT_MIN_INITIAL_SUPPORT + ")").get());
        options.addOption(Option.builder().longOpt("threads").hasArg().argName("N")
                .desc("worker threads (default: all cores); the output does not depend on it").get());
        options.addOption(Option.builder().longOpt("const")
                .desc("also mine rules with constants (AMIE3's -const: instantiated atoms such as ?a gender female)")
                .get());
        addRelationChoice(options);
    }

    /** AMIE3's -htr, -hexr, -btr, -bexr and the vocabulary setting: for mine and build. */
    public static void addRelationChoice(Options options) {
        options.addOption(Option.builder().longOpt("head-target-relations").hasArg().argName("R,...")
                .desc("only these relations as rule heads, so only these are asked about (AMIE3's -htr; mined whatever"
                        + " --minis); names as the KG has them, rdf:/rdfs:/owl: prefixes allowed").get());
        options.addOption(Option.builder().longOpt("head-excluded-relations").hasArg().argName("R,...")
                .desc("never these relations as rule heads (AMIE3's -hexr)").get());
        options.addOption(Option.builder().longOpt("body-target-relations").hasArg().argName("R,...")
                .desc("only these relations in rule bodies (AMIE3's -btr)").get());
        options.addOption(Option.builder().longOpt("body-excluded-relations").hasArg().argName("R,...")
                .desc("never these relations in rule bodies (AMIE3's -bexr)").get());
        options.addOption(Option.builder().longOpt("vocabulary").hasArg().argName("MODE")
                .desc("relations of the RDF, RDFS and OWL vocabularies (rdf:type, rdfs:subClassOf, owl:sameAs, ...):"
                        + " exclude (default: neither heads nor bodies), body (in bodies only) or allow (as any other)").get());
    }

    /** The choice of head and body relations as given, names not yet checked against a KG. */
    public static RelationChoice relationChoice(CommandLine line) {
        RelationChoice.Vocabulary vocabulary = choice(line, "vocabulary", RelationChoice.Vocabulary.EXCLUDE.label(),
                RelationChoice.Vocabulary::parse);
        try {
            return new RelationChoice(vocabulary, names(line, "head-target-relations"),
                    names(line, "head-excluded-relations"), names(line, "body-target-relations"),
                    names(line, "body-excluded-relations"));
        } catch (BadInputException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static List<String> names(CommandLine line, String option) {
        String v = line.getOptionValue(option);
        if (v == null) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        for (String part : v.split(",")) {
            if (!part.isBlank()) {
                names.add(part.strip());
            }
        }
        if (names.isEmpty()) {
            throw new UsageException("--" + option + " needs relation names, comma-separated");
        }
        return names;
    }

    /** The mining thresholds shared by lacuna mine and lacuna build, with AMIE3's names; defaults are the paper's. */
    public static MinerOptions minerOptions(CommandLine line) {
        double minhc = fraction(line, "minhc", MinerOptions.DEFAULT_MIN_HC);
        double minc = fraction(line, "minc", MinerOptions.DEFAULT_MIN_STD);
        double minpca = fraction(line, "minpca", MinerOptions.DEFAULT_MIN_PCA);
        int maxad = intValue(line, "maxad", MinerOptions.DEFAULT_MAX_ATOMS);
        if (maxad < 2 || maxad > 6) {
            throw new UsageException("--maxad must be between 2 and 6 atoms (head included), got " + maxad);
        }
        int minis = intValue(line, "minis", MinerOptions.DEFAULT_MIN_INITIAL_SUPPORT);
        if (minis < 0) {
            throw new UsageException("--minis must be >= 0, got " + minis);
        }
        int threads = intValue(line, "threads", Runtime.getRuntime().availableProcessors());
        if (threads < 1) {
            throw new UsageException("--threads must be >= 1, got " + threads);
        }
        return new MinerOptions(minhc, minc, minpca, maxad, minis, MinerOptions.DEFAULT_MAX_RELATION_OCCURRENCES,
                threads, line.hasOption("const"), relationChoice(line));
    }

    public static StoreConfig storeConfig(CommandLine line) {
        int given = (line.hasOption("store") ? 1 : 0) + (line.hasOption("repository") ? 1 : 0)
                + (line.hasOption("sparql") ? 1 : 0);
        if (given > 1) {
            throw new UsageException("give only one of --store, --repository and --sparql");
        }
        if (line.hasOption("repository") || line.hasOption("sparql")) {
            SparqlCredentials credentials = line.hasOption("credentials")
                    ? SparqlCredentials.fromFile(Path.of(line.getOptionValue("credentials")))
                    : SparqlCredentials.fromEnvironment(System.getenv());
            if (line.hasOption("repository")) {
                if (line.hasOption("sparql-update")) {
                    throw new UsageException("--sparql-update goes with --sparql URL");
                }
                return StoreSpec.repository(line.getOptionValue("repository"), credentials);
            }
            return StoreSpec.sparql(line.getOptionValue("sparql"), line.getOptionValue("sparql-update"), credentials);
        }
        for (String option : new String[] {"sparql-update", "credentials"}) {
            if (line.hasOption(option)) {
                throw new UsageException("--" + option + " goes with --sparql URL or --repository URL");
            }
        }
        return line.hasOption("store") ? StoreSpec.parse(line.getOptionValue("store")) : StoreSpec.defaultStore();
    }

    /**
     * Refuses (exit 2) an output file that is, lies inside or holds one of the command's inputs or the folder of the
     * store it names, lies in any store or benchmark folder, or cannot be written where it is
     * ({@link dev.lacuna.OutputGuard#file}); called before anything is read or written.
     */
    public static void refuseOutputOntoInputs(CommandLine line, String option, Path output, List<Path> inputs,
                                              boolean store) {
        List<Path> all = new ArrayList<>(inputs);
        if (store) {
            all.addAll(storeFolders(storeConfig(line)));
        }
        OutputGuard.file(option, output, all);
    }

    /** The folders an embedded store lives in (none for memory and remote stores). */
    public static List<Path> storeFolders(StoreConfig config) {
        return config.folder().map(List::of).orElse(List.of());
    }

    /**
     * Opens the store a command writes (creating an embedded one that does not exist yet); its folder goes through the
     * guard of every output ({@link OutputGuard#folder}): never inside a benchmark folder or another store.
     */
    public static Repository openStore(CommandLine line) {
        StoreConfig config = storeConfig(line);
        for (Path dir : storeFolders(config)) {
            OutputGuard.folder("--store", dir, List.of());
        }
        return Stores.open(config);
    }

    /** Warns on stderr when the store infers statements (see {@link dev.lacuna.store.InferenceCheck}). */
    public static void warnIfInferring(CommandLine line, Repository repository, CliContext context) {
        String warning = InferenceCheck.warning(storeConfig(line), repository);
        if (warning != null) {
            Warnings.warn(context.err(), warning);
        }
    }

    /**
     * Opens a store that must already exist, for commands that only read: a mistyped --store path used to
     * create an empty store silently and report an empty KG.
     */
    public static Repository openExistingStore(CommandLine line) {
        StoreConfig config = storeConfig(line);
        for (Path dir : storeFolders(config)) {
            boolean exists;
            try (var entries = Files.list(dir)) {
                exists = entries.findAny().isPresent();
            } catch (IOException e) {
                exists = false;
            }
            if (!exists) {
                throw new BadInputException(dir.toString(), -1, -1, "no store here (is the --store path "
                        + "mistyped?); lacuna load creates a store");
            }
        }
        return Stores.open(config);
    }

    /**
     * The KG named by --kg; without --kg the store's only KG, else the KG named default. With several KGs
     * and none named default, the user must choose.
     */
    public static KgGraphs kg(CommandLine line, Repository repository) {
        String base = line.getOptionValue("base", KgGraphs.DEFAULT_BASE);
        if (line.hasOption("kg")) {
            return new KgGraphs(base, line.getOptionValue("kg"));
        }
        List<String> names = KgCatalog.names(repository, base);
        if (names.size() == 1) {
            return new KgGraphs(base, names.get(0));
        }
        if (names.size() > 1 && !names.contains(KgGraphs.DEFAULT_KG)) {
            throw new UsageException("the store holds " + names.size() + " KGs (" + String.join(", ", names)
                    + "): give --kg NAME");
        }
        return new KgGraphs(base, KgGraphs.DEFAULT_KG);
    }

    public static KgGraphs kg(CommandLine line) {
        return new KgGraphs(line.getOptionValue("base", KgGraphs.DEFAULT_BASE),
                line.getOptionValue("kg", KgGraphs.DEFAULT_KG));
    }

    public static long seed(CommandLine line) {
        return longValue(line, "seed", Defaults.SEED);
    }

    public static Path output(CommandLine line) {
        String v = line.getOptionValue("output");
        return v == null ? null : Path.of(v);
    }

    public static long longValue(CommandLine line, String option, long defaultValue) {
        String v = line.getOptionValue(option);
        if (v == null) {
            return defaultValue;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new UsageException("--" + option + " needs a whole number, got '" + v + "'");
        }
    }

    public static int intValue(CommandLine line, String option, int defaultValue) {
        long v = longValue(line, option, defaultValue);
        if (v > Integer.MAX_VALUE || v < Integer.MIN_VALUE) {
            throw new UsageException("--" + option + " is out of range: " + v);
        }
        return (int) v;
    }

    public static double doubleValue(CommandLine line, String option, double defaultValue) {
        String v = line.getOptionValue(option);
        if (v == null) {
            return defaultValue;
        }
        try {
            return Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new UsageException("--" + option + " needs a number, got '" + v + "'");
        }
    }

    /**
     * A word from a closed set ({@code parse} is a {@link dev.lacuna.Choice}'s): a bad word's message names the
     * option, since one choice (a label mode, a shape, a rule file format) is the value of different options.
     */
    public static <T> T choice(CommandLine line, String option, String defaultWord, Function<String, T> parse) {
        try {
            return parse.apply(line.getOptionValue(option, defaultWord));
        } catch (BadInputException e) {
            String flag = "--" + option;
            throw e.getMessage().contains(flag) ? e : new UsageException(flag + ": " + e.getMessage());
        }
    }

    /** A number that must lie in [0, 1], as AMIE3's thresholds and tau do. */
    public static double fraction(CommandLine line, String option, double defaultValue) {
        double v = doubleValue(line, option, defaultValue);
        if (!(v >= 0.0 && v <= 1.0)) {
            throw new UsageException("--" + option + " must lie in [0, 1], got " + v);
        }
        return v;
    }
}
