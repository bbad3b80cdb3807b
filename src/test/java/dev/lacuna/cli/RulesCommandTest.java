package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.TestData;

class RulesCommandTest {
    static Path reference(String name) {
        return TestData.amie3(name);
    }

    @Test
    void statsPrintsThePapersTableOneForFamily() {
        CliRunner.Run run = CliRunner.run("rules", "stats", reference("family-maxad3.tsv").toString());
        assertEquals(0, run.code(), run.toString());
        String out = run.out().replaceAll(" +", " ");
        assertTrue(out.contains("symmetry 0"), out);
        assertTrue(out.contains("inversion 6"), out);
        assertTrue(out.contains("hierarchy 0"), out);
        assertTrue(out.contains("composition 56"), out);
        assertTrue(out.contains("other 83"), out);
        assertTrue(out.contains("total 145"), out);
    }

    @Test
    void importStoresEveryRuleWithItsMeasures(@TempDir Path dir) {
        String store = "native:" + dir.resolve("store");
        // import checks every relation against the KG, so the KG is loaded first
        CliRunner.Run run = CliRunner.run("load", "--store", store, "--kg", "umls",
                TestData.kg("umls", "facts.txt").toString());
        assertEquals(0, run.code(), run.toString());
        run = CliRunner.run("rules", "import", reference("umls-maxad3.tsv").toString(), "--store", store,
                "--kg", "umls");
        assertEquals(0, run.code(), run.toString());
        List<MinedRule> expected = AmieRules.read(reference("umls-maxad3.tsv"));
        Repository repo = Stores.open(StoreSpec.parse(store));
        try (RepositoryConnection c = repo.getConnection()) {
            List<MinedRule> stored = RuleGraph.read(c, KgGraphs.of("umls"), RuleGraph.MINED_BY_AMIE3);
            assertEquals(expected.size(), stored.size());
            assertEquals(new HashSet<>(expected), new HashSet<>(stored));
        } finally {
            repo.shutDown();
        }
    }

    @Test
    void malformedFileIsReportedAndNothingIsStored(@TempDir Path dir) throws Exception {
        List<String> lines = Files.readAllLines(reference("family-maxad3.tsv"));
        lines.set(7, lines.get(7).replace("\t-1", "\tabc").replace("\t-2", "\tabc"));
        Path bad = dir.resolve("bad.tsv");
        Files.write(bad, lines);
        String store = "native:" + dir.resolve("store");
        CliRunner.Run run = CliRunner.run("rules", "import", bad.toString(), "--store", store, "--kg", "family");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains(bad + ":8:"), run.err());
        assertTrue(run.err().contains("Functional Variable"), run.err());
        Repository repo = Stores.open(StoreSpec.parse(store));
        try (RepositoryConnection c = repo.getConnection()) {
            assertEquals(0, c.size(KgGraphs.of("family").benchmark()));
        } finally {
            repo.shutDown();
        }
    }

    @Test
    void unknownActionIsAUsageError() {
        assertEquals(2, CliRunner.run("rules", "export", "x.tsv").code());
        assertEquals(2, CliRunner.run("rules", "stats").code());
    }
}
