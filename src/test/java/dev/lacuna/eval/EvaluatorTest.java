package dev.lacuna.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;
import dev.lacuna.questions.SplitChoice;

class EvaluatorTest {
    private static final double EPS = 1e-12;

    @TempDir
    Path tmp;
    Benchmark benchmark;

    @BeforeEach
    void setUp() {
        benchmark = Benchmark.load(BenchmarkFixture.write(tmp.resolve("bench")));
    }

    private RunResult run(EvaluationSettings settings, String jsonl) {
        return new Evaluator(benchmark, settings).evaluate(PredictionsReader.parse(jsonl, "p.jsonl", settings.field()), "p.jsonl");
    }

    @Test
    void handWorkedTestSplit() {
        // q1: P={2,4} A={2,3}; q2: P={} A={5}; q3: P={7,8} A={7,8,9}
        RunResult r = run(EvaluationSettings.defaults(), BenchmarkFixture.predictions("q1", "2,4", "q2", "", "q3", "7,8,7"));
        Scores s = r.strict();
        assertEquals(3, s.questions());
        assertEquals(2.0 / 3, s.hitsAtAny(), EPS);
        assertEquals(0.5, s.precision(), EPS);
        assertEquals((0.5 + 2.0 / 3) / 3, s.recall(), EPS);
        assertEquals(1.3 / 3, s.f1(), EPS);
        assertEquals(1.0 / 3, s.hitsAtHard(), EPS);
        assertEquals(0.5, s.hhr(), EPS);
        assertEquals(0, r.coverage().missing());
    }

    @Test
    void breakdownsByRuleTypeSplitAndRelation() {
        RunResult r = run(EvaluationSettings.defaults().withSplit(SplitChoice.ALL),
                BenchmarkFixture.predictions("q1", "2", "q2", "5", "q3", "7", "q4", "3", "q5", "9"));
        assertEquals(List.of("composition", "inversion", "other"), List.copyOf(r.byRuleType().keySet()));
        Scores comp = r.byRuleType().get("composition"); // q1 hard hit, q3 hit without hard
        assertEquals(2, comp.questions());
        assertEquals(1.0, comp.hitsAtAny(), EPS);
        assertEquals(0.5, comp.hhr(), EPS);
        Scores other = r.byRuleType().get("other"); // q5 wrong
        assertEquals(0.0, other.hitsAtAny());
        assertNull(other.hhr());
        assertEquals(List.of("test", "train", "valid"), List.copyOf(r.bySplit().keySet()));
        assertEquals(3, r.bySplit().get("test").questions());
        assertEquals(3, r.byRelation().get("brotherOf").questions());
        assertEquals(2, r.byRelation().get("sisterOf").questions());
    }

    @Test
    void missingQuestionsScoreAsEmptyAndAreReported() {
        RunResult r = run(EvaluationSettings.defaults(), BenchmarkFixture.predictions("q1", "2,3"));
        assertEquals(2, r.coverage().missing());
        assertEquals(List.of("q2", "q3"), r.coverage().missingExamples());
        assertEquals(1.0 / 3, r.strict().hitsAtAny(), EPS);
        assertTrue(r.perQuestion().get(1).missing());
    }

    @Test
    void recordsOfOtherSplitsAreIgnoredAndCounted() {
        RunResult r = run(EvaluationSettings.defaults(), BenchmarkFixture.predictions("q1", "2", "q4", "3", "q5", "1"));
        assertEquals(2, r.coverage().otherSplit());
        assertEquals(1, r.coverage().matched());
    }

    @Test
    void unknownIdsAreAnErrorWithCountAndExamples() {
        BadInputException e = assertThrows(BadInputException.class, () -> run(EvaluationSettings.defaults(),
                BenchmarkFixture.predictions("q1", "2", "x9", "3", "x8", "1")));
        assertTrue(e.getMessage().contains("2 of 3 prediction ids are not questions"), e.getMessage());
        assertTrue(e.getMessage().contains("1 matched"), e.getMessage());
        assertTrue(e.getMessage().contains("x9, x8"), e.getMessage());
    }

