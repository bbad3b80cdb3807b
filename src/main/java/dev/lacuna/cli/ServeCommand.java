package dev.lacuna.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.ExitCodes;
import dev.lacuna.OutputGuard;
import dev.lacuna.Warnings;
import dev.lacuna.serve.Exposure;
import dev.lacuna.view.LabelMode;
import dev.lacuna.serve.EndpointBuilder;
import dev.lacuna.serve.LacunaEndpoint;
import dev.lacuna.view.Shape;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;

/**
 * {@code lacuna serve}: the SPARQL endpoint a system under test queries; runs until stopped. It serves the
 * incomplete graph unless told otherwise, and never the labels or benchmark graphs short of {@code --expose all}.
 */
public final class ServeCommand implements Command {
    static final String TOKEN_ENV = "LACUNA_UPDATE_TOKEN";
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)?");
    /** How long Ctrl-C waits for the stores to shut down before the JVM ends anyway. */
    private static final Duration STORE_CLOSE_WAIT = Duration.ofSeconds(60);

    @Override
    public String name() {
        return "serve";
    }

    @Override
    public String usage() {
        return "[--expose incomplete|complete|complete,incomplete|all] [--host 127.0.0.1] [--port 7878] "
                + "[--labels private|source|text] [--shape plain|freebase] [--timeout 30s] [--cors ORIGIN] [--allow-update TOKEN] [--keep-updates FILE]";
    }

    @Override
    public String summary() {
        return "serve one graph over SPARQL 1.1 (default incomplete, at /sparql and /sparql/incomplete)";
    }

    @Override
    public void addOptions(Options options) {
        CommonOptions.addStore(options);
        CommonOptions.addKg(options);
        options.addOption(Option.builder().longOpt("expose").hasArg().argName("GRAPHS")
                .desc("graphs to serve: incomplete (default), complete, complete,incomplete, or all (every graph, "
                        + "benchmark answers included: never for a system under test); or one broken graph alone: replaced, noisy").get());
        options.addOption(Option.builder().longOpt("cors").hasArg().argName("ORIGIN")
                .desc("let web pages from this one origin read answers (default: no CORS)").get());
        options.addOption(Option.builder().longOpt("host").hasArg().argName("ADDR")
                .desc("address to bind (default 127.0.0.1; 0.0.0.0 makes it reachable from other machines)").get());
        options.addOption(Option.builder().longOpt("port").hasArg().argName("N").desc("port (default 7878; 0 picks a free one)").get());
        options.addOption(Option.builder().longOpt("labels").hasArg().argName("MODE")
                .desc("entity names clients see: private (default), source or text (paper section 5.4)").get());
        options.addOption(Option.builder().longOpt("shape").hasArg().argName("SHAPE")
                .desc("plain (default) or freebase (ns:m.ID entities, dotted relations, ns:type.object.name) for ToG/PoG/GoG").get());
        options.addOption(Option.builder().longOpt("compat").hasArg().argName("on|off")
                .desc("Virtuoso compatibility: regex/contains on IRIs as strings (default on with --shape freebase)").get());
        options.addOption(Option.builder().longOpt("timeout").hasArg().argName("TIME")
                .desc("time limit per query, e.g. 30s, 500ms, 2m (default 30s); past it the client gets 503").get());
        options.addOption(Option.builder().longOpt("max-rows").hasArg().argName("N")
                .desc("most result rows per answer (default 100000)").get());
        options.addOption(Option.builder().longOpt("workers").hasArg().argName("N")
                .desc("queries evaluated at once (default 2 x cores; at least 16 with --pass-through, where the remote store evaluates them)").get());
        options.addOption(Option.builder().longOpt("queue").hasArg().argName("N")
                .desc("requests that may wait for a worker; more get 503 at once (default 64)").get());
        options.addOption(Option.builder().longOpt("max-body").hasArg().argName("BYTES")
                .desc("largest POST body (default 1048576); larger gets 413").get());
        options.addOption(Option.builder().longOpt("allow-update").hasArg().optionalArg(true).argName("TOKEN")
                .desc("accept INSERT/DELETE DATA and INSERT/DELETE ... WHERE on the incomplete graph, by POST with "
                        + "'Authorization: Bearer TOKEN' (TOKEN here, or --token, or $" + TOKEN_ENV + ")").get());
        options.addOption(Option.builder().longOpt("keep-updates").hasArg().argName("FILE")
                .desc("with --allow-update: keep what the system changed as a SPARQL Update in FILE, written at start and"
                        + " after every update (updates change a copy made for this run; without this option they are"
                        + " discarded); never in a store or benchmark folder, and its folder must exist").get());
        options.addOption(Option.builder().longOpt("token").hasArg().argName("TOKEN")
                .desc("update token (at least 16 characters); prefer $" + TOKEN_ENV + " so it stays out of ps").get());
        options.addOption(Option.builder().longOpt("view-store").hasArg().argName("SPEC")
                .desc("where a label/shape view, the copy of a remote store's served graphs, or the copy updates change, is materialised: memory (default), native:DIR or lmdb:DIR").get());
        options.addOption(Option.builder().longOpt("pass-through")
                .desc("answer each query from the store itself instead of from a copy of the served graphs made at start "
                        + "(in front of a remote store: send it on; an LMDB or native store is copied into memory when half the heap holds it)").get());
        options.addOption(Option.builder().longOpt("query-memory").hasArg().argName("MIB")
                .desc("MiB one query may allocate before it is cancelled with 503 (default: half the heap / workers)").get());
        options.addOption(Option.builder().longOpt("query-shapes").hasArg().argName("N")
                .desc("query shapes kept parsed: a query that differs from one seen before only in its written-out IRIs "
                        + "is not parsed again (default 1024; 0 parses every query)").get());
        options.addOption(Option.builder().longOpt("max-connections").hasArg().argName("N")
                .desc("open connections at most (default 2048)").get());
        options.addOption(Option.builder().longOpt("no-access-log").desc("do not log one line per request").get());
    }

    @Override
    public int run(CommandLine line, CliContext context) throws Exception {
        CountDownLatch closed = new CountDownLatch(1);
        EndpointBuilder builder = LacunaEndpoint.builder()
                .kg(CommonOptions.kg(line)) // for check(); the store's only KG replaces it below
                .expose(Exposure.parse(line.getOptionValue("expose", "incomplete")))
                .cors(line.getOptionValue("cors"))
                .host(line.getOptionValue("host", "127.0.0.1"))
                .port(CommonOptions.intValue(line, "port", 7878))
                .labels(CommonOptions.choice(line, "labels", "private", LabelMode::parse))
                .shape(CommonOptions.choice(line, "shape", "plain", Shape::parse))
                .timeout(duration(line.getOptionValue("timeout", "30s")))
                .accessLog(!line.hasOption("no-access-log"))
                .passThrough(line.hasOption("pass-through"));
        if (line.hasOption("max-rows")) {
            builder.maxRows(CommonOptions.longValue(line, "max-rows", 0));
        }
        if (line.hasOption("workers")) {
            builder.workers(CommonOptions.intValue(line, "workers", 0));
        }
        if (line.hasOption("queue")) {
            builder.queue(CommonOptions.intValue(line, "queue", 0));
        }
        if (line.hasOption("max-body")) {
            builder.maxBodyBytes(CommonOptions.longValue(line, "max-body", 0));
        }
        if (line.hasOption("query-memory")) {
            builder.queryMemory(CommonOptions.longValue(line, "query-memory", 0) << 20);
        }
        if (line.hasOption("query-shapes")) {
            builder.queryShapes(CommonOptions.intValue(line, "query-shapes", 0));
        }
        if (line.hasOption("max-connections")) {
            builder.maxConnections(CommonOptions.intValue(line, "max-connections", 0));
        }
        if (line.hasOption("compat")) {
            builder.compat(onOff(line.getOptionValue("compat")));
        }
        if (line.hasOption("allow-update")) {
            builder.allowUpdate(updateToken(line, System.getenv(TOKEN_ENV), context.err()));
        } else if (line.hasOption("token")) {
            throw new UsageException("--token only makes sense with --allow-update");
        }
        Path keep = null;
        if (line.hasOption("keep-updates")) {
            if (!line.hasOption("allow-update")) {
                throw new UsageException("--keep-updates only makes sense with --allow-update");
            }
            keep = Path.of(line.getOptionValue("keep-updates"));
            builder.keepUpdates(keep);
        }
        builder.check();
        // Every path serve writes is checked now, by the guard every command's output goes through: the keep file
        // used to be checked only at stop, and replaced an LMDB store's data file or a benchmark's summary.json.
        List<Path> storeFolders = CommonOptions.storeFolders(CommonOptions.storeConfig(line));
        List<Path> written = new ArrayList<>(storeFolders);
        if (line.hasOption("view-store")) {
            Path viewFolder = StoreSpec.parse(line.getOptionValue("view-store")).folder().orElse(null);
            OutputGuard.folder("--view-store", viewFolder, storeFolders);
            written.add(viewFolder);
        }
        OutputGuard.file("--keep-updates", keep, written);
        Repository store = CommonOptions.openExistingStore(line);
        Repository viewStore = null;
        try {
            builder.kg(CommonOptions.kg(line, store)); // without --kg: the store's only KG
            if (line.hasOption("view-store")) {
                viewStore = Stores.open(StoreSpec.parse(line.getOptionValue("view-store")));
                builder.viewStore(viewStore);
            }
            LacunaEndpoint endpoint = builder.repository(store).build().start();
            // Ctrl-C or SIGTERM: the JVM ends when its shutdown hooks do, so the hook stops the endpoint (writing
            // the keep file) and then waits for this thread to shut the stores down, which removes the temporary
            // folders an LMDB store keeps in its folder while open.
            Thread hook = new Thread(() -> {
                endpoint.stop();
                awaitQuietly(closed);
            }, "lacuna-serve-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            String url = endpoint.url();
            context.out().println("Lacuna SPARQL endpoint at " + url + " serving " + endpoint.settings().view().exposure().word());
            for (String path : endpoint.paths()) {
                context.out().println("  " + url + path.substring(1));
            }
            context.out().println("Limits: " + endpoint.settings().describeLimits()
                    + "; a cut answer has the header X-Lacuna-Truncated and is logged");
            context.out().println("Stop with Ctrl-C.");
            context.out().flush();
            try {
                endpoint.awaitStop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                endpoint.stop();
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException e) {
                    // already shutting down
                }
            }
            return ExitCodes.OK;
        } finally {
            try {
                if (viewStore != null) {
                    viewStore.shutDown();
                }
                Stores.close(store);
            } finally {
                closed.countDown();
            }
        }
    }

    /**
     * The update token: {@code --allow-update TOKEN}, or {@code --token TOKEN}, or {@code $LACUNA_UPDATE_TOKEN}.
     * Two tokens given on the command line are refused: the endpoint would accept one and answer the other 403
     * without a word. A token on the command line that differs from the environment's is used, with a warning.
     */
    static String updateToken(CommandLine line, String environment, PrintStream err) {
        String inline = line.getOptionValue("allow-update");
        String option = line.getOptionValue("token");
        if (inline != null && option != null) {
            throw new UsageException("the update token is given twice, as --allow-update TOKEN and as --token TOKEN;"
                    + " give it once (--allow-update with --token or $" + TOKEN_ENV + " keeps it out of ps)");
        }
        String token = inline != null ? inline : option != null ? option : environment;
        if (token == null) {
            throw new UsageException("--allow-update needs a token: --token TOKEN or $" + TOKEN_ENV);
        }
        if (environment != null && !environment.isEmpty() && !environment.equals(token)) {
            Warnings.warn(err, "the update token given on the command line is used; $" + TOKEN_ENV + " holds another,"
                    + " which this endpoint refuses (403)");
        }
        return token;
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(STORE_CLOSE_WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** "30", "30s", "500ms", "2m", "1h" (a bare number is seconds). */
    static Duration duration(String text) {
        Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new UsageException("--timeout needs a time such as 30s, 500ms or 2m, got '" + text + "'");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofSeconds(n);
        };
    }

    private static boolean onOff(String v) {
        return switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "on", "true", "yes" -> true;
            case "off", "false", "no" -> false;
            default -> throw new UsageException("--compat takes on or off, got '" + v + "'");
        };
    }
}
