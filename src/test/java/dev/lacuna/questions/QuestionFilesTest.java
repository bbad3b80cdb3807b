package dev.lacuna.questions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;

class QuestionFilesTest {

    private static Question full(String id) {
        return new Question(id, "Whose wife is Zoë \"the 2nd\"?", "12", "wife_of", Question.HEAD, List.of("3", "45"),
                "45", "?a husband_of ?b  => ?b wife_of ?a", "inversion",
                new Question.Grounding(List.of(List.of("45", "husband_of", "12")), List.of("12", "wife_of", "45")),
                List.of("?b husband_of ?a  => ?a wife_of ?b"), null);
    }

    private static List<Question> questions(int n) {
        List<Question> qs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            qs.add(i % 3 == 0 ? full(String.format("q%04d", i)) : TestQuestions.question(String.format("q%04d", i), "" + i));
        }
        return qs;
    }

    @Test
    void roundTripIsExactAndTheBytesAreStable(@TempDir Path dir) throws IOException {
        Splitter.Split split = Splitter.split(questions(40), 11);
        QuestionFiles.write(dir.resolve("a"), split);
        QuestionFiles.write(dir.resolve("b"), Splitter.split(questions(40), 11));
        assertEquals(split, QuestionFiles.read(dir.resolve("a")));
        for (SplitName name : SplitName.values()) {
            byte[] a = Files.readAllBytes(QuestionFiles.file(dir.resolve("a"), name));
            assertArrayEquals(a, Files.readAllBytes(QuestionFiles.file(dir.resolve("b"), name)));
            String text = new String(a, StandardCharsets.UTF_8);
            assertFalse(text.contains("\r"));
            assertTrue(text.isEmpty() || text.endsWith("}\n"));
            assertEquals(split.part(name).size(), text.lines().count());
        }
    }

    @Test
    void oneObjectPerLineInTheFixedFieldOrder(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("test.jsonl");
        QuestionFiles.writeJsonl(file, List.of(full("q1").withSplit(SplitName.TEST)));
        assertEquals("{\"id\":\"q1\",\"question\":\"Whose wife is Zoë \\\"the 2nd\\\"?\",\"topic_entity\":\"12\","
                + "\"relation\":\"wife_of\",\"direction\":\"head\",\"answers\":[\"3\",\"45\"],\"hard_answer\":\"45\","
                + "\"rule\":\"?a husband_of ?b  => ?b wife_of ?a\",\"rule_type\":\"inversion\","
                + "\"grounding\":{\"body\":[[\"45\",\"husband_of\",\"12\"]],\"head\":[\"12\",\"wife_of\",\"45\"]},"
                + "\"other_rules\":[\"?b husband_of ?a  => ?a wife_of ?b\"],\"split\":\"test\"}\n",
                Files.readString(file, StandardCharsets.UTF_8));
    }

    @Test
    void malformedLinesNameFileLineAndProblem(@TempDir Path dir) throws IOException {
        String good = "{\"id\":\"q1\",\"question\":\"Who?\",\"topic_entity\":\"1\",\"relation\":\"r\","
                + "\"direction\":\"head\",\"answers\":[\"2\"],\"hard_answer\":\"2\"}";
        assertBad(dir, good + "\n{\"id\":\"q2\",\n", 2, "not a JSON question object");
        assertBad(dir, good + "\n\n" + good.replace("\"head\"", "\"sideways\"") + "\n", 3, "direction must be");
        assertBad(dir, good.replace(",\"hard_answer\":\"2\"", "") + "\n", 1, "missing field \"hard_answer\"");
        assertBad(dir, good + " trailing\n", 1, "not a JSON question object");
        assertBad(dir, "[1, 2]\n", 1, "not a JSON question object");
        assertBad(dir, "null\n", 1, "found null");

        Path bytes = dir.resolve("latin1.jsonl");
        Files.write(bytes, (good + "\n{\"id\":\"").getBytes(StandardCharsets.UTF_8));
        Files.write(bytes, new byte[] {(byte) 0xE9, '"', '}', '\n'}, java.nio.file.StandardOpenOption.APPEND);
        BadInputException e = assertThrows(BadInputException.class, () -> QuestionFiles.readJsonl(bytes));
        assertEquals(bytes.toString(), e.source());
        assertTrue(e.problem().contains("UTF-8"), e.getMessage());

        BadInputException missing = assertThrows(BadInputException.class, () -> QuestionFiles.read(dir.resolve("none")));
        assertTrue(missing.getMessage().contains("train.jsonl"), missing.getMessage());
    }

    @Test
    void aQuestionInTheWrongSplitFileIsBadInput(@TempDir Path dir) {
        Splitter.Split split = Splitter.split(questions(20), 1);
        QuestionFiles.write(dir, new Splitter.Split(split.train(), split.test(), split.valid()));
        BadInputException e = assertThrows(BadInputException.class, () -> QuestionFiles.read(dir));
        assertTrue(e.getMessage().contains("valid.jsonl"), e.getMessage());
    }

    private static void assertBad(Path dir, String content, long line, String problem) throws IOException {
        Path file = Files.createTempFile(dir, "bad", ".jsonl");
        Files.writeString(file, content, StandardCharsets.UTF_8);
        BadInputException e = assertThrows(BadInputException.class, () -> QuestionFiles.readJsonl(file));
        assertEquals(file.toString(), e.source());
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.problem().contains(problem), e.getMessage());
    }
}
