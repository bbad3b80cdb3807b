package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.testing.TestData;

/**
 * A load that does not fit on the disk is refused before the store is touched, with the real reason. The disk
 * is a real 8 MB tmpfs (Family fits, CoDEx-M does not); mounting one needs root, so elsewhere the test is
 * skipped (assumption, with the reason). Before the check, this load left the store unopenable.
 */
class FullDiskTest {
    @TempDir
    Path tmp;
    private Path mount;

    @AfterEach
    void unmount() throws IOException, InterruptedException {
        if (mount != null) {
            new ProcessBuilder("umount", mount.toString()).start().waitFor();
        }
    }

    @Test
    void aLoadThatCannotFitIsRefusedAndTheStoreKept() throws IOException, InterruptedException {
        Path dir = Files.createDirectories(tmp.resolve("small-disk"));
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", dir.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        Assumptions.assumeTrue(p.waitFor() == 0, "cannot mount a tmpfs here (needs root): " + out);
        mount = dir;

        StoreConfig config = new StoreConfig.NativeStoreConfig(dir.resolve("store"));
        String spec = "native:" + dir.resolve("store");
        Set<String> family = CrashSafetyTest.loadFamily(config);
        CliRunner.Run run = CliRunner.run("load", "--store", spec, "--kg", "big", TestData.kg("codex-m", "train.txt").toString());
        assertEquals(1, run.code(), run.toString());
        assertTrue(run.err().contains("not enough free disk space") && run.err().contains("the store was not changed"),
                run.err());
        CrashHarness.assertSound(config, CrashSafetyTest.FAMILY, family, run.toString());
        assertEquals(0, CrashSafetyTest.count(config, CrashSafetyTest.BIG));
        assertEquals(0, CliRunner.run("check", "--store", spec).code());
    }
}
