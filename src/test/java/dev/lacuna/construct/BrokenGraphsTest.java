package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.cli.CliContext;
import dev.lacuna.cli.Main;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.TestData;

/**
 * The broken graphs on Family, end to end through the CLI: {@code build --break replace --noise 0.2} writes the
 * graphs replaced and noisy beside complete and incomplete; a reader that uses none of Lacuna's classes checks
 * every trap and every proof from the folder's files alone; {@code verify} catches a trap removed, a trap that is
 * an answer and a proof body triple missing from noisy; the reference responders fall into the traps (lookup) or
 * not (rules).
 */
class BrokenGraphsTest {
    @TempDir
    static Path tmp;
    static Main main = new Main(Main.allCommands());
    static ByteArrayOutputStream log = new ByteArrayOutputStream();
    static CliContext quiet = new CliContext(new PrintStream(log, true, StandardCharsets.UTF_8),
            new PrintStream(log, true, StandardCharsets.UTF_8));
    static String store;
    static Path broken;
    static final ObjectMapper JSON = new ObjectMapper();
    static final KgGraphs KG = KgGraphs.of("family");

    static void run(String... args) {
        assertEquals(0, main.run(args, quiet), () -> log.toString(StandardCharsets.UTF_8));
    }

    @BeforeAll
    static void buildBroken() throws IOException {
        store = "native:" + tmp.resolve("store");
        Path family = FamilyBuild.bundledFamily(Files.createDirectories(tmp.resolve("kg")));
        run("load", "--store", store, "--kg", "family", family.toString());
        broken = tmp.resolve("broken");
        run("build", "--store", store, "--kg", "family", "--rules", TestData.amie3("family-maxad3.tsv").toString(),
                "--seed", "2", "--break", "replace", "--noise", "0.2", "--out", broken.toString());
    }

