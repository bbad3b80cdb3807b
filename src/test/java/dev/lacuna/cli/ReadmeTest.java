package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new user's path as the README lays it out, in a folder laid out like a clone's root: {@code ./lacuna demo}, then
 * the commands the demo prints, then every {@code ```sh} block of the README's Examples in reading order. A {@code serve} line
 * runs until Ctrl-C, so it is started in the background, awaited on its port and stopped before the next line.
 * Blocks marked {@code ```text} need the user's own files and are not run. No output may print a Java map.
 */
class ReadmeTest {
    private static final int PORT = 7878;
    /** A Java map's toString, {@code {answer_is_topic=0, ...}}: never what a person should read. */
    private static final Pattern JAVA_MAP = Pattern.compile("\\{[A-Za-z_][A-Za-z_0-9 ]*=[^}]*}");

    @TempDir
    Path dir;

    @Test
    void theReadmeRunsAsWrittenAfterTheDemo() throws Exception {
        try (ServerSocket probe = new ServerSocket(PORT)) {
            probe.setReuseAddress(true);
        } catch (IOException busy) {
            throw new AssertionError("port " + PORT + ", which the README serves on, is in use on this machine", busy);
        }
        TutorialTest.layOutClone(dir);
        String demo = run("./lacuna demo\n");
        assertTrue(demo.contains("store:     lmdb:lacuna-data/demo/store"), demo);
        assertTrue(demo.contains("benchmark: lacuna-data/demo/benchmark"), demo);
        assertTrue(demo.contains("Why Table 3 is not the paper's"), demo);
        List<String> next = new ArrayList<>();
        for (String line : demo.split("\n")) {
            if (line.startsWith("  ./lacuna ")) {
                next.add(line.strip());
            }
        }
        assertEquals(3, next.size(), "the demo prints serve, answer and evaluate:\n" + demo);
        StringBuilder script = new StringBuilder();
        next.forEach(c -> script.append(line(c)));
        for (String block : TutorialTest.shBlocks(examples())) {
            for (String command : block.split("\n")) {
                if (!command.isBlank()) {
                    script.append(line(command));
                }
            }
        }
        String output = run(script.toString());
        assertTrue(Files.size(dir.resolve("report.html")) > 0);
        assertTrue(Files.isRegularFile(dir.resolve("family-rog/export.json")));
        assertTrue(output.contains("Hits@Any"), output);
        for (String all : List.of(demo, output)) {
            Matcher m = JAVA_MAP.matcher(all);
            assertFalse(m.find(), () -> "a Java map in the output: " + m.group() + "\n" + TutorialTest.tail(all));
        }
    }

    /** The README's Examples section alone: the block at its top builds the jar, which the test's class path stands in for. */
    private Path examples() throws IOException {
        String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
        int start = readme.indexOf("\n## Examples\n");
        assertTrue(start >= 0, "README.md has no Examples section");
        int end = readme.indexOf("\n## ", start + 1);
        return Files.writeString(dir.resolve("examples.md"), readme.substring(start, end < 0 ? readme.length() : end));
    }

    /** One command as the script runs it: a server in the background until it answers, then stopped. */
    private static String line(String command) {
        String echo = "echo '$ " + command.replace("'", "'\\''") + "'\n";
        if (!command.startsWith("./lacuna serve")) {
            return echo + command + "\n";
        }
        String bare = command.replaceAll("\\s+#.*$", "");
        return echo + bare + " > serve.log 2>&1 &\nserver=$!\n"
                + "for i in $(seq 1 240); do\n"
                + "  if ! kill -0 $server 2>/dev/null; then cat serve.log; echo 'serve ended early'; exit 1; fi\n"
                + "  if (exec 3<>/dev/tcp/127.0.0.1/" + PORT + ") 2>/dev/null; then break; fi\n"
                + "  sleep 0.5\n"
                + "done\n"
                + "cat serve.log\nkill $server; wait $server || true\n";
    }

    private String run(String body) throws Exception {
        Path log = dir.resolve("run-" + System.nanoTime() + ".log");
        Process bash = new ProcessBuilder("bash", "-c", "set -euo pipefail\n" + body).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        boolean ended = bash.waitFor(10, TimeUnit.MINUTES);
        if (!ended) {
            bash.descendants().forEach(ProcessHandle::destroyForcibly);
            bash.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(ended, "the commands did not finish in 10 minutes:\n" + TutorialTest.tail(output));
        assertEquals(0, bash.exitValue(), "a command failed:\n" + TutorialTest.tail(output));
        return output;
    }
}
