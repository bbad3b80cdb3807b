package dev.lacuna.evidence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.Question;
import dev.lacuna.store.GraphRole;

class AlternativePathsTest {
    @TempDir
    Path dir;

    private Map<String, QuestionPaths> paths(GraphRole graph, int max) {
        FolderPaths folder = FolderPaths.read(BenchmarkFolder.at(HandMadeKg.write(dir.resolve("kg-" + max))), max);
        AlternativePaths in = folder.graph(graph);
        return HandMadeKg.questions().stream().collect(Collectors.toMap(Question::id, in::of));
    }

    private static List<List<Triple>> triples(QuestionPaths p) {
        return p.paths().stream().map(AlternativePath::triples).toList();
    }

    private static Triple t(long h, String r, long t) {
        return new Triple(h, r, t);
    }

    @Test
    void everyGroundingOfARuleWithTheHardTripleAsHeadIsAPathOwnFirst() {
        QuestionPaths q1 = paths(GraphRole.INCOMPLETE, 100).get("q1");
        assertEquals(List.of(List.of(t(1, "parent", 2), t(2, "parent", 3)), List.of(t(1, "parent", 4), t(4, "parent", 3))),
                triples(q1));
        assertEquals(List.of(HandMadeKg.COMPOSITION), q1.paths().get(1).rules());
        assertEquals(2, q1.derivations());
        assertFalse(q1.direct());
        assertFalse(q1.truncated());
    }

    @Test
    void symmetryAndInversionPathsAreTheSurvivingTriple() {
        Map<String, QuestionPaths> p = paths(GraphRole.INCOMPLETE, 100);
        assertEquals(List.of(List.of(t(6, "sibling", 5))), triples(p.get("q2")));
        assertEquals(List.of(List.of(t(7, "husband", 8))), triples(p.get("q4")));
    }

    @Test
    void aDeeperQuestionsPathsAreTheLeavesOfItsProofs() {
        QuestionPaths q3 = paths(GraphRole.INCOMPLETE, 100).get("q3");
        assertEquals(List.of(List.of(t(1, "parent", 2), t(2, "parent", 3), t(3, "parent", 9)),
                List.of(t(1, "parent", 4), t(3, "parent", 9), t(4, "parent", 3))), triples(q3));
        assertEquals(List.of(HandMadeKg.COMPOSITION, HandMadeKg.GREAT), q3.paths().get(1).rules());
        assertEquals(2, q3.derivations());
    }

    @Test
    void onCompleteTheHardTripleIsThereAndADerivedStepIsAFact() {
        Map<String, QuestionPaths> p = paths(GraphRole.COMPLETE, 100);
        assertTrue(p.get("q1").direct());
        assertEquals(2, p.get("q1").paths().size());
        // grandparent(1,3) is a fact of complete, so its derivation stops there; the question's own proof holds too
        assertEquals(List.of(List.of(t(1, "parent", 2), t(2, "parent", 3), t(3, "parent", 9)),
                List.of(t(1, "grandparent", 3), t(3, "parent", 9))), triples(p.get("q3")));
        // sibling(5,6) and sibling(6,5) both hold: the path is the other direction, never the hard triple itself
        assertEquals(List.of(List.of(t(6, "sibling", 5))), triples(p.get("q2")));
    }

    @Test
    void onAHubAtMostTheBoundIsKeptTheOwnGroundingFirstAndAllAreCounted() {
        QuestionPaths q1 = paths(GraphRole.INCOMPLETE, 1).get("q1");
        assertEquals(List.of(List.of(t(1, "parent", 2), t(2, "parent", 3))), triples(q1));
        assertTrue(q1.truncated());
        assertEquals(2, q1.derivations());
    }

    @Test
    void theOwnGroundingIsFoundByTheEnumerationToo() {
        Function<QuestionPaths, List<List<Triple>>> all = AlternativePathsTest::triples;
        for (Question q : HandMadeKg.questions()) {
            AlternativePath own = AlternativePaths.own(q);
            assertTrue(all.apply(paths(GraphRole.INCOMPLETE, 100).get(q.id())).contains(own.triples()), q.id());
        }
    }
}
