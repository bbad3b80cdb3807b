package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.eval.BenchmarkFixture;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.testing.TestData;

/**
 * No command writes onto a file it reads: an output that is one of its inputs (by the same path, through
 * {@code ..}, a symbolic or a hard link), or that lies inside a benchmark folder it reads, is refused with exit 2
 * naming both paths, and every file is left byte for byte as it was.
 */
class OutputOntoInputTest {
    @TempDir
    Path tmp;
    Path bench;
    Path predictions;
    Path kg;

    @BeforeEach
    void setUp() throws IOException {
        bench = BenchmarkFixture.write(tmp.resolve("bench"));
        predictions = BenchmarkFixture.writeString(tmp.resolve("p.jsonl"),
                BenchmarkFixture.predictions("q1", "2,4", "q2", "", "q3", "7,8"));
        kg = Files.writeString(tmp.resolve("kg.tsv"), "a\tr\tb\nb\tr\ta\nc\tr\td\nd\tr\tc\n");
    }

    /** Every file under the temporary folder with its bytes, to show that nothing changed. */
    private Map<Path, byte[]> snapshot() throws IOException {
        Map<Path, byte[]> files = new LinkedHashMap<>();
        try (Stream<Path> all = Files.walk(tmp)) {
            for (Path p : all.sorted().toList()) {
                if (Files.isRegularFile(p)) {
                    files.put(p, Files.readAllBytes(p));
                }
            }
        }
        return files;
    }

