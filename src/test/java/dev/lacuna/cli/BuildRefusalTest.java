package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.testing.TestData;

/**
 * A build refuses before it works, and never comes out empty or lopsided without saying so. What needs no rules
 * (the folder, the store, the generator's settings, the relation names) is refused before mining: the miner's note
 * line never appears. A build that balancing or the split would leave empty or short stops with exit 1 naming the
 * step and the option that keeps the questions, publishes no folder and leaves the store as it was (the earlier
 * build's folder still verifies); with the option named it builds and verifies.
 */
class BuildRefusalTest {
    private static final Path KG = Path.of("src/main/resources/kg/family.tsv");

    @TempDir
    Path tmp;
    private String store;
    private Path rules;

    @BeforeEach
    void loadFamilyAndBuildOnce() {
        store = "lmdb:" + tmp.resolve("store");
        rules = TestData.amie3("family-maxad3.tsv");
        CliRunner.succeed("load", "--store", store, "--kg", "fam", KG.toString());
        CliRunner.succeed("build", "--store", store, "--kg", "fam", "--rules", rules.toString(), "--out",
                tmp.resolve("first").toString());
    }

    private static void refusedBeforeMining(CliRunner.Run run, String why) {
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains(why), run.toString());
        // the miner's note and progress lines come first thing in mining: none means nothing was mined
        assertFalse(run.err().lines().anyMatch(l -> l.startsWith("mining ") || l.contains("refining into")), run.toString());
    }

    @Test
    void whatNeedsNoRulesIsRefusedBeforeMining() throws IOException {
        String other = tmp.resolve("other").toString();
        refusedBeforeMining(CliRunner.run("build", "--store", store, "--kg", "fam", "--out", other),
                "the store already holds the benchmark of KG 'fam'");
        refusedBeforeMining(CliRunner.run("build", "--store", store, "--kg", "fam", "--out", other, "--force",
                "--head-excluded-relations", "cousin"), "--head-excluded-relations names 'cousin'");
        Path phrases = Files.writeString(tmp.resolve("phrases.tsv"), "brother\n");
        refusedBeforeMining(CliRunner.run("build", "--store", store, "--kg", "fam", "--out", other, "--force",
                "--phrases", phrases.toString()), "phrases.tsv");
        refusedBeforeMining(CliRunner.run("build", "--store", store, "--kg", "nofam", "--out", other),
                "KG 'nofam' is not loaded");
        assertFalse(Files.exists(Path.of(other)));
    }

    @Test
    void balancingThatEmptiesTheBenchmarkStopsItAndNamesTheTauThatKeepsIt() {
        Path empty = tmp.resolve("empty");
        // one grounding per rule: some 140 questions, and tau 0.005 allows floor(0.7) = 0 per answer
        CliRunner.Run run = CliRunner.run("build", "--store", store, "--kg", "fam", "--rules", rules.toString(),
                "--groundings-per-rule", "1", "--tau", "0.005", "--out", empty.toString(), "--force");
        assertEquals(1, run.code(), run.toString());
        Matcher m = Pattern.compile("removed all (\\d+) questions.*--tau (0\\.\\d+) \\(at least 1/(\\d+)\\)")
                .matcher(run.err());
        assertTrue(m.find(), run.toString());
        assertEquals(m.group(1), m.group(3));
        assertTrue(run.err().contains("nothing published and the store as it was"), run.toString());
        assertFalse(Files.exists(empty), "no folder is published");
        assertEquals(0, CliRunner.run("verify", "--store", store, tmp.resolve("first").toString()).code(),
                "the store still holds the first build, whose folder verifies");
        // with the tau named, the same build keeps one question per answer and verifies (build's own verify)
        CliRunner.Run fixed = CliRunner.succeed("build", "--store", store, "--kg", "fam", "--rules", rules.toString(),
                "--groundings-per-rule", "1", "--tau", m.group(2), "--out", empty.toString(), "--force");
        assertTrue(fixed.out().contains("benchmark written to"), fixed.toString());
        assertEquals(0, CliRunner.run("verify", "--store", store, empty.toString()).code());
    }

    @Test
    void aSplitUnderTheMinimumStopsTheBuild() {
        Path small = tmp.resolve("small");
        CliRunner.Run run = CliRunner.run("build", "--store", store, "--kg", "fam", "--rules", rules.toString(),
                "--min-split", "100000", "--out", small.toString(), "--force");
        assertEquals(1, run.code(), run.toString());
        assertTrue(run.err().contains("--min-split 100000 asks for at least 100000 in each"), run.toString());
        assertFalse(Files.exists(small));
        assertEquals(0, CliRunner.run("verify", "--store", store, tmp.resolve("first").toString()).code());
    }
}
