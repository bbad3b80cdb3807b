package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.eval.BenchmarkFixture;
import dev.lacuna.folder.BenchmarkIdentity;

/**
 * What evaluate will not score without being told to: a file that answers too few of the split's questions (made
 * for another benchmark or another split), a file or export that names another benchmark, and answers that two
 * entity forms both resolve.
 */
class EvaluateRefusalTest {
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
        out.reset();
        err.reset();
        CliContext context = new CliContext(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Main(List.of(new EvaluateCommand())).run(args, context);
    }

    Path file(String name, String text) {
        return BenchmarkFixture.writeString(tmp.resolve(name), text);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void mostQuestionsWithoutPredictionIsRefusedUnlessAskedToScoreAnyway() {
        // one test question answered; the other records answer the valid and train questions
        Path p = file("p.jsonl", BenchmarkFixture.predictions("q1", "2", "q4", "3", "q5", "1"));
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString()), err());
        assertTrue(err().contains("2 of 3 questions of the test split have no prediction"), err());
        assertTrue(err().contains("2 of 3 records answer questions of other splits"), err());
        assertTrue(err().contains("another benchmark"), err());
        assertTrue(err().contains("--split"), err());
        assertTrue(err().contains("--score-anyway"), err());
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        assertEquals(0, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString(), "--score-anyway"),
                err());
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("2 of 3 questions have no prediction"));
    }

    @Test
    void aFileForAnotherSplitNamesThatSplit() {
        Path p = file("valid.jsonl", BenchmarkFixture.predictions("q4", "3"));
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString()), err());
        assertTrue(err().contains("--split valid"), err());
        assertEquals(0, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString(), "--split", "valid"),
                err());
    }

    @Test
    void aFileMadeForAnotherBenchmarkIsRefused() {
        String own = BenchmarkIdentity.of(bench);
        Path p = file("other.jsonl", "{\"id\": \"q1\", \"prediction\": [\"2\"], \"benchmark_id\": \"0123456789abcdef\"}\n"
                + "{\"id\": \"q2\", \"prediction\": [\"5\"], \"benchmark_id\": \"0123456789abcdef\"}\n"
                + "{\"id\": \"q3\", \"prediction\": [\"7\"], \"benchmark_id\": \"0123456789abcdef\"}\n");
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString()), err());
        assertTrue(err().contains("other.jsonl:1"), err());
        assertTrue(err().contains("0123456789abcdef"), err());
        assertTrue(err().contains(own), err());
        Path mine = file("mine.jsonl", "{\"id\": \"q1\", \"prediction\": [\"2\"], \"benchmark_id\": \"" + own + "\"}\n"
                + "{\"id\": \"q2\", \"prediction\": [\"5\"], \"benchmark_id\": \"" + own + "\"}\n"
                + "{\"id\": \"q3\", \"prediction\": [\"7\"], \"benchmark_id\": \"" + own + "\"}\n");
        assertEquals(0, run("evaluate", "--benchmark", bench.toString(), "--predictions", mine.toString()), err());
    }

    @Test
    void anExportOfAnotherBenchmarkIsRefused() {
        Path export = file("export/export.json", "{\"format\": \"lacuna-export/1\", \"export\": \"rog\", \"labels\": \"private\","
                + " \"benchmark_id\": \"0123456789abcdef\"}\n").getParent();
        Path p = file("p.jsonl", BenchmarkFixture.predictions("q1", "2", "q2", "5", "q3", "7"));
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString(), "--from", "lacuna",
                "--export", export.toString()), err());
        assertTrue(err().contains("export.json"), err());
        assertTrue(err().contains("another benchmark"), err());
    }

    /** Source ids that are numbers, as Family's: every entity's source id is another entity's private id. */
    private Path overlappingBenchmark() {
        Path dir = BenchmarkFixture.write(tmp.resolve("overlap"));
        BenchmarkFixture.writeString(dir.resolve("entities.tsv"), "private_id\tsource_id\tlabel\n"
                + "1\t2\t\n2\t3\t\n3\t4\t\n4\t5\t\n5\t6\t\n6\t7\t\n7\t8\t\n8\t9\t\n9\t10\t\n10\t1\t\n");
        return dir;
    }

    @Test
    void answersThatTwoFormsResolveAreRefusedWithoutANaming() {
        Path dir = overlappingBenchmark();
        // the gold answers in source ids: q1 {2,3} -> {3,4}, q2 {5} -> {6}, q3 {7,8,9} -> {8,9,10}
        Path p = file("source.jsonl", BenchmarkFixture.predictions("q1", "3,4", "q2", "6", "q3", "8,9,10"));
        assertEquals(2, run("evaluate", "--benchmark", dir.toString(), "--predictions", p.toString()), err());
        assertTrue(err().contains("private 6 of 6"), err());
        assertTrue(err().contains("source 6 of 6"), err());
        assertTrue(err().contains("--entities"), err());
        assertEquals(0, run("evaluate", "--benchmark", dir.toString(), "--predictions", p.toString(), "--entities", "source"),
                err());
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("| system | single | 1.000 |"),
                out.toString(StandardCharsets.UTF_8));
        assertEquals(0, run("evaluate", "--benchmark", dir.toString(), "--predictions", p.toString(), "--entities", "private"),
                err());
    }

    @Test
    void answersOneFormResolvesAreScoredAsBefore() {
        Path p = file("p.jsonl", BenchmarkFixture.predictions("q1", "2,3", "q2", "5", "q3", "7"));
        assertEquals(0, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString()), err());
        assertFalse(err().contains("more than one"), err());
    }
}