    @Test
    void aFileForAnotherBenchmarkSaysNoneMatched() {
        BadInputException e = assertThrows(BadInputException.class, () -> run(EvaluationSettings.defaults(),
                BenchmarkFixture.predictions("WebQTest-1", "2", "WebQTest-2", "3")));
        assertTrue(e.getMessage().contains("none of the 2 prediction ids"), e.getMessage());
        assertTrue(e.getMessage().contains("0 matched"), e.getMessage());
        assertTrue(e.getMessage().contains("another benchmark"), e.getMessage());
    }

    @Test
    void rawOutputOfIdsIsSplitOnSpaces() {
        RunResult r = run(EvaluationSettings.defaults(), """
                {"id": "q1", "raw_output": "The answer is 2 and 3."}
                {"id": "q2", "raw_output": "<pad> 5"}
                {"id": "q3", "raw_output": "['9']"}
                """);
        // q1: P = {answer, is, 2, and, 3} (article dropped): 2 of 5 correct, all answers
        QuestionScore q1 = r.perQuestion().get(0);
        assertEquals(5, q1.predicted());
        assertEquals(0.4, q1.precision(), EPS);
        assertEquals(1.0, q1.recall(), EPS);
        assertEquals(1.0, r.perQuestion().get(1).f1(), EPS);
        assertEquals(1, r.perQuestion().get(2).hitsAtHard());
        assertEquals(1.0, r.strict().hitsAtAny(), EPS);
    }

    @Test
    void textLabelsAreComparedThroughEntitiesTsv() {
        EvaluationSettings text = EvaluationSettings.defaults().withEntities(EntityForm.TEXT);
        RunResult r = run(text, """
                {"id": "q1", "raw_output": "bob, Carol  Ann"}
                {"id": "q2", "raw_output": "e5"}
                {"id": "q3", "raw_output": "Grace\\nIvan\\nZoe"}
                """);
        // q1 both labels; q2: entity 5 has no label, falls back to its source id; q3: "The Grace" -> "grace"
        assertEquals(1.0, r.perQuestion().get(0).f1(), EPS);
        assertEquals(1, r.perQuestion().get(1).hitsAtHard());
        QuestionScore q3 = r.perQuestion().get(2);
        assertEquals(2, q3.correct());
        assertEquals(1, q3.hitsAtHard());
        // comma-newline splitting keeps "Carol Ann" whole; comma-newline-space would break it
        RunResult spaced = run(text.withDelimiters(Delimiters.COMMA_NEWLINE_SPACE), "{\"id\": \"q1\", \"raw_output\": \"Carol Ann\"}");
        assertEquals(0, spaced.perQuestion().get(0).hitsAtAny());
    }

    @Test
    void sourceIdsAreComparedThroughEntitiesTsv() {
        RunResult r = run(EvaluationSettings.defaults().withEntities(EntityForm.SOURCE),
                BenchmarkFixture.predictions("q1", "e2,e3", "q2", "5", "q3", "E9"));
        assertEquals(1.0, r.perQuestion().get(0).f1(), EPS);
        assertEquals(0, r.perQuestion().get(1).hitsAtAny()); // a private id is not a source id
        assertEquals(1, r.perQuestion().get(2).hitsAtHard());
    }

    @Test
    void permissiveMetricsAreComputedAlongside() {
        // q1 raw "23": strict miss; RoG finds "2" and "3" as substrings of "23"
        RunResult r = run(EvaluationSettings.defaults(), """
                {"id": "q1", "raw_output": "23"}
                {"id": "q2", "raw_output": "15"}
                {"id": "q3", "raw_output": "7"}
                """);
        assertEquals(1.0 / 3, r.strict().hitsAtAny(), EPS);
        assertEquals(1.0, r.permissive().hitsAt1(), EPS);
        assertTrue(r.permissive().f1() > r.strict().f1());
    }

    @Test
    void unknownSplitAndMissingSplitAreBadInput() {
        assertThrows(BadInputException.class, () -> SplitChoice.parse("dev"));
        assertThrows(BadInputException.class, () -> Benchmark.load(tmp.resolve("nothing-here")));
    }
}
