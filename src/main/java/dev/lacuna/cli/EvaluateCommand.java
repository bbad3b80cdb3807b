package dev.lacuna.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.AtomicFiles;
import dev.lacuna.BadInputException;
import dev.lacuna.Defaults;
import dev.lacuna.ExitCodes;
import dev.lacuna.Json;
import dev.lacuna.OutputGuard;
import dev.lacuna.Warnings;
import dev.lacuna.eval.Benchmark;
import dev.lacuna.eval.Delimiters;
import dev.lacuna.eval.Diagnosis;
import dev.lacuna.eval.DiagnosisSettings;
import dev.lacuna.eval.EntityForm;
import dev.lacuna.eval.EvaluationGuards;
import dev.lacuna.eval.EvaluationReport;
import dev.lacuna.eval.EvaluationSettings;
import dev.lacuna.eval.ExportNaming;
import dev.lacuna.eval.OutputSource;
import dev.lacuna.eval.PredictionField;
import dev.lacuna.eval.QuestionScore;
import dev.lacuna.eval.ReportFormat;
import dev.lacuna.eval.RunResult;
import dev.lacuna.eval.RunSetting;
import dev.lacuna.eval.SystemResult;
import dev.lacuna.eval.SystemSpec;
import dev.lacuna.evidence.AlternativePaths;
import dev.lacuna.export.ExportManifest;
import dev.lacuna.folder.BenchmarkIdentity;
import dev.lacuna.questions.SplitChoice;
import dev.lacuna.store.GraphRole;

/**
 * {@code lacuna evaluate}: scores predictions files against a benchmark folder with the strict protocol
 * and writes a JSON, Markdown or HTML report. Three ways to name the files, combinable:
 * {@code --predictions FILE} (one file), {@code --complete FILE --incomplete FILE} (one system on both
 * graphs), {@code --system NAME=FILE} or {@code --system NAME=COMPLETE_FILE,INCOMPLETE_FILE} (repeatable).
 */
public final class EvaluateCommand implements Command {

    @Override
    public String name() {
        return "evaluate";
    }

    @Override
    public String usage() {
        return "--benchmark DIR (--predictions FILE | [--complete FILE --incomplete FILE] [--replaced FILE] [--noisy FILE] | --system NAME=FILE[,FILE]...)"
                + " [--export EXPORT_DIR]... [--entities FORM] [--from SYSTEM] [--strict-naming] [--score-anyway]"
                + " [--split test|valid|train|all] [--format json|markdown|html] [--output FILE]"
                + " [--max-paths N] [--cases K] [--seed N]";
    }

    @Override
    public String summary() {
        return "score predictions with the strict protocol (Hits@Any, P, R, F1, Hits@Hard, HHR)";
    }

