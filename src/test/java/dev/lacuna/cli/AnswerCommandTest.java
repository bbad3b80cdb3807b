package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.answer.FakeChatServer;
import dev.lacuna.answer.ResponderFixture;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.answer.Answer;
import dev.lacuna.folder.BenchmarkIdentity;
import dev.lacuna.questions.LlmSettings;
import dev.lacuna.serve.LacunaEndpoint;
import dev.lacuna.testing.ChildJvm;

/** {@code lacuna answer} then {@code lacuna evaluate}, end to end through the CLI on a NativeStore. */
class AnswerCommandTest {
    @TempDir
    Path tmp;
    Path store;
    Path bench;
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void setUp() {
        store = tmp.resolve("store");
        bench = tmp.resolve("bench");
        ResponderFixture.write(store, bench);
    }

    int run(String... args) {
        CliContext context = new CliContext(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Main(List.of(new AnswerCommand(), new EvaluateCommand())).run(args, context);
    }

    Path answer(String responder, String graph, String... extra) {
        Path pred = tmp.resolve(responder + "-" + graph + ".jsonl");
        List<String> args = new ArrayList<>(List.of("answer", "--benchmark", bench.toString(), "--responder",
                responder, "--graph", graph, "--store", "native:" + store, "--output", pred.toString()));
        args.addAll(List.of(extra));
        assertEquals(0, run(args.toArray(String[]::new)), err.toString(StandardCharsets.UTF_8));
        return pred;
    }

    JsonNode evaluate(String... systems) throws Exception {
        out.reset();
        List<String> args = new ArrayList<>(List.of("evaluate", "--benchmark", bench.toString(), "--format", "json"));
        for (String s : systems) {
            args.add("--system");
            args.add(s);
        }
        assertEquals(0, run(args.toArray(String[]::new)), err.toString(StandardCharsets.UTF_8));
        return new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void lookupAndRulesEndToEnd() throws Exception {
        Path lc = answer("lookup", "complete");
        Path li = answer("lookup", "incomplete");
        Path rc = answer("rules", "complete");
        Path ri = answer("rules", "incomplete");
        // each record names the benchmark it was made for, so that evaluate refuses it against another, and its
        // naming, bound to its answers by the digest
        String identity = BenchmarkIdentity.recordedOrComputed(BenchmarkFolder.at(bench));
        assertEquals("{\"id\":\"q1\",\"prediction\":[\"11\",\"13\"],\"benchmark_id\":\"" + identity
                + "\",\"entities\":\"private\",\"answers_digest\":\""
                + Answer.digest(identity, "q1", "private", List.of("11", "13"), null) + "\"}", Files.readAllLines(li).get(0));
        JsonNode report = evaluate("lookup=" + lc + "," + li, "rules=" + rc + "," + ri);
        JsonNode lookup = report.at("/systems/0");
        assertEquals(1.0, lookup.at("/runs/complete/strict/hhr").asDouble(), 1e-12);
        assertEquals(1.0, lookup.at("/runs/complete/strict/f1").asDouble(), 1e-12);
        assertEquals(0.0, lookup.at("/runs/incomplete/strict/hits_at_hard").asDouble(), 1e-12);
        assertEquals(0.5, lookup.at("/runs/incomplete/strict/hits_at_any").asDouble(), 1e-12);
        assertEquals(1.0, lookup.at("/drop/hhr").asDouble(), 1e-12);
        JsonNode rules = report.at("/systems/1");
        assertEquals(1.0, rules.at("/runs/incomplete/strict/hits_at_hard").asDouble(), 1e-12);
        assertEquals(1.0, rules.at("/runs/incomplete/strict/hhr").asDouble(), 1e-12);
        assertEquals(0.0, rules.at("/drop/hhr").asDouble(), 1e-12);
    }

    @Test
    void llmEndToEndAgainstALocalServer() throws Exception {
        try (var server = new FakeChatServer()) {
            Path c = answer("llm", "complete", "--llm-base-url", server.baseUrl(), "--llm-model", "fake", "--hops", "1");
            Path i = answer("llm", "incomplete", "--llm-base-url", server.baseUrl(), "--llm-model", "fake", "--hops", "1");
            assertTrue(Files.readString(c).contains("\"raw_output\":\"11, 12, 13\""), Files.readString(c));
            JsonNode llm = evaluate("llm=" + c + "," + i).at("/systems/0");
            assertEquals(1.0, llm.at("/runs/complete/strict/hhr").asDouble(), 1e-12);
            // incomplete: q1 "11, 13" (no hard), q2 "unknown" (a wrong answer)
            assertEquals(0.0, llm.at("/runs/incomplete/strict/hits_at_hard").asDouble(), 1e-12);
            assertEquals(0.5, llm.at("/runs/incomplete/strict/hits_at_any").asDouble(), 1e-12);
        }
    }

    @Test
    void respondersWorkThroughLacunasSparqlEndpoint() throws Exception {
        Repository repo = ResponderFixture.open(store);
        LacunaEndpoint endpoint = LacunaEndpoint.builder().repository(repo)
                .kg(ResponderFixture.KG).host("127.0.0.1").port(0).build().start();
        try {
            for (String responder : List.of("lookup", "rules")) {
                Path pred = tmp.resolve(responder + "-remote.jsonl");
                assertEquals(0, run("answer", "--benchmark", bench.toString(), "--responder", responder, "--graph",
                        "incomplete", "--sparql", endpoint.url() + "sparql", "--output", pred.toString()),
                        err.toString(StandardCharsets.UTF_8));
                String expected = responder.equals("lookup") ? "[\"11\",\"13\"]" : "[\"11\",\"12\",\"13\"]";
                assertTrue(Files.readAllLines(pred).get(0).contains(expected), Files.readString(pred));
            }
        } finally {
            endpoint.stop();
            repo.shutDown();
        }
    }

    @Test
    void missingGraphAndBadArgumentsAreClearErrors() {
        assertEquals(2, run("answer", "--benchmark", bench.toString(), "--responder", "oracle", "--graph", "complete",
                "--output", tmp.resolve("x").toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown responder"));
        assertEquals(2, run("answer", "--benchmark", bench.toString(), "--responder", "lookup", "--graph", "labels",
                "--output", tmp.resolve("x").toString()));
        err.reset();
        assertEquals(1, run("answer", "--benchmark", bench.toString(), "--responder", "lookup", "--graph", "complete",
                "--kg", "other", "--store", "native:" + store, "--output", tmp.resolve("x").toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("empty or missing"), err.toString(StandardCharsets.UTF_8));
        assertTrue(Files.notExists(tmp.resolve("x")));
    }

    /**
     * The llm responder without a server or model names the variables to set. Run as its own process with the
     * LACUNA_LLM_* variables taken out, so the check holds also where the developer's shell configures an LLM.
     */
    @Test
    void llmResponderWithoutServerOrModelNamesTheVariables() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(new ChildJvm("256m", 0).command(Main.class, List.of("answer",
                "--benchmark", bench.toString(), "--responder", "llm", "--graph", "complete", "--store",
                "native:" + store, "--output", tmp.resolve("x").toString()))).redirectErrorStream(true);
        pb.environment().keySet().removeIf(name -> name.startsWith("LACUNA_LLM_"));
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(1, p.waitFor(), output);
        assertTrue(output.contains(LlmSettings.ENV_MODEL), output);
        assertTrue(Files.notExists(tmp.resolve("x")));
    }
}
