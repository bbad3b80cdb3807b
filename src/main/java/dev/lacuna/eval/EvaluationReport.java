package dev.lacuna.eval;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import dev.lacuna.BadInputException;

/**
 * A whole evaluation: which benchmark, how predictions were read, and each system's results. Field
 * names are stable: tools may read the JSON form.
 */
@JsonPropertyOrder({"format", "benchmark", "settings", "systems", "notes"})
public record EvaluationReport(
        @JsonProperty("format") String format,
        @JsonProperty("benchmark") BenchmarkInfo benchmark,
        @JsonProperty("settings") EvaluationSettings settings,
        @JsonProperty("systems") List<SystemResult> systems,
        @JsonProperty("notes") List<String> notes) {

    /** Identifies the report layout; bump when a field changes meaning. */
    public static final String FORMAT = "lacuna-evaluation/1";

    @JsonPropertyOrder({"dir", "kg", "questions"})
    public record BenchmarkInfo(
            @JsonProperty("dir") String dir,
            @JsonProperty("kg") String kg,
            @JsonProperty("questions") int questions) {
    }

    /** Reads and scores every file of every system. */
    public static EvaluationReport evaluate(Benchmark benchmark, EvaluationSettings settings, List<SystemSpec> systems) {
        if (systems.isEmpty()) {
            throw new BadInputException("nothing to evaluate: give predictions files");
        }
        Set<String> names = new LinkedHashSet<>();
        for (SystemSpec s : systems) {
            if (!names.add(s.name())) {
                throw new BadInputException("system name '" + s.name() + "' is given twice");
            }
        }
        Evaluator evaluator = new Evaluator(benchmark, settings);
        List<SystemResult> results = new ArrayList<>();
        for (SystemSpec s : systems) {
            Map<String, RunResult> runs = new LinkedHashMap<>();
            for (Map.Entry<String, Path> e : s.files().entrySet()) {
                List<SystemOutput> outputs = PredictionsReader.read(e.getValue(), settings.field());
                runs.put(e.getKey(), evaluator.evaluate(outputs, e.getValue().toString()));
            }
            results.add(SystemResult.of(s.name(), runs));
        }
        return of(benchmark, settings, evaluator.questions(), results);
    }

    public static EvaluationReport of(Benchmark benchmark, EvaluationSettings settings, int questions,
            List<SystemResult> results) {
        List<String> notes = new ArrayList<>();
        notes.add("Strict protocol (paper section 4, appendix E): outputs split with delimiters '"
                + settings.delimiters().word() + "' (resolved: " + settings.delimiters().resolve(settings.entities()).word()
                + "), answers normalised (lower case; punctuation, articles a/an/the, <pad> and extra white space removed), "
                + "compared as sets; metrics are per-question averages.");
        notes.add("HHR = Hits@Hard / Hits@Any; it is null (undefined) wherever Hits@Any is 0.");
        notes.add("Permissive metrics (appendix I) follow RoG's evaluate_results.py: substring matching, Hits@1 without ranking; "
                + "they inflate scores and are NOT the protocol.");
        for (SystemResult r : results) {
            r.runs().forEach((setting, run) -> {
                if (run.coverage().missing() > 0) {
                    notes.add(r.name() + " (" + setting + "): " + run.coverage().missing() + " of " + questions
                            + " questions have no prediction and score 0 (e.g. " + String.join(", ", run.coverage().missingExamples()) + ")");
                }
                if (run.coverage().otherSplit() > 0) {
                    notes.add(r.name() + " (" + setting + "): " + run.coverage().otherSplit()
                            + " records answer questions of other splits and were ignored");
                }
            });
        }
        return new EvaluationReport(FORMAT, new BenchmarkInfo(benchmark.dir().toString(), benchmark.kg(), questions),
                settings, List.copyOf(results), List.copyOf(notes));
    }

    /** The settings that occur in this report, complete before incomplete before single. */
    public List<String> settingsPresent() {
        List<String> out = new ArrayList<>();
        for (String s : List.of(SystemSpec.COMPLETE, SystemSpec.INCOMPLETE, SystemSpec.SINGLE)) {
            if (systems.stream().anyMatch(r -> r.runs().containsKey(s))) {
                out.add(s);
            }
        }
        return out;
    }
}
