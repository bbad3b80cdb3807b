package dev.lacuna.eval;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

import dev.lacuna.BadInputException;
import dev.lacuna.questions.Question;

/**
 * Reads a KG-RAG system's own output file into Lacuna's records, with notes on what could not be matched.
 * <ul>
 * <li>rog: RoG's predictions.jsonl (src/qa_prediction/predict_answer.py writes {@code id, question,
 *     prediction, ground_truth, input}); {@code prediction} is the generated text, split like any raw output; the
 *     paths under "Reasoning Paths:" in {@code input} are what it retrieved ({@link RetrievalText}).</li>
 * <li>brink: {@code [{id, raw_output}]}, the predictions evaluation/evaluate_brink.py reads.</li>
 * <li>tog: ToG's ToG_&lt;dataset&gt;.jsonl (ToG/utils.py save_2_jsonl writes {@code question, results,
 *     reasoning_chains}, no id): matched to questions by their text (case and white space ignored, the topic
 *     named as --entities names it); unmatched and ambiguous records are counted in the notes. The answer is the
 *     text in ToG's braces when there are any ({@code {Paris}}, as its prompts ask), else the whole result; a
 *     leading {@code {Yes}} is the reader's verdict, not an answer ({@link #answerText}). Its
 *     {@code reasoning_chains}, and {@code lacuna tog}'s trace beside the file, are what it retrieved
 *     ({@link TogRetrieval}).</li>
 * <li>gnnrag: GNN-RAG's &lt;experiment&gt;_test.info (gnn/evaluate.py: one line per test question in the order of
 *     test.json, with no id; {@code cand} is the list of {@code [entity, probability]} that f1_and_hits already cut
 *     where the probabilities pass eps): the system's own answers are every entity in {@code cand}. Lines are
 *     matched to the split's questions by position, so the file must have exactly one line per question.</li>
 * </ul>
 */
public final class SystemOutputReaders {
    private static final Pattern BRACES = Pattern.compile("\\{([^{}]*)}");
    private static final Pattern VERDICT = Pattern.compile("\\s*\\{\\s*(?:y\\s*e\\s*s|n\\s*o)\\s*}",
            Pattern.CASE_INSENSITIVE);

    /**
     * Records read and notes for the report; {@code naming} is what the file says of how its answers name entities
     * (Lacuna's predictions format can say it, a system's own output cannot).
     */
    public record Read(List<SystemOutput> outputs, List<String> notes, StatedNaming naming) {
        public Read(List<SystemOutput> outputs, List<String> notes) {
            this(outputs, notes, null);
        }

        static Read of(PredictionsReader.Records records) {
            return new Read(records.outputs(), List.of(), records.naming());
        }
    }

    private SystemOutputReaders() {
    }

    public static Read read(OutputSource from, Path file, Benchmark benchmark, EvaluationSettings settings) {
        return switch (from) {
            case LACUNA -> Read.of(PredictionsReader.read(file, settings.field(), benchmark.identity()));
            case ROG -> Read.of(PredictionsReader.read(file, PredictionField.PREDICTION, benchmark.identity(), true));
            case BRINK -> Read.of(PredictionsReader.read(file, PredictionField.RAW_OUTPUT, benchmark.identity()));
            case TOG -> tog(file, benchmark, settings);
            case GNNRAG -> gnnrag(file, benchmark, settings);
        };
    }

    private static Read tog(Path file, Benchmark benchmark, EvaluationSettings settings) {
        List<Question> questions = benchmark.questions(settings.split());
        Map<String, String> names = topicNames(benchmark, questions, settings.entities());
        Map<String, List<String>> byText = new HashMap<>();
        for (Question q : questions) {
            byText.computeIfAbsent(key(q.textNamingTopic(names.get(q.topicEntity()))), k -> new ArrayList<>()).add(q.id());
        }
        List<SystemOutput> out = new ArrayList<>();
        int unmatched = 0;
        int ambiguous = 0;
        Set<String> seen = new HashSet<>();
        List<String> examples = new ArrayList<>();
        for (PredictionsReader.JsonLine line : PredictionsReader.jsonLines(file)) {
            long n = line.line();
            JsonNode node = line.node();
            JsonNode question = node.get("question");
            JsonNode results = node.get("results");
            if (question == null || !question.isTextual() || results == null) {
                throw new BadInputException(file.toString(), n, -1, "expected ToG's {\"question\": ..., \"results\": ...}");
            }
            List<String> ids = byText.get(key(question.asText()));
            if (ids == null) {
                unmatched++;
                if (examples.size() < 3) {
                    examples.add("\"" + question.asText() + "\"");
                }
                continue;
            }
            if (ids.size() > 1) {
                ambiguous++;
                continue;
            }
            seen.add(ids.get(0));
            out.add(new SystemOutput(ids.get(0), null, answerText(results.isTextual() ? results.asText() : results.toString()), n,
                    TogRetrieval.chains(node)));
        }
        List<String> notes = new ArrayList<>();
        if (unmatched > 0) {
            notes.add("tog: " + unmatched + " records match no question text of the " + settings.split() + " split (e.g. "
                    + String.join(", ", examples) + "): were they asked with --entities " + settings.entities().label() + " names?");
        }
        if (ambiguous > 0) {
            notes.add("tog: " + ambiguous + " records have a question text shared by several questions and were left out");
        }
        if (out.isEmpty()) {
            throw new BadInputException(file.toString(), -1, -1, "no ToG record matches a question of the "
                    + settings.split() + " split by its text (" + unmatched + " unmatched)");
        }
        return new Read(TogRetrieval.withTrace(file, out, notes), notes);
    }

