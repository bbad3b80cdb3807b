package dev.lacuna.questions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;

class QuestionGeneratorsTest {

    @Test
    void namesPickTheGenerator(@TempDir Path dir) throws IOException {
        assertEquals("template", QuestionGenerators.create(null, null, null).name());
        Path phrases = dir.resolve("p.tsv");
        Files.writeString(phrases, "father\tF {topic}?\tI {topic}?\n");
        try (QuestionGenerator g = QuestionGenerators.create("Template", phrases, null)) {
            assertEquals("I 139?", g.generate(java.util.List.of(QuestionRequest.of("13", "father", "139",
                    Question.TAIL))).results().get(0).question());
        }
        LlmSettings llm = LlmSettings.defaults(LlmSettings.Provider.OLLAMA).withTimeout(Duration.ofSeconds(1));
        try (QuestionGenerator g = QuestionGenerators.create("llm", null, llm)) {
            assertEquals("llm", g.name());
        }
        BadInputException e = assertThrows(BadInputException.class, () -> QuestionGenerators.create("gpt", null, null));
        assertTrue(e.getMessage().contains("template or llm"), e.getMessage());
    }
}
