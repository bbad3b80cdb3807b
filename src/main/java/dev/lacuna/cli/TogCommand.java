package dev.lacuna.cli;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

import dev.langchain4j.model.chat.ChatModel;
import dev.lacuna.Counts;
import dev.lacuna.ExitCodes;
import dev.lacuna.OutputGuard;
import dev.lacuna.Progress;
import dev.lacuna.Redaction;
import dev.lacuna.Warnings;
import dev.lacuna.questions.LlmSettings;
import dev.lacuna.questions.SplitName;
import dev.lacuna.tog.AnswerRule;
import dev.lacuna.store.SparqlCredentials;
import dev.lacuna.tog.ClientLimits;
import dev.lacuna.tog.Pruning;
import dev.lacuna.tog.TogOperation;
import dev.lacuna.tog.TogSettings;
import dev.lacuna.tog.WalkSettings;
import dev.lacuna.view.Shape;

/**
 * {@code lacuna tog}: Think-on-Graph, the public KG-RAG system, run in the box against a SPARQL endpoint
 * ({@code lacuna serve} or any other) over a benchmark's questions; its output is ToG's own file.
 */
public final class TogCommand implements Command {
    /** The smallest --max-response: an empty SPARQL JSON answer takes about 150 bytes. */
    static final long MIN_RESPONSE_BYTES = 1024;

    @Override
    public String name() {
        return "tog";
    }

    @Override
    public String usage() {
        return "--endpoint URL --benchmark DIR --out DIR [--split test] [--shape freebase|plain]"
                + " [--pruning embedding|bm25|llm] [--width 3] [--depth 3] [--answer-rule all-depths|first-depth]"
                + " [--seed S] [--timeout 60]";
    }

    @Override
    public String summary() {
        return "answer the benchmark questions with Think-on-Graph over a SPARQL endpoint (offline by default)";
    }

    @Override
    public void addOptions(Options options) {
        options.addOption(Option.builder().longOpt("endpoint").hasArg().argName("URL")
                .desc("SPARQL endpoint serving one graph, e.g. http://127.0.0.1:7878/sparql of lacuna serve (no user"
                        + " or password in it: see --credentials)").get());
        options.addOption(Option.builder().longOpt("credentials").hasArg().argName("FILE")
                .desc("user=NAME and password=SECRET lines (chmod 600) for an endpoint that asks for HTTP Basic;"
                        + " default: the environment's " + SparqlCredentials.USER_VARIABLE + " and "
                        + SparqlCredentials.PASSWORD_VARIABLE + ", if set").get());
        options.addOption(Option.builder().longOpt("benchmark").hasArg().argName("DIR")
                .desc("benchmark folder written by lacuna build: its questions and summary.json are read").get());
        options.addOption(Option.builder().longOpt("out").hasArg().argName("DIR")
                .desc("output folder: ToG_<dataset>.jsonl (ToG's own file) and its .trace.jsonl, .timings.jsonl, .run.json").get());
        options.addOption(Option.builder().longOpt("split").hasArg().argName("SPLIT")
                .desc("questions to answer: train, valid or test (default)").get());
        options.addOption(Option.builder().longOpt("dataset").hasArg().argName("NAME")
                .desc("ToG's dataset name in the output file's name (default: the split)").get());
        options.addOption(Option.builder().longOpt("shape").hasArg().argName("SHAPE")
                .desc("how the endpoint names entities: freebase (serve --shape freebase, the default) or plain").get());
        options.addOption(Option.builder().longOpt("pruning").hasArg().argName("TOOL")
                .desc("embedding (all-MiniLM-L6-v2 in process, the default), bm25, or llm (ToG's prompts)").get());
        options.addOption(Option.builder().longOpt("width").hasArg().argName("N")
                .desc("relations kept per entity and chains kept per depth (default " + WalkSettings.WIDTH + ")").get());
        options.addOption(Option.builder().longOpt("depth").hasArg().argName("N")
                .desc("largest search depth (default " + WalkSettings.DEPTH + ")").get());
        options.addOption(Option.builder().longOpt("answer-rule").hasArg().argName("RULE")
                .desc("without a chat model, the entities the kept chains reached that answer: all-depths (every"
                        + " depth's, the default) or first-depth (the first depth's, a one-hop baseline)").get());
        options.addOption(Option.builder().longOpt("retain").hasArg().argName("N")
                .desc("llm: entities sampled when a relation leads to 20 or more (default " + WalkSettings.RETAIN + ")").get());
        options.addOption(Option.builder().longOpt("threads").hasArg().argName("N")
                .desc("questions walked at once (default 4)").get());
        options.addOption(Option.builder().longOpt("timeout").hasArg().argName("SECONDS")
                .desc("per SPARQL request, its whole answer included (default " + ClientLimits.TIMEOUT_SECONDS
                        + ", at most " + ClientLimits.MAX_TIMEOUT_SECONDS + ")").get());
        options.addOption(Option.builder().longOpt("max-response").hasArg().argName("BYTES")
                .desc("largest answer read from the endpoint; a larger one stops the run (default "
                        + ClientLimits.MAX_RESPONSE_BYTES + ", at least " + MIN_RESPONSE_BYTES + ")").get());
        options.addOption(Option.builder().longOpt("llm-base-url").hasArg().argName("URL")
                .desc("llm: OpenAI-compatible server (default $" + LlmSettings.ENV_BASE_URL + ")").get());
        options.addOption(Option.builder().longOpt("llm-model").hasArg().argName("NAME")
                .desc("llm: model name (default $" + LlmSettings.ENV_MODEL + ")").get());
        CommonOptions.addSeed(options);
    }