    /**
     * ToG's answer in a result: the text in its braces, as its prompts ask for the answer. A result that begins with
     * a brace reading yes or no (as ToG's {@code if_true} reads it: case and spaces aside) is the reply to ToG's
     * "enough?" prompt, which ToG saves whole when it reads {@code {Yes}}: that brace is the reader's verdict, not an
     * answer, and the answer is in the braces after it. Without braces (after the verdict, if any), the text itself.
     */
    static String answerText(String results) {
        String text = results;
        Matcher verdict = VERDICT.matcher(text);
        if (verdict.lookingAt()) {
            text = text.substring(verdict.end()).replaceFirst("^[\\s.:,;!]+", "");
        }
        Matcher m = BRACES.matcher(text);
        List<String> parts = new ArrayList<>();
        while (m.find()) {
            parts.add(m.group(1));
        }
        return parts.isEmpty() ? text : String.join(", ", parts);
    }

    private static String key(String text) {
        return text.trim().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
    }

    private static Map<String, String> topicNames(Benchmark benchmark, List<Question> questions, EntityForm form) {
        Map<String, String> out = new HashMap<>();
        if (form == EntityForm.PRIVATE) {
            questions.forEach(q -> out.put(q.topicEntity(), q.topicEntity()));
            return out;
        }
        Set<String> ids = new HashSet<>();
        questions.forEach(q -> ids.add(q.topicEntity()));
        benchmark.entityNames(ids).forEach((id, name) -> out.put(id, name.render(form, id)));
        return out;
    }

    private static Read gnnrag(Path file, Benchmark benchmark, EvaluationSettings settings) {
        List<Question> questions = benchmark.questions(settings.split());
        List<PredictionsReader.JsonLine> lines = PredictionsReader.jsonLines(file);
        if (lines.size() != questions.size()) {
            throw new BadInputException(file.toString(), -1, -1, "GNN-RAG's test.info has one line per question in the"
                    + " order of the exported " + settings.split() + " file and no ids: expected " + questions.size()
                    + " lines, found " + lines.size() + " (was a question with no entities skipped, or another split scored?)");
        }
        Set<String> answerIds = new HashSet<>();
        questions.forEach(q -> answerIds.addAll(q.answers()));
        Map<String, String> names = new HashMap<>();
        if (settings.entities() == EntityForm.PRIVATE) {
            answerIds.forEach(a -> names.put(a, a));
        } else {
            benchmark.entityNames(answerIds).forEach((id, name) -> names.put(id, name.render(settings.entities(), id)));
        }
        List<SystemOutput> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            long line = lines.get(i).line();
            JsonNode gold = lines.get(i).node().get("answers");
            if (gold != null && gold.isArray()) {
                // test.info repeats the gold answers: a mismatch means the lines and the questions are out of step.
                Set<String> theirs = new HashSet<>();
                gold.forEach(a -> theirs.add(a.asText()));
                Set<String> ours = new HashSet<>();
                questions.get(i).answers().forEach(a -> ours.add(names.getOrDefault(a, a)));
                if (!theirs.equals(ours)) {
                    throw new BadInputException(file.toString(), line, -1, "line " + line + " answers "
                            + String.join(", ", new java.util.TreeSet<>(theirs)) + " but question " + questions.get(i).id()
                            + " has " + String.join(", ", new java.util.TreeSet<>(ours)) + ": the lines are out of step with the "
                            + settings.split() + " split, or --entities does not match the export's label setting");
                }
            }
            JsonNode cand = lines.get(i).node().get("cand");
            if (cand == null || !cand.isArray()) {
                throw new BadInputException(file.toString(), line, -1, "expected GNN-RAG's \"cand\": [[entity, probability], ...]"
                        + " (a file in Lacuna's predictions format, such as answers taken from cand, is read with --from lacuna)");
            }
            List<String> answers = new ArrayList<>();
            for (JsonNode c : cand) {
                if (!c.isArray() || c.isEmpty()) {
                    throw new BadInputException(file.toString(), line, -1, "a \"cand\" entry is not [entity, probability]");
                }
                answers.add(c.get(0).asText());
            }
            out.add(new SystemOutput(questions.get(i).id(), answers, null, line));
        }
        return new Read(out, List.of());
    }
}
