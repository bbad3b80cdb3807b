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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * docs/howto/own-kg.md as written: its {@code ```sh} blocks run in order through bash in a folder laid out like a
 * clone (the hand-made RDF dump at its path), from load to a served benchmark and two scores. Then what the page
 * says of the dump is held to what Lacuna does with it: the build at the paper's settings stops with the reason and
 * the fix the page shows; by default no rule and no question is about rdf:type; allowed, the vocabulary gives type
 * rules and type questions, and excluding rdf:type as a head takes every one of those questions away again.
 */
class OwnKgHowToTest {
    private static final Path PAGE = Path.of("docs", "howto", "own-kg.md");
    private static final Path DUMP = Path.of("testdata", "kg", "people.ttl");
    private static final String TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
    private static final int PORT = 7878;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void theHowToRunsAsWrittenAndSaysWhatLacunaDoes() throws Exception {
        try (ServerSocket probe = new ServerSocket(PORT)) {
            probe.setReuseAddress(true);
        } catch (IOException busy) {
            throw new AssertionError("port " + PORT + ", which the how-to serves on, is in use on this machine", busy);
        }
        TutorialTest.layOutClone(dir);
        Files.createDirectories(dir.resolve(DUMP).getParent());
        Files.copy(DUMP, dir.resolve(DUMP));
        List<String> blocks = TutorialTest.shBlocks(PAGE);
        assertTrue(blocks.size() >= 5, "the how-to's steps are sh blocks");
        String output = bash("set -euo pipefail\n" + String.join("", blocks));
        assertTrue(output.contains("560 triples, 150 entities, 12 relations"), output);
        assertTrue(output.contains("120 literal-valued triples not loaded"), output);
        assertTrue(output.contains("mined 19 rules"), output);
        assertTrue(output.contains("Hits@Hard"), output);
        assertTrue(Files.size(dir.resolve("people-tog/ToG_test.jsonl")) > 0);

        // no rule and no question about rdf:type by default; the benchmark graph names the relations kept out
        assertFalse(Files.readString(dir.resolve("people-rules.tsv")).contains(TYPE));
        assertTrue(Files.readString(dir.resolve("people-rules-with-types.tsv")).contains("=> ?a  " + TYPE));
        assertEquals(0, questionsAbout(dir.resolve("people-benchmark"), TYPE));
        JsonNode summary = JSON.readTree(dir.resolve("people-benchmark/summary.json").toFile());
        assertEquals("exclude", summary.at("/parameters/vocabulary").asText(), summary.toString());
        assertTrue(Files.readString(dir.resolve("people-benchmark/benchmark.trig")).contains("excludedAsHead"));

        // the build the page shows stopping, as it shows it
        String stopped = textBlockCommand("./lacuna build ");
        String refused = bash(stopped + "\necho exit $?\n");
        assertTrue(refused.contains("removed all 32 questions") && refused.contains("--tau 0.032")
                && refused.contains("exit 1"), refused);
        assertFalse(Files.exists(dir.resolve("out-of-the-page")));

        // the vocabulary allowed asks about types; rdf:type excluded as a head asks about none
        String store = "lmdb:" + dir.resolve("typed-store");
        CliRunner.succeed("load", "--store", store, "--kg", "people", dir.resolve(DUMP).toString());
        String[] build = {"build", "--store", store, "--kg", "people", "--minis", "20", "--selection", "greedy", "--tau",
                "0.1", "--vocabulary", "allow", "--force"};
        CliRunner.succeed(with(build, "--out", dir.resolve("typed").toString()));
        assertTrue(questionsAbout(dir.resolve("typed"), TYPE) > 0, "type questions with --vocabulary allow");
        CliRunner.succeed(with(build, "--head-excluded-relations", "rdf:type", "--out", dir.resolve("untyped").toString()));
        assertEquals(0, questionsAbout(dir.resolve("untyped"), TYPE));
        JsonNode untyped = JSON.readTree(dir.resolve("untyped/summary.json").toFile());
        assertEquals(TYPE, untyped.at("/parameters/head_excluded_relations").asText(), untyped.toString());
        assertEquals("allow", untyped.at("/parameters/vocabulary").asText());
    }

    private static String[] with(String[] args, String... more) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    private static long questionsAbout(Path benchmark, String relation) throws IOException {
        long n = 0;
        for (String split : List.of("train", "valid", "test")) {
            for (String line : Files.readAllLines(benchmark.resolve("questions/" + split + ".jsonl"))) {
                if (JSON.readTree(line).get("relation").asText().equals(relation)) {
                    n++;
                }
            }
        }
        return n;
    }

    /** The first line of a {@code ```text} block of the page that starts so, with its output folder renamed. */
    private static String textBlockCommand(String start) throws IOException {
        boolean text = false;
        for (String line : Files.readAllLines(PAGE, StandardCharsets.UTF_8)) {
            if (line.equals("```text")) {
                text = true;
            } else if (line.equals("```")) {
                text = false;
            } else if (text && line.startsWith(start)) {
                return line.replace("--out people-benchmark", "--out out-of-the-page --force");
            }
        }
        throw new AssertionError(PAGE + " shows no command starting '" + start + "'");
    }

    private String bash(String script) throws Exception {
        Path log = Files.createTempFile(dir, "bash", ".log");
        Process bash = new ProcessBuilder("bash", "-c", script).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        boolean ended = bash.waitFor(10, TimeUnit.MINUTES);
        if (!ended) {
            bash.descendants().forEach(ProcessHandle::destroyForcibly);
            bash.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(ended, "the how-to did not finish in 10 minutes:\n" + TutorialTest.tail(output));
        assertEquals(0, bash.exitValue(), "a command failed:\n" + TutorialTest.tail(output));
        return output;
    }
}
