package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.TestData;
import dev.lacuna.verify.Verifier;

/**
 * The difficulty ladder on Family, end to end through the CLI: {@code build --depth 3} asks questions of depths
 * 1, 2 and 3 whose proofs a reader checks step by step from the folder's files alone; {@code rules} recovers
 * every hard answer at each depth and {@code lookup} none; {@code verify} catches tampered proofs; and a build
 * without {@code --depth} writes the folder it always wrote.
 */
class DepthLadderTest {
    @TempDir
    static Path tmp;
    static String store;
    static Path deep;
    static final ObjectMapper JSON = new ObjectMapper();

    static void run(String... args) {
        CliRunner.succeed(args);
    }

    @BeforeAll
    static void buildLadder() throws IOException {
        store = "native:" + tmp.resolve("store");
        Path family = FamilyBuild.bundledFamily(Files.createDirectories(tmp.resolve("kg")));
        run("load", "--store", store, "--kg", "family", family.toString());
        deep = tmp.resolve("deep");
        run("build", "--store", store, "--kg", "family", "--rules", TestData.amie3("family-maxad3.tsv").toString(),
                "--seed", "2", "--depth", "3", "--out", deep.toString());
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
    void everyDepthIsAskedAndSplitAndEveryProofChecksFromTheFilesAlone() throws IOException {
        Set<String> incomplete = new HashSet<>(Files.readAllLines(deep.resolve("kg/incomplete.tsv")));
        Map<String, List<String[]>> byRelation = new HashMap<>();
        for (String line : incomplete) {
            String[] t = line.split("\t");
            byRelation.computeIfAbsent(t[1], k -> new ArrayList<>()).add(t);
            // By relation and subject, and by relation and object: a body atom with a bound end scans only its matches.
            byRelation.computeIfAbsent(t[1] + "\ts\t" + t[0], k -> new ArrayList<>()).add(t);
            byRelation.computeIfAbsent(t[1] + "\to\t" + t[2], k -> new ArrayList<>()).add(t);
        }
        Map<String, Rule> rules = new HashMap<>();
        for (MinedRule r : AmieRules.read(deep.resolve("rules.tsv"))) {
            rules.put(r.rule().toAmie(), r.rule());
        }
        Map<Integer, Integer> perDepth = new TreeMap<>();
        Map<String, Map<Integer, Integer>> perSplit = new TreeMap<>();
        for (JsonNode q : questions(deep)) {
            int depth = q.get("depth").asInt();
            perDepth.merge(depth, 1, Integer::sum);
            perSplit.computeIfAbsent(q.get("split").asText(), s -> new TreeMap<>()).merge(depth, 1, Integer::sum);
            if (depth == 1) {
                assertNull(q.get("proof"), "a depth-1 question keeps today's fields only");
                continue;
            }
            JsonNode proof = q.get("proof");
            assertEquals(depth, proof.size());
            Set<String> earlierHeads = new HashSet<>();
            for (JsonNode step : proof) {
                Rule rule = rules.get(step.get("rule").asText());
                assertNotNull(rule, "the step's rule is in rules.tsv");
                JsonNode body = step.at("/grounding/body");
                Map<Integer, String> sigma = new HashMap<>();
                for (int i = 0; i < rule.body().size(); i++) {
                    assertTrue(unify(rule.body().get(i), body.get(i), sigma), "body atom " + i + " of " + q.get("id"));
                    String t = tsv(body.get(i));
                    assertTrue(incomplete.contains(t) || earlierHeads.contains(t), q.get("id") + ": " + t);
                }
                JsonNode head = step.at("/grounding/head");
                assertTrue(unify(rule.head(), head, sigma));
                assertFalse(incomplete.contains(tsv(head)), "a step's head is removed");
                earlierHeads.add(tsv(head));
            }
            JsonNode last = proof.get(depth - 1).at("/grounding/head");
            boolean topicIsHead = q.get("direction").asText().equals("head");
            assertEquals(q.get(topicIsHead ? "topic_entity" : "hard_answer").asText(), last.get(0).asText());
            assertEquals(q.get(topicIsHead ? "hard_answer" : "topic_entity").asText(), last.get(2).asText());
            assertEquals(q.get("relation").asText(), last.get(1).asText());
            // No single rule application from incomplete gives it: the depth is more than 1.
            for (Rule r : rules.values()) {
                assertFalse(oneStep(r, last, byRelation), q.get("id") + " follows in one step by " + r.toAmie());
            }
        }
        assertEquals(Set.of(1, 2, 3), perDepth.keySet(), perDepth.toString());
        // Each depth split on its own: valid and test each a tenth (rounded) of the depth's questions.
        for (Map.Entry<Integer, Integer> d : perDepth.entrySet()) {
            int tenth = (int) Math.round(d.getValue() / 10.0);
            assertEquals(tenth, perSplit.getOrDefault("valid", Map.of()).getOrDefault(d.getKey(), 0), "valid, depth " + d.getKey());
            assertEquals(tenth, perSplit.getOrDefault("test", Map.of()).getOrDefault(d.getKey(), 0), "test, depth " + d.getKey());
        }
        JsonNode summary = JSON.readTree(deep.resolve("summary.json").toFile());
        for (Map.Entry<Integer, Integer> d : perDepth.entrySet()) {
            assertEquals(d.getValue().intValue(), summary.at("/depths/" + d.getKey() + "/questions").asInt());
        }
        // The ladder is chosen from every exact-depth derivation of Family, before the depth-1 selection: enough
        // depth-3 questions for a figure (Family holds 28 triples of exact depth 3), never more proofs than the bound.
        assertTrue(perDepth.get(3) >= 20, perDepth.toString());
        assertTrue(perDepth.get(2) >= 100, perDepth.toString());
        for (int d = 2; d <= 3; d++) {
            long exact = summary.at("/depths/" + d + "/exact").asLong();
            assertTrue(summary.at("/depths/" + d + "/proofs").asLong() <= exact && exact > 0, summary.at("/depths").toString());
        }
        assertTrue(summary.at("/depths/1/exact").isMissingNode(), "depth 1 has no bound");
        assertTrue(Files.readString(deep.resolve("benchmark.trig")).contains("ProofStep"), "proof steps in the benchmark graph");
    }

    /** Binds the atom's variables to the triple's entities, consistently with what is bound already. */
    private static boolean unify(Atom atom, JsonNode triple, Map<Integer, String> sigma) {
        if (!atom.relation().equals(triple.get(1).asText())) {
            return false;
        }
        String s = sigma.putIfAbsent(atom.subject(), triple.get(0).asText());
        String o = sigma.putIfAbsent(atom.object(), triple.get(2).asText());
        return (s == null || s.equals(triple.get(0).asText())) && (o == null || o.equals(triple.get(2).asText()))
                && (atom.subject() != atom.object() || triple.get(0).asText().equals(triple.get(2).asText()));
    }

    /** By search over incomplete (indexed by relation and a bound end): does one grounding of the rule with this head have its whole body there? */
    private static boolean oneStep(Rule rule, JsonNode head, Map<String, List<String[]>> incomplete) {
        if (!rule.head().relation().equals(head.get(1).asText())) {
            return false;
        }
        Map<Integer, String> sigma = new HashMap<>();
        sigma.put(rule.head().subject(), head.get(0).asText());
        sigma.put(rule.head().object(), head.get(2).asText());
        return extend(rule.body(), 0, sigma, incomplete);
    }

    private static boolean extend(List<Atom> body, int i, Map<Integer, String> sigma, Map<String, List<String[]>> incomplete) {
        if (i == body.size()) {
            return true;
        }
        Atom a = body.get(i);
        String s = sigma.get(a.subject());
        String o = sigma.get(a.object());
        String key = s != null ? a.relation() + "\ts\t" + s : o != null ? a.relation() + "\to\t" + o : a.relation();
        for (String[] t : incomplete.getOrDefault(key, List.of())) {
            if ((s == null || s.equals(t[0])) && (o == null || o.equals(t[2]))
                    && (a.subject() != a.object() || t[0].equals(t[2]))) {
                Map<Integer, String> next = new HashMap<>(sigma);
                next.put(a.subject(), t[0]);
                next.put(a.object(), t[2]);
                if (extend(body, i + 1, next, incomplete)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String tsv(JsonNode t) {
        return t.get(0).asText() + "\t" + t.get(1).asText() + "\t" + t.get(2).asText();
    }

    @Test
    void rulesClimbsEveryRungAndLookupNone() throws IOException {
        List<String> args = new ArrayList<>(List.of("evaluate", "--benchmark", deep.toString(), "--split", "all"));
        for (String responder : List.of("lookup", "rules")) {
            Path pred = tmp.resolve(responder + ".jsonl");
            run("answer", "--benchmark", deep.toString(), "--responder", responder, "--graph", "incomplete",
                    "--store", store, "--split", "all", "--output", pred.toString());
            args.add("--system");
            args.add(responder + "=" + pred);
        }
        Path json = tmp.resolve("report.json");
        Path html = tmp.resolve("report.html");
        Path md = tmp.resolve("report.md");
        for (Path out : List.of(json, html, md)) {
            List<String> a = new ArrayList<>(args);
            a.add("--output");
            a.add(out.toString());
            run(a.toArray(String[]::new));
        }
        JsonNode report = JSON.readTree(json.toFile());
        for (int system = 0; system < 2; system++) {
            JsonNode byDepth = report.at("/systems/" + system + "/runs").elements().next().get("by_depth");
            for (String d : List.of("1", "2", "3")) {
                assertTrue(byDepth.get(d).get("questions").asInt() > 0);
                assertEquals(system == 0 ? 0.0 : 1.0, byDepth.get(d).get("hits_at_hard").asDouble(), 1e-12,
                        report.at("/systems/" + system + "/name") + " at depth " + d);
            }
        }
        String page = Files.readString(html);
        for (String d : List.of("1", "2", "3")) {
            assertTrue(page.contains("Depth " + d), "a chart for depth " + d);
        }
        assertTrue(Files.readString(md).contains("## By depth"));
    }

    @Test
    void exportsCarryTheDepth() throws IOException {
        Pattern deeper = Pattern.compile("\"depth\"\\s*:\\s*[23]");
        for (String format : List.of("rog", "gnnrag", "brink")) {
            Path out = tmp.resolve("export-" + format);
            run("export", "--benchmark", deep.toString(), "--format", format, "--out", out.toString());
            boolean found;
            try (Stream<Path> files = Files.walk(out)) {
                found = files.filter(Files::isRegularFile).filter(f -> f.toString().endsWith(".json")
                        || f.toString().endsWith(".jsonl")).anyMatch(f -> {
                            try {
                                return deeper.matcher(Files.readString(f)).find();
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        });
            }
            assertTrue(found, format + " carries a question's depth");
        }
    }

    @Test
    void verifyCatchesAStepRemovedFromAProof() throws IOException {
        Path copy = copy(deep, tmp.resolve("tampered-step"));
        Path file = null;
        String id = null;
        for (String split : List.of("train", "valid", "test")) {
            Path f = copy.resolve("questions/" + split + ".jsonl");
            List<String> lines = new ArrayList<>(Files.readAllLines(f));
            for (int i = 0; i < lines.size() && id == null; i++) {
                ObjectNode q = (ObjectNode) JSON.readTree(lines.get(i));
                if (q.has("proof")) {
                    ((ArrayNode) q.get("proof")).remove(0);
                    id = q.get("id").asText();
                    lines.set(i, JSON.writeValueAsString(q));
                    file = f;
                }
            }
            if (id != null) {
                Files.write(file, lines);
                break;
            }
        }
        assertNotNull(id);
        Verifier.Report report = verify(copy);
        assertFalse(report.passed());
        String proofs = failures(report, "proof steps are groundings");
        assertTrue(proofs.contains(id + ": depth"), proofs);
    }

    @Test
    void verifyCatchesADepthCountChangedInTheSummary() throws IOException {
        Path copy = copy(deep, tmp.resolve("tampered-summary"));
        ObjectNode summary = (ObjectNode) JSON.readTree(copy.resolve("summary.json").toFile());
        ObjectNode two = (ObjectNode) summary.at("/depths/2");
        two.put("questions", two.get("questions").asLong() + 1);
        Files.writeString(copy.resolve("summary.json"), JSON.writerWithDefaultPrettyPrinter().writeValueAsString(summary));
        String failures = failures(verify(copy), "summary.json depths");
        assertTrue(failures.contains("depths.2.questions"), failures);
    }

    @Test
    void verifyCatchesABodyTriplePutBack() throws IOException {
        JsonNode q = questions(deep).stream().filter(x -> x.has("proof")).findFirst().orElseThrow();
        JsonNode putBack = q.at("/proof/0/grounding/head");
        Path copy = copy(deep, tmp.resolve("tampered-body"));
        Repository repository = Stores.open(StoreSpec.parse(store));
        try (RepositoryConnection c = repository.getConnection()) {
            var kg = KgGraphs.of("family");
            c.add(kg.entity(putBack.get(0).asLong()), kg.relation(putBack.get(1).asText()),
                    kg.entity(putBack.get(2).asLong()), kg.incomplete());
            Verifier.Report report = Verifier.verify(repository, copy);
            String depth = failures(report, "exact depth");
            assertTrue(depth.contains(q.get("id").asText() + ": depth"), depth);
            c.remove(kg.entity(putBack.get(0).asLong()), kg.relation(putBack.get(1).asText()),
                    kg.entity(putBack.get(2).asLong()), kg.incomplete());
            assertTrue(Verifier.verify(repository, copy).passed(), "the untouched store passes again");
        } finally {
            repository.shutDown();
        }
    }

    @Test
    void withoutDepthTheFolderIsTheOneAlwaysWritten() throws IOException {
        Path plain = tmp.resolve("plain");
        Path one = tmp.resolve("one");
        String rules = TestData.amie3("family-maxad3.tsv").toString();
        // A store of its own: the ladder's store must keep the ladder's graphs for the other tests.
        String other = "native:" + tmp.resolve("store-plain");
        run("load", "--store", other, "--kg", "family", tmp.resolve("kg/family.tsv").toString());
        run("build", "--store", other, "--kg", "family", "--rules", rules, "--seed", "2", "--out", plain.toString());
        run("build", "--store", other, "--kg", "family", "--rules", rules, "--seed", "2", "--depth", "1",
                "--out", one.toString(), "--force");
        try (Stream<Path> files = Files.walk(plain)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(one.resolve(plain.relativize(f).toString())),
                        plain.relativize(f).toString());
            }
        }
        assertFalse(Files.readString(plain.resolve("summary.json")).contains("depths"));
        for (JsonNode q : questions(plain)) {
            assertNull(q.get("depth"));
            assertNull(q.get("proof"));
        }
        // The ladder is chosen before the depth-1 selection, which then runs among the groundings that agree with
        // it: without balancing (tau 1), every depth-1 question's grounding keeps its body in incomplete and
        // removes no body triple of a deeper proof, and the depth-1 rung stays the thickest.
        Path plainAll = tmp.resolve("plain-all");
        Path ladderAll = tmp.resolve("ladder-all");
        run("build", "--store", other, "--kg", "family", "--rules", rules, "--seed", "2", "--tau", "1",
                "--out", plainAll.toString(), "--force");
        run("build", "--store", other, "--kg", "family", "--rules", rules, "--seed", "2", "--tau", "1", "--depth", "3",
                "--out", ladderAll.toString(), "--force");
        Set<String> incomplete = new HashSet<>(Files.readAllLines(ladderAll.resolve("kg/incomplete.tsv")));
        Set<String> proofBodies = new HashSet<>();
        List<JsonNode> depthOne = new ArrayList<>();
        for (JsonNode q : questions(ladderAll)) {
            if (q.get("depth").asInt() == 1) {
                depthOne.add(q);
            } else {
                for (JsonNode step : q.get("proof")) {
                    step.at("/grounding/body").forEach(b -> proofBodies.add(tsv(b)));
                }
            }
        }
        proofBodies.retainAll(incomplete);
        for (JsonNode q : depthOne) {
            q.at("/grounding/body").forEach(b -> assertTrue(incomplete.contains(tsv(b)), q.get("id") + ": " + tsv(b)));
            assertFalse(proofBodies.contains(tsv(q.at("/grounding/head"))), q.get("id") + " removes a proof body triple");
        }
        assertTrue(depthOne.size() * 2 > questions(plainAll).size(), depthOne.size() + " depth-1 questions");
    }

    private Verifier.Report verify(Path dir) {
        Repository repository = Stores.open(StoreSpec.parse(store));
        try {
            return Verifier.verify(repository, dir);
        } finally {
            repository.shutDown();
        }
    }

    private static String failures(Verifier.Report report, String checkPrefix) {
        return report.checks().stream().filter(c -> c.name().startsWith(checkPrefix))
                .flatMap(c -> c.failures().stream()).reduce("", (a, b) -> a + "\n" + b);
    }

    private static Path copy(Path from, Path to) throws IOException {
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
