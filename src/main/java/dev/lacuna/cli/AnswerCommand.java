package dev.lacuna.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.BadInputException;
import dev.lacuna.ExitCodes;
import dev.lacuna.Json;
import dev.lacuna.LacunaException;
import dev.lacuna.Progress;
import dev.lacuna.eval.Benchmark;
import dev.lacuna.eval.responders.Answer;
import dev.lacuna.eval.responders.GraphAccess;
import dev.lacuna.eval.responders.LlmResponder;
import dev.lacuna.eval.responders.LookupResponder;
import dev.lacuna.eval.responders.Neighbourhood;
import dev.lacuna.eval.responders.Responder;
import dev.lacuna.eval.responders.ResponderKind;
import dev.lacuna.eval.responders.RulesResponder;
import dev.lacuna.questions.LlmSettings;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.SplitChoice;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.SparqlFiles;

/**
 * {@code lacuna answer}: runs a reference responder (lookup, rules, llm) over a benchmark's questions
 * against the complete or the incomplete graph in the store and writes a predictions file that
 * {@code lacuna evaluate} reads. The KG name and base IRI come from the benchmark's summary.json unless
 * --kg/--base are given.
 */
public final class AnswerCommand implements Command {
    @Override
    public String name() {
        return "answer";
    }

    @Override
    public String usage() {
        return "--benchmark DIR --responder lookup|rules|llm --graph complete|incomplete --output PRED.jsonl"
                + " [--split test|valid|train|all] [store options]";
    }

    @Override
    public String summary() {
        return "answer the benchmark questions with a reference responder (lookup, rules, llm)";
    }

    @Override
    public void addOptions(Options options) {
        options.addOption(Option.builder().longOpt("benchmark").hasArg().argName("DIR")
                .desc("benchmark folder written by lacuna build").get());
        options.addOption(Option.builder().longOpt("responder").hasArg().argName("NAME")
                .desc("lookup (direct triples only), rules (mined rules as SPARQL), llm (k-hop retrieval + chat model)").get());
        options.addOption(Option.builder().longOpt("graph").hasArg().argName("GRAPH")
                .desc("answer from the complete or the incomplete graph").get());
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
        ResponderKind responderKind = ResponderKind.parse(line.getOptionValue("responder"));
        GraphRole role = GraphRole.parse(line.getOptionValue("graph"), "--graph");
        SplitChoice split = SplitChoice.parse(line.getOptionValue("split", SplitChoice.TEST.label()));
        Benchmark benchmark = Benchmark.load(Path.of(line.getOptionValue("benchmark")));
        List<Question> questions = benchmark.questions(split);
        KgGraphs kg = new KgGraphs(
                line.getOptionValue("base", benchmark.base() == null ? KgGraphs.DEFAULT_BASE : benchmark.base()),
                line.getOptionValue("kg", benchmark.kg() == null ? KgGraphs.DEFAULT_KG : benchmark.kg()));
        Path output = CommonOptions.output(line);

        Repository repository = CommonOptions.openExistingStore(line);
        try (RepositoryConnection connection = repository.getConnection()) {
            IRI graph = kg.graph(role);
            boolean present = connection.prepareBooleanQuery(SparqlFiles.render("ask-graph.rq", Map.of("graph", graph)))
                    .evaluate();
            if (!present) {
                throw new LacunaException("graph " + graph + " is empty or missing in the store: load the KG '"
                        + kg.name() + "' and build the benchmark first (or give --kg/--base)");
            }
            GraphAccess access = new GraphAccess(connection, kg, graph);
            Responder responder = responder(responderKind, access, benchmark, line);
            answerAll(responder, questions, output, context);
        } finally {
            repository.shutDown();
        }
        return ExitCodes.OK;
    }

    private static Responder responder(ResponderKind kind, GraphAccess access, Benchmark benchmark, CommandLine line) {
        switch (kind) {
            case LOOKUP:
                return new LookupResponder(access);
            case RULES: {
                Path rules = line.hasOption("rules") ? Path.of(line.getOptionValue("rules"))
                        : benchmark.dir().resolve("rules.tsv");
                if (!Files.exists(rules)) {
                    throw new BadInputException(rules.toString(), -1, -1, "rules file does not exist (give --rules FILE)");
                }
                return new RulesResponder(access, AmieRules.read(rules));
            }
            default: {
                Map<String, String> env = System.getenv();
                LlmSettings settings = LlmSettings.fromEnvironment(env).withBaseUrl(line.getOptionValue("llm-base-url"))
                        .withModel(line.getOptionValue("llm-model")).withRetries(2, java.time.Duration.ofSeconds(1));
                boolean configured = (line.hasOption("llm-base-url") || env.get(LlmSettings.ENV_BASE_URL) != null)
                        && (line.hasOption("llm-model") || env.get(LlmSettings.ENV_MODEL) != null);
                Neighbourhood retriever = new Neighbourhood(access, CommonOptions.intValue(line, "hops", 2),
                        CommonOptions.intValue(line, "max-triples", 200));
                return new LlmResponder(retriever, LlmResponder.chatModel(settings, configured));
            }
        }
    }

    private static void answerAll(Responder responder, List<Question> questions, Path output, CliContext context)
            throws IOException {
        ObjectMapper json = Json.mapper();
        Path parent = output.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Path partial = output.resolveSibling(output.getFileName() + ".partial");
        long start = System.nanoTime();
        int answered = 0;
        int empty = 0;
        try (BufferedWriter w = Files.newBufferedWriter(partial, StandardCharsets.UTF_8);
                Progress progress = Progress.start("answer " + responder.name(), questions.size(), "questions")) {
            for (Question q : questions) {
                Answer a = responder.answer(q);
                if (a.prediction() != null && a.prediction().isEmpty()) {
                    empty++;
                }
                w.write(json.writeValueAsString(a));
                w.write('\n');
                answered++;
                progress.step(1);
            }
        } catch (RuntimeException | IOException e) {
            Files.deleteIfExists(partial);
            throw e;
        }
        // written under a temporary name first, so a failed run never leaves a half file that looks complete
        Files.move(partial, output, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        context.err().printf("lacuna answer: %s answered %d questions (%d with no answer) in %.1f s -> %s%n",
                responder.name(), answered, empty, (System.nanoTime() - start) / 1e9, output);
    }
}
