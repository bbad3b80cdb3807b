package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.TestData;

/** Everyday accidents (wrong paths, outputs onto inputs, bad option values): each refused with exit 2, nothing lost. */
class CliSafetyTest {
    @TempDir
    Path dir;

    private static final String TINY = "a\tr\tb\nb\tr\tc\nc\ts\ta\n";

    private String store() {
        return "native:" + dir.resolve("store");
    }

    private void load(String kg, String text) throws IOException {
        Path f = Files.writeString(dir.resolve(kg + ".tsv"), text);
        CliRunner.Run run = CliRunner.run("load", "--store", store(), "--kg", kg, f.toString());
        assertEquals(0, run.code(), run.toString());
    }

    private int storedRules(String kg) {
        Repository repo = Stores.open(StoreSpec.parse(store()));
        try (RepositoryConnection c = repo.getConnection()) {
            return RuleGraph.read(c, KgGraphs.of(kg), null).size();
        } finally {
            repo.shutDown();
        }
    }

    @Test
    void aRepeatedOptionIsRefused() {
        CliRunner.Run run = CliRunner.run("stats", "--kg", "a", "--kg", "b", "--store", "memory");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("--kg is given more than once"), run.err());
        run = CliRunner.run("mine", "--input", "x.tsv", "-o", "a.tsv", "--output", "b.tsv");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("--output is given more than once"), run.err());
    }

    @Test
    void readOnlyCommandsRefuseAStoreThatDoesNotExist() throws IOException {
        Path missing = dir.resolve("mistyped");
        String spec = "native:" + missing;
        Path bench = Files.createDirectories(dir.resolve("bench"));
        for (String[] args : List.of(new String[] {"stats", "--store", spec},
                new String[] {"verify", "--store", spec, bench.toString()},
                new String[] {"serve", "--store", spec, "--port", "0"},
                new String[] {"answer", "--store", spec, "--benchmark", bench.toString(), "--responder", "lookup",
                        "--graph", "incomplete", "--output", dir.resolve("p.jsonl").toString()})) {
            CliRunner.Run run = CliRunner.run(args);
            assertEquals(2, run.code(), String.join(" ", args) + "\n" + run);
            assertFalse(Files.exists(missing), args[0] + " created a store");
        }
        CliRunner.Run run = CliRunner.run("stats", "--store", spec);
        assertTrue(run.err().contains("no store here"), run.err());
    }

    @Test
    void statsListsEveryKgAndOneKgNeedsNoKgOption() throws IOException {
        load("alpha", TINY);
        CliRunner.Run run = CliRunner.run("stats", "--store", store());
        assertEquals(0, run.code(), run.toString());
        assertTrue(run.out().contains("KG 'alpha'"), run.out());
        Path rules = Files.writeString(dir.resolve("rules.tsv"), String.join("\t", AmieRules.HEADER) + "\n"
                + "?b  r  ?a   => ?a  s  ?b\t0.5\t0.5\t0.5\t1\t2\t2\t-2\n");
        run = CliRunner.run("rules", "import", rules.toString(), "--store", store());
        assertEquals(0, run.code(), run.toString());
        assertTrue(run.out().contains("kg/alpha/benchmark"), run.out());

        load("beta", TINY);
        run = CliRunner.run("stats", "--store", store());
        assertEquals(0, run.code(), run.toString());
        assertTrue(run.out().contains("KG 'alpha'") && run.out().contains("KG 'beta'"), run.out());
        run = CliRunner.run("rules", "import", rules.toString(), "--store", store());
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("alpha, beta") && run.err().contains("give --kg"), run.err());
    }

    @Test
    void rulesImportValidatesAndNeverWipesWithAHeaderOnlyFile() throws IOException {
        load("tiny", TINY);
        String header = String.join("\t", AmieRules.HEADER) + "\n";
        Path good = Files.writeString(dir.resolve("good.tsv"), header
                + "?b  r  ?a   => ?a  s  ?b\t0.5\t0.5\t0.5\t1\t2\t2\t-2\n");
        assertEquals(0, CliRunner.run("rules", "import", good.toString(), "--store", store()).code());
        assertEquals(1, storedRules("tiny"));

        Path empty = Files.writeString(dir.resolve("empty.tsv"), header);
        CliRunner.Run run = CliRunner.run("rules", "import", empty.toString(), "--store", store());
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("holds no rules"), run.err());

        Path unknown = Files.writeString(dir.resolve("unknown.tsv"), header
                + "?b  r  ?a   => ?a  s  ?b\t0.5\t0.5\t0.5\t1\t2\t2\t-2\n"
                + "?a  nosuch  ?b   => ?a  s  ?b\t0.5\t0.5\t0.5\t1\t2\t2\t-2\n");
        run = CliRunner.run("rules", "import", unknown.toString(), "--store", store());
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains(unknown + ":3:5: relation 'nosuch' is not in KG 'tiny'"), run.err());

        Path unbound = Files.writeString(dir.resolve("unbound.tsv"), header
                + "?a  r  ?c   => ?a  s  ?b\t0.5\t0.5\t0.5\t1\t2\t2\t-2\n");
        run = CliRunner.run("rules", "import", unbound.toString(), "--store", store());
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains(unbound + ":2:") && run.err().contains("does not occur in the body"), run.err());
        assertEquals(1, storedRules("tiny"), "the stored rules survive every refused import");
    }

    @Test
    void mineChecksItsOutputBeforeMining() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("folder"));
        Path input = TestData.kg("family", "facts.txt");
        CliRunner.Run run = CliRunner.run("mine", "--input", input.toString(), "--output", folder.toString());
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("--output " + folder + " is a folder"), run.err());
        assertFalse(run.err().contains("mining"), "refused before mining");
        Path file = Files.writeString(dir.resolve("file"), "x");
        run = CliRunner.run("mine", "--input", input.toString(), "--output", file.resolve("rules.tsv").toString());
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("which is no folder"), run.err());
        assertFalse(run.err().contains("mining"), "refused before mining");
    }

    @Test
    void mineAndImportDoNotSilentlyReplaceTheRulesOfABuild() throws IOException {
        Path family = TestData.kg("family", "facts.txt");
        assertEquals(0, CliRunner.run("load", "--store", store(), "--kg", "family", family.toString()).code());
        List<String> lines = Files.readAllLines(TestData.amie3("family-maxad3.tsv"));
        int header = 0;
        while (!lines.get(header).startsWith("Rule\t")) {
            header++;
        }
        Path rules = Files.write(dir.resolve("rules.tsv"), lines.subList(header, header + 6));
        CliRunner.Run run = CliRunner.run("build", "--store", store(), "--rules", rules.toString(),
                "--out", dir.resolve("bench").toString());
        assertEquals(0, run.code(), run.toString());
        int stored = storedRules("family");

        run = CliRunner.run("mine", "--store", store(), "--maxad", "2");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("--force"), run.err());
        run = CliRunner.run("rules", "import", rules.toString(), "--store", store());
        assertEquals(2, run.code(), run.toString());
        assertEquals(stored, storedRules("family"));
        assertEquals(0, CliRunner.run("verify", "--store", store(), dir.resolve("bench").toString()).code());

        run = CliRunner.run("mine", "--store", store(), "--maxad", "2", "--force");
        assertEquals(0, run.code(), run.toString());
    }
}
