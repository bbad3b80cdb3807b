package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.answer.Answer;
import dev.lacuna.eval.BenchmarkFixture;
import dev.lacuna.folder.BenchmarkIdentity;
import dev.lacuna.view.LabelMode;

/**
 * A predictions file says its own naming ({@code entities}, bound to its answers by {@code answers_digest}), and
 * evaluate uses it: never inferred from {@code benchmark_id}. On a benchmark whose source ids are also private ids
 * (as Family's are), a file written by answer and then mapped to source ids, its fields kept, is refused, never scored
 * as private ids; given the naming it holds, it is scored right.
 */
class StatedNamingTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path tmp;
    Path bench;
    String id;
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** Source ids that are numbers: every entity's source id is another entity's private id (private n is source n+1). */
    @BeforeEach
    void overlappingBenchmark() {
        bench = BenchmarkFixture.write(tmp.resolve("overlap"));
        BenchmarkFixture.writeString(bench.resolve("entities.tsv"), "private_id\tsource_id\tlabel\n"
                + "1\t2\tAlice\n2\t3\tBob\n3\t4\tCarol\n4\t5\tDave\n5\t6\tErin\n6\t7\tFrank\n7\t8\tGrace\n8\t9\tHeidi\n"
                + "9\t10\tIvan\n10\t1\tJudy\n");
        id = BenchmarkIdentity.of(bench);
    }

    int run(String... args) {
        out.reset();
        err.reset();
        CliContext context = new CliContext(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Main(List.of(new EvaluateCommand())).run(args, context);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    String report() {
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Records as answer writes them: each answer list named as said and bound to it by its digest. */
    Path written(String name, LabelMode naming, List<List<String>> answers) throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < answers.size(); i++) {
            sb.append(JSON.writeValueAsString(Answer.of("q" + (i + 1), answers.get(i)).written(id, naming))).append('\n');
        }
        return BenchmarkFixture.writeString(tmp.resolve(name), sb.toString());
    }

    /** The gold answers of q1..q3 in private ids, and in source ids (private n is source n+1). */
    static final List<List<String>> PRIVATE = List.of(List.of("2", "3"), List.of("5"), List.of("7", "8", "9"));
    static final List<List<String>> SOURCE = List.of(List.of("3", "4"), List.of("6"), List.of("8", "9", "10"));

    @Test
    void aFileAnswerWroteIsScoredInTheNamingItStates() throws Exception {
        Path p = written("answered.jsonl", LabelMode.PRIVATE, PRIVATE);
        assertTrue(java.nio.file.Files.readString(p).contains("\"entities\":\"private\",\"answers_digest\":\""));
        assertEquals(0, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString()), err());
        assertTrue(report().contains("| system | single | 1.000 |"), report());
    }

    @Test
    void answersMappedToSourceIdsWithTheFieldsKeptAreRefusedAndScoredRightWhenTheNamingIsGiven() throws Exception {
        Path p = written("answered.jsonl", LabelMode.PRIVATE, PRIVATE);
        // a user's tool maps every prediction to its source id and keeps every other field as it was
        String mapped = java.nio.file.Files.readString(p).replace("[\"2\",\"3\"]", "[\"3\",\"4\"]")
                .replace("[\"5\"]", "[\"6\"]").replace("[\"7\",\"8\",\"9\"]", "[\"8\",\"9\",\"10\"]");
        Path m = BenchmarkFixture.writeString(tmp.resolve("mapped.jsonl"), mapped);
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--predictions", m.toString()), err());
        assertTrue(err().contains("3 of 3 records were changed after they were written"), err());
        assertTrue(err().contains("Give --entities"), err());
        assertEquals(0, run("evaluate", "--benchmark", bench.toString(), "--predictions", m.toString(),
                "--entities", "source"), err());
        assertTrue(report().contains("| system | single | 1.000 |"), report());
    }

    @Test
    void aBenchmarkIdAloneSaysNothingOfTheNaming() {
        // the records answer's older version wrote: benchmark_id, no naming
        Path p = BenchmarkFixture.writeString(tmp.resolve("old.jsonl"), "{\"id\": \"q1\", \"prediction\": [\"3\", \"4\"], \"benchmark_id\": \"" + id + "\"}\n"
                + "{\"id\": \"q2\", \"prediction\": [\"6\"], \"benchmark_id\": \"" + id + "\"}\n"
                + "{\"id\": \"q3\", \"prediction\": [\"8\", \"9\", \"10\"], \"benchmark_id\": \"" + id + "\"}\n");
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString()), err());
        assertTrue(err().contains("more than one --entities form"), err());
    }

    @Test
    void aNamingStatedWithoutADigestIsTheWritersWordAndIsUsed() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < SOURCE.size(); i++) {
            sb.append(JSON.writeValueAsString(java.util.Map.of("id", "q" + (i + 1), "prediction", SOURCE.get(i),
                    "entities", "source"))).append('\n');
        }
        Path p = BenchmarkFixture.writeString(tmp.resolve("own.jsonl"), sb.toString());
        assertEquals(0, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString()), err());
        assertTrue(report().contains("| system | single | 1.000 |"), report());
        // a naming given disagrees with the file's: scored as asked, and warned about
        assertEquals(0, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString(),
                "--entities", "private"), err());
        assertTrue(err().contains("disagrees with"), err());
    }

    @Test
    void aFileWhoseAnswersDoNotResolveInTheNamingItStatesIsRefused() throws Exception {
        // text labels, said to be private ids (the writer's word, no digest)
        Path p = BenchmarkFixture.writeString(tmp.resolve("labels.jsonl"),
                "{\"id\": \"q1\", \"prediction\": [\"Bob\", \"Carol\"], \"entities\": \"private\"}\n"
                        + "{\"id\": \"q2\", \"prediction\": [\"Erin\"], \"entities\": \"private\"}\n"
                        + "{\"id\": \"q3\", \"prediction\": [\"Grace\"], \"entities\": \"private\"}\n");
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString()), err());
        assertTrue(err().contains("the records say their answers are private names"), err());
        assertTrue(err().contains("as text names 4 of 4"), err());
    }

    @Test
    void recordsThatDisagreeOnTheirNamingAreRefused() {
        Path p = BenchmarkFixture.writeString(tmp.resolve("mixed.jsonl"),
                "{\"id\": \"q1\", \"prediction\": [\"2\", \"3\"], \"entities\": \"private\"}\n"
                        + "{\"id\": \"q2\", \"prediction\": [\"6\"], \"entities\": \"source\"}\n"
                        + "{\"id\": \"q3\", \"prediction\": [\"7\"]}\n");
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--predictions", p.toString()), err());
        assertTrue(err().contains("different ways"), err());
        Path some = BenchmarkFixture.writeString(tmp.resolve("some.jsonl"),
                "{\"id\": \"q1\", \"prediction\": [\"2\", \"3\"], \"entities\": \"private\"}\n"
                        + "{\"id\": \"q2\", \"prediction\": [\"5\"]}\n{\"id\": \"q3\", \"prediction\": [\"7\"]}\n");
        assertEquals(2, run("evaluate", "--benchmark", bench.toString(), "--predictions", some.toString()), err());
        assertTrue(err().contains("1 of 3 records say how their answers name entities"), err());
    }
}
