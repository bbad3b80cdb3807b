package dev.lacuna.tog;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.BadInputException;
import dev.lacuna.Failures;
import dev.lacuna.Json;
import dev.lacuna.LacunaException;
import dev.lacuna.Progress;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.Summary;
import dev.lacuna.questions.Question;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.view.Shape;

/**
 * {@code lacuna tog}: Think-on-Graph over every question of a split, against a SPARQL endpoint. Writes ToG's own file
 * ({@code ToG_<dataset>.jsonl}, one record per question in the split's order, read by {@code evaluate --from tog})
 * and beside it the trace (per question: what ended the walk and at which depth, the queries it asked, the triples
 * it retrieved, the chains it kept, the model's prompts and replies), the timings and a run summary (with the depth
 * each question's walk reached). ToG's file and the trace depend only on the graph served, the
 * questions, the settings and the model: the same run gives the same bytes. Timings and the run summary hold the
 * clock and the number of requests actually sent (each distinct query once per run), which vary.
 */
public final class TogOperation {
    /** A run's totals. */
    public record Report(int questions, long queries, long requests, double seconds, double p50Millis,
                         double p95Millis, Map<TogStop, Integer> stops, Trimmed trimmed) {
        public double queriesPerQuestion() {
            return questions == 0 ? 0 : (double) queries / questions;
        }

        public double secondsPerQuestion() {
            return questions == 0 ? 0 : seconds / questions;
        }
    }

    /**
     * What the client did not take from the endpoint as it came: answers cut at their query's LIMIT, names cut at
     * {@link ClientLimits#MAX_NAME} characters, values (relations, entities, a model's relation names) not written into
     * a query because they are no IRI the client can write. All zero for an endpoint that follows SPARQL.
     */
    public record Trimmed(long answersCut, long namesCut, long valuesSkipped) {
        public boolean any() {
            return answersCut + namesCut + valuesSkipped > 0;
        }
    }

    private record Done(String togLine, String traceLine, String id, double seconds, int queries, TogStop stop,
                        int depth) {
    }

    private TogOperation() {
    }

