package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.rules.RuleMeasures;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;

/** {@code lacuna mine --const}: rules with constants, written as AMIE3 prints them and read back by rules import. */
class MineConstantsCommandTest {

    /**
     * 40 people: 1-25 French, 26-40 Spanish; French speakers are the French but 24 and 25 (who speak English);
     * everyone lives in a city of their country. Rules such as "speaks french => nationality france" need constants.
     */
    private static Path people(Path dir) throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 1; i <= 40; i++) {
            boolean french = i <= 25;
            lines.add("p" + i + "\tnationality\t" + (french ? "france" : "spain"));
            lines.add("p" + i + "\tspeaks\t" + (french ? (i >= 24 ? "english" : "french") : "spanish"));
            lines.add("p" + i + "\tlivesIn\t" + (french ? (i % 2 == 0 ? "paris" : "lyon") : "madrid"));
        }
        lines.add("paris\tcityOf\tfrance");
        lines.add("lyon\tcityOf\tfrance");
        lines.add("madrid\tcityOf\tspain");
        Path file = dir.resolve("people.tsv");
        Files.write(file, lines);
        return file;
    }

    private static Optional<MinedRule> find(List<MinedRule> rules, String text) {
        MinedRule wanted = new MinedRule(AmieRules.parseRule(text, "test", 1),
                RuleMeasures.of(1, 1, 1, 1, -1));
        return rules.stream().filter(m -> m.rule().equals(wanted.rule())).findFirst();
    }

    @Test
    void minesConstantRulesThatRulesImportReadsBack(@TempDir Path dir) throws Exception {
        Path kg = people(dir);
        Path out = dir.resolve("rules.tsv");
        CliRunner.Run plain = CliRunner.run("mine", "--input", kg.toString(), "--output", out.toString(), "--minis", "5",
                "--threads", "2");
        assertEquals(0, plain.code(), plain.toString());
        List<MinedRule> withoutConstants = AmieRules.read(out);
        assertTrue(withoutConstants.stream().noneMatch(m -> m.rule().hasConstants()));

        CliRunner.Run run = CliRunner.run("mine", "--input", kg.toString(), "--output", out.toString(), "--minis", "5",
                "--const", "--threads", "2");
        assertEquals(0, run.code(), run.toString());
        assertTrue(run.err().contains("with constants"), run.err());
        List<MinedRule> rules = AmieRules.read(out);
        assertTrue(Files.readString(out).contains("?a  speaks  french   => ?a  nationality  france\t"));
        // 23 French speakers, all French: support 23, body 23; head coverage 23 / 40 nationality facts
        MinedRule m = find(rules, "?a  speaks  french   => ?a  nationality  france").orElseThrow();
        assertEquals(23, m.measures().support());
        assertEquals(23, m.measures().bodySize());
        assertEquals(23, m.measures().pcaBodySize());
        assertEquals(23.0 / 40, m.measures().headCoverage(), 1e-9);
        // the French: 23 of 25 speak French (everyone speaks something, so the PCA body is the whole body)
        MinedRule back = find(rules, "?a  nationality  france   => ?a  speaks  french").orElseThrow();
        assertEquals(23, back.measures().support());
        assertEquals(25, back.measures().bodySize());
        assertEquals(25, back.measures().pcaBodySize());
        // every rule without constants is still there, with the same measures
        List<String> constantFree = new ArrayList<>();
        for (MinedRule r : rules) {
            if (!r.rule().hasConstants()) {
                constantFree.add(AmieRules.format(r));
            }
        }
        assertEquals(new HashSet<>(withoutConstants.stream().map(AmieRules::format).toList()), new HashSet<>(constantFree));

        String store = "native:" + dir.resolve("store");
        // import checks every relation against the KG, so the KG is loaded first
        assertEquals(0, CliRunner.run("load", "--store", store, "--kg", "people", kg.toString()).code());
        CliRunner.Run imp = CliRunner.run("rules", "import", out.toString(), "--store", store, "--kg", "people");
        assertEquals(0, imp.code(), imp.toString());
        Repository repo = Stores.open(StoreSpec.parse(store));
        try (RepositoryConnection c = repo.getConnection()) {
            // the file lacuna mine wrote is marked as Lacuna's, and import records them as mined by Lacuna
            List<MinedRule> stored = RuleGraph.read(c, KgGraphs.of("people"), RuleGraph.MINED_BY_LACUNA);
            assertEquals(new HashSet<>(rules.stream().map(r -> r.rule() + " " + r.measures().support() + " "
                    + r.measures().pcaBodySize() + " " + r.measures().functionalVariable()).toList()),
                    new HashSet<>(stored.stream().map(r -> r.rule() + " " + r.measures().support() + " "
                            + r.measures().pcaBodySize() + " " + r.measures().functionalVariable()).toList()));
        } finally {
            repo.shutDown();
        }
        CliRunner.Run stats = CliRunner.run("rules", "stats", out.toString());
        assertEquals(0, stats.code(), stats.toString());
    }

    @Test
    void buildUsesConstantRulesFromAFileNamingEntitiesBySourceId(@TempDir Path dir) throws Exception {
        Path kg = people(dir);
        Path all = dir.resolve("all.tsv");
        assertEquals(0, CliRunner.run("mine", "--input", kg.toString(), "-o", all.toString(), "--minis", "5", "--const",
                "--threads", "2").code());
        // two rules whose heads are never another rule's body, so that deletions are allowed
        List<String> lines = new ArrayList<>();
        lines.add(String.join("\t", AmieRules.HEADER));
        for (String line : Files.readAllLines(all)) {
            if (line.startsWith("?a  speaks  french   => ?a  nationality  france\t")
                    || line.startsWith("?a  speaks  spanish   => ?a  nationality  spain\t")) {
                lines.add(line);
            }
        }
        assertEquals(3, lines.size(), String.join("\n", lines));
        Path rules = dir.resolve("rules.tsv");
        Files.write(rules, lines);
        String store = "native:" + dir.resolve("store");
        assertEquals(0, CliRunner.run("load", "--store", store, "--kg", "people", kg.toString()).code());
        Path out = dir.resolve("bench");
        CliRunner.Run build = CliRunner.run("build", "--store", store, "--kg", "people", "--rules", rules.toString(),
                "--tau", "1.0", "--out", out.toString());
        assertEquals(0, build.code(), build.toString());
        assertTrue(build.out().contains("ok   hard answer inferable in incomplete by its rule"), build.out());
        String test = Files.readString(out.resolve("questions").resolve("train.jsonl"));
        // the constants were mapped to the loaded entities' IRIs
        assertTrue(test.contains("?a  speaks  https://lacuna.dev/kg/people/entity/"), test);

        Path unknown = dir.resolve("unknown.tsv");
        Files.write(unknown, List.of(lines.get(0), lines.get(1).replace("french", "klingon")));
        // --force: the store holds bench's build, which is checked (before any rule is read) and allowed to go
        CliRunner.Run bad = CliRunner.run("build", "--store", store, "--kg", "people", "--rules", unknown.toString(),
                "--out", dir.resolve("bench2").toString(), "--force");
        assertEquals(2, bad.code(), bad.toString());
        assertTrue(bad.err().contains("'klingon'"), bad.err());
    }

    @Test
    void aRuleFileWithAnAtomWithoutVariablesIsRejectedWithItsLine(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.tsv");
        Files.writeString(bad, String.join("\t", AmieRules.HEADER) + "\n"
                + "?a  speaks  french   => ?a  nationality  france\t0.5\t1.0\t1.0\t23\t23\t23\t-1\n"
                + "p1  speaks  french   => ?a  nationality  france\t0.5\t1.0\t1.0\t23\t23\t23\t-1\n");
        String store = "native:" + dir.resolve("store");
        CliRunner.Run run = CliRunner.run("rules", "import", bad.toString(), "--store", store, "--kg", "people");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains(bad + ":3:1"), run.err());
        assertTrue(run.err().contains("has no variable"), run.err());
    }
}
