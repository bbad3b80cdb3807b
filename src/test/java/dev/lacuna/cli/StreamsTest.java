package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command's quick path keeps the streams apart (docs/architecture.md, "Streams"): standard output holds the
 * report (tables, summaries, the paths written) and nothing else; warnings, progress and log lines go to standard
 * error, and every warning has the one form {@code warning: <text>}.
 */
class StreamsTest {
    /** A diagnostic's marks: a warning in any form, a progress line, an SLF4J line. */
    private static final Pattern DIAGNOSTIC = Pattern.compile(
            "(?i)^(lacuna \\w+: )?warning\\b|: (started|done), |^\\d\\d:\\d\\d:\\d\\d (INFO|WARN|ERROR) ");

    @TempDir
    Path dir;

    private final List<String> wrong = new ArrayList<>();

    /** Runs one command line with the process's standard error captured too (where stages log and warn). */
    private CliRunner.Run run(String reportMark, String... args) {
        ByteArrayOutputStream processErr = new ByteArrayOutputStream();
        PrintStream before = System.err;
        CliRunner.Run run;
        System.setErr(new PrintStream(processErr, true, StandardCharsets.UTF_8));
        try {
            run = CliRunner.run(args);
        } finally {
            System.setErr(before);
        }
        String err = run.err() + processErr.toString(StandardCharsets.UTF_8);
        String command = args[0];
        assertEquals(0, run.code(), command + ": " + run + err);
        for (String line : run.out().lines().toList()) {
            if (DIAGNOSTIC.matcher(line).find()) {
                wrong.add(command + ": a diagnostic on standard output: " + line);
            }
        }
        if (!run.out().contains(reportMark)) {
            wrong.add(command + ": its report (\"" + reportMark + "\") is not on standard output:\n" + run.out());
        }
        for (String line : err.lines().toList()) {
            if (line.toLowerCase().contains("warning") && !line.startsWith("warning: ")) {
                wrong.add(command + ": a warning in another form than 'warning: <text>': " + line);
            }
        }
        return new CliRunner.Run(run.code(), run.out(), err);
    }

    @Test
    void reportsOnStandardOutputDiagnosticsOnStandardError() throws Exception {
        String store = "native:" + dir.resolve("store");
        Path kg = Path.of("src/main/resources/kg/family.tsv");
        Path labels = Files.writeString(dir.resolve("labels.tsv"), "7\tseven\nno-such-entity\tnobody\n");
        CliRunner.Run load = run("loaded KG 'family'", "load", "--store", store, "--kg", "family", "--labels",
                labels.toString(), kg.toString());
        assertTrue(load.err().contains("warning: ") && load.err().contains("labels name entities that are not in the KG"),
                load.err());
        assertFalse(load.out().contains("not in the KG"), load.out());

        run("#Triples", "stats", "--store", store, "--kg", "family");
        Path rules = dir.resolve("rules.tsv");
        run("mined ", "mine", "--store", store, "--kg", "family", "--output", rules.toString());
        run("rule type", "rules", "stats", rules.toString());
        Path bench = dir.resolve("bench");
        run("benchmark written to", "build", "--store", store, "--kg", "family", "--out", bench.toString(),
                "--seed", "1");
        run("verify ", "verify", bench.toString(), "--store", store);
        run("exported ", "export", "--benchmark", bench.toString(), "--format", "tsv", "--out",
                dir.resolve("export").toString());
        Path predictions = dir.resolve("lookup.jsonl");
        run("answered", "answer", "--benchmark", bench.toString(), "--responder", "lookup", "--graph", "complete",
                "--store", store, "--output", predictions.toString());
        run("wrote json report", "evaluate", "--benchmark", bench.toString(), "--predictions", predictions.toString(),
                "--name", "lookup", "--format", "json", "--output", dir.resolve("report.json").toString());
        CliRunner.Run report = run("\"format\"", "evaluate", "--benchmark", bench.toString(), "--predictions",
                predictions.toString(), "--name", "lookup", "--format", "json");
        assertTrue(report.out().strip().startsWith("{") && report.out().strip().endsWith("}"),
                "evaluate without --output prints the report alone: " + report.out());
        run("SELECT", "compile", "--rules", rules.toString(), "--rule", "1");
        run("generated ", "generate", "--output", dir.resolve("generated.tsv").toString(), "--triples", "2000",
                "--planted", "1");
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }
}
