package dev.lacuna.questions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;
import dev.lacuna.rules.sparql.Side;

class GeneratorKindTest {

    @Test
    void labelsPickTheGenerator(@TempDir Path dir) throws IOException {
        assertEquals(GeneratorKind.TEMPLATE, GeneratorKind.parse(" Template "));
        try (QuestionGenerator g = GeneratorKind.TEMPLATE.create(null, null)) {
            assertEquals("template", g.name());
        }
        Path phrases = dir.resolve("p.tsv");
        Files.writeString(phrases, "father\tF {topic}?\tI {topic}?\n");
        try (QuestionGenerator g = GeneratorKind.TEMPLATE.create(phrases, null)) {
            assertEquals("I 139?", g.generate(List.of(QuestionRequest.of("13", "father", "139",
                    Side.TAIL))).results().get(0).question());
        }
        LlmSettings llm = LlmSettings.defaults(LlmSettings.Provider.OLLAMA).withTimeout(Duration.ofSeconds(1));
        try (QuestionGenerator g = GeneratorKind.parse("llm").create(null, llm)) {
            assertEquals(GeneratorKind.LLM.label(), g.name());
        }
    }

    @Test
    void anUnknownKindIsNamedWithTheAllowedOnes() {
        BadInputException e = assertThrows(BadInputException.class, () -> GeneratorKind.parse("gpt"));
        assertEquals("unknown question generator 'gpt': expected template, llm", e.getMessage());
        assertEquals(2, e.exitCode());
        assertTrue(assertThrows(BadInputException.class, () -> GeneratorKind.parse(null)).getMessage()
                .contains("expected template, llm"));
    }
}
