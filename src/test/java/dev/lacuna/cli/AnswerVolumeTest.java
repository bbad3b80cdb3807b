package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.eval.BenchmarkFixture;

/**
 * A predictions file that lists every entity of the KG for every question scores Hits@Any = Hits@Hard = HHR = 1.0:
 * the paper's metrics reward recall, and {@code evaluate} scores it so, but says so, on standard error and in the
 * report, naming how many answers and what share of the KG's entities that is.
 */
class AnswerVolumeTest {
    @TempDir
    Path tmp;
    Path bench;

    @BeforeEach
    void setUp() throws Exception {
        bench = BenchmarkFixture.write(tmp.resolve("bench"));
        // a KG of 300 entities
        Files.writeString(bench.resolve("entities.tsv"), "private_id\tsource_id\tlabel\n" + IntStream.rangeClosed(1, 300)
                .mapToObj(i -> i + "\te" + i + "\tname " + i + "\n").collect(Collectors.joining()));
    }

    private static String everyEntity() {
        return IntStream.rangeClosed(1, 300).mapToObj(Integer::toString).collect(Collectors.joining(","));
    }

    @Test
    void everyEntityForEveryQuestionScoresOneAndIsWarnedAbout() throws Exception {
        Path all = BenchmarkFixture.writeString(tmp.resolve("all.jsonl"),
                BenchmarkFixture.predictions("q1", everyEntity(), "q2", everyEntity(), "q3", everyEntity()));
        Path report = tmp.resolve("report.md");
        CliRunner.Run run = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--predictions", all.toString(),
                "--output", report.toString(), "--strict-naming");
        // scored as the protocol says, --strict-naming not tripped: it is not about naming
        assertEquals(0, run.code(), run.toString());
        String md = Files.readString(report);
        assertTrue(md.contains("| system | single | 1.000 |"), md);
        for (String text : new String[] {run.err(), md}) {
            assertTrue(text.contains("3 of 3 answered questions list implausibly many answers"), text);
            assertTrue(text.contains("up to 300 for one question; the KG has 300 entities, so that is 100% of them"),
                    text);
        }
    }

    @Test
    void aFewAnswersAreNotWarnedAbout() throws Exception {
        Path few = BenchmarkFixture.writeString(tmp.resolve("few.jsonl"),
                BenchmarkFixture.predictions("q1", "2,4", "q2", "5", "q3", "7,8,9,10"));
        CliRunner.Run run = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--predictions", few.toString());
        assertEquals(0, run.code(), run.toString());
        assertFalse(run.err().contains("implausibly many"), run.toString());
    }
}
