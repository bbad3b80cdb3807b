package dev.lacuna.eval;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import dev.lacuna.BadInputException;

/**
 * A whole evaluation: which benchmark, how predictions were read, and each system's results. Field
 * names are stable: tools may read the JSON form.
 */
@JsonPropertyOrder({"format", "benchmark", "settings", "systems", "notes", "warnings"})
public record EvaluationReport(
        @JsonProperty("format") String format,
        @JsonProperty("benchmark") BenchmarkInfo benchmark,
        @JsonProperty("settings") EvaluationSettings settings,
        @JsonProperty("systems") List<SystemResult> systems,
        @JsonProperty("notes") List<String> notes,
        @JsonProperty("warnings") List<String> warnings) {

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
        return evaluate(benchmark, settings, systems, OutputSource.LACUNA);
    }

    /**
     * Reads every file as the given system writes its output ({@link SystemOutputReaders}) and scores it. BRINK's
     * raw outputs are split on commas and line breaks only, as evaluate_brink.py splits them, unless --delimiters
     * says otherwise; its own six numbers are added to the notes.
     */
    public static EvaluationReport evaluate(Benchmark benchmark, EvaluationSettings settings, List<SystemSpec> systems,
            OutputSource from) {
        return evaluate(benchmark, settings, systems, from, EvaluationGuards.NONE);
    }

    /** As {@link #evaluate(Benchmark, EvaluationSettings, List, OutputSource)}, refusing what the guards say. */
    public static EvaluationReport evaluate(Benchmark benchmark, EvaluationSettings settings, List<SystemSpec> systems,
            OutputSource from, EvaluationGuards guards) {
        if (from == OutputSource.BRINK && settings.delimiters() == Delimiters.AUTO) {
            settings = settings.withDelimiters(Delimiters.COMMA_NEWLINE);
        }
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
        EvidenceDiagnosis diagnosis = new EvidenceDiagnosis(benchmark, settings);
        List<SystemResult> results = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (SystemSpec s : systems) {
            Map<RunSetting, RunResult> runs = new LinkedHashMap<>();
            for (Map.Entry<RunSetting, Path> e : s.files().entrySet()) {
                SystemOutputReaders.Read read = SystemOutputReaders.read(from, e.getValue(), benchmark, settings);
                RunResult run = evaluator.evaluate(read.outputs(), e.getValue().toString());
                if (!guards.scoreAnyway()) {
                    CoverageCheck.check(e.getValue().toString(), run.coverage(), evaluator.questions(), settings.split(),
                            benchmark, read.outputs());
                }
                if (!guards.namingGiven() && !(read.privateIds() && settings.entities() == EntityForm.PRIVATE)) {
                    NamingAmbiguity.check(s.name(), e.getKey(), e.getValue().toString(), benchmark, read.outputs(), settings);
                }
                runs.put(e.getKey(), run.withDiagnosis(diagnosis.diagnose(s.name(), e.getKey(), run, read.outputs(), from,
                        notes)));
                String naming = NamingCheck.warning(s.name(), e.getKey(), run.coverage().resolution(), benchmark,
                        read.outputs(), settings);
                if (naming != null) {
                    warnings.add(naming);
                }
                notes.addAll(read.notes());
                if (from == OutputSource.BRINK) {
                    BrinkScores b = BrinkScores.score(evaluator.brinkGold(), read.outputs());
                    notes.add(String.format(Locale.ROOT, "%s (%s): evaluate_brink.py's numbers: num_examples %d, "
                            + "num_missing_predictions %d, Hits@Any %.6f, Precision %.6f, Recall %.6f, F1 %.6f, Hits@Hard %.6f, HHR %.6f",
                            s.name(), e.getKey(), b.examples(), b.missing(), b.hitsAtAny(), b.precision(), b.recall(), b.f1(),
                            b.hitsAtHard(), b.hhr()));
                }
            }
            results.add(SystemResult.of(s.name(), runs));
        }
        EvaluationReport report = of(benchmark, settings, evaluator.questions(), results);
        List<String> all = new ArrayList<>(report.notes());
        all.addAll(notes);
        return new EvaluationReport(report.format(), report.benchmark(), report.settings(), report.systems(), List.copyOf(all),
                List.copyOf(warnings));
    }

    /** This report with more warnings (those the command finds before scoring, such as a naming that disagrees with an export). */
    public EvaluationReport withWarnings(List<String> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<String> all = new ArrayList<>(more);
        all.addAll(warnings);
        return new EvaluationReport(format, benchmark, settings, systems, notes, List.copyOf(all));
    }

    public static EvaluationReport of(Benchmark benchmark, EvaluationSettings settings, int questions,
            List<SystemResult> results) {
        List<String> notes = new ArrayList<>();
        notes.add("Strict protocol (paper section 4, appendix E): outputs split with delimiters '"
                + settings.delimiters().label() + "' (resolved: " + settings.delimiters().resolve(settings.entities()).label()
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
                settings, List.copyOf(results), List.copyOf(notes), List.of());
    }

    /** The settings that occur in this report, complete before incomplete before single. */
    public List<RunSetting> settingsPresent() {
        List<RunSetting> out = new ArrayList<>();
        for (RunSetting s : RunSetting.values()) {
            if (systems.stream().anyMatch(r -> r.runs().containsKey(s))) {
                out.add(s);
            }
        }
        return out;
    }
}
