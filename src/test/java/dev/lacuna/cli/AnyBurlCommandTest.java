package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.lacuna.Json;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.AnyBurlRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.rules.RuleMeasures;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.TestData;

/** rules import, stats and export with AnyBURL's format, and a build from AnyBURL's rules, on Family. */
class AnyBurlCommandTest {
    @TempDir
    static Path tmp;
    static String store;
    static Path family;
    static final Path EVERY_KIND = TestData.file("rules/anyburl/family-every-kind.txt");

    @BeforeAll
    static void load() {
        store = "native:" + tmp.resolve("store");
        family = TestData.kg("family", "facts.txt");
        CliRunner.succeed("load", "--store", store, "--kg", "family", family.toString());
    }

    @Test
    void amie3sRulesExportedAndImportedAgainAreTheSameRulesAndMeasures(@TempDir Path dir) throws IOException {
        Path reference = TestData.amie3("family-maxad4.tsv");
        Path fromFile = dir.resolve("from-file.txt");
        CliRunner.Run export = CliRunner.succeed("rules", "export", "--format", "anyburl", "--input", family.toString(),
                "--output", fromFile.toString(), reference.toString());
        List<MinedRule> paths = new ArrayList<>();
        for (MinedRule m : AmieRules.read(reference)) {
            if (AnyBurlRules.format(m.rule()) != null) {
                paths.add(m);
            }
        }
        int all = AmieRules.read(reference).size();
        assertTrue(paths.size() > all / 2 && paths.size() < all, paths.size() + " of Family's " + all
                + " rules are paths");
        assertTrue(export.out().contains(String.format("wrote %,d rules", paths.size())), export.out());
        assertTrue(export.out().contains(String.format("left out %,d rules", all - paths.size())), export.out());
        assertEquals(paths.size(), Files.readAllLines(fromFile).size());
        // counted on the stored KG, the file is the same
        Path fromStore = dir.resolve("from-store.txt");
        CliRunner.succeed("rules", "export", "--format", "anyburl", "--store", store, "--kg", "family",
                "--output", fromStore.toString(), reference.toString());
        assertEquals(Files.readString(fromFile), Files.readString(fromStore));

        CliRunner.succeed("rules", "import", "--format", "anyburl", fromFile.toString(), "--store", store, "--kg",
                "family", "--force");
        List<MinedRule> stored = stored(RuleGraph.MINED_BY_ANYBURL);
        assertEquals(paths.size(), stored.size());
        Comparator<MinedRule> byRule = Comparator.comparing(m -> m.rule().toAmie());
        paths.sort(byRule);
        stored.sort(byRule);
        for (int i = 0; i < paths.size(); i++) {
            RuleMeasures a = paths.get(i).measures();
            RuleMeasures b = stored.get(i).measures();
            String what = paths.get(i).rule().toAmie();
            assertEquals(paths.get(i).rule(), stored.get(i).rule(), what);
            assertEquals(a.support(), b.support(), what);
            assertEquals(a.bodySize(), b.bodySize(), what);
            assertEquals(a.pcaBodySize(), b.pcaBodySize(), what);
            assertEquals(a.functionalVariable(), b.functionalVariable(), what);
            // AMIE3's file prints six decimals
            assertEquals(a.headCoverage(), b.headCoverage(), 1e-6, what);
            assertEquals(a.standardConfidence(), b.standardConfidence(), 1e-6, what);
            assertEquals(a.pcaConfidence(), b.pcaConfidence(), 1e-6, what);
        }
    }