    public static Report run(TogSettings s, Progress.Channel progress) {
        long start = System.nanoTime();
        BenchmarkFolder folder = BenchmarkFolder.at(s.benchmark()).requireExists();
        if (!folder.hasQuestions(s.split())) {
            throw new BadInputException(folder.questionsFile(s.split()).toString(), -1, -1,
                    "no questions of the " + s.split().label() + " split");
        }
        List<Question> questions = folder.questions(s.split());
        EndpointNaming naming = s.shape() == Shape.FREEBASE ? EndpointNaming.freebase() : plain(folder);
        SparqlClient client = new SparqlClient(s.endpoint(), s.limits(), s.credentials());
        TogQueries queries = new TogQueries(naming, client);
        Ranker ranker = switch (s.walk().pruning()) {
            case EMBEDDING -> new EmbeddingRanker(EmbeddingRanker.miniLm());
            case BM25 -> new Bm25Ranker();
            case LLM -> null;
        };
        ThinkOnGraph tog = ranker == null ? ThinkOnGraph.withReader(queries, s.walk(), new TogChat(s.chat()))
                : ThinkOnGraph.offline(queries, s.walk(), ranker);
        List<Done> done = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(s.threads(), r -> {
            Thread t = new Thread(r, "tog");
            t.setDaemon(true);
            return t;
        });
        try (Progress bar = progress.start("tog " + s.walk().pruning().label(), questions.size(), "questions")) {
            List<Future<Done>> futures = new ArrayList<>();
            for (Question q : questions) {
                futures.add(pool.submit(() -> {
                    Done d = walk(tog, queries, q);
                    bar.step(1);
                    return d;
                }));
            }
            for (Future<Done> f : futures) {
                done.add(f.get());
            }
        } catch (ExecutionException e) {
            throw Failures.rethrown(e.getCause(), "a ToG walk failed");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LacunaException("interrupted", e);
        } finally {
            pool.shutdownNow();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Report report = report(done, client, queries, seconds);
        write(s, done, report);
        return report;
    }

    private static EndpointNaming plain(BenchmarkFolder folder) {
        Summary summary = folder.summary();
        return EndpointNaming.plain(new KgGraphs(summary.base() == null ? KgGraphs.DEFAULT_BASE : summary.base(),
                summary.kg()));
    }

    /** One question: the topic's name from the endpoint (as ToG's dataset gives it), then ToG's walk. */
    private static Done walk(ThinkOnGraph tog, TogQueries queries, Question q) {
        long start = System.nanoTime();
        String topicId = queries.naming().topicId(q.topicEntity());
        String name = queries.name(topicId, null);
        String topicName = name.equals(TogQueries.UNNAMED) ? q.topicEntity() : name;
        String text = q.textNamingTopic(topicName);
        QuestionTrace trace = new QuestionTrace();
        ThinkOnGraph.Outcome outcome = tog.answer(q.id(), text, topicId, topicName, trace);
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Done(PythonJson.togRecord(text, outcome.results(), outcome.chains()),
                traceLine(q, text, topicId, topicName, outcome, trace), q.id(), seconds, trace.queries().size(),
                outcome.stop(), outcome.depth());
    }

    private static String traceLine(Question q, String text, String topicId, String topicName,
                                    ThinkOnGraph.Outcome outcome, QuestionTrace trace) {
        ObjectNode n = Json.mapper().createObjectNode();
        n.put("id", q.id());
        n.put("question", text);
        n.putObject("topic_entity").put(topicId, topicName);
        n.put("stop", outcome.stop().label());
        n.put("depth", outcome.depth());
        ArrayNode queries = n.putArray("queries");
        trace.queries().forEach(queries::add);
        ArrayNode triples = n.putArray("triples");
        for (List<String> t : trace.triples()) {
            ArrayNode row = triples.addArray();
            t.forEach(row::add);
        }
        ArrayNode kept = n.putArray("kept");
        for (List<List<String>> depth : outcome.kept()) {
            ArrayNode rows = kept.addArray();
            for (List<String> t : depth) {
                ArrayNode row = rows.addArray();
                t.forEach(row::add);
            }
        }
        ArrayNode llm = n.putArray("llm");
        for (QuestionTrace.Exchange e : trace.exchanges()) {
            llm.addObject().put("step", e.step()).put("prompt", e.prompt()).put("reply", e.reply());
        }
        return TogJson.line(n);
    }

    private static Report report(List<Done> done, SparqlClient client, TogQueries queries, double seconds) {
        long asked = done.stream().mapToLong(Done::queries).sum();
        Map<TogStop, Integer> stops = new EnumMap<>(TogStop.class);
        done.forEach(d -> stops.merge(d.stop(), 1, Integer::sum));
        List<Long> latencies = client.latencies();
        Collections.sort(latencies);
        return new Report(done.size(), asked, client.requests(), seconds, percentile(latencies, 0.50),
                percentile(latencies, 0.95), stops, new Trimmed(queries.cutAnswers(), queries.namesCut(),
                queries.skipped()));
    }

    private static double percentile(List<Long> sorted, double p) {
        if (sorted.isEmpty()) {
            return 0;
        }
        int i = (int) Math.ceil(p * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, i))) / 1e6;
    }

    /** The run's four files, all or nothing: an earlier run's are all replaced or all kept. */
    private static void write(TogSettings s, List<Done> done, Report report) {
        StringBuilder tog = new StringBuilder();
        StringBuilder trace = new StringBuilder();
        StringBuilder timings = new StringBuilder();
        for (Done d : done) {
            tog.append(d.togLine()).append('\n');
            trace.append(d.traceLine()).append('\n');
            ObjectNode t = Json.mapper().createObjectNode();
            t.put("id", d.id());
            t.put("seconds", BigDecimal.valueOf(d.seconds()).setScale(4, RoundingMode.HALF_UP));
            timings.append(TogJson.line(t)).append('\n');
        }
        ObjectNode run = Json.mapper().createObjectNode();
        run.put("endpoint", s.endpoint().toString());
        run.put("split", s.split().label());
        run.put("shape", s.shape().label());
        run.put("pruning", s.walk().pruning().label());
        run.put("width", s.walk().width());
        run.put("depth", s.walk().depth());
        run.put("retain", s.walk().retain());
        if (s.chat() == null) {
            run.put("answer_rule", s.walk().answerRule().label());
        } else {
            run.putNull("answer_rule");
        }
        run.put("seed", s.walk().seed());
        run.put("threads", s.threads());
        run.put("timeout_seconds", s.limits().timeout().toSeconds());
        run.put("max_response_bytes", s.limits().maxResponseBytes());
        run.put("questions", report.questions());
        run.put("queries", report.queries());
        run.put("queries_per_question", round(report.queriesPerQuestion()));
        run.put("requests_sent", report.requests());
        run.put("seconds", round(report.seconds()));
        run.put("seconds_per_question", round(report.secondsPerQuestion()));
        run.put("latency_p50_ms", round(report.p50Millis()));
        run.put("latency_p95_ms", round(report.p95Millis()));
        ObjectNode stops = run.putObject("stops");
        report.stops().forEach((stop, n) -> stops.put(stop.label(), n));
        ObjectNode depths = run.putObject("depth_reached");
        done.forEach(d -> depths.put(d.id(), d.depth()));
        run.put("answers_cut_at_limit", report.trimmed().answersCut());
        run.put("names_cut", report.trimmed().namesCut());
        run.put("values_skipped", report.trimmed().valuesSkipped());
        Map<String, String> files = new LinkedHashMap<>();
        files.put(s.togFile().getFileName().toString(), tog.toString());
        files.put(s.traceFile().getFileName().toString(), trace.toString());
        files.put(s.timingsFile().getFileName().toString(), timings.toString());
        files.put(s.runFile().getFileName().toString(), TogJson.pretty(run) + "\n");
        RunFiles.replace(s.out(), "ToG_" + s.dataset(), files);
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