    private void refused(Path output, Path input, String... args) throws IOException {
        Map<Path, byte[]> before = snapshot();
        CliRunner.Run run = CliRunner.run(args);
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains(output.toString()) && run.err().contains(input.toString()),
                "names " + output + " and " + input + ": " + run);
        assertTrue(run.err().contains("would overwrite that input, so nothing was written"), run.toString());
        Map<Path, byte[]> after = snapshot();
        assertEquals(before.keySet(), after.keySet(), "no file added or removed: " + run);
        before.forEach((p, bytes) -> assertArrayEquals(bytes, after.get(p), p + " changed"));
    }

    private String[] evaluate(Path output) {
        return new String[] {"evaluate", "--benchmark", bench.toString(), "--predictions", predictions.toString(),
                "-o", output.toString()};
    }

    @Test
    void evaluateOntoTheBenchmarksSummaryOrQuestions() throws IOException {
        refused(bench.resolve("summary.json"), bench, evaluate(bench.resolve("summary.json")));
        Path test = bench.resolve("questions/test.jsonl");
        refused(test, bench, evaluate(test));
    }

    @Test
    void evaluateIntoTheBenchmarkFolder() throws IOException {
        Path report = bench.resolve("report.md");
        refused(report, bench, evaluate(report));
        assertFalse(Files.exists(report));
        Path sneaky = tmp.resolve("elsewhere/../bench/questions/report.json");
        refused(sneaky, bench, evaluate(sneaky));
    }

    @Test
    void evaluateOntoALinkToABenchmarkFile() throws IOException {
        Path symlink = Files.createSymbolicLink(tmp.resolve("report.md"), bench.resolve("summary.json"));
        refused(symlink, bench.resolve("summary.json"), evaluate(symlink));
        Path hard = Files.createLink(tmp.resolve("hard.md"), bench.resolve("questions/test.jsonl"));
        refused(hard, bench.resolve("questions/test.jsonl"), evaluate(hard));
    }

    @Test
    void evaluateElsewhereStillWrites() {
        Path report = tmp.resolve("report.md");
        CliRunner.Run run = CliRunner.run(evaluate(report));
        assertEquals(0, run.code(), run.toString());
        assertTrue(Files.exists(report));
    }

    @Test
    void mineOntoItsInput() throws IOException {
        refused(kg, kg, "mine", "--input", kg.toString(), "--output", kg.toString());
        Path dotted = tmp.resolve("sub/../kg.tsv");
        Files.createDirectories(tmp.resolve("sub"));
        refused(dotted, kg, "mine", "--input", kg.toString(), "--output", dotted.toString());
        Path symlink = Files.createSymbolicLink(tmp.resolve("rules.tsv"), kg);
        refused(symlink, kg, "mine", "--input", kg.toString(), "--output", symlink.toString());
        Path hard = Files.createLink(tmp.resolve("hard-rules.tsv"), kg);
        refused(hard, kg, "mine", "--input", kg.toString(), "--output", hard.toString());
    }

    @Test
    void rulesMergeOntoAPart() throws IOException {
        Path part = tmp.resolve("part.tsv");
        AmieRules.write(AmieRules.read(
                TestData.amie3("family-maxad3.tsv")).subList(0, 3), part);
        Path other = tmp.resolve("other.tsv");
        AmieRules.write(List.of(), other);
        refused(part, part, "rules", "merge", "--output", part.toString(), other.toString(), part.toString());
    }

    @Test
    void rulesExportOntoItsRulesOrItsKg() throws IOException {
        Path rules = tmp.resolve("export-rules.tsv");
        AmieRules.write(AmieRules.read(TestData.amie3("family-maxad3.tsv")).subList(0, 3), rules);
        refused(rules, rules, "rules", "export", "--format", "anyburl", "--input", kg.toString(), "--output",
                rules.toString(), rules.toString());
        refused(kg, kg, "rules", "export", "--format", "anyburl", "--input", kg.toString(), "--output",
                kg.toString(), rules.toString());
    }

    @Test
    void exportIntoTheBenchmarkOrAroundIt() throws IOException {
        Path inside = bench.resolve("rog");
        refused(inside, bench, "export", "--benchmark", bench.toString(), "--format", "tsv", "--out", inside.toString());
        refused(tmp, bench, "export", "--benchmark", bench.toString(), "--format", "tsv", "--out", tmp.toString());
    }

    @Test
    void answerOntoTheBenchmarksQuestions() throws IOException {
        Path test = bench.resolve("questions/test.jsonl");
        refused(test, bench, "answer", "--store", "memory", "--benchmark", bench.toString(), "--responder", "lookup",
                "--graph", "incomplete", "-o", test.toString());
    }

    @Test
    void buildIntoAFolderHoldingItsRules() throws IOException {
        // an earlier benchmark, which --force may replace, holding the rules file given
        Path out = Files.createDirectories(tmp.resolve("out"));
        Files.writeString(out.resolve("summary.json"), "{\"format\": 1, \"kg\": \"family\", \"triples\": {\"complete\": 10,"
                + " \"removed\": 1}, \"questions\": {\"total\": 1}}\n");
        Path rules = out.resolve("rules.tsv");
        AmieRules.write(AmieRules.read(
                TestData.amie3("family-maxad3.tsv")).subList(0, 3), rules);
        refused(out, rules, "build", "--store", "memory", "--rules", rules.toString(), "--out", out.toString(),
                "--force");
    }

    /** compile writes query files into a folder it keeps: the folder may hold the rules, a query file may not be them. */
    @Test
    void compileOntoItsRulesButBesideThemIsFine() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("queries"));
        Path rules = Files.copy(TestData.amie3("family-maxad3.tsv"), out.resolve("rule-001-groundings.rq"));
        refused(rules, rules, "compile", "--rules", rules.toString(), "--rule", "1", "--out", out.toString());
        Path original = TestData.amie3("family-maxad3.tsv");
        Files.delete(rules);
        Path beside = Files.copy(original, out.resolve("rules.tsv"));
        CliRunner.Run run = CliRunner.run("compile", "--rules", beside.toString(), "--rule", "1", "--out", out.toString());
        assertEquals(0, run.code(), run.toString());
        assertEquals(Files.readString(original), Files.readString(beside), "the rules are untouched");
        assertTrue(Files.readString(out.resolve("rule-001-groundings.rq")).contains("SELECT"));
    }

    @Test
    void generateWithTheSameFileForKgAndRules() throws IOException {
        Path out = tmp.resolve("gen.tsv");
        refused(out, out, "generate", "--output", out.toString(), "--triples", "100", "--rules", out.toString());
        assertFalse(Files.exists(out));
    }
}
