package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.eval.BenchmarkFixture;

class EvaluateCommandTest {
    @TempDir
    Path tmp;
    Path bench;
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void setUp() {
        bench = BenchmarkFixture.write(tmp.resolve("bench"));
    }

    int run(String... args) {
        CliContext context = new CliContext(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Main(List.of(new EvaluateCommand())).run(args, context);
    }

    Path file(String name, String text) {
        return BenchmarkFixture.writeString(tmp.resolve(name), text);
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void markdownToStandardOutputByDefault() {
        Path p = file("p.jsonl", BenchmarkFixture.predictions("q1", "2,4", "q2", "", "q3", "7,8"));
        assertEquals(0, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString()), err());
        String md = out();
        assertTrue(md.contains("| System | KG | Hits@Any | Precision | Recall | F1 | Hits@Hard | HHR |"), md);
        assertTrue(md.contains("| system | single | 0.667 | 0.500 | 0.389 | 0.433 | 0.333 | 0.500 |"), md);
        assertTrue(md.contains("Permissive metrics (appendix I; NOT the protocol)"), md);
        assertTrue(md.contains("| system | single | composition | 2 |"), md);
    }

    @Test
    void completeAndIncompleteGiveDropsInJson() throws Exception {
        Path c = file("c.jsonl", BenchmarkFixture.predictions("q1", "2,3", "q2", "5", "q3", "7,8,9"));
        Path i = file("i.jsonl", BenchmarkFixture.predictions("q1", "3", "q2", "4", "q3", "7,8"));
        // the report's folder must exist (OutputGuard refuses a missing one at start)
        Path report = Files.createDirectories(tmp.resolve("out")).resolve("report.json");
        assertEquals(0, run("evaluate", "--benchmark", bench.toString(), "--complete", c.toString(), "--incomplete",
                i.toString(), "--name", "lookup", "--output", report.toString()), err());
        JsonNode json = new ObjectMapper().readTree(report.toFile());
        assertEquals("lacuna-evaluation/1", json.get("format").asText());
        assertEquals("fixture", json.at("/benchmark/kg").asText());
        assertEquals("private", json.at("/settings/entities").asText());
        JsonNode sys = json.at("/systems/0");
        assertEquals("lookup", sys.get("name").asText());
        assertEquals(1.0, sys.at("/runs/complete/strict/hhr").asDouble(), 1e-12);
        // incomplete: q1 hit without hard, q2 miss, q3 hit without hard -> Hits@Hard 0, HHR 0
        assertEquals(2.0 / 3, sys.at("/runs/incomplete/strict/hits_at_any").asDouble(), 1e-12);
        assertEquals(0.0, sys.at("/runs/incomplete/strict/hhr").asDouble(), 1e-12);
        assertEquals(1.0, sys.at("/drop/hhr").asDouble(), 1e-12);
        assertEquals(1.0 / 3, sys.at("/drop/hits_at_any").asDouble(), 1e-12);
        assertTrue(sys.at("/runs/incomplete/permissive/hits_at_1").isNumber());
        assertTrue(out().contains("wrote json report"), out());
    }

    @Test
    void undefinedHhrIsNullInJsonAndNaInMarkdown() throws Exception {
        Path p = file("p.jsonl", BenchmarkFixture.predictions("q1", "9", "q2", "1", "q3", "1"));
        assertEquals(0, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString(), "--format", "json"));
        JsonNode strict = new ObjectMapper().readTree(out()).at("/systems/0/runs/single/strict");
        assertTrue(strict.get("hhr").isNull());
        assertFalse(strict.get("hhr_defined").asBoolean());
        out.reset();
        assertEquals(0, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString()));
        assertTrue(out().contains("| 0.000 | n/a |"), out());
    }

    @Test
    void severalSystemsInOneHtmlReport() throws Exception {
        Path c = file("c.jsonl", BenchmarkFixture.predictions("q1", "2,3", "q2", "5", "q3", "7,8,9"));
        Path i = file("i.jsonl", BenchmarkFixture.predictions("q1", "3", "q2", "5", "q3", "7,8"));
        Path s = file("s.jsonl", BenchmarkFixture.predictions("q1", "2"));
        Path html = tmp.resolve("report.html");
        assertEquals(0, run("evaluate", "--benchmark", bench.toString(), "--system", "A=" + c + "," + i,
                "--system", "B=" + s, "--output", html.toString(), "--score-anyway"), err());
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>"));
        assertFalse(page.contains("http://") && page.replace("http://www.w3.org/2000/svg", "").contains("http://"),
                "no external resources");
        assertFalse(page.contains("<link") || page.contains("src=\""), "self-contained");
        // Hits@Any, F1, HHR charts: A has 2 bars each, B 1 bar each
        assertEquals(3, count(page, "data-system=\"A\" data-setting=\"complete\""));
        assertTrue(page.contains("data-system=\"B\" data-setting=\"single\""));
    }

    @Test
    void perQuestionScoresAsJsonLines() throws Exception {
        Path p = file("p.jsonl", BenchmarkFixture.predictions("q1", "2,4", "q3", "7"));
        Path pq = tmp.resolve("pq.jsonl");
        assertEquals(0, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString(), "--per-question",
                pq.toString(), "--format", "json"));
        List<String> lines = Files.readAllLines(pq);
        assertEquals(3, lines.size());
        JsonNode q2 = new ObjectMapper().readTree(lines.get(1));
        assertEquals("q2", q2.get("id").asText());
        assertTrue(q2.get("missing").asBoolean());
        assertEquals(0.0, q2.get("precision").asDouble());
    }

    @Test
    void badInputExitsTwoWithFileAndLine() {
        Path bad = file("bad.jsonl", "{\"id\": \"q1\", \"prediction\": [\"2\"]}\n{\"id\": \"q2\",,}\n");
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--predictions", bad.toString()));
        assertTrue(err().contains("bad.jsonl:2"), err());
        err.reset();
        Path empty = file("empty.jsonl", "");
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--predictions", empty.toString()));
        assertTrue(err().contains("empty"), err());
        err.reset();
        Path other = file("other.jsonl", BenchmarkFixture.predictions("WebQTest-1", "2"));
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--predictions", other.toString()));
        assertTrue(err().contains("0 matched"), err());
    }

    @Test
    void usageErrors() {
        assertEquals(2, run("evaluate", "--predictions", "x.jsonl"));
        assertTrue(err().contains("--benchmark"), err());
        assertEquals(2, run("evaluate", "--benchmark", bench.toString()));
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--complete", "c.jsonl"));
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--system", "noequals"));
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--predictions", "p", "--entities", "labels"));
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--predictions", "p", "--format", "pdf"));
    }

    private static int count(String s, String needle) {
        int n = 0;
        for (int i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void outputThatIsThePredictionsFileIsRefused() throws Exception {
        String text = BenchmarkFixture.predictions("q1", "2,4", "q2", "", "q3", "7,8");
        Path p = file("p.jsonl", text);
        Path link = Files.createSymbolicLink(tmp.resolve("link.md"), p);
        Path relative = Path.of("").toAbsolutePath().relativize(p);
        for (String[] outOption : List.of(new String[] {"-o", p.toString()}, new String[] {"--output", link.toString()},
                new String[] {"--output", relative.toString()}, new String[] {"--per-question", p.toString()})) {
            assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--predictions", relative.toString(),
                    outOption[0], outOption[1]), err());
            assertTrue(err().contains("overwrite that input"), err());
            assertEquals(text, Files.readString(p));
        }
        Path r = tmp.resolve("r.json");
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString(),
                "-o", r.toString(), "--per-question", r.toString()), err());
        assertFalse(Files.exists(r));
    }

    @Test
    void nonUtf8PredictionsNameTheirLine() throws Exception {
        Path p = tmp.resolve("latin1.jsonl");
        byte[] good = BenchmarkFixture.predictions("q1", "2,4", "q2", "", "q3", "7,8").getBytes(StandardCharsets.UTF_8);
        byte[] bad = "{\"id\":\"q9\",\"prediction\":[\"caf\u00e9\"]}\n".getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = Arrays.copyOf(good, good.length + bad.length);
        System.arraycopy(bad, 0, all, good.length, bad.length);
        Files.write(p, all);
        long line = new String(good, StandardCharsets.UTF_8).lines().count() + 1;
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString()), err());
        assertTrue(err().contains(p + ":" + line + ": not valid UTF-8"), err());
    }
}
