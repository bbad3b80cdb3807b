package dev.lacuna.tog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.cli.Main;
import dev.lacuna.questions.LlmSettings;

/** {@code lacuna tog}'s refusals: each names the problem, exits 2 for bad input and 1 for a dead endpoint, writes nothing. */
class TogCommandTest {
    @TempDir
    Path tmp;

    private CliRunner.Run tog(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "tog";
        System.arraycopy(args, 0, all, 1, args.length);
        return CliRunner.run(all);
    }

    @Test
    void badOptionsExitTwoAndNameTheProblem() {
        Path bench = TogFixture.benchmark(tmp.resolve("bench"));
        String out = tmp.resolve("out").toString();
        CliRunner.Run missing = tog("--benchmark", bench.toString(), "--out", out);
        assertEquals(2, missing.code(), missing.toString());
        assertTrue(missing.err().contains("--endpoint is required"), missing.toString());
        CliRunner.Run pruning = tog("--endpoint", "http://127.0.0.1:1/sparql", "--benchmark", bench.toString(), "--out",
                out, "--pruning", "gpt");
        assertEquals(2, pruning.code(), pruning.toString());
        assertTrue(pruning.err().contains("'gpt'") && pruning.err().contains("embedding, bm25, llm"), pruning.toString());
        CliRunner.Run url = tog("--endpoint", "127.0.0.1:7878", "--benchmark", bench.toString(), "--out", out);
        assertEquals(2, url.code(), url.toString());
        CliRunner.Run inside = tog("--endpoint", "http://127.0.0.1:1/sparql", "--benchmark", bench.toString(), "--out",
                bench.resolve("tog").toString());
        assertEquals(2, inside.code(), inside.toString());
        CliRunner.Run width = tog("--endpoint", "http://127.0.0.1:1/sparql", "--benchmark", bench.toString(), "--out",
                out, "--width", "0");
        assertEquals(2, width.code(), width.toString());
        assertFalse(Files.exists(tmp.resolve("out")));
        assertFalse(Files.exists(bench.resolve("tog")));
    }

    @Test
    void llmPruningWithoutAChatModelExitsTwo() throws IOException, InterruptedException {
        // The model's URL also comes from the environment, so the command runs as its own process without it.
        Path bench = TogFixture.benchmark(tmp.resolve("bench"));
        ProcessBuilder child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "tog", "--endpoint",
                "http://127.0.0.1:1/sparql", "--benchmark", bench.toString(), "--out", tmp.resolve("out").toString(),
                "--pruning", "llm", "--llm-model", "m").redirectErrorStream(true);
        child.environment().remove(LlmSettings.ENV_BASE_URL);
        Process p = child.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), output);
        assertEquals(2, p.exitValue(), output);
        assertTrue(output.contains("--pruning llm needs a chat model"), output);
        assertFalse(Files.exists(tmp.resolve("out")));
    }

    @Test
    void aDeadEndpointFailsWithItsAddressAndWritesNothing() throws IOException {
        Path bench = TogFixture.benchmark(tmp.resolve("bench"));
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        String endpoint = "http://127.0.0.1:" + port + "/sparql";
        CliRunner.Run run = tog("--endpoint", endpoint, "--benchmark", bench.toString(), "--out",
                tmp.resolve("out").toString(), "--pruning", "bm25");
        assertEquals(1, run.code(), run.toString());
        assertTrue(run.err().contains("cannot reach the SPARQL endpoint " + endpoint), run.toString());
        assertFalse(Files.exists(tmp.resolve("out").resolve("ToG_test.jsonl")));
    }
}
