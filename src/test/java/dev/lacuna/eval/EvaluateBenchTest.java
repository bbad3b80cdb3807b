package dev.lacuna.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.questions.Question;

/**
 * How fast {@code lacuna evaluate} scores a benchmark: read the questions and two predictions files
 * (complete, incomplete; raw outputs of ids), score, render JSON, Markdown and HTML. Writes target/bench/eval.md.
 */
@Tag("bench")
class EvaluateBenchTest {
    @TempDir
    Path tmp;

    @Test
    void scoresThousandsOfQuestionsQuickly() throws IOException {
        StringBuilder md = new StringBuilder("# lacuna evaluate: scoring speed\n\n");
        md.append("Questions in the test split; two predictions files (complete + incomplete, raw outputs of ~6 ids each,");
        md.append(" answer sets of 1-8); time = read benchmark + read both files + score + render JSON, Markdown and HTML, in-process.\n\n");
        md.append("Wall time depends on the machine's load; CPU time is this thread's (ThreadMXBean).\n\n");
        md.append("| questions | first run wall ms | warm wall ms (median of 5) | warm CPU ms (median of 5) | of which scoring only, CPU ms |\n|---:|---:|---:|---:|---:|\n");
        for (int n : new int[] {1_000, 10_000, 35_000}) {
            Path dir = tmp.resolve("b" + n);
            Path[] files = write(dir, n, new Random(n));
            List<Long> times = new ArrayList<>();
            List<Long> cpu = new ArrayList<>();
            List<Long> scoring = new ArrayList<>();
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            for (int i = 0; i < 6; i++) {
                long t0 = System.nanoTime();
                long c0 = mx.getCurrentThreadCpuTime();
                Benchmark benchmark = Benchmark.load(dir);
                List<SystemOutput> complete = PredictionsReader.read(files[0], PredictionField.AUTO);
                List<SystemOutput> incomplete = PredictionsReader.read(files[1], PredictionField.AUTO);
                long s0 = mx.getCurrentThreadCpuTime();
                Evaluator evaluator = new Evaluator(benchmark, EvaluationSettings.defaults());
                Map<RunSetting, RunResult> runs = new LinkedHashMap<>();
                runs.put(RunSetting.COMPLETE, evaluator.evaluate(complete, "c"));
                runs.put(RunSetting.INCOMPLETE, evaluator.evaluate(incomplete, "i"));
                long s1 = mx.getCurrentThreadCpuTime();
                EvaluationReport report = EvaluationReport.of(benchmark, EvaluationSettings.defaults(), n,
                        List.of(SystemResult.of("bench", runs)));
                for (ReportFormat f : ReportFormat.values()) {
                    f.render(report);
                }
                times.add((System.nanoTime() - t0) / 1_000_000);
                cpu.add((mx.getCurrentThreadCpuTime() - c0) / 1_000_000);
                scoring.add((s1 - s0) / 1_000_000);
                assertEquals(n, report.systems().get(0).run(RunSetting.COMPLETE).coverage().matched());
            }
            md.append(String.format(Locale.ROOT, "| %,d | %d | %d | %d | %d |%n", n, times.get(0), median(times),
                    median(cpu), median(scoring)));
            System.out.println("evaluate " + n + " questions: wall " + times + " cpu " + cpu + " scoring " + scoring + " ms");
        }
        md.append("\nMachine: ").append(Runtime.getRuntime().availableProcessors()).append(" cores, Java ")
                .append(System.getProperty("java.version")).append(" (shared with other jobs while measured).\n");
        Path out = Path.of("target", "bench", "eval.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md.toString(), StandardCharsets.UTF_8);
    }

    private static long median(List<Long> runs) {
        long[] warm = runs.subList(1, runs.size()).stream().mapToLong(Long::longValue).sorted().toArray();
        return warm[warm.length / 2];
    }

    private static Path[] write(Path dir, int n, Random random) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Question> questions = new ArrayList<>(n);
        StringBuilder complete = new StringBuilder();
        StringBuilder incomplete = new StringBuilder();
        String[] types = {"symmetry", "inversion", "hierarchy", "composition", "other"};
        for (int i = 0; i < n; i++) {
            int size = 1 + random.nextInt(8);
            List<String> answers = new ArrayList<>();
            for (int a = 0; a < size; a++) {
                answers.add(String.valueOf(random.nextInt(20_000)));
            }
            String id = String.format(Locale.ROOT, "q%06d", i);
            questions.add(BenchmarkFixture.question(id, String.valueOf(random.nextInt(20_000)), "rel" + random.nextInt(40),
                    random.nextBoolean() ? "head" : "tail", answers, answers.get(0), types[random.nextInt(types.length)], "test"));
            complete.append(json.writeValueAsString(Map.of("id", id, "raw_output", raw(answers, random, true))))
                    .append('\n');
            incomplete.append(json.writeValueAsString(Map.of("id", id, "raw_output", raw(answers, random, false))))
                    .append('\n');
        }
        BenchmarkFixture.writeQuestions(dir, "test", questions);
        return new Path[] {BenchmarkFixture.writeString(dir.resolve("c.jsonl"), complete.toString()),
                BenchmarkFixture.writeString(dir.resolve("i.jsonl"), incomplete.toString())};
    }

    private static String raw(List<String> answers, Random random, boolean withHard) {
        List<String> out = new ArrayList<>(answers.subList(withHard ? 0 : 1, answers.size()));
        for (int i = 0; i < 3; i++) {
            out.add(String.valueOf(random.nextInt(20_000)));
        }
        return "The answers are: " + String.join(", ", out) + (random.nextBoolean() ? "\n<pad>" : "");
    }
}
