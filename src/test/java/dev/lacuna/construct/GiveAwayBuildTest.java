package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.Json;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.Summary;
import dev.lacuna.grounding.Grounding;
import dev.lacuna.grounding.GroundingSelector;
import dev.lacuna.questions.GeneratorKind;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionFiles;
import dev.lacuna.questions.SplitName;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.KgLoader;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;
import dev.lacuna.verify.Verifier;

/**
 * No question gives its answer away: self-loop heads are removed but not asked; with text labels, a question
 * whose text holds its hard answer's label, or whose hard answer bears the topic's label, is left out at build
 * time; everything else is asked as before; and verify names such a question put back by hand.
 */
class GiveAwayBuildTest {
    @TempDir
    Path tmp;

    private static BuildSettings settings(Path out) {
        // tau 1: no down-sampling, so that leaving one question out cannot change which others balancing keeps.
        return new BuildSettings(out, false, BuildSettings.DEFAULT_GROUNDINGS_PER_RULE, 1.0, 42, GeneratorKind.TEMPLATE,
                null, null, BuildSettings.DEFAULT_DELETE_BATCH, GroundingSelector.Mode.FILTER);
    }

    private static List<Question> questions(Path dir) {
        List<Question> all = new ArrayList<>();
        for (SplitName s : SplitName.values()) {
            all.addAll(QuestionFiles.read(dir).part(s));
        }
        return all;
    }

    /** What a question asks, without its id (ids are numbered after questions are left out). */
    private static String asked(Question q) {
        return q.topicEntity() + " " + q.relation() + " " + q.direction() + " " + q.hardAnswer() + " " + q.rule();
    }

