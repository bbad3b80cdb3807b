package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.testing.TestData;

/**
 * The one window a build leaves open: killed after its commit and before its folder is renamed into place, the
 * store holds the new build while the folder is the old one (or, between the two renames, missing), and the new
 * folder waits as {@code .NAME.partial-PID}. The state is made as such a kill leaves it: a second build's folder
 * moved to the partial name. {@code verify} must say that {@code build --force} repairs it, and that must be true.
 */
class InterruptedRenameTest {
    @TempDir
    Path tmp;

    @Test
    void verifySaysThatBuildForceRepairsIt() throws IOException {
        String store = "lmdb:" + tmp.resolve("store");
        Path family = Files.copy(TestData.kg("family", "facts.txt"), tmp.resolve("family.tsv"));
        assertEquals(0, CliRunner.run("load", "--store", store, "--kg", "family", family.toString()).code());
        String rules = CrashSafetyTest.familyRules(tmp).toString();
        Path out = tmp.resolve("bench");
        CliRunner.Run first = CliRunner.run("build", "--store", store, "--kg", "family", "--rules", rules, "--out",
                out.toString(), "--seed", "1");
        assertEquals(0, first.code(), first.toString());
        Path next = tmp.resolve("next");
        CliRunner.Run second = CliRunner.run("build", "--store", store, "--kg", "family", "--rules", rules, "--out",
                next.toString(), "--seed", "2", "--force");
        assertEquals(0, second.code(), second.toString());
        Path partial = tmp.resolve(".bench.partial-4242");
        Files.move(next, partial);

        CliRunner.Run verify = CliRunner.run("verify", "--store", store, out.toString());
        assertEquals(1, verify.code(), verify.toString());
        String said = verify.out() + verify.err();
        assertTrue(said.contains(partial.getFileName().toString()) && said.contains("build --force"), said);

        // Between the two renames the folder itself is missing.
        Path old = tmp.resolve(".bench.old-4242");
        Files.move(out, old);
        verify = CliRunner.run("verify", "--store", store, out.toString());
        assertEquals(2, verify.code(), verify.toString());
        assertTrue(verify.err().contains(partial.getFileName().toString()) && verify.err().contains("build --force"),
                verify.toString());

        CliRunner.Run repair = CliRunner.run("build", "--store", store, "--kg", "family", "--rules", rules, "--out",
                out.toString(), "--seed", "2", "--force");
        assertEquals(0, repair.code(), repair.toString());
        assertFalse(Files.exists(partial), "the leftover is removed");
        verify = CliRunner.run("verify", "--store", store, out.toString());
        assertEquals(0, verify.code(), verify.toString());
    }
}
