package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.testing.TestData;

/**
 * The crash test's slower half: builds killed at three points (on LMDB first builds too) and load --replace of
 * CoDEx-M killed at three, on native and LMDB; after each, the store opens, Family is intact statement for statement, the indexes agree,
 * the published build's folder still verifies, and a rerun completes. A few minutes, hence a benchmark.
 * Run with: mvn -B -Pbench test -Dtest=CrashSafetyBench
 */
@Tag("bench")
class CrashSafetyBench {
    @TempDir
    Path tmp;

    private StoreConfig store(String kind) {
        return kind.equals("native") ? new StoreConfig.NativeStoreConfig(tmp.resolve("store"))
                : new StoreConfig.LmdbStoreConfig(tmp.resolve("store"));
    }

    /**
     * A build killed after its incomplete graph is written, again after its provenance is, and again once its
     * folder is written but not yet committed, leaves the published build as it was: the earlier folder still
     * verifies, and a rerun completes.
     */
    @ParameterizedTest
    @ValueSource(strings = {"native", "lmdb"})
    void killedBuildsLeaveThePublishedBuildVerifying(String kind) throws IOException, InterruptedException {
        StoreConfig config = store(kind);
        Set<String> family = CrashSafetyTest.loadFamily(config);
        String spec = CrashHarness.storeSpec(config);
        Path rules = tmp.resolve("rules.tsv");
        AmieRules.write(AmieRules.read(TestData.amie3("family-maxad3.tsv")).subList(0, 10), rules);
        Path first = tmp.resolve("first");
        CliRunner.Run built = CliRunner.run("build", "--store", spec, "--kg", "family", "--rules", rules.toString(),
                "--out", first.toString());
        assertEquals(0, built.code(), built.toString());
        // The last point: the folder is written and the commit is about to start (SIGKILL, nothing can wait for it).
        for (String[] point : new String[][] {{"KILL", "incomplete written"}, {"TERM", "provenance stored"},
                {"KILL", "folder written"}}) {
            CrashHarness.Outcome o = CrashHarness.runAndKill(point[0], point[1], 0, "build", "--store", spec, "--kg",
                    "family", "--rules", rules.toString(), "--seed", "9", "--force", "--out", tmp.resolve("second").toString());
            String context = "SIG" + point[0] + " after '" + point[1] + "'\n" + o.log();
            assertTrue(o.killed(), "the build ended before the kill; " + context);
            CrashHarness.assertSound(config, CrashSafetyTest.FAMILY, family, context);
            CliRunner.Run verify = CliRunner.run("verify", "--store", spec, first.toString());
            assertEquals(0, verify.code(), context + "\n" + verify);
        }
        CliRunner.Run rerun = CliRunner.run("build", "--store", spec, "--kg", "family", "--rules", rules.toString(),
                "--seed", "9", "--force", "--out", tmp.resolve("second").toString());
        assertEquals(0, rerun.code(), rerun.toString());
    }

    /**
     * A first build on LMDB (isolation NONE, one LMDB write transaction) killed after its incomplete graph is
     * written and after its provenance is leaves no trace of itself; killed once its folder is written, nothing
     * or all of it; a rerun builds a folder that verifies.
     */
    @org.junit.jupiter.api.Test
    void killedFirstBuildsOnLmdbLeaveNoTrace() throws IOException, InterruptedException {
        StoreConfig config = store("lmdb");
        Set<String> family = CrashSafetyTest.loadFamily(config);
        String spec = CrashHarness.storeSpec(config);
        String rules = CrashSafetyTest.familyRules(tmp).toString();
        Path out = tmp.resolve("out");
        for (String[] point : new String[][] {{"KILL", "incomplete written"}, {"TERM", "provenance stored"},
                {"KILL", "folder written"}}) {
            CrashHarness.Outcome o = CrashHarness.runAndKill(point[0], point[1], 0, "build", "--store", spec, "--kg",
                    "family", "--rules", rules, "--out", out.toString());
            String context = "SIG" + point[0] + " after '" + point[1] + "' in a first build\n" + o.log();
            assertTrue(o.killed(), "the build ended before the kill; " + context);
            if (point[1].equals("folder written")) {
                // The commit of a Family build at NONE takes milliseconds: the kill may land after it, in the
                // window before the folder's rename that BuildPublication documents. All or nothing, either way.
                CrashSafetyTest.assertNoBuildOrAll(config, o.log(), context);
            } else {
                CrashSafetyTest.assertNoBuild(config, context);
            }
            CrashHarness.assertSound(config, CrashSafetyTest.FAMILY, family, context);
        }
        // --force: the last kill may have landed after the folder's rename too.
        CliRunner.Run rerun = CliRunner.run("build", "--store", spec, "--kg", "family", "--rules", rules, "--force",
                "--out", out.toString());
        assertEquals(0, rerun.code(), rerun.toString());
        CliRunner.Run verify = CliRunner.run("verify", "--store", spec, out.toString());
        assertEquals(0, verify.code(), verify.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"native", "lmdb"})
    void killedReplacesOfCodexMLeaveTheStoreSound(String kind) throws IOException, InterruptedException {
        StoreConfig config = store(kind);
        Set<String> family = CrashSafetyTest.loadFamily(config);
        String spec = CrashHarness.storeSpec(config);
        String codexM = TestData.kg("codex-m", "train.txt").toString();
        assertEquals(0, CliRunner.run("load", "--store", spec, "--kg", "big", codexM).code());
        for (String[] point : new String[][] {{"KILL", "1000"}, {"TERM", "3000"}, {"INT", "6000"}}) {
            CrashHarness.Outcome o = CrashHarness.runAndKill(point[0], "load big", Long.parseLong(point[1]),
                    "load", "--store", spec, "--kg", "big", "--replace", "--seed", "7", codexM);
            String context = "SIG" + point[0] + " " + point[1] + " ms into load --replace of CoDEx-M\n" + o.log();
            CrashHarness.assertSound(config, CrashSafetyTest.FAMILY, family, context);
            assertEquals(185_584, CrashSafetyTest.count(config, CrashSafetyTest.BIG), context);
        }
        assertEquals(0, CliRunner.run("load", "--store", spec, "--kg", "big", "--replace", codexM).code());
        assertEquals(0, CliRunner.run("check", "--store", spec).code());
    }
}