    @Override
    public void addOptions(Options options) {
        options.addOption(Option.builder().longOpt("benchmark").hasArg().argName("DIR")
                .desc("benchmark folder written by lacuna build").get());
        options.addOption(Option.builder().longOpt("predictions").hasArg().argName("FILE")
                .desc("one predictions file (JSONL or JSON array of {id, prediction|raw_output})").get());
        options.addOption(Option.builder().longOpt("complete").hasArg().argName("FILE")
                .desc("predictions of the system on the complete KG").get());
        options.addOption(Option.builder().longOpt("incomplete").hasArg().argName("FILE")
                .desc("predictions of the system on the incomplete KG").get());
        options.addOption(Option.builder().longOpt("replaced").hasArg().argName("FILE")
                .desc("predictions of the system on the replaced KG of build --break replace (adds Trap Rate)").get());
        options.addOption(Option.builder().longOpt("noisy").hasArg().argName("FILE")
                .desc("predictions of the system on the noisy KG of build --noise").get());
        options.addOption(Option.builder().longOpt("name").hasArg().argName("NAME")
                .desc("system name for --predictions or --complete/--incomplete (default: system)").get());
        options.addOption(Option.builder().longOpt("system").hasArg().argName("NAME=FILE[,FILE]")
                .desc("a named system: one file, complete and incomplete files separated by a comma, or one file per"
                        + " graph as GRAPH:FILE,GRAPH:FILE (complete, incomplete, replaced, noisy) (repeatable)").get());
        options.addOption(Option.builder().longOpt("split").hasArg().argName("SPLIT")
                .desc("questions to score: train, valid, test (default) or all").get());
        options.addOption(Option.builder().longOpt("field").hasArg().argName("FIELD")
                .desc("record field with the answer: auto (default: prediction if present, else raw_output), prediction, raw_output").get());
        options.addOption(Option.builder().longOpt("entities").hasArg().argName("FORM")
                .desc("how predictions name entities: private, source or text; mapped through entities.tsv (default: from --export, else private)").get());
        options.addOption(Option.builder().longOpt("export").hasArg().argName("DIR")
                .desc("a folder written by lacuna export: --entities and --from are taken from its export.json (repeatable: "
                        + "the complete and the incomplete export)").get());
        options.addOption(Option.builder().longOpt("strict-naming")
                .desc("exit 2 and write nothing when a naming warning is raised (fewer than half the predicted answers "
                        + "name a KG entity, or --entities disagrees with --export)").get());
        options.addOption(Option.builder().longOpt("score-anyway")
                .desc("score a file even when most of the split's questions have no prediction or most records answer "
                        + "questions of other splits (refused by default: such a file was likely made for another benchmark "
                        + "or split)").get());
        options.addOption(Option.builder().longOpt("delimiters").hasArg().argName("POLICY")
                .desc("how a raw output is split: auto (default: also on spaces for ids, not for text), comma-newline, comma-newline-space").get());
        options.addOption(Option.builder().longOpt("from").hasArg().argName("SYSTEM")
                .desc("read each file as that system writes its output: lacuna, tog, rog, gnnrag or brink (default: from --export, else lacuna)").get());
        options.addOption(Option.builder().longOpt("format").hasArg().argName("FORMAT")
                .desc("json, markdown or html (default: from the --output extension, else markdown)").get());
        CommonOptions.addOutput(options, "write the report here (default: standard output)");
        options.addOption(Option.builder().longOpt("max-paths").hasArg().argName("N")
                .desc("alternative paths kept per question and graph when telling retrieval from reasoning failures;"
                        + " every derivation is counted all the same (default " + AlternativePaths.DEFAULT_MAX + ")").get());
        options.addOption(Option.builder().longOpt("cases").hasArg().argName("K")
                .desc("case studies shown per failure kind and run, as the paper's Table 4 (default "
                        + DiagnosisSettings.DEFAULT_CASES + "; 0: none)").get());
        options.addOption(Option.builder().longOpt("seed").hasArg().argName("N")
                .desc("chooses the case studies (default " + Defaults.SEED + ")").get());
        options.addOption(Option.builder().longOpt("per-question").hasArg().argName("FILE")
                .desc("also write every question's strict scores as JSON Lines (and, where the file says what was"
                        + " retrieved, its evidence and failure kind)").get());
    }

    @Override
    public Set<String> repeatable() {
        return Set.of("system", "export");
    }

    @Override
    public int run(CommandLine line, CliContext context) throws IOException {
        if (!line.hasOption("benchmark")) {
            throw new UsageException("--benchmark DIR is required");
        }
        List<SystemSpec> systems = systems(line);
        List<Path> exports = new ArrayList<>();
        if (line.getOptionValues("export") != null) {
            for (String dir : line.getOptionValues("export")) {
                exports.add(Path.of(dir));
            }
        }
        ExportNaming naming = ExportNaming.choose(exports,
                line.hasOption("entities") ? EntityForm.parse(line.getOptionValue("entities")) : null,
                line.hasOption("from") ? OutputSource.parse(line.getOptionValue("from")) : null);
        EvaluationSettings settings = new EvaluationSettings(
                SplitChoice.parse(line.getOptionValue("split", SplitChoice.TEST.label())),
                naming.entities(),
                Delimiters.parse(line.getOptionValue("delimiters", "auto")),
                PredictionField.parse(line.getOptionValue("field", "auto")),
                new DiagnosisSettings(CommonOptions.intValue(line, "max-paths", AlternativePaths.DEFAULT_MAX),
                        CommonOptions.intValue(line, "cases", DiagnosisSettings.DEFAULT_CASES), CommonOptions.seed(line)));
        Path output = CommonOptions.output(line);
        ReportFormat format = line.hasOption("format") ? ReportFormat.parse(line.getOptionValue("format"))
                : output == null ? ReportFormat.MARKDOWN : ReportFormat.forFile(output.getFileName().toString());

        // Checked before any scoring: -o P --predictions P once replaced the predictions with the report.
        // -o BENCH/summary.json once replaced the benchmark's own summary: the whole folder is an input.
        List<Path> inputs = new ArrayList<>();
        systems.forEach(sys -> inputs.addAll(sys.files().values()));
        inputs.add(Path.of(line.getOptionValue("benchmark")));
        Path perQuestion = line.hasOption("per-question") ? Path.of(line.getOptionValue("per-question")) : null;
        OutputGuard.file("--output", output, inputs);
        OutputGuard.file("--per-question", perQuestion, inputs);
        if (output != null && perQuestion != null && AtomicFiles.sameFile(output, perQuestion)) {
            throw new UsageException("--output and --per-question name the same file " + output);
        }

        long start = System.nanoTime();
        Benchmark benchmark = Benchmark.load(Path.of(line.getOptionValue("benchmark")));
        for (Path dir : exports) {
            refuseAnotherBenchmark(dir, benchmark);
        }
        EvaluationGuards guards = new EvaluationGuards(line.hasOption("score-anyway"),
                line.hasOption("entities") || !exports.isEmpty());
        EvaluationReport report = EvaluationReport.evaluate(benchmark, settings, systems, naming.from(), guards)
                .withWarnings(naming.warnings());
        for (String warning : report.warnings()) {
            Warnings.warn(context.err(), warning);
        }
        if (line.hasOption("strict-naming") && !report.namingWarnings().isEmpty()) {
            throw new BadInputException("--strict-naming: " + report.namingWarnings().size()
                    + " naming warning(s) above; no report written");
        }
        String text = format.render(report);
        int files = systems.stream().mapToInt(s -> s.files().size()).sum();
        // stdout carries the report itself when there is no --output: the summary line must not break it
        PrintStream summary = output == null ? context.err() : context.out();
        summary.printf(Locale.ROOT, "scored %d questions x %d predictions file(s) in %d ms%n",
                report.benchmark().questions(), files, (System.nanoTime() - start) / 1_000_000);
        if (output == null) {
            context.out().print(text);
            context.out().flush();
        } else {
            write(output, text);
            context.out().println("wrote " + format.label() + " report to " + output);
        }
        if (perQuestion != null) {
            writePerQuestion(perQuestion, report);
        }
        return ExitCodes.OK;
    }

