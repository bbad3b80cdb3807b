package dev.lacuna.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

import dev.lacuna.ExitCodes;
import dev.lacuna.answer.AnswerOperation;
import dev.lacuna.answer.ResponderKind;
import dev.lacuna.questions.LlmSettings;
import dev.lacuna.questions.SplitChoice;
import dev.lacuna.store.GraphRole;
import dev.lacuna.view.LabelMode;

/**
 * {@code lacuna answer}: runs a reference responder (lookup, rules, llm) over a benchmark's questions
 * against the complete or the incomplete graph in the store and writes a predictions file that
 * {@code lacuna evaluate} reads. The KG name and base IRI come from the benchmark's summary.json unless
 * --kg/--base are given.
 */
public final class AnswerCommand implements Command {
    /** Paths per question in a guided prompt: enough for every question of a small KG, a prompt that stays short on a hub. */
    static final int GUIDED_PATHS = 20;

    @Override
    public String name() {
        return "answer";
    }

    @Override
    public String usage() {
        return "--benchmark DIR --responder lookup|rules|llm|guided --graph complete|incomplete --output PRED.jsonl"
                + " [--split test|valid|train|all] [--labels private|source|text] [--max-paths N] [store options]";
    }

    @Override
    public String summary() {
        return "answer the benchmark questions with a reference responder (lookup, rules, llm, guided)";
    }

    @Override
    public void addOptions(Options options) {
        options.addOption(Option.builder().longOpt("benchmark").hasArg().argName("DIR")
                .desc("benchmark folder written by lacuna build").get());
        options.addOption(Option.builder().longOpt("responder").hasArg().argName("NAME")
                .desc("lookup (direct triples only), rules (mined rules as SPARQL), llm (k-hop retrieval + chat model),"
                        + " guided (a chat model given the question's alternative paths and rules only, appendix H; reads"
                        + " the folder, no store)").get());
        options.addOption(Option.builder().longOpt("graph").hasArg().argName("GRAPH")
                .desc("answer from the complete or the incomplete graph, or a broken one: replaced, noisy (build --break, --noise)").get());
        options.addOption(Option.builder().longOpt("split").hasArg().argName("SPLIT")
                .desc("questions to answer: train, valid, test (default) or all").get());
        options.addOption(Option.builder().longOpt("rules").hasArg().argName("FILE")
                .desc("rules for --responder rules, AMIE3 format (default: the benchmark's rules.tsv)").get());
        options.addOption(Option.builder().longOpt("hops").hasArg().argName("K")
                .desc("llm: neighbourhood radius around the topic entity (default 2)").get());
        options.addOption(Option.builder().longOpt("max-triples").hasArg().argName("N")
                .desc("llm: at most this many retrieved triples per question (default 200)").get());
        options.addOption(Option.builder().longOpt("llm-base-url").hasArg().argName("URL")
                .desc("llm: OpenAI-compatible server (default $" + LlmSettings.ENV_BASE_URL + ")").get());
        options.addOption(Option.builder().longOpt("llm-model").hasArg().argName("NAME")
                .desc("llm: model name (default $" + LlmSettings.ENV_MODEL + ")").get());
        options.addOption(Option.builder().longOpt("labels").hasArg().argName("MODE")
                .desc("guided: how entities are named in the prompt and the answers: private (default), source or text;"
                        + " evaluate with the same --entities").get());
        options.addOption(Option.builder().longOpt("max-paths").hasArg().argName("N")
                .desc("guided: at most this many alternative paths per question in the prompt (default "
                        + GUIDED_PATHS + ")").get());
        CommonOptions.addOutput(options, "predictions file to write (JSON Lines)");
        CommonOptions.addStore(options);
        CommonOptions.addKg(options);
    }

    @Override
    public int run(CommandLine line, CliContext context) throws IOException {
        for (String required : List.of("benchmark", "responder", "graph", "output")) {
            if (!line.hasOption(required)) {
                throw new UsageException("--" + required + " is required");
            }
        }
        CommonOptions.refuseOutputOntoInputs(line, "--output", CommonOptions.output(line), Arrays.asList(
                Path.of(line.getOptionValue("benchmark")),
                line.hasOption("rules") ? Path.of(line.getOptionValue("rules")) : null), true);
        Map<String, String> env = System.getenv();
        LlmSettings llm = LlmSettings.fromEnvironment(env).withBaseUrl(line.getOptionValue("llm-base-url"))
                .withModel(line.getOptionValue("llm-model")).withRetries(2, Duration.ofSeconds(1));
        boolean configured = (line.hasOption("llm-base-url") || env.get(LlmSettings.ENV_BASE_URL) != null)
                && (line.hasOption("llm-model") || env.get(LlmSettings.ENV_MODEL) != null);
        int maxPaths = CommonOptions.intValue(line, "max-paths", GUIDED_PATHS);
        if (maxPaths < 1) {
            throw new UsageException("--max-paths must be at least 1, not " + maxPaths);
        }
        AnswerOperation.Settings settings = new AnswerOperation.Settings(
                Path.of(line.getOptionValue("benchmark")),
                ResponderKind.parse(line.getOptionValue("responder")),
                GraphRole.parse(line.getOptionValue("graph"), "--graph"),
                SplitChoice.parse(line.getOptionValue("split", SplitChoice.TEST.label())),
                CommonOptions.output(line),
                line.getOptionValue("kg"), line.getOptionValue("base"),
                line.hasOption("rules") ? Path.of(line.getOptionValue("rules")) : null,
                CommonOptions.intValue(line, "hops", 2), CommonOptions.intValue(line, "max-triples", 200),
                llm, configured, CommonOptions.choice(line, "labels", "private", LabelMode::parse), maxPaths);
        AnswerOperation.print(AnswerOperation.run(settings, () -> CommonOptions.openExistingStore(line)), context.out());
        return ExitCodes.OK;
    }
}
