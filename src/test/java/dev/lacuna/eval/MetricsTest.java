package dev.lacuna.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Hand-worked cases for every strict and permissive metric. */
class MetricsTest {
    private static final double EPS = 1e-12;

    @org.junit.jupiter.api.io.TempDir
    Path tmp;

    @Test
    void partialOverlapWithManyAnswers() {
        // P = {2, 4}, A = {2, 3}: |P∩A| = 1
        QuestionScore s = QuestionScore.of("q", Set.of("2", "4"), Set.of("2", "3"), "2", false);
        assertEquals(1, s.correct());
        assertEquals(1, s.hitsAtAny());
        assertEquals(0.5, s.precision(), EPS);
        assertEquals(0.5, s.recall(), EPS);
        assertEquals(0.5, s.f1(), EPS); // 2*1/(2+2)
        assertEquals(1, s.hitsAtHard());
    }

    @Test
    void singleAnswerExactlyRight() {
        QuestionScore s = QuestionScore.of("q", Set.of("5"), Set.of("5"), "5", false);
        assertEquals(1.0, s.precision(), EPS);
        assertEquals(1.0, s.recall(), EPS);
        assertEquals(1.0, s.f1(), EPS);
        assertEquals(1, s.hitsAtHard());
    }

    @Test
    void singleAnswerAmongManyPredictions() {
        // P = {1,2,3,4,5}, A = {5}: P = 1/5, R = 1, F1 = 2/6
        QuestionScore s = QuestionScore.of("q", Set.of("1", "2", "3", "4", "5"), Set.of("5"), "5", false);
        assertEquals(0.2, s.precision(), EPS);
        assertEquals(1.0, s.recall(), EPS);
        assertEquals(1.0 / 3, s.f1(), EPS);
    }

    @Test
    void hitWithoutTheHardAnswer() {
        // P = {7, 8}, A = {7, 8, 9}, hard 9: P = 1, R = 2/3, F1 = 4/5, Hits@Hard 0
        QuestionScore s = QuestionScore.of("q", Set.of("7", "8"), Set.of("7", "8", "9"), "9", false);
        assertEquals(1.0, s.precision(), EPS);
        assertEquals(2.0 / 3, s.recall(), EPS);
        assertEquals(0.8, s.f1(), EPS);
        assertEquals(1, s.hitsAtAny());
        assertEquals(0, s.hitsAtHard());
    }

    @Test
    void emptyPredictionScoresZeroNotNaN() {
        QuestionScore s = QuestionScore.of("q", Set.of(), Set.of("5"), "5", true);
        assertEquals(0.0, s.precision());
        assertEquals(0.0, s.recall());
        assertEquals(0.0, s.f1());
        assertEquals(0, s.hitsAtAny());
        assertTrue(s.missing());
        QuestionScore none = QuestionScore.of("q", Set.of(), Set.of(), null, false);
        assertEquals(0.0, none.f1()); // 0/0 guarded
    }

    @Test
    void duplicatePredictionsCountOnceThroughTheEvaluator() {
        Evaluator e = new Evaluator(Benchmark.load(BenchmarkFixture.write(tmp)), EvaluationSettings.defaults());
        SystemOutput dup = new SystemOutput("q3", List.of("7", "7", " 7 ", "8", "The 8"), null, 1);
        assertEquals(Set.of("7", "8"), e.predictionSet(dup));
        RunResult r = e.evaluate(List.of(dup), "dup");
        QuestionScore q3 = r.perQuestion().get(2);
        assertEquals(2, q3.predicted());
        assertEquals(1.0, q3.precision(), EPS);
    }

    @Test
    void averagesAreOverQuestionsAndHhrIsARatioOfAverages() {
        List<QuestionScore> scores = List.of(
                QuestionScore.of("q1", Set.of("2", "4"), Set.of("2", "3"), "2", false),
                QuestionScore.of("q2", Set.of(), Set.of("5"), "5", true),
                QuestionScore.of("q3", Set.of("7", "8"), Set.of("7", "8", "9"), "9", false));
        Scores avg = Scores.average(scores);
        assertEquals(3, avg.questions());
        assertEquals(2.0 / 3, avg.hitsAtAny(), EPS);
        assertEquals((0.5 + 0 + 1) / 3, avg.precision(), EPS);
        assertEquals((0.5 + 0 + 2.0 / 3) / 3, avg.recall(), EPS);
        assertEquals((0.5 + 0 + 0.8) / 3, avg.f1(), EPS);
        assertEquals(1.0 / 3, avg.hitsAtHard(), EPS);
        assertEquals(0.5, avg.hhr(), EPS); // (1/3) / (2/3)
        assertTrue(avg.hhrDefined());
    }