    @Test
    void everyKindIsCountedAndTheClosedRulesThatPassAreImported() {
        CliRunner.Run run = CliRunner.succeed("rules", "import", "--format", "anyburl", EVERY_KIND.toString(),
                "--store", store, "--kg", "family", "--force");
        String out = run.out().replaceAll(" +", " ");
        assertTrue(out.contains("B (cyclic: a closed path between the head's two variables) 6 read, 4 imported, 1 below"
                + " the thresholds, 1 repeating an earlier line's rule"), out);
        assertTrue(out.contains("U_c (acyclic, a constant at the end of the body) 3 read, 0 imported, 3 skipped:"
                + " constants need --const"), out);
        assertTrue(out.contains("U_d (acyclic, a dangling variable: not closed) 2 read, skipped"), out);
        assertTrue(out.contains("Zero (empty body) 1 read, skipped"), out);
        assertTrue(out.contains("U_xx (one head variable twice: h(X,X) or me_myself_i) 2 read, skipped"), out);
        assertEquals(4, stored(RuleGraph.MINED_BY_ANYBURL).size());

        // with constants and a head coverage low enough for one constant's facts
        run = CliRunner.succeed("rules", "import", "--format", "anyburl", "--const", "--minhc", "0.0001",
                EVERY_KIND.toString(), "--store", store, "--kg", "family", "--force");
        out = run.out().replaceAll(" +", " ");
        assertTrue(out.contains("3 read, 2 imported, 1 below the thresholds"), out);
        List<MinedRule> stored = stored(RuleGraph.MINED_BY_ANYBURL);
        assertEquals(6, stored.size());
        // constants stay by the KG file's names, as AMIE3's rules name them
        assertTrue(stored.stream().anyMatch(m -> m.rule().toAmie().equals("?a  brother  ?b  ?b  son  7   => ?a  son  7")),
                stored.toString());

        CliRunner.Run stats = CliRunner.succeed("rules", "stats", "--format", "anyburl", "--input", family.toString(),
                EVERY_KIND.toString());
        String table = stats.out().replaceAll(" +", " ");
        assertTrue(table.contains("inversion 1"), table);
        assertTrue(table.contains("total 4"), table);
    }

    @Test
    void anUnknownRelationOrConstantIsAnErrorWithFileAndLineAndNothingChanges(@TempDir Path dir) throws IOException {
        CliRunner.succeed("rules", "import", "--format", "anyburl", EVERY_KIND.toString(), "--store", store, "--kg",
                "family", "--force");
        Path bad = dir.resolve("bad.txt");
        Files.writeString(bad, "717\t454\t0.63\twife(X,Y) <= husband(Y,X)\n10\t2\t0.2\tcousin(X,Y) <= son(X,Y)\n");
        CliRunner.Run run = CliRunner.run("rules", "import", "--format", "anyburl", bad.toString(), "--store", store,
                "--kg", "family", "--force");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains(bad + ":2"), run.err());
        assertTrue(run.err().contains("'cousin'"), run.err());
        Files.writeString(bad, "717\t454\t0.63\twife(X,Y) <= husband(Y,X)\n\n10\t2\t0.2\tson(X,nobody) <= son(X,A),"
                + " son(A,nobody)\n");
        run = CliRunner.run("rules", "import", "--format", "anyburl", "--const", bad.toString(), "--store", store,
                "--kg", "family", "--force");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains(bad + ":3"), run.err());
        assertTrue(run.err().contains("'nobody'"), run.err());
        Files.writeString(bad, "717\t454\t0.63\twife(X,Y) <= husband(Y,X)\n10\t2\twife(X,Y) <= son(X,Y)\n");
        run = CliRunner.run("rules", "import", "--format", "anyburl", bad.toString(), "--store", store, "--kg",
                "family", "--force");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains(bad + ":2:1: expected 4 tab-separated columns"), run.err());
        assertEquals(4, stored(RuleGraph.MINED_BY_ANYBURL).size(), "the rules imported before are kept");
    }

    @Test
    void aBuildFromAnyBurlsRulesPassesVerify(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("bench");
        CliRunner.Run build = CliRunner.succeed("build", "--store", store, "--kg", "family", "--rules",
                EVERY_KIND.toString(), "--rules-format", "anyburl", "--seed", "3", "--out", out.toString());
        assertTrue(build.out().contains("4 imported"), build.out());
        JsonNode summary = Json.mapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(RuleGraph.MINED_BY_ANYBURL, summary.at("/parameters/rules_from").asText(), summary.toString());
        assertEquals(4, summary.at("/rules/total").asInt(), summary.toString());
        assertTrue(summary.at("/questions/total").asInt() > 50, summary.toString());
        CliRunner.succeed("verify", "--store", store, out.toString());
        CliRunner.succeed("check", "--store", store);
    }

    private static List<MinedRule> stored(String minedBy) {
        Repository repo = Stores.open(StoreSpec.parse(store));
        try (RepositoryConnection c = repo.getConnection()) {
            return new ArrayList<>(RuleGraph.read(c, KgGraphs.of("family"), minedBy));
        } finally {
            repo.shutDown();
        }
    }
}
