package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.sail.SailException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A build whose commit finds the store's disk full: the store keeps what it held, and {@code lacuna} names the
 * cause and the folder in one line, with no stack trace (those are for {@code LACUNA_DEBUG}). The disk is a real
 * tmpfs filled to the last byte after Family is loaded; LMDB writes a transaction's pages only at its commit, so
 * the build fails exactly there. Mounting needs root: elsewhere the test is skipped, saying so.
 */
class BuildFullDiskTest {
    @TempDir
    Path tmp;
    private Path mount;

    @AfterEach
    void unmount() throws IOException, InterruptedException {
        if (mount != null) {
            new ProcessBuilder("umount", mount.toString()).start().waitFor();
        }
    }

    /** A tmpfs of 48 MB with Family loaded into an LMDB store on it, then filled; skipped where mounting is refused. */
    private StoreConfig fullDiskWithFamily(Set<String> family) throws IOException, InterruptedException {
        Path dir = Files.createDirectories(tmp.resolve("small-disk"));
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=48m", "tmpfs", dir.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        Assumptions.assumeTrue(p.waitFor() == 0, "cannot mount a tmpfs here (needs root): " + out);
        mount = dir;
        StoreConfig config = new StoreConfig.LmdbStoreConfig(dir.resolve("store"), null);
        family.addAll(CrashSafetyTest.loadFamily(config));
        fill(dir.resolve("filler"));
        return config;
    }

    /**
     * The commit cannot fit: refused before it starts (a failed LMDB commit can crash the JVM inside RDF4J), naming
     * the store's folder and its free space, in one line without a stack trace; the store keeps Family untouched.
     */
    @Test
    void aCommitThatCannotFitNamesTheDiskWithoutAStackTrace() throws IOException, InterruptedException {
        Set<String> family = new HashSet<>();
        StoreConfig config = fullDiskWithFamily(family);
        Path store = ((StoreConfig.LmdbStoreConfig) config).dir();
        Path rules = CrashSafetyTest.familyRules(tmp);

        CrashHarness.Outcome build = CrashHarness.runAndKill("KILL", "never printed", 0, "build", "--store",
                "lmdb:" + store, "--kg", "family", "--rules", rules.toString(), "--out", tmp.resolve("out").toString());
        String log = build.log();
        assertEquals(1, build.exitCode(), log);
        assertTrue(log.contains("lacuna build: not enough free disk space for committing the build: ")
                && log.contains(" in " + store + ", which has ") && log.contains("the store was not changed"), log);
        assertFalse(log.contains("\tat "), "no stack trace without LACUNA_DEBUG: " + log);
        assertFalse(log.contains("Input/output error"), "the cause, not the symptom: " + log);
        assertFalse(Files.exists(tmp.resolve("out")), log);

        Files.delete(mount.resolve("filler"));
        CrashSafetyTest.assertNoBuild(config, log);
        CrashHarness.assertSound(config, CrashSafetyTest.FAMILY, family, log);
    }

    /**
     * A write that failed anyway (the disk filled after the check): LMDB says "Input/output error", and the reason
     * given is the full disk, found by looking at the store's folder after the failure.
     */
    @Test
    void aFailedWriteOnAFullDiskIsNamedAsSuch() throws IOException, InterruptedException {
        StoreConfig config = fullDiskWithFamily(new HashSet<>());
        Path store = ((StoreConfig.LmdbStoreConfig) config).dir();
        Repository repository = Stores.open(config);
        try {
            RuntimeException failure = new SailException(new IOException("Input/output error"));
            String reason = FreeSpace.explain(repository, 25_000, failure);
            assertTrue(reason.startsWith("No space left on device: the store's folder " + store + " has ")
                    && reason.contains(" KB free after the failed write"), reason);
            Files.delete(mount.resolve("filler"));
            assertEquals("Input/output error", FreeSpace.explain(repository, 25_000, failure),
                    "with room on the disk the failure is not blamed on it");
        } finally {
            repository.shutDown();
        }
    }

    /**
     * Writes zeros until the file system refuses, then gives back 256 KB: enough to open the store (its lock file)
     * and start the build, far too little for the new graphs' pages.
     */
    private static void fill(Path file) throws IOException {
        byte[] chunk = new byte[1 << 16];
        try (OutputStream out = Files.newOutputStream(file)) {
            while (true) {
                out.write(chunk);
            }
        } catch (IOException e) {
            if (!String.valueOf(e.getMessage()).contains("No space left on device")) {
                throw e;
            }
        }
        try (var channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.truncate(channel.size() - (256 << 10));
        }
    }
}