    @Test
    void hhrIsUndefinedWhenHitsAtAnyIsZero() {
        Scores avg = Scores.average(List.of(
                QuestionScore.of("q1", Set.of("4"), Set.of("2", "3"), "2", false),
                QuestionScore.of("q2", Set.of(), Set.of("5"), "5", false)));
        assertEquals(0.0, avg.hitsAtAny());
        assertNull(avg.hhr());
        assertFalse(avg.hhrDefined());
        assertNull(Scores.average(List.of()).hhr());
    }

    @Test
    void hhrOfOneWhenEveryHitIncludesTheHardAnswer() {
        Scores avg = Scores.average(List.of(
                QuestionScore.of("q1", Set.of("2"), Set.of("2", "3"), "2", false),
                QuestionScore.of("q2", Set.of(), Set.of("5"), "5", false)));
        assertEquals(0.5, avg.hitsAtAny(), EPS);
        assertEquals(1.0, avg.hhr(), EPS);
    }

    @Test
    void dropIsCompleteMinusIncompleteAndNullWhenHhrUndefined() {
        Scores complete = new Scores(2, 1.0, 0.8, 0.6, 0.7, 0.9, 0.9);
        Scores incomplete = new Scores(2, 0.5, 0.4, 0.3, 0.35, 0.1, 0.2);
        SystemResult.Drop d = SystemResult.Drop.between(complete, incomplete);
        assertEquals(0.5, d.hitsAtAny(), EPS);
        assertEquals(0.35, d.f1(), EPS);
        assertEquals(0.7, d.hhr(), EPS);
        Scores zero = new Scores(2, 0, 0, 0, 0, 0, null);
        assertNull(SystemResult.Drop.between(complete, zero).hhr());
        assertEquals(0.9, SystemResult.Drop.between(complete, zero).hhrComplete(), EPS);
    }

    // ---- permissive (RoG) metrics ----

    @Test
    void substringHitCountsAPrefixIdAsCorrect() {
        // gold "12" is a substring of "123": the strict protocol says miss, RoG says hit
        PermissiveScores.Single p = PermissiveScores.score(List.of("123"), List.of("12"));
        assertEquals(1.0, p.hit());
        assertEquals(1.0, p.precision(), EPS);
        assertEquals(1.0, p.recall(), EPS);
        QuestionScore strict = QuestionScore.of("q", Set.of("123"), Set.of("12"), "12", false);
        assertEquals(0, strict.hitsAtAny());
    }

    @Test
    void negatedAnswerCountsAsHitUnderPermissiveMatching() {
        PermissiveScores.Single p = PermissiveScores.score(
                PermissiveScores.rogList(null, "not Barack Obama"), List.of("Barack Obama"));
        assertEquals(1.0, p.hit());
    }

    @Test
    void rogPrecisionDividesByLinesAndCanExceedOne() {
        // one line holding two answers: matched 2, list length 1 -> precision 2, recall 1, F1 = 2*2*1/3
        PermissiveScores.Single p = PermissiveScores.score(PermissiveScores.rogList(null, "205 138"), List.of("205", "138"));
        assertEquals(2.0, p.precision(), EPS);
        assertEquals(1.0, p.recall(), EPS);
        assertEquals(4.0 / 3, p.f1(), EPS);
    }

    @Test
    void rogListKeepsEmptyLinesAndDedupesStructuredLists() {
        assertEquals(List.of("205", "", "138"), PermissiveScores.rogList(null, "205\n\n138"));
        assertEquals(List.of("205", "138"), PermissiveScores.rogList(List.of("205", "138", "205"), null));
        // three lines (one empty), one match of two answers: P = 1/3, R = 1/2, F1 = 0.4
        PermissiveScores.Single p = PermissiveScores.score(List.of("205", "", "999"), List.of("205", "7"));
        assertEquals(1.0 / 3, p.precision(), EPS);
        assertEquals(0.5, p.recall(), EPS);
        assertEquals(0.4, p.f1(), EPS);
    }

    @Test
    void rogEmptyPredictionListScoresZero() {
        PermissiveScores.Single p = PermissiveScores.score(List.of(), List.of("5"));
        assertEquals(0.0, p.hit());
        assertEquals(0.0, p.f1());
        PermissiveScores avg = PermissiveScores.average(List.of(p, PermissiveScores.score(List.of("5"), List.of("5"))));
        assertEquals(0.5, avg.hitsAt1(), EPS);
        assertEquals(0.5, avg.f1(), EPS);
    }
}
