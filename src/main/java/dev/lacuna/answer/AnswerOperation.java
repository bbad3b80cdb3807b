package dev.lacuna.answer;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import com.fasterxml.jackson.databind.ObjectWriter;

import dev.lacuna.BadInputException;
import dev.lacuna.Json;
import dev.lacuna.LacunaException;
import dev.lacuna.Progress;
import dev.lacuna.evidence.FolderPaths;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.BenchmarkIdentity;
import dev.lacuna.folder.Summary;
import dev.lacuna.questions.LlmSettings;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.SplitChoice;
import dev.lacuna.questions.SplitName;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.SparqlFiles;
import dev.lacuna.store.Explicit;
import dev.lacuna.view.LabelMode;

/**
 * The {@code answer} stage: a reference responder answers a benchmark's questions against the complete or the
 * incomplete graph of a store, and the predictions are written as JSON Lines that {@code lacuna evaluate} reads, each
 * record saying the benchmark it answers and its naming (private ids), bound to its answers ({@link Answer#written}).
 * The command only parses options into {@link Settings}.
 *
 * @see ResponderKind
 */
public final class AnswerOperation {
    /**
     * @param benchmark     the benchmark folder
     * @param responder     which responder answers
     * @param graph         the graph it may read
     * @param split         which questions it answers
     * @param output        the predictions file to write
     * @param kg            the KG name, or null for the folder's own (summary.json)
     * @param base          the base IRI, or null for the folder's own
     * @param rules         rules for {@link ResponderKind#RULES}, or null for the folder's rules.tsv
     * @param hops          {@link ResponderKind#LLM}: radius of the neighbourhood retrieved around the topic
     * @param maxTriples    {@link ResponderKind#LLM}: at most this many retrieved triples per question
     * @param llm           {@link ResponderKind#LLM}: the chat model's settings
     * @param llmConfigured whether a server and a model were named (else the llm responder refuses to start)
     * @param labels        {@link ResponderKind#GUIDED}: how entities are named in the prompt and so in the answers
     * @param maxPaths      {@link ResponderKind#GUIDED}: at most this many alternative paths per question
     */
    public record Settings(Path benchmark, ResponderKind responder, GraphRole graph, SplitChoice split, Path output,
                           String kg, String base, Path rules, int hops, int maxTriples, LlmSettings llm,
                           boolean llmConfigured, LabelMode labels, int maxPaths) {
    }

    /** What one run did, for the command's one-line report. */
    public record Result(String responder, int answered, int empty, double seconds, Path output) {
    }

    private AnswerOperation() {
    }

    /** The KG the folder was built from, unless the settings name another. */
    public static KgGraphs kg(Settings s) {
        BenchmarkFolder folder = BenchmarkFolder.at(s.benchmark()).requireExists();
        String kg = s.kg();
        String base = s.base();
        if ((kg == null || base == null) && Files.exists(folder.summaryFile())) {
            Summary summary = folder.summary();
            kg = kg == null ? summary.kg() : kg;
            base = base == null ? summary.base() : base;
        }
        return new KgGraphs(base == null ? KgGraphs.DEFAULT_BASE : base, kg == null ? KgGraphs.DEFAULT_KG : kg);
    }

    /** The questions of the chosen split(s), each with its split set. */
    public static List<Question> questions(Settings s) {
        BenchmarkFolder folder = BenchmarkFolder.at(s.benchmark()).requireExists();
        List<Question> out = new ArrayList<>();
        for (SplitName split : s.split().parts()) {
            if (!folder.hasQuestions(split)) {
                if (s.split() == SplitChoice.ALL) {
                    continue;
                }
                throw new BadInputException(folder.questionsFile(split).toString(), -1, -1, "the benchmark has no " + split + " split");
            }
            out.addAll(folder.questions(split));
        }
        return out;
    }

