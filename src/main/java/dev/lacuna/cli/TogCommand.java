package dev.lacuna.cli;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
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
import dev.lacuna.questions.LlmSettings;
import dev.lacuna.questions.SplitName;
import dev.lacuna.tog.AnswerRule;
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
    @Override
    public String name() {
        return "tog";
    }

    @Override
    public String usage() {
        return "--endpoint URL --benchmark DIR --out DIR [--split test] [--shape freebase|plain]"
                + " [--pruning embedding|bm25|llm] [--width 3] [--depth 3] [--answer-rule all-depths|first-depth]"
                + " [--seed S]";
    }

    @Override
    public String summary() {
        return "answer the benchmark questions with Think-on-Graph over a SPARQL endpoint (offline by default)";
    }

    @Override
    public void addOptions(Options options) {
        options.addOption(Option.builder().longOpt("endpoint").hasArg().argName("URL")
                .desc("SPARQL endpoint serving one graph, e.g. http://127.0.0.1:7878/sparql of lacuna serve").get());
        options.addOption(Option.builder().longOpt("benchmark").hasArg().argName("DIR")
                .desc("benchmark folder written by lacuna build: its questions are read, and with --shape plain"
                        + " summary.json's KG name and base IRI").get());
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
                .desc("per SPARQL request (default 60)").get());
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
        Path benchmark = Path.of(line.getOptionValue("benchmark"));
        Path out = Path.of(line.getOptionValue("out"));
        OutputGuard.refuseInputs("--out", out, List.of(benchmark));
        SplitName split = SplitName.parse(line.getOptionValue("split", SplitName.TEST.label()));
        Pruning pruning = Pruning.parse(line.getOptionValue("pruning", Pruning.EMBEDDING.label()));
        AnswerRule rule = AnswerRule.parse(line.getOptionValue("answer-rule", WalkSettings.ANSWER_RULE.label()));
        if (pruning == Pruning.LLM && line.hasOption("answer-rule")) {
            throw new UsageException("--answer-rule is for the walk without a chat model (--pruning embedding or bm25);"
                    + " with --pruning llm the model answers");
        }
        WalkSettings walk = new WalkSettings(pruning, CommonOptions.intValue(line, "width", WalkSettings.WIDTH),
                CommonOptions.intValue(line, "depth", WalkSettings.DEPTH),
                CommonOptions.intValue(line, "retain", WalkSettings.RETAIN), CommonOptions.seed(line), rule);
        TogSettings settings = new TogSettings(endpoint(line.getOptionValue("endpoint")), benchmark, split, out,
                line.getOptionValue("dataset", split.label()),
                CommonOptions.choice(line, "shape", Shape.FREEBASE.label(), Shape::parse), walk,
                CommonOptions.intValue(line, "threads", 4),
                Duration.ofSeconds(CommonOptions.longValue(line, "timeout", 60)),
                pruning == Pruning.LLM ? chatModel(line) : null);
        TogOperation.Report r = TogOperation.run(settings, Progress.Channel.console(context.err()::println));
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

    private static URI endpoint(String text) {
        try {
            URI uri = new URI(text.trim());
            if (uri.getScheme() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))
                    || uri.getHost() == null) {
                throw new UsageException("--endpoint needs an http(s) URL, got '" + text + "'");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new UsageException("--endpoint is not a URL: '" + text + "' (" + e.getMessage() + ")");
        }
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
