package dev.lacuna.eval;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.questions.Question;

/**
 * A small benchmark folder written the way {@code lacuna build} writes one, for tests.
 * Test split (hand-worked in the tests): q1 topic 1 brotherOf head -> {2,3}, hard 2 (composition);
 * q2 topic 4 sisterOf tail -> {5}, hard 5 (inversion); q3 topic 6 brotherOf head -> {7,8,9}, hard 9
 * (composition). Valid: q4; train: q5. Entity 5 has no label.
 */
public final class BenchmarkFixture {
    private static final ObjectMapper JSON = new ObjectMapper();

    private BenchmarkFixture() {
    }

    public static Question question(String id, String topic, String relation, String direction, List<String> answers,
            String hard, String ruleType, String split) {
        return new Question(id, "Who is " + topic + "'s " + relation + "?", topic, relation, direction, answers, hard,
                "?a " + relation + " ?b => ?b " + relation + " ?a", ruleType,
                new Question.Grounding(List.of(List.of(hard, relation, topic)), List.of(topic, relation, hard)), null, split);
    }

    public static Path write(Path dir) {
        List<Question> test = List.of(
                question("q1", "1", "brotherOf", "head", List.of("2", "3"), "2", "composition", "test"),
                question("q2", "4", "sisterOf", "tail", List.of("5"), "5", "inversion", "test"),
                question("q3", "6", "brotherOf", "head", List.of("7", "8", "9"), "9", "composition", "test"));
        List<Question> valid = List.of(question("q4", "2", "sisterOf", "head", List.of("3"), "3", "inversion", "valid"));
        List<Question> train = List.of(question("q5", "3", "brotherOf", "tail", List.of("1"), "1", "other", "train"));
        writeQuestions(dir, "test", test);
        writeQuestions(dir, "valid", valid);
        writeQuestions(dir, "train", train);
        writeString(dir.resolve("entities.tsv"), "private_id\tsource_id\tlabel\n"
                + "1\te1\tAlice\n2\te2\tBob\n3\te3\tCarol Ann\n4\te4\tDave\n5\te5\t\n6\te6\tFrank\n"
                + "7\te7\tThe Grace\n8\te8\tHeidi\n9\te9\tIvan\n10\te10\tJudy\n");
        writeString(dir.resolve("summary.json"), "{\"format\": 1, \"kg\": \"fixture\", \"base\": \"https://lacuna.dev/\"}\n");
        return dir;
    }

    public static void writeQuestions(Path dir, String split, List<Question> questions) {
        StringBuilder sb = new StringBuilder();
        try {
            for (Question q : questions) {
                sb.append(JSON.writeValueAsString(q)).append('\n');
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        writeString(dir.resolve("questions").resolve(split + ".jsonl"), sb.toString());
    }

    public static Path writeString(Path file, String text) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /** JSONL lines {"id": id, "prediction": [...]} from alternating id, comma-separated answers. */
    public static String predictions(String... idAndAnswers) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i + 1 < idAndAnswers.length; i += 2) {
            List<String> answers = idAndAnswers[i + 1].isEmpty() ? List.of() : List.of(idAndAnswers[i + 1].split(","));
            try {
                lines.add(JSON.writeValueAsString(Map.of("id", idAndAnswers[i], "prediction", answers)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return String.join("\n", lines) + "\n";
    }
}