    @Test
    void selfLoopsAreRemovedButNotAskedAndVerifyNamesOnePutBack() throws IOException {
        StringBuilder kg = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            // e_i is its own campus (a self-loop), and every pair a->b of "part" is also "campus".
            kg.append("e").append(i).append("\tpart\te").append(i).append('\n');
            kg.append("e").append(i).append("\tcampus\te").append(i).append('\n');
            kg.append("x").append(i).append("\tpart\ty").append(i).append('\n');
            kg.append("x").append(i).append("\tcampus\ty").append(i).append('\n');
        }
        Path file = tmp.resolve("kg.tsv");
        Files.writeString(file, kg.toString());
        Path rules = tmp.resolve("rules.tsv");
        Files.writeString(rules, "Rule\tHead Coverage\tStd Confidence\tPCA Confidence\tPositive Examples\tBody size\t"
                + "PCA Body size\tFunctional variable\n?a  part  ?b   => ?a  campus  ?b\t1.0\t1.0\t1.0\t80\t80\t80\t?a\n");
        KgGraphs graphs = KgGraphs.of("loops");
        Repository repository = Stores.open(new StoreConfig.MemoryStoreConfig());
        try {
            new KgLoader(repository, graphs).load(List.of(file), new KgLoader.Options(null, null, 7, false));
            List<MinedRule> rule = AmieRules.read(rules);
            Path out = tmp.resolve("out");
            new BenchmarkBuilder(repository, graphs).build(rule, "amie3-import", settings(out));
            List<Question> qs = questions(out);
            assertFalse(qs.isEmpty(), "the x->y triples are asked");
            for (Question q : qs) {
                assertFalse(q.topicEntity().equals(q.hardAnswer()), q.id() + " asks for its own topic");
            }
            long selfLoopsRemoved = Files.readAllLines(out.resolve("kg/removed.tsv")).stream()
                    .map(l -> l.split("\t")).filter(t -> t[0].equals(t[2])).count();
            assertEquals(30, qs.size() + selfLoopsRemoved, "30 groundings drawn, each head removed");
            assertTrue(selfLoopsRemoved > 0, "a self-loop was drawn and removed");
            Summary summary = BenchmarkFolder.at(out).summary();
            assertEquals(selfLoopsRemoved, summary.giveAway().get("answer_is_topic"));
            assertEquals(0L, summary.giveAway().get("answer_label_in_text"));
            Verifier.verify(repository, out).requirePassed();

            // Put the question of one removed self-loop back by hand.
            String[] loop = Files.readAllLines(out.resolve("kg/removed.tsv")).stream().map(l -> l.split("\t"))
                    .filter(t -> t[0].equals(t[2])).findFirst().orElseThrow();
            Question back = new Question("q99999", "What is the campus of " + loop[0] + "?", loop[0], "campus", "head",
                    List.of(loop[0]), loop[0], qs.get(0).rule(), qs.get(0).ruleType(),
                    new Question.Grounding(List.of(List.of(loop[0], "part", loop[0])), List.of(loop)), null, "test");
            Path test = QuestionFiles.file(out, SplitName.TEST);
            Files.writeString(test, Files.readString(test) + Json.mapper().writeValueAsString(back) + "\n");
            Verifier.Report report = Verifier.verify(repository, out);
            Verifier.Check check = report.checks().stream().filter(c -> c.name().startsWith("no question gives"))
                    .findFirst().orElseThrow();
            assertEquals(List.of("question q99999 gives its answer away: its hard answer is its topic entity"),
                    check.failures());
            assertFalse(report.passed());
        } finally {
            repository.shutDown();
        }
    }

    /**
     * Two rules derive the same self-loop, or the same question that names its answer by label: the build counts one
     * left-out question per topic, relation, direction and hard answer (as merging would), not one per rule, and
     * verify's sums must take the difference (they once failed every FB15k-237 build that had such questions).
     */
    @Test
    void aGiveAwayTwoRulesDeriveIsCountedOnceAndVerifies() throws IOException {
        StringBuilder kg = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            for (String r : List.of("part", "site", "campus")) {
                kg.append("e").append(i).append('\t').append(r).append("\te").append(i).append('\n');
                kg.append("x").append(i).append('\t').append(r).append("\ty").append(i).append('\n');
            }
        }
        Path file = tmp.resolve("kg.tsv");
        Files.writeString(file, kg.toString());
        Path rules = tmp.resolve("rules.tsv");
        String measures = "\t1.0\t1.0\t1.0\t80\t80\t80\t?a\n";
        Files.writeString(rules, "Rule\tHead Coverage\tStd Confidence\tPCA Confidence\tPositive Examples\tBody size\t"
                + "PCA Body size\tFunctional variable\n?a  part  ?b   => ?a  campus  ?b" + measures
                + "?a  site  ?b   => ?a  campus  ?b" + measures);
        // "What is the campus of Hall of Y3?" holds its answer's label, Y3.
        StringBuilder labels = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            labels.append("x").append(i).append("\tHall of Y").append(i).append('\n');
            labels.append("y").append(i).append("\tY").append(i).append('\n');
        }
        Path labelFile = tmp.resolve("labels.tsv");
        Files.writeString(labelFile, labels.toString());
        KgGraphs graphs = KgGraphs.of("loops2");
        Repository repository = Stores.open(new StoreConfig.MemoryStoreConfig());
        try {
            new KgLoader(repository, graphs).load(List.of(file), new KgLoader.Options(null, labelFile, 7, false));
            Path out = tmp.resolve("out2");
            BuildSettings all = new BuildSettings(out, false, 80, 1.0, 42, GeneratorKind.TEMPLATE, null, null,
                    BuildSettings.DEFAULT_DELETE_BATCH, GroundingSelector.Mode.FILTER);
            new BenchmarkBuilder(repository, graphs).build(AmieRules.read(rules), "amie3-import", all);
            Summary summary = BenchmarkFolder.at(out).summary();
            long loops = Files.readAllLines(out.resolve("kg/removed.tsv")).stream()
                    .map(l -> l.split("\t")).filter(t -> t[0].equals(t[2])).count();
            assertEquals(40, loops, "every self-loop is drawn by both rules and removed");
            long counted = summary.giveAway().get("answer_is_topic");
            assertTrue(counted >= 40 && counted < 80,
                    "one per topic, relation, direction and hard answer, not one per rule: " + counted);
            long byLabel = summary.giveAway().get("answer_label_in_text");
            assertTrue(byLabel > 0 && byLabel < 40, "some x->y questions name their answer by label: " + byLabel);
            Verifier.verify(repository, out).requirePassed();
        } finally {
            repository.shutDown();
        }
    }

    @Test
    void aQuestionNamingItsAnswerByLabelIsLeftOutAndTheRestAskedAsBefore() throws IOException {
        Path plain = tmp.resolve("plain");
        Question leaky;
        Question twin;
        Set<String> before = new HashSet<>();
        Map<String, BenchmarkFolder.Entity> entities;
        Repository repository = FamilyBuild.loadedStore(new StoreConfig.MemoryStoreConfig(), tmp, 42);
        try {
            new BenchmarkBuilder(repository, FamilyBuild.KG).build(FamilyBuild.referenceRules().subList(0, 12),
                    "amie3-import", settings(plain));
            List<Question> qs = questions(plain);
            qs.forEach(q -> before.add(asked(q)));
            leaky = qs.get(0);
            twin = qs.stream().filter(q -> !q.topicEntity().equals(leaky.topicEntity())
                    && !q.topicEntity().equals(leaky.hardAnswer()) && !q.hardAnswer().equals(leaky.topicEntity())
                    && !q.hardAnswer().equals(leaky.hardAnswer())).findFirst().orElseThrow();
            entities = BenchmarkFolder.at(plain).entities();
            assertEquals(0L, BenchmarkFolder.at(plain).summary().giveAway().values().stream().mapToLong(Long::longValue).sum());
        } finally {
            repository.shutDown();
        }
        // Labels that make the first question name its answer and the other's answer bear its topic's label.
        Path labels = tmp.resolve("labels.tsv");
        Files.writeString(labels, entities.get(leaky.topicEntity()).sourceId() + "\tAnna Maria Smith\n"
                + entities.get(leaky.hardAnswer()).sourceId() + "\tanna maria\n"
                + entities.get(twin.topicEntity()).sourceId() + "\tBo\n"
                + entities.get(twin.hardAnswer()).sourceId() + "\tBo\n", StandardCharsets.UTF_8);
        Path labelled = tmp.resolve("labelled");
        Path storeDir = tmp.resolve("second");
        Files.createDirectories(storeDir);
        repository = Stores.open(new StoreConfig.MemoryStoreConfig());
        try {
            new KgLoader(repository, FamilyBuild.KG).load(List.of(FamilyBuild.bundledFamily(storeDir)),
                    new KgLoader.Options(null, labels, 42, false));
            new BenchmarkBuilder(repository, FamilyBuild.KG).build(FamilyBuild.referenceRules().subList(0, 12),
                    "amie3-import", settings(labelled));
            Set<String> after = new HashSet<>();
            questions(labelled).forEach(q -> after.add(asked(q)));
            Set<String> expected = new HashSet<>(before);
            expected.remove(asked(leaky));
            expected.remove(asked(twin));
            assertEquals(expected, after, "every other question asked as before");
            Summary summary = BenchmarkFolder.at(labelled).summary();
            assertEquals(1L, summary.giveAway().get("answer_label_in_text"));
            assertEquals(1L, summary.giveAway().get("answer_bears_topic_label"));
            Verifier.verify(repository, labelled).requirePassed();
        } finally {
            repository.shutDown();
        }
    }
}
