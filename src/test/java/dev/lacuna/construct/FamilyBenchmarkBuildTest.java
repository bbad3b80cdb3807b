package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionFiles;
import dev.lacuna.questions.SplitName;
import dev.lacuna.questions.Splitter;
import dev.lacuna.store.GraphStats;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.verify.Verifier;

/**
 * The whole build on the bundled Family KG with the AMIE3 reference rules (the paper's 145), on a
 * NativeStore: the paper's figures within tolerance, the output folder's shape, and verify passing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FamilyBenchmarkBuildTest {
    @TempDir
    static Path tmp;
    Repository repository;
    BuildReport report;
    Path out;

    @BeforeAll
    void build() throws IOException {
        repository = FamilyBuild.loadedStore(new StoreConfig.NativeStoreConfig(tmp.resolve("store")), tmp, 42);
        out = tmp.resolve("benchmark");
        report = new BenchmarkBuilder(repository, FamilyBuild.KG).build(FamilyBuild.referenceRules(), "amie3-import",
                BuildSettings.defaults(out));
    }

    @AfterAll
    void close() {
        repository.shutDown();
    }

    private JsonNode summary() throws IOException {
        return new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    }

    private static void assertWithin(double fraction, long paper, long ours, String what) {
        assertTrue(Math.abs(ours - paper) <= fraction * paper, what + ": " + ours + " vs the paper's " + paper);
    }

    @Test
    void figuresLandNearThePapers() throws IOException {
        JsonNode s = summary();
        assertEquals(145, s.at("/rules/total").asInt());
        assertEquals(Map.of("symmetry", 0, "inversion", 6, "hierarchy", 0, "composition", 56, "other", 83),
                new ObjectMapper().convertValue(s.at("/rules/by_type"), Map.class));
        assertEquals(17_615, s.at("/triples/complete").asLong());
        assertWithin(0.10, 15_785, s.at("/triples/incomplete").asLong(), "incomplete triples");
        // Seeded sampling: from seed to seed Family gives about 1,870 to 2,040 questions (the paper's 2,165 came
        // from the first 30 groundings in file order), so 10% held only for some seeds; guard the order instead.
        assertWithin(0.15, 2_165, s.at("/questions/total").asLong(), "questions");
        assertWithin(0.10, 198, s.at("/questions/test").asLong(), "test questions");
        // Seeded random sampling of 30 groundings spreads over more heads than the authors' first-30-in-file
        // order: about 13% more deletions than the paper's 1,830 (see the README). Guard the order of magnitude.
        assertWithin(0.20, 1_830, s.at("/triples/removed").asLong(), "removed triples");
        assertEquals(s.at("/triples/complete").asLong() - s.at("/triples/removed").asLong(),
                s.at("/triples/incomplete").asLong());
    }

    @Test
    void verifyPassesEveryCheck() {
        Verifier.Report r = Verifier.verify(repository, out);
        // 9 on the store and the questions, 8 holding the files against it, 7 holding records, sums and the layout
        assertEquals(24, r.checks().size());
        for (Verifier.Check c : r.checks()) {
            assertTrue(c.passed(), c.name() + ": " + c.failures());
            assertTrue(c.checked() > 0, c.name());
        }
    }

    @Test
    void outputFolderHasEveryFileAndConsistentCounts() throws IOException {
        for (String f : List.of("kg/complete.tsv", "kg/incomplete.tsv", "kg/removed.tsv", "entities.tsv", "rules.tsv",
                "questions/train.jsonl", "questions/valid.jsonl", "questions/test.jsonl", "benchmark.trig", "summary.json")) {
            assertTrue(Files.size(out.resolve(f)) > 0, f);
        }
        JsonNode s = summary();
        assertEquals(17_615, Files.readAllLines(out.resolve("kg/complete.tsv")).size());
        assertEquals(s.at("/triples/incomplete").asLong(), Files.readAllLines(out.resolve("kg/incomplete.tsv")).size());
        assertEquals(s.at("/triples/removed").asLong(), Files.readAllLines(out.resolve("kg/removed.tsv")).size());
        assertEquals(2_920 + 1, Files.readAllLines(out.resolve("entities.tsv")).size());
        assertEquals(146, Files.readAllLines(out.resolve("rules.tsv")).size());
        Splitter.Split split = QuestionFiles.read(out);
        assertEquals(s.at("/questions/total").asInt(), split.size());
        Set<String> removed = new HashSet<>(Files.readAllLines(out.resolve("kg/removed.tsv")));
        Set<String> ids = new HashSet<>();
        for (SplitName part : SplitName.values()) {
            for (Question q : split.part(part)) {
                assertTrue(ids.add(q.id()), "duplicate id " + q.id());
                assertEquals(part.label(), q.split());
                assertTrue(q.answers().contains(q.hardAnswer()), q.id());
                assertTrue(removed.contains(String.join("\t", q.grounding().head())), q.id() + " asks about a kept triple");
                String topic = q.direction().equals(Question.HEAD) ? q.grounding().head().get(0) : q.grounding().head().get(2);
                assertEquals(topic, q.topicEntity());
                assertTrue(q.question().contains(q.topicEntity()), q.question());
                assertTrue(Set.of("symmetry", "inversion", "hierarchy", "composition", "other").contains(q.ruleType()));
            }
        }
    }

    @Test
    void provenanceIsQueryableRdf() throws IOException {
        Map<String, Long> perSplit = GraphStats.questionsPerSplit(repository, FamilyBuild.KG);
        JsonNode s = summary();
        assertEquals(s.at("/questions/train").asLong(), perSplit.get("train"));
        assertEquals(s.at("/questions/test").asLong(), perSplit.get("test"));
        Map<String, Long> rules = GraphStats.rulesPerType(repository, FamilyBuild.KG);
        assertEquals(145L, rules.values().stream().mapToLong(Long::longValue).sum());
        String trig = Files.readString(out.resolve("benchmark.trig"));
        assertTrue(trig.contains("lacuna:hardAnswer") && trig.contains("lacuna:bodyTriple"));
    }

    @Test
    void completeIsNeverModified() {
        assertEquals(17_615, GraphStats.counts(repository, FamilyBuild.KG.complete()).triples());
    }
}
