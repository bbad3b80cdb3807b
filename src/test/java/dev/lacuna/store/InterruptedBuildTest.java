package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.folder.BuildRecord;

/**
 * The window after a build's commit, on LMDB: the build commits, runs its own verify, then renames its folder into
 * place. A real {@code lacuna build} child killed with SIGKILL during that verify, and a build whose verify fails
 * killed while it puts the previous build back, leave a store that either serves the benchmark whose folder is in
 * place, or says plainly that it does not: {@code serve} refuses (exit 2) naming the interrupted build and what to
 * run, {@code verify} fails (exit 1) saying the same first, and running the build again repairs it. Before, such a
 * store was served without a word, unverified graphs under the old folder.
 */
class InterruptedBuildTest {
    @TempDir
    Path tmp;
    private static final ExecutorService SERVE = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "serve-under-test");
        t.setDaemon(true);
        return t;
    });

    @AfterAll
    static void stop() {
        SERVE.shutdownNow();
    }

    @Test
    void killedDuringItsOwnVerifyTheStoreSaysSoUntilTheBuildRunsAgain() throws Exception {
        String spec = familyStore();
        String rules = CrashSafetyTest.familyRules(tmp).toString();
        Path out = tmp.resolve("bench");
        String[] first = {"build", "--store", spec, "--kg", "family", "--rules", rules, "--out", out.toString(),
            "--seed", "1"};
        // A first build killed in its verify: no folder at all, and the store's graphs are that build's.
        CrashHarness.Outcome o = CrashHarness.runAndKill("KILL", "switched to the new build", 300, first);
        String context = "SIGKILL during a first build's own verify\n" + o.log();
        assertTrue(o.killed() && o.log().contains("verify " + out), "the kill landed in the verify; " + context);
        assertInterrupted(spec, out, context);
        CliRunner.Run missing = CliRunner.run("verify", "--store", spec, out.toString());
        assertEquals(2, missing.code(), missing.toString());
        assertTrue(missing.err().contains("build --force"), missing.toString());
        CliRunner.Run built = CliRunner.run(first);
        assertEquals(0, built.code(), built.toString());
        assertFinished(spec, out);

        // A rebuild killed in its verify: the old folder is in place, the new graphs in the store.
        String[] rebuild = {"build", "--store", spec, "--kg", "family", "--rules", rules, "--out", out.toString(),
            "--seed", "2", "--force"};
        o = CrashHarness.runAndKill("KILL", "switched to the new build", 300, rebuild);
        context = "SIGKILL during a rebuild's own verify\n" + o.log();
        assertTrue(o.killed() && o.log().contains("verify " + out), "the kill landed in the verify; " + context);
        assertInterrupted(spec, out, context);
        CliRunner.Run verify = CliRunner.run("verify", "--store", spec, out.toString());
        assertEquals(1, verify.code(), verify.toString());
        assertTrue(verify.out().contains("FAIL no build of KG 'family' was interrupted after its commit")
                && verify.out().contains("--force"), verify.toString());
        assertTrue(!verify.out().contains("no build stopped between its commit"), "one account of it, not two: " + verify);
        built = CliRunner.run(rebuild);
        assertEquals(0, built.code(), built.toString());
        assertFinished(spec, out);
    }

    @Test
    void killedWhileAFailedVerifyIsUndoneTheStoreServesTheOldBenchmarkOrSaysItDoesNot() throws Exception {
        String spec = familyStore();
        String rules = CrashSafetyTest.familyRules(tmp).toString();
        Path out = tmp.resolve("bench");
        CliRunner.Run built = CliRunner.run("build", "--store", spec, "--kg", "family", "--rules", rules, "--out",
                out.toString(), "--seed", "1");
        assertEquals(0, built.code(), built.toString());
        CrashHarness.Outcome o = CrashHarness.runAndKill("dev.lacuna.construct.FailingVerifyBuild", "KILL",
                "putting the previous build back", 0, spec, rules, out.toString(), "2");
        String context = "SIGKILL while a failed verify is undone\n" + o.log();
        assertTrue(o.log().contains("FAIL injected check"), "the build's verify failed; " + context);
        if (interrupted(spec).isPresent()) {
            // killed before the rollback's commit: the failed build's graphs, and the store says so
            assertInterrupted(spec, out, context);
            CliRunner.Run verify = CliRunner.run("verify", "--store", spec, out.toString());
            assertEquals(1, verify.code(), verify.toString());
            assertTrue(verify.out().contains("was interrupted after its commit"), context + "\n" + verify);
            assertTrue(!verify.out().contains("is the finished folder of a build"), "a failed folder is not called"
                    + " finished: " + verify);
            built = CliRunner.run("build", "--store", spec, "--kg", "family", "--rules", rules, "--out", out.toString(),
                    "--seed", "1", "--force");
            assertEquals(0, built.code(), built.toString());
        }
        // after the rollback's commit, or after the repair: the benchmark in place, served and verified
        assertFinished(spec, out);
    }

    /** Family loaded into a new LMDB store; its spec. */
    private String familyStore() {
        StoreConfig config = new StoreConfig.LmdbStoreConfig(tmp.resolve("store"));
        CrashSafetyTest.loadFamily(config);
        return CrashHarness.storeSpec(config);
    }

    private static Optional<BuildRecord.Interrupted> interrupted(String spec) {
        Repository repository = Stores.open(StoreSpec.parse(spec));
        try {
            return BuildRecord.interrupted(repository, CrashSafetyTest.FAMILY);
        } finally {
            repository.shutDown();
        }
    }

    /** serve refuses the graphs a build writes, naming the build and what to run; the store is sound. */
    private void assertInterrupted(String spec, Path out, String context) throws Exception {
        assertTrue(interrupted(spec).isPresent(), "the store marks the build unfinished; " + context);
        CliRunner.Run serve = serve(spec);
        assertEquals(2, serve.code(), context + "\n" + serve);
        assertTrue(serve.err().contains("interrupted after its commit") && serve.err().contains("--force")
                && serve.err().contains(out.toString()), context + "\n" + serve);
        CliRunner.Run check = CliRunner.run("check", "--store", spec);
        assertEquals(0, check.code(), check.toString());
    }

    private static void assertFinished(String spec, Path out) {
        assertTrue(interrupted(spec).isEmpty(), "the build finished");
        CliRunner.Run verify = CliRunner.run("verify", "--store", spec, out.toString());
        assertEquals(0, verify.code(), verify.toString());
    }

    /** serve in a thread: one that is not refused runs until stopped, and fails the test instead of hanging it. */
    private static CliRunner.Run serve(String spec) throws Exception {
        Future<CliRunner.Run> serving = SERVE.submit(() -> CliRunner.run("serve", "--store", spec, "--kg", "family",
                "--port", "0", "--no-access-log"));
        try {
            return serving.get(60, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("serve started on the graphs of an interrupted build");
        }
    }
}
