package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.testing.TestData;

/** {@code mine --heads K/N} then {@code rules merge}: byte for byte the file one process writes. */
class MineHeadsMergeTest {

    @ParameterizedTest
    @CsvSource({"kinship, facts.txt", "codex-s, train.txt"})
    void mergedPartsAreTheSingleProcessFile(String kg, String file, @TempDir Path dir) throws Exception {
        String input = TestData.kg(kg, file).toString();
        Path whole = dir.resolve("whole.tsv");
        CliRunner.Run run = CliRunner.run("mine", "--input", input, "--output", whole.toString(), "--maxad", "3",
                "--threads", "2");
        assertEquals(0, run.code(), run.toString());
        byte[] expected = Files.readAllBytes(whole);
        Set<String> wholeHeads = new HashSet<>();
        AmieRules.read(whole).forEach(r -> wholeHeads.add(r.rule().head().relation()));
        assertTrue(wholeHeads.size() >= 3, kg + ": rules of " + wholeHeads.size() + " head relations");
        for (int n = 1; n <= 3; n++) {
            List<String> args = new ArrayList<>(List.of("rules", "merge", "--output", dir.resolve("merged-" + n).toString()));
            Set<String> headsSeen = new HashSet<>();
            int nonEmpty = 0;
            for (int k = 1; k <= n; k++) {
                Path part = dir.resolve("part-" + k + "-of-" + n + ".tsv");
                run = CliRunner.run("mine", "--input", input, "--output", part.toString(), "--maxad", "3",
                        "--threads", "2", "--heads", k + "/" + n);
                assertEquals(0, run.code(), run.toString());
                List<MinedRule> rules = AmieRules.read(part);
                nonEmpty += rules.isEmpty() ? 0 : 1;
                Set<String> heads = new HashSet<>();
                rules.forEach(r -> heads.add(r.rule().head().relation()));
                for (String h : heads) {
                    assertTrue(headsSeen.add(h), "head " + h + " in two parts of " + n);
                }
                args.add(part.toString());
            }
            assertEquals(wholeHeads, headsSeen);
            assertTrue(nonEmpty >= Math.min(n, 2), kg + ": " + nonEmpty + " of " + n + " parts have rules");
            run = CliRunner.run(args.toArray(String[]::new));
            assertEquals(0, run.code(), run.toString());
            assertArrayEquals(expected, Files.readAllBytes(dir.resolve("merged-" + n)), kg + " with " + n + " parts");
        }
    }

    @Test
    void aPartGivenTwiceIsRejectedAndNothingIsWritten(@TempDir Path dir) {
        String input = TestData.kg("family", "facts.txt").toString();
        Path part = dir.resolve("part1.tsv");
        CliRunner.Run run = CliRunner.run("mine", "--input", input, "--output", part.toString(), "--heads", "1/2");
        assertEquals(0, run.code(), run.toString());
        Path merged = dir.resolve("merged.tsv");
        run = CliRunner.run("rules", "merge", "--output", merged.toString(), part.toString(), part.toString());
        assertEquals(2, run.code(), run.toString());
        // line 1 marks the file as mine's, line 2 is the header, line 3 the first rule
        assertTrue(run.err().contains(part + ":3:"), run.err());
        assertTrue(run.err().contains("also in"), run.err());
        assertTrue(!Files.exists(merged));
    }

    @Test
    void badHeadsAreUsageErrors(@TempDir Path dir) {
        String input = TestData.kg("family", "facts.txt").toString();
        String out = dir.resolve("r.tsv").toString();
        for (String heads : new String[] {"3/2", "0/2", "x", "1/0", "1/x"}) {
            CliRunner.Run run = CliRunner.run("mine", "--input", input, "--output", out, "--heads", heads);
            assertEquals(2, run.code(), heads + ": " + run);
            assertTrue(run.err().contains("--heads"), run.err());
        }
        CliRunner.Run run = CliRunner.run("rules", "merge", dir.resolve("x.tsv").toString());
        assertEquals(2, run.code(), run.toString());
    }
}