    @Override
    public int run(CommandLine line, CliContext context) {
        for (String required : List.of("endpoint", "benchmark", "out")) {
            if (!line.hasOption(required)) {
                throw new UsageException("--" + required + " is required");
            }
        }
        URI endpoint = endpoint(line.getOptionValue("endpoint"));
        Path benchmark = Path.of(line.getOptionValue("benchmark"));
        Path out = Path.of(line.getOptionValue("out"));
        OutputGuard.refuseInputs("--out", out, List.of(benchmark));
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new UsageException("--out " + out + " exists and is not a folder");
        }
        SplitName split = CommonOptions.choice(line, "split", SplitName.TEST.label(), SplitName::parse);
        Pruning pruning = CommonOptions.choice(line, "pruning", Pruning.EMBEDDING.label(), Pruning::parse);
        AnswerRule rule = CommonOptions.choice(line, "answer-rule", WalkSettings.ANSWER_RULE.label(), AnswerRule::parse);
        if (pruning == Pruning.LLM && line.hasOption("answer-rule")) {
            throw new UsageException("--answer-rule is for the walk without a chat model (--pruning embedding or bm25);"
                    + " with --pruning llm the model answers");
        }
        WalkSettings walk = new WalkSettings(pruning, atLeast(line, "width", WalkSettings.WIDTH, 1),
                atLeast(line, "depth", WalkSettings.DEPTH, 1), atLeast(line, "retain", WalkSettings.RETAIN, 1),
                CommonOptions.seed(line), rule);
        String dataset = line.getOptionValue("dataset", split.label());
        if (!dataset.matches(TogSettings.DATASET_NAME)) {
            throw new UsageException("--dataset must be letters, digits, '.', '_' or '-' (it names a file): '"
                    + dataset + "'");
        }
        ClientLimits limits = new ClientLimits(
                Duration.ofSeconds(between(line, "timeout", ClientLimits.TIMEOUT_SECONDS, 1,
                        ClientLimits.MAX_TIMEOUT_SECONDS)),
                between(line, "max-response", ClientLimits.MAX_RESPONSE_BYTES, MIN_RESPONSE_BYTES, Long.MAX_VALUE));
        int threads = atLeast(line, "threads", 4, 1);
        Shape shape = CommonOptions.choice(line, "shape", Shape.FREEBASE.label(), Shape::parse);
        SparqlCredentials credentials = line.hasOption("credentials")
                ? SparqlCredentials.fromFile(Path.of(line.getOptionValue("credentials")))
                : SparqlCredentials.fromEnvironment(System.getenv());
        TogSettings settings = new TogSettings(endpoint, credentials, limits, benchmark, split, out, dataset, shape,
                walk, threads, pruning == Pruning.LLM ? chatModel(line) : null);
        TogOperation.Report r = TogOperation.run(settings, Progress.Channel.console(context.err()::println));
        if (r.trimmed().any()) {
            Warnings.warn(context.err(), "the endpoint did not answer as SPARQL asks: {}; see {}",
                    trimmed(r.trimmed()), settings.runFile());
        }
        context.out().println(String.format(Locale.ROOT,
                "tog: %d questions, %.1f queries and %.3f s per question (%d requests sent, endpoint p50 %.1f ms,"
                        + " p95 %.1f ms); stops %s; wrote %s",
                r.questions(), r.queriesPerQuestion(), r.secondsPerQuestion(), r.requests(), r.p50Millis(),
                r.p95Millis(), stops(r), settings.togFile()));
        return ExitCodes.OK;
    }

    private static String stops(TogOperation.Report r) {
        Map<String, Integer> byLabel = new LinkedHashMap<>();
        r.stops().forEach((stop, n) -> byLabel.put(stop.label(), n));
        return Counts.describe(byLabel);
    }

    private static String trimmed(TogOperation.Trimmed d) {
        List<String> parts = new ArrayList<>();
        if (d.answersCut() > 0) {
            parts.add(d.answersCut() + " answers had more rows than their query's LIMIT (read up to it)");
        }
        if (d.namesCut() > 0) {
            parts.add(d.namesCut() + " names were longer than " + ClientLimits.MAX_NAME + " characters (cut, ending in "
                    + ClientLimits.CUT_MARK + ")");
        }
        if (d.valuesSkipped() > 0) {
            parts.add(d.valuesSkipped() + " relations or entities were no IRI the client writes into a query (skipped)");
        }
        return String.join("; ", parts);
    }

    private static int atLeast(CommandLine line, String option, int defaultValue, int min) {
        int v = CommonOptions.intValue(line, option, defaultValue);
        if (v < min) {
            throw new UsageException("--" + option + " must be at least " + min + ", got " + v);
        }
        return v;
    }

    private static long between(CommandLine line, String option, long defaultValue, long min, long max) {
        long v = CommonOptions.longValue(line, option, defaultValue);
        if (v < min || v > max) {
            throw new UsageException("--" + option + " must be " + (max == Long.MAX_VALUE ? "at least " + min
                    : "between " + min + " and " + max) + ", got " + v);
        }
        return v;
    }

    /**
     * The endpoint's URL, refused when it is no http(s) URL or carries a user and password: those would be shown to
     * every user of the machine by {@code ps} and written into run.json. No message quotes them.
     */
    static URI endpoint(String text) {
        String shown = text.strip().replaceFirst("^([A-Za-z][A-Za-z0-9+.-]*://)?[^/?#@]*@", "$1" + Redaction.MASK + "@");
        URI uri;
        try {
            uri = new URI(text.strip());
        } catch (URISyntaxException e) {
            throw new UsageException("--endpoint is not a URL: '" + shown + "' (" + e.getReason() + ")");
        }
        if (uri.getRawUserInfo() != null) {
            String[] userPassword = uri.getUserInfo().split(":", 2);
            Redaction.register(userPassword[0], userPassword.length > 1 ? userPassword[1] : null);
            throw new UsageException("--endpoint " + shown + " carries a user name and password: credentials never go"
                    + " into arguments (ps shows them to every user) nor into run.json; " + SparqlCredentials.HOW_TO_GIVE);
        }
        if (uri.getScheme() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
                || uri.getHost() == null) {
            throw new UsageException("--endpoint needs an http(s) URL, got '" + shown + "'");
        }
        return uri;
    }

    /** The chat model as the llm responder configures it: flags, then the environment (the key only from there). */
    private static ChatModel chatModel(CommandLine line) {
        Map<String, String> env = System.getenv();
        LlmSettings llm = LlmSettings.fromEnvironment(env).withBaseUrl(line.getOptionValue("llm-base-url"))
                .withModel(line.getOptionValue("llm-model")).withRetries(2, Duration.ofSeconds(1));
        boolean configured = (line.hasOption("llm-base-url") || env.get(LlmSettings.ENV_BASE_URL) != null)
                && (line.hasOption("llm-model") || env.get(LlmSettings.ENV_MODEL) != null);
        if (!configured) {
            throw new UsageException("--pruning llm needs a chat model: set " + LlmSettings.ENV_BASE_URL + " and "
                    + LlmSettings.ENV_MODEL + " (and " + LlmSettings.ENV_API_KEY + " if the server wants a key), or give"
                    + " --llm-base-url and --llm-model; embedding and bm25 pruning need none");
        }
        return llm.chatModel(llm.maxRetries());
    }
}