    /** An export of another benchmark names entities and questions of that one: its naming would be a guess here. */
    private static void refuseAnotherBenchmark(Path export, Benchmark benchmark) {
        String exported = ExportManifest.read(export).benchmarkId();
        if (exported != null && !exported.equals(benchmark.identity())) {
            throw new BadInputException(export.resolve("export.json").toString(), -1, -1, "the export was written from"
                    + " another benchmark (" + BenchmarkIdentity.FIELD + " " + exported + "; --benchmark "
                    + benchmark.dir() + " is " + benchmark.identity() + "): give the --export of this benchmark, or"
                    + " --benchmark the folder that export was written from");
        }
    }

    static List<SystemSpec> systems(CommandLine line) {
        List<SystemSpec> systems = new ArrayList<>();
        String name = line.getOptionValue("name", "system");
        if (line.hasOption("predictions")) {
            systems.add(SystemSpec.single(name, Path.of(line.getOptionValue("predictions"))));
        }
        if (line.hasOption("complete") != line.hasOption("incomplete")) {
            throw new UsageException("--complete and --incomplete go together");
        }
        Map<RunSetting, Path> byGraph = new LinkedHashMap<>();
        for (GraphRole role : GraphRole.values()) {
            if (line.hasOption(role.label())) {
                byGraph.put(RunSetting.of(role), Path.of(line.getOptionValue(role.label())));
            }
        }
        if (!byGraph.isEmpty()) {
            if (line.hasOption("predictions")) {
                throw new UsageException("give --predictions or files per graph (--complete/--incomplete, --replaced,"
                        + " --noisy) for the unnamed system, not both");
            }
            systems.add(new SystemSpec(name, byGraph));
        }
        String[] named = line.getOptionValues("system");
        if (named != null) {
            for (String spec : named) {
                systems.add(SystemSpec.parse(spec));
            }
        }
        if (systems.isEmpty()) {
            throw new UsageException("no predictions: give --predictions FILE, --complete FILE --incomplete FILE or --system NAME=FILE");
        }
        return systems;
    }

    private static void writePerQuestion(Path file, EvaluationReport report) throws IOException {
        ObjectMapper json = Json.mapper();
        StringBuilder out = new StringBuilder();
        for (SystemResult r : report.systems()) {
            for (var e : r.runs().entrySet()) {
                RunResult run = e.getValue();
                for (QuestionScore q : run.perQuestion()) {
                    var node = json.createObjectNode();
                    node.put("system", r.name());
                    node.put("kg", e.getKey().label());
                    node.setAll((ObjectNode) json.valueToTree(q));
                    Diagnosis.Verdict verdict = run.diagnosis() == null ? null : run.diagnosis().perQuestion().get(q.id());
                    if (verdict != null) {
                        node.setAll((ObjectNode) json.valueToTree(verdict));
                    }
                    out.append(json.writeValueAsString(node)).append('\n');
                }
            }
        }
        write(file, out.toString());
    }

    private static void write(Path file, String text) {
        AtomicFiles.writeString(file, text);
    }
}
