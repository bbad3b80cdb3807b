package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.TestData;
import dev.lacuna.verify.Verifier;

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
    static String store;
    static Path broken;
    static final ObjectMapper JSON = new ObjectMapper();
    static final KgGraphs KG = KgGraphs.of("family");

    static void run(String... args) {
        CliRunner.succeed(args);
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
        JsonNode q = DepthLadderTest.questions(broken).stream().filter(x -> x.has("trap")).findFirst().orElseThrow();
        long topic = q.get("topic_entity").asLong();
        long trap = q.get("trap").asLong();
        boolean head = q.get("direction").asText().equals("head");
        Repository repository = Stores.open(StoreSpec.parse(store));
        try (RepositoryConnection c = repository.getConnection()) {
            var s = KG.entity(head ? topic : trap);
            var o = KG.entity(head ? trap : topic);
            var r = KG.relation(q.get("relation").asText());
            String failures = failuresWithout(repository, c, s, r, o, KG.replaced());
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
        JsonNode q = DepthLadderTest.questions(broken).get(0);
        JsonNode b = q.at("/grounding/body/0");
        Repository repository = Stores.open(StoreSpec.parse(store));
        try (RepositoryConnection c = repository.getConnection()) {
            var s = KG.entity(b.get(0).asLong());
            var r = KG.relation(b.get(1).asText());
            var o = KG.entity(b.get(2).asLong());
            assertTrue(c.hasStatement(s, r, o, false, KG.noisy()));
            String failures = failuresWithout(repository, c, s, r, o, KG.noisy());
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

    @Test
    void lookupFallsIntoTheTrapsAndRulesIntoNone() throws IOException {
        List<String> args = new ArrayList<>(List.of("evaluate", "--benchmark", broken.toString(), "--split", "all"));
        for (String responder : List.of("lookup", "rules")) {
            List<String> files = new ArrayList<>();
            for (String graph : List.of("incomplete", "replaced", "noisy")) {
                Path pred = tmp.resolve(responder + "-" + graph + ".jsonl");
                run("answer", "--benchmark", broken.toString(), "--responder", responder, "--graph", graph,
                        "--store", store, "--split", "all", "--output", pred.toString());
                files.add(graph + ":" + pred);
            }
            args.add("--system");
            args.add(responder + "=" + String.join(",", files));
        }
        Path json = tmp.resolve("report.json");
        Path md = tmp.resolve("report.md");
        for (Path out : List.of(json, md)) {
            List<String> a = new ArrayList<>(args);
            a.add("--output");
            a.add(out.toString());
            run(a.toArray(String[]::new));
        }
        JsonNode report = JSON.readTree(json.toFile());
        JsonNode lookup = report.at("/systems/0/runs");
        JsonNode rules = report.at("/systems/1/runs");
        assertTrue(lookup.at("/replaced/broken/trap_questions").asInt() > 1000, lookup.at("/replaced/broken").toString());
        assertEquals(1.0, lookup.at("/replaced/broken/trap_rate").asDouble(), 1e-12, "lookup reads the trap as the fact");
        assertEquals(0.0, rules.at("/replaced/broken/trap_rate").asDouble(), 1e-12, "no rule derives a trap");
        assertEquals(0.0, lookup.at("/incomplete/broken/trap_rate").asDouble(), 1e-12, "no trap in incomplete");
        for (String graph : List.of("incomplete", "replaced", "noisy")) {
            assertEquals(1.0, rules.at("/" + graph + "/strict/hits_at_hard").asDouble(), 1e-12, "rules on " + graph);
            assertEquals(0.0, lookup.at("/" + graph + "/strict/hits_at_hard").asDouble(), 1e-12, "lookup on " + graph);
            assertTrue(rules.at("/" + graph + "/by_rule_type").size() > 1, graph);
        }
        // Answers lost to noise are scored apart: lookup, which reads the graph, finds none of them on noisy.
        assertTrue(lookup.at("/noisy/broken/lost_answers").asInt() > 0, lookup.at("/noisy/broken").toString());
        assertEquals(0.0, lookup.at("/noisy/broken/lost_answers_found").asDouble(), 1e-12);
        assertEquals(1.0, lookup.at("/incomplete/broken/lost_answers_found").asDouble(), 1e-12,
                "on incomplete lookup finds every answer noisy lost");
        String page = Files.readString(md);
        assertTrue(page.contains("## Broken graphs") && page.contains("Trap Rate"), page);
    }

    /**
     * A build without --break and --noise writes the folder it wrote before they existed: each file's SHA-256 as
     * the build of the same store, rules and seed gave before the broken graphs were added (summary.json's since it
     * gained benchmark_id, the only difference a build of that time shows; every file but graphs.json and rules.tsv
     * since the load and each build stage draw from a stream of their own, summary.json's seed_streams).
     */
    @Test
    void withoutTheOptionsTheFolderIsTheOneAlwaysWritten() throws Exception {
        String other = "native:" + tmp.resolve("store-plain");
        run("load", "--store", other, "--kg", "family", tmp.resolve("kg/family.tsv").toString());
        // A replaced graph left by an earlier build: a build without --break empties it.
        Repository stale = Stores.open(StoreSpec.parse(other));
        try (RepositoryConnection c = stale.getConnection()) {
            c.add(KG.entity(1), KG.relation("wife"), KG.entity(2), KG.replaced());
        } finally {
            stale.shutDown();
        }
        Path plain = tmp.resolve("plain");
        run("build", "--store", other, "--kg", "family", "--rules", TestData.amie3("family-maxad3.tsv").toString(),
                "--seed", "2", "--out", plain.toString());
        Map<String, String> before = Map.ofEntries(
                Map.entry("benchmark.trig", "cd03a66034a835023b8bdab1acce8d02e13dbba916aa55bcbf8fed4675e15066"),
                Map.entry("entities.tsv", "8dfbd9d3779183c27da7112a0f088e694088579892fd5758d917908e33a8e8b0"),
                Map.entry("graphs.json", "bee445cb3f7fb68f02445bc220e829a095f8129721321b446a74122dbde98cdb"),
                Map.entry("kg/complete.tsv", "27e1de9aff7a30169fccc56f017d0eb74bf731c38c079d73a11320e2637f4819"),
                Map.entry("kg/incomplete.tsv", "5dec44ea86c4569765d4b7810537d463dbf6a95fcf13223ca3a26da6dfdbede1"),
                Map.entry("kg/removed.tsv", "6e2729fa8b1b29bad36c9dd241cebca53ab5c5f901d532d1cd7a77bc90a75a65"),
                Map.entry("questions/test.jsonl", "855f8ef29e6391c6f5c800263c7e55c374a97435b52036dda3992299f8b7c490"),
                Map.entry("questions/train.jsonl", "b63d15a66bcab507dc66815ccfece2706a93e16e03733691bbb5f44ba6f6c7d4"),
                Map.entry("questions/valid.jsonl", "bdd9b45d136d298a1549833cdc3c22720c0ef55be72d5e67db3dfba246ab8758"),
                Map.entry("rules.tsv", "be741c50c47539347e1017e2ade9f1edc1aa989b6a47f8b1c2df8fe7b097b9c6"),
                Map.entry("summary.json", "76a3f4db2f0ffb4cc868c798376557b79e87914d3797a2988332f8f89a6af5d9"));
        Map<String, String> now = new HashMap<>();
        try (Stream<Path> files = Files.walk(plain)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                now.put(plain.relativize(f).toString().replace('\\', '/'), java.util.HexFormat.of().formatHex(
                        java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f))));
            }
        }
        assertEquals(before, now);
        Repository repository = Stores.open(StoreSpec.parse(other));
        try (RepositoryConnection c = repository.getConnection()) {
            assertFalse(c.hasStatement(null, null, null, false, KG.replaced()), "the stale replaced graph is gone");
        } finally {
            repository.shutDown();
        }
    }

    @Test
    void exportsWriteEachBrokenGraphAndNoTrap() throws IOException {
        for (String graph : List.of("replaced", "noisy")) {
            Path out = tmp.resolve("export-" + graph);
            run("export", "--benchmark", broken.toString(), "--format", "tsv", "--graph", graph, "--out", out.toString());
            assertEquals(Files.readAllLines(broken.resolve("kg/" + graph + ".tsv")).size(),
                    Files.readAllLines(out.resolve(graph + ".tsv")).size(), graph);
        }
        Path rog = tmp.resolve("export-rog-replaced");
        run("export", "--benchmark", broken.toString(), "--format", "rog", "--graph", "replaced", "--out", rog.toString());
        try (Stream<Path> files = Files.walk(rog)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String text = Files.readString(f);
                assertFalse(text.contains("\"trap\"") || text.contains("noise_lost"), f + " names a trap or a lost answer");
            }
        }
    }

    @Test
    void verifyCatchesBrokenGraphsLeftOutOfTheSummary() throws IOException {
        Path copy = copy(broken, tmp.resolve("no-broken-summary"));
        ObjectNode summary = (ObjectNode) JSON.readTree(copy.resolve("summary.json").toFile());
        summary.remove("broken_graphs");
        Files.writeString(copy.resolve("summary.json"), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(summary));
        Repository repository = Stores.open(StoreSpec.parse(store));
        try {
            String failures = failures(Verifier.verify(repository, copy));
            assertTrue(failures.contains("has a trap, but summary.json lists no replaced graph"), failures);
            assertTrue(failures.contains("has noise_lost, but summary.json lists no noisy graph"), failures);
        } finally {
            repository.shutDown();
        }
    }

    /** Verify's failures with one statement taken out of a graph of the store, which is put back afterwards. */
    private String failuresWithout(Repository repository, RepositoryConnection c, Resource s, IRI r, Value o, IRI graph) {
        c.remove(s, r, o, graph);
        try {
            return failures(Verifier.verify(repository, broken));
        } finally {
            c.add(s, r, o, graph);
        }
    }
}