    static List<JsonNode> questions(Path dir) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String split : List.of("train", "valid", "test")) {
            for (String line : Files.readAllLines(dir.resolve("questions/" + split + ".jsonl"))) {
                out.add(JSON.readTree(line));
            }
        }
        return out;
    }

    @Test
    void theFolderHasFourGraphs() throws IOException {
        for (String g : List.of("complete", "incomplete", "replaced", "noisy")) {
            assertTrue(Files.size(broken.resolve("kg/" + g + ".tsv")) > 0, g);
        }
        JsonNode summary = JSON.readTree(broken.resolve("summary.json").toFile());
        assertTrue(summary.at("/broken_graphs/replaced/traps").asLong() > 0, summary.toString());
        assertTrue(summary.at("/broken_graphs/noisy/removed").asLong() > 0, summary.toString());
        assertEquals("replace", summary.at("/parameters/break").asText());
        assertEquals("0.2", summary.at("/parameters/noise").asText());
        String trig = Files.readString(broken.resolve("benchmark.trig"));
        assertTrue(trig.contains("BrokenGraph") && trig.contains("kg/family/replaced>") && trig.contains("kg/family/noisy>"));
    }

    @Test
    void anIndependentReaderChecksEveryTrapAndProofFromTheFilesAlone() throws Exception {
        Path script = tmp.resolve("check_broken_graphs.py");
        try (var in = BrokenGraphsTest.class.getResourceAsStream("check_broken_graphs.py")) {
            Files.copy(in, script);
        }
        Process p = new ProcessBuilder("/usr/bin/python3", script.toString(), broken.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.matches("(?s).*traps [1-9][0-9]* bodies [1-9][0-9]* .*failures 0\\s*"), out);
        // The reader can fail: a folder whose trap is put back as the answer is refused by it.
        Path copy = copy(broken, tmp.resolve("reader-tampered"));
        makeTrapAnAnswer(copy);
        Process q = new ProcessBuilder("/usr/bin/python3", script.toString(), copy.toString())
                .redirectErrorStream(true).start();
        String refused = new String(q.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(1, q.waitFor(), refused);
        assertTrue(refused.contains("trap is an answer"), refused);
    }

    @Test
    void verifyCatchesATrapRemovedFromTheStore() throws IOException {
        JsonNode q = questions(broken).stream().filter(x -> x.has("trap")).findFirst().orElseThrow();
        long topic = q.get("topic_entity").asLong();
        long trap = q.get("trap").asLong();
        boolean head = q.get("direction").asText().equals("head");
        Repository repository = Stores.open(StoreSpec.parse(store));
        try (RepositoryConnection c = repository.getConnection()) {
            var s = KG.entity(head ? topic : trap);
            var o = KG.entity(head ? trap : topic);
            var r = KG.relation(q.get("relation").asText());
            c.remove(s, r, o, KG.replaced());
            String failures;
            try {
                failures = failures(Verifier.verify(repository, broken));
            } finally {
                c.add(s, r, o, KG.replaced());
            }
            assertTrue(failures.contains(q.get("id").asText() + ": trap") && failures.contains("is not in replaced"),
                    failures);
            assertTrue(failures.contains(", incomplete plus the traps has "), failures);
            assertTrue(Verifier.verify(repository, broken).passed(), "the untouched store passes again");
        } finally {
            repository.shutDown();
        }
    }

    @Test
    void verifyCatchesATrapThatIsAnAnswer() throws IOException {
        Path copy = copy(broken, tmp.resolve("trap-answer"));
        String id = makeTrapAnAnswer(copy);
        Repository repository = Stores.open(StoreSpec.parse(store));
        try {
            String failures = failures(Verifier.verify(repository, copy));
            assertTrue(failures.contains(id + ": trap") && failures.contains("is an answer"), failures);
        } finally {
            repository.shutDown();
        }
    }

    @Test
    void verifyCatchesAProofBodyTripleMissingFromNoisy() throws IOException {
        JsonNode q = questions(broken).get(0);
        JsonNode b = q.at("/grounding/body/0");
        Repository repository = Stores.open(StoreSpec.parse(store));
        try (RepositoryConnection c = repository.getConnection()) {
            var s = KG.entity(b.get(0).asLong());
            var r = KG.relation(b.get(1).asText());
            var o = KG.entity(b.get(2).asLong());
            assertTrue(c.hasStatement(s, r, o, false, KG.noisy()));
            c.remove(s, r, o, KG.noisy());
            String failures;
            try {
                failures = failures(Verifier.verify(repository, broken));
            } finally {
                c.add(s, r, o, KG.noisy());
            }
            assertTrue(failures.contains(q.get("id").asText() + ": proof body triple") && failures.contains("missing from noisy"),
                    failures);
            assertTrue(Verifier.verify(repository, broken).passed(), "the untouched store passes again");
        } finally {
            repository.shutDown();
        }
    }

    /** Sets the first trapped question's trap to its hard answer, in the folder only; returns its id. */
    private static String makeTrapAnAnswer(Path dir) throws IOException {
        for (String split : List.of("train", "valid", "test")) {
            Path f = dir.resolve("questions/" + split + ".jsonl");
            List<String> lines = new ArrayList<>(Files.readAllLines(f));
            for (int i = 0; i < lines.size(); i++) {
                ObjectNode q = (ObjectNode) JSON.readTree(lines.get(i));
                if (q.has("trap")) {
                    q.put("trap", q.get("hard_answer").asText());
                    lines.set(i, JSON.writeValueAsString(q));
                    Files.write(f, lines);
                    return q.get("id").asText();
                }
            }
        }
        throw new AssertionError("no question with a trap");
    }

    private static String failures(Verifier.Report report) {
        assertFalse(report.passed(), "verify passed a tampered benchmark");
        return String.join("\n", report.checks().stream().flatMap(c -> c.failures().stream()).toList());
    }

    static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path p : files.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return to;
    }
}
