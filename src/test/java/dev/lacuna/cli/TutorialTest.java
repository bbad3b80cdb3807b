package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tutorials' commands run as written: every {@code ```sh} block of the tutorials, in reading order, through
 * bash in a folder laid out like a clone's root (a {@code ./lacuna} launcher on this build's class path, and the
 * bundled Family KG at its path). A command the code no longer accepts, or a step that fails, fails this test.
 * Blocks marked {@code ```text} are shown, not run (building the jar, which the test's class path stands in for).
 */
class TutorialTest {
    private static final List<Path> TUTORIALS = List.of(Path.of("docs", "tutorials", "first-benchmark.md"),
            Path.of("docs", "tutorials", "evaluate-a-system.md"));
    /** The port the tutorial serves on; a test cannot pick another without changing the commands it checks. */
    private static final int PORT = 7878;

    @TempDir
    Path dir;

    @Test
    void theTutorialsRunAsWritten() throws Exception {
        StringBuilder script = new StringBuilder("set -euo pipefail\n");
        for (Path tutorial : TUTORIALS) {
            List<String> blocks = shBlocks(tutorial);
            assertFalse(blocks.isEmpty(), tutorial + " has no ```sh block to run");
            for (String block : blocks) {
                script.append("echo '$ ").append(tutorial.getFileName()).append("'\n").append(block);
            }
        }
        try (ServerSocket probe = new ServerSocket(PORT)) {
            probe.setReuseAddress(true);
        } catch (IOException busy) {
            throw new AssertionError("port " + PORT + ", which the tutorial serves on, is in use on this machine", busy);
        }
        layOutClone(dir);
        Path log = dir.resolve("tutorial.log");
        Process bash = new ProcessBuilder("bash", "-c", script.toString()).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended = bash.waitFor(10, TimeUnit.MINUTES);
        if (!ended) {
            bash.descendants().forEach(ProcessHandle::destroyForcibly);
            bash.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(ended, "the tutorials did not finish in 10 minutes:\n" + tail(output));
        assertEquals(0, bash.exitValue(), "a tutorial command failed:\n" + tail(output));
        String report = Files.readString(dir.resolve("report.md"), StandardCharsets.UTF_8);
        assertTrue(report.contains("Hits@Hard"), report);
        // the second tutorial runs the in-box ToG on both graphs
        assertTrue(Files.size(dir.resolve("tog-incomplete/ToG_test.jsonl")) > 0);
        assertTrue(Files.size(dir.resolve("tog-complete/ToG_test.jsonl")) > 0);
        assertTrue(output.contains("triples"), "the endpoint's count query printed nothing:\n" + tail(output));
    }

    /** The ```sh blocks of one Markdown page, in order. */
    static List<String> shBlocks(Path page) throws IOException {
        List<String> blocks = new ArrayList<>();
        StringBuilder current = null;
        for (String line : Files.readAllLines(page, StandardCharsets.UTF_8)) {
            if (current == null && line.equals("```sh")) {
                current = new StringBuilder();
            } else if (current != null && line.equals("```")) {
                blocks.add(current.toString());
                current = null;
            } else if (current != null) {
                current.append(line).append('\n');
            }
        }
        return blocks;
    }

    /**
     * A launcher in {@code dir} that runs this build's classes as {@code ./lacuna} does the jar, and the bundled KG at
     * its path: a folder shaped like a clone, for running documented commands as written.
     */
    static void layOutClone(Path dir) throws IOException {
        Path launcher = dir.resolve("lacuna");
        Files.writeString(launcher, "#!/usr/bin/env sh\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' -Xmx1g -cp '" + System.getProperty("java.class.path") + "' " + Main.class.getName() + " \"$@\"\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path kg = dir.resolve("src/main/resources/kg/family.tsv");
        Files.createDirectories(kg.getParent());
        Files.copy(Path.of("src/main/resources/kg/family.tsv"), kg);
    }

    static String tail(String text) {
        return text.length() <= 8000 ? text : "..." + text.substring(text.length() - 8000);
    }
}