    /**
     * Answers every question of the settings' split from the store and writes the predictions file. The folder is
     * read before the store is opened (and shut down again), so bad input is reported without touching the store.
     */
    public static Result run(Settings s, Supplier<Repository> store) throws IOException {
        List<Question> questions = questions(s);
        if (s.responder() == ResponderKind.GUIDED) {
            return answerAll(guided(s), questions, s.output(),
                    BenchmarkIdentity.recordedOrComputed(BenchmarkFolder.at(s.benchmark())), s.labels());
        }
        KgGraphs kg = kg(s);
        Repository repository = store.get();
        try (RepositoryConnection connection = repository.getConnection()) {
            IRI graph = kg.graph(s.graph());
            boolean present = Explicit.booleanQuery(connection, SparqlFiles.render("ask-graph.rq", Map.of("graph", graph)))
                    .evaluate();
            if (!present) {
                throw new LacunaException("graph " + graph + " is empty or missing in the store: load the KG '"
                        + kg.name() + "' and build the benchmark first (or give --kg/--base)");
            }
            GraphAccess access = new GraphAccess(connection, kg, graph);
            return answerAll(responder(s, access), questions, s.output(),
                    BenchmarkIdentity.recordedOrComputed(BenchmarkFolder.at(s.benchmark())), LabelMode.PRIVATE);
        } finally {
            repository.shutDown();
        }
    }

    private static Responder responder(Settings s, GraphAccess access) {
        return switch (s.responder()) {
            case LOOKUP -> new LookupResponder(access);
            case RULES -> {
                Path rules = s.rules() != null ? s.rules() : BenchmarkFolder.at(s.benchmark()).rulesFile();
                if (!Files.exists(rules)) {
                    throw new BadInputException(rules.toString(), -1, -1, "rules file does not exist (give --rules FILE)");
                }
                yield new RulesResponder(access, AmieRules.read(rules));
            }
            case LLM -> new LlmResponder(new Neighbourhood(access, s.hops(), s.maxTriples()),
                    LlmResponder.chatModel(s.llm(), s.llmConfigured()));
            case GUIDED -> guided(s);
        };
    }

    /**
     * Guided reasoning reads the folder's files, never the store: the alternative paths come from rules.tsv and the
     * graph file. The folder is checked before the chat model is asked anything.
     */
    private static Responder guided(Settings s) {
        BenchmarkFolder folder = BenchmarkFolder.at(s.benchmark()).requireExists();
        List<String> missing = FolderPaths.missing(folder, s.graph());
        if (!missing.isEmpty()) {
            throw new BadInputException(folder.dir().toString(), -1, -1, "guided reasoning needs the benchmark folder's "
                    + String.join(", ", missing) + ": the alternative paths are found from them");
        }
        FolderPaths paths = FolderPaths.read(folder, s.maxPaths());
        return new GuidedResponder(paths.graph(s.graph()), LlmResponder.chatModel(s.llm(), s.llmConfigured()),
                paths.entities(), s.labels());
    }

    /** Writes every question's answer, each record stating {@code naming}: how the responder's answers name entities. */
    private static Result answerAll(Responder responder, List<Question> questions, Path output, String identity,
            LabelMode naming) throws IOException {
        ObjectWriter json = Json.mapper().writer();
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
                // the responders see the graph in private ids and answer in them; the file says so
                w.write(json.writeValueAsString(a.written(identity, naming)));
                w.write('\n');
                answered++;
                progress.step(1);
            }
        } catch (RuntimeException | IOException e) {
            Files.deleteIfExists(partial);
            throw e;
        }
        // written under a temporary name first, so a failed run never leaves a half file that looks complete
        Files.move(partial, output, StandardCopyOption.REPLACE_EXISTING);
        return new Result(responder.name(), answered, empty, (System.nanoTime() - start) / 1e9, output);
    }

    /** The command's report line, on standard output: the progress beside it goes to standard error. */
    public static void print(Result r, PrintStream out) {
        out.printf("%s answered %d questions (%d with no answer) in %.1f s -> %s%n",
                r.responder(), r.answered(), r.empty(), r.seconds(), r.output());
    }
}
