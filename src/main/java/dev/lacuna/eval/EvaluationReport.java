package dev.lacuna.eval;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonIgnore;
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
        @JsonProperty("warnings") List<String> warnings,
        @JsonIgnore List<String> answerVolume) {

    /**
     * A report whose warnings are all about naming; {@code answerVolume} are the warnings (also in {@code warnings})
     * about implausibly many answers ({@link AnswerVolume}), which {@code --strict-naming} does not count.
     */
    public EvaluationReport(String format, BenchmarkInfo benchmark, EvaluationSettings settings,
            List<SystemResult> systems, List<String> notes, List<String> warnings) {
        this(format, benchmark, settings, systems, notes, warnings, List.of());
    }

    /** The warnings about naming (answers that name no entity, a naming that disagrees with an export). */
    public List<String> namingWarnings() {
        return warnings.stream().filter(w -> !answerVolume.contains(w)).toList();
    }

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
        List<String> notes = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<String> volumes = new ArrayList<>();
        // Every file read first: a file that says its naming decides the one scored in, unless one was given.
        Map<Path, SystemOutputReaders.Read> reads = new LinkedHashMap<>();
        Map<Path, EntityForm> vouched = new LinkedHashMap<>();
        for (SystemSpec s : systems) {
            for (Path file : s.files().values()) {
                SystemOutputReaders.Read read = SystemOutputReaders.read(from, file, benchmark, settings);
                reads.put(file, read);
                EntityForm own = read.naming() == null ? null
                        : read.naming().trusted(guards.namingGiven() ? settings.entities() : null, warnings);
                if (own != null) {
                    vouched.put(file, own);
                }
            }
        }
        if (vouched.values().stream().distinct().count() > 1) {
            throw new BadInputException("the predictions files name entities differently (" + String.join(", ",
                    vouched.entrySet().stream().map(v -> v.getKey() + ": " + v.getValue().label()).toList())
                    + "): evaluate one naming at a time, or give --entities");
        }
        if (!vouched.isEmpty()) {
            settings = settings.withEntities(vouched.values().iterator().next());
        }
        Evaluator evaluator = new Evaluator(benchmark, settings);
        EvidenceDiagnosis diagnosis = new EvidenceDiagnosis(benchmark, settings);
        List<SystemResult> results = new ArrayList<>();
        for (SystemSpec s : systems) {
            Map<RunSetting, RunResult> runs = new LinkedHashMap<>();
            for (Map.Entry<RunSetting, Path> e : s.files().entrySet()) {
                SystemOutputReaders.Read read = reads.get(e.getValue());
                RunResult run = evaluator.evaluate(read.outputs(), e.getValue().toString());
                if (!guards.scoreAnyway()) {
                    CoverageCheck.check(e.getValue().toString(), run.coverage(), evaluator.questions(), settings.split(),
                            benchmark, read.outputs());
                }
                Resolution resolution = run.coverage().resolution();
                if (vouched.containsKey(e.getValue())) {
                    // the file said its naming: answers that do not resolve in it but do in another contradict it
                    if (NamingCheck.low(resolution)) {
                        StatedNaming.refuseUnresolved(e.getValue().toString(), settings.entities(), resolution,
                                NamingCheck.others(resolution, benchmark, read.outputs(), settings));
                    }
                } else if (!guards.namingGiven()) {
                    NamingAmbiguity.check(s.name(), e.getKey(), e.getValue().toString(), benchmark, read.outputs(), settings);
                }
                runs.put(e.getKey(), run.withDiagnosis(diagnosis.diagnose(s.name(), e.getKey(), run, read.outputs(), from,
                        notes)));
                String naming = NamingCheck.warning(s.name(), e.getKey(), run.coverage().resolution(), benchmark,
                        read.outputs(), settings);
                if (naming != null) {
                    warnings.add(naming);
                }
                String volume = AnswerVolume.warning(s.name(), e.getKey(), run, benchmark.folder());
                if (volume != null) {
                    volumes.add(volume);
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
        warnings.addAll(volumes);
        return new EvaluationReport(report.format(), report.benchmark(), report.settings(), report.systems(), List.copyOf(all),
                List.copyOf(warnings), List.copyOf(volumes));
    }

    /** This report with more warnings (those the command finds before scoring, such as a naming that disagrees with an export). */
    public EvaluationReport withWarnings(List<String> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<String> all = new ArrayList<>(more);
        all.addAll(warnings);
        return new EvaluationReport(format, benchmark, settings, systems, notes, List.copyOf(all), answerVolume);
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
