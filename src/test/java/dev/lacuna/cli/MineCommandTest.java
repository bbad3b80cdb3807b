package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.rules.RuleType;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.TestData;

class MineCommandTest {
    static Path shared(String... parts) {
        return TestData.file(String.join("/", parts));
    }

    @Test
    void minesFamilyFileLikeAmie3(@TempDir Path dir) {
        Path out = dir.resolve("rules.tsv");
        CliRunner.Run run = CliRunner.run("mine", "--input", shared("data", "family", "facts.txt").toString(),
                "--output", out.toString(), "--threads", "2");
        assertEquals(0, run.code(), run.toString());
        assertTrue(run.out().contains("mined 145 rules"), run.out());
        assertTrue(run.err().contains("queued"), run.err());
        List<MinedRule> expected = AmieRules.read(shared("reference", "amie3", "family-maxad3.tsv"));
        assertEquals(new HashSet<>(expected.stream().map(MinedRule::rule).toList()),
                new HashSet<>(AmieRules.read(out).stream().map(MinedRule::rule).toList()));
    }

    @Test
    void minesAStoredKgAndStoresTheRules(@TempDir Path dir) throws Exception {
        String store = "native:" + dir.resolve("store");
        CliRunner.Run load = CliRunner.run("load", "--store", store, "--kg", "family",
                shared("data", "family", "facts.txt").toString());
        assertEquals(0, load.code(), load.toString());
        Path out = dir.resolve("rules.tsv");
        CliRunner.Run run = CliRunner.run("mine", "--store", store, "--kg", "family", "-o", out.toString());
        assertEquals(0, run.code(), run.toString());
        List<MinedRule> written = AmieRules.read(out);
        assertEquals(145, written.size());
        Repository repo = Stores.open(StoreSpec.parse(store));
        try (RepositoryConnection c = repo.getConnection()) {
            List<MinedRule> stored = RuleGraph.read(c, KgGraphs.of("family"), RuleGraph.MINED_BY_LACUNA);
            // the file has 6 decimals, the store full precision: compare rules and counts
            assertEquals(new HashSet<>(written.stream().map(m -> m.rule() + " " + m.measures().support() + " "
                    + m.measures().pcaBodySize()).toList()), new HashSet<>(stored.stream().map(m -> m.rule() + " "
                    + m.measures().support() + " " + m.measures().pcaBodySize()).toList()));
            long compositions = stored.stream().filter(m -> m.type() == RuleType.COMPOSITION).count();
            assertEquals(56, compositions);
        } finally {
            repo.shutDown();
        }
        // mining again replaces, never duplicates
        run = CliRunner.run("mine", "--store", store, "--kg", "family");
        assertEquals(0, run.code(), run.toString());
        repo = Stores.open(StoreSpec.parse(store));
        try (RepositoryConnection c = repo.getConnection()) {
            assertEquals(145, RuleGraph.read(c, KgGraphs.of("family"), null).size());
        } finally {
            repo.shutDown();
        }
    }

    @Test
    void thresholdsOutsideTheUnitIntervalAndShortRulesAreUsageErrors(@TempDir Path dir) {
        String input = shared("data", "umls", "facts.txt").toString();
        String out = dir.resolve("r.tsv").toString();
        CliRunner.Run run = CliRunner.run("mine", "--input", input, "-o", out, "--minhc", "1.5");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("--minhc"), run.err());
        assertEquals(2, CliRunner.run("mine", "--input", input, "-o", out, "--minpca", "-0.1").code());
        assertEquals(2, CliRunner.run("mine", "--input", input, "-o", out, "--minc", "x").code());
        run = CliRunner.run("mine", "--input", input, "-o", out, "--maxad", "1");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("--maxad"), run.err());
        assertEquals(2, CliRunner.run("mine", "--input", input).code(), "--input without --output");
        assertFalse(Files.exists(dir.resolve("r.tsv")));
    }

    @Test
    void emptyKgIsAClearErrorNotAnEmptySuccess(@TempDir Path dir) throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.tsv"), "\n");
        CliRunner.Run run = CliRunner.run("mine", "--input", empty.toString(), "-o", dir.resolve("r.tsv").toString());
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("no triples"), run.err());
        assertFalse(Files.exists(dir.resolve("r.tsv")));

        run = CliRunner.run("mine", "--store", "native:" + dir.resolve("store"), "--kg", "nothing");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("no triples") && run.err().contains("nothing"), run.err());
    }

    @Test
    void malformedKgLineNamesFileAndLine(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.tsv"), "a\tr\tb\nc\tr\n");
        CliRunner.Run run = CliRunner.run("mine", "--input", bad.toString(), "-o", dir.resolve("r.tsv").toString());
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains(bad + ":2"), run.err());
        assertTrue(run.err().contains("3 tab-separated fields"), run.err());
    }
}
