package dev.lacuna.questions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.rules.sparql.Side;
import dev.lacuna.testing.TestData;

/**
 * Cost of the question stage without the LLM, on every triple of CoDEx-M treated as deleted (far more than a
 * build deletes): template questions with the leak check, balancing, split, JSONL files. Writes
 * target/bench/questions-stage.md.
 */
@Tag("bench")
class QuestionStageBenchmark {

    @Test
    void templateBalanceSplitWriteOnCodexM(@TempDir Path dir) throws IOException {
        Path shared = TestData.kg("codex-m", "train.txt");
        List<String[]> triples = new ArrayList<>();
        for (String line : Files.readAllLines(shared)) {
            triples.add(line.split("\t"));
        }
        SplittableRandom random = new SplittableRandom(42);
        List<QuestionRequest> requests = new ArrayList<>(triples.size());
        for (int i = 0; i < triples.size(); i++) {
            String[] t = triples.get(i);
            requests.add(QuestionRequest.of(Integer.toString(2 * i + 1), t[1], Integer.toString(2 * i + 2),
                    random.nextBoolean() ? Side.HEAD : Side.TAIL));
        }
        long c0 = cpu();
        long t0 = System.nanoTime();
        GenerationBatch batch = TemplateQuestionGenerator.builtIn().generate(requests);
        long t1 = System.nanoTime();
        long c1 = cpu();
        List<Question> questions = new ArrayList<>();
        for (int i = 0; i < requests.size(); i++) {
            QuestionRequest r = requests.get(i);
            questions.add(new Question(String.format("q%07d", i), batch.results().get(i).question(), r.topic(),
                    r.relation(), r.topicSide().label(), List.of(r.answer()), triples.get(i)[r.topicIsHead() ? 2 : 0], "rule",
                    "other", null, null, null));
        }
        Balancer.Result<Question> balanced = Balancer.balance(questions, Balancer.DEFAULT_TAU, 42);
        long t2 = System.nanoTime();
        long c2 = cpu();
        Splitter.Split split = Splitter.split(balanced.kept(), 42);
        long t3 = System.nanoTime();
        long c3 = cpu();
        QuestionFiles.write(dir, split);
        long t4 = System.nanoTime();
        long c4 = cpu();
        assertEquals(split, QuestionFiles.read(dir));
        long t5 = System.nanoTime();
        long c5 = cpu();

        String report = "# Question stage on CoDEx-M (template generator)\n\n"
                + "Wall and CPU (this thread) milliseconds; the machine is shared, so CPU is the steadier figure.\n\n"
                + "| step | items | wall ms | cpu ms |\n|---|---:|---:|---:|\n"
                + "| template questions + leak check | " + requests.size() + " | " + ms(t0, t1) + " | " + ms(c0, c1) + " |\n"
                + "| balance (tau 0.01, by source hard answer) | " + questions.size() + " -> " + balanced.kept().size()
                + " | " + ms(t1, t2) + " | " + ms(c1, c2) + " |\n"
                + "| split 8:1:1 | " + split.size() + " | " + ms(t2, t3) + " | " + ms(c2, c3) + " |\n"
                + "| write JSONL | " + split.size() + " | " + ms(t3, t4) + " | " + ms(c3, c4) + " |\n"
                + "| read JSONL back | " + split.size() + " | " + ms(t4, t5) + " | " + ms(c4, c5) + " |\n\n"
                + "accepted " + batch.stats().accepted() + ", regenerated " + batch.stats().regenerated()
                + ", dropped " + batch.stats().dropped() + "\n";
        Path out = Path.of("target", "bench", "questions-stage.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
        System.out.println(report);
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private static long cpu() {
        return THREADS.getCurrentThreadCpuTime();
    }

    private static long ms(long from, long to) {
        return (to - from) / 1_000_000;
    }
}
