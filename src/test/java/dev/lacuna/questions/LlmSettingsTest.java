package dev.lacuna.questions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;

class LlmSettingsTest {

    @Test
    void environmentOverridesDefaultsAndFlagsOverrideTheEnvironment() {
        LlmSettings none = LlmSettings.fromEnvironment(Map.of());
        assertEquals(LlmSettings.Provider.OPENAI, none.provider());
        assertEquals("https://api.openai.com/v1", none.baseUrl());
        assertEquals("gpt-4", none.model());
        assertNull(none.apiKey());

        LlmSettings env = LlmSettings.fromEnvironment(Map.of(LlmSettings.ENV_PROVIDER, "Ollama",
                LlmSettings.ENV_MODEL, "qwen3:8b", LlmSettings.ENV_API_KEY, "secret"));
        assertEquals(LlmSettings.Provider.OLLAMA, env.provider());
        assertEquals("http://localhost:11434", env.baseUrl());
        assertEquals("qwen3:8b", env.model());
        assertEquals("secret", env.apiKey());

        LlmSettings flags = env.withBaseUrl("http://gpu:11434").withModel(null).withApiKey("  ");
        assertEquals("http://gpu:11434", flags.baseUrl());
        assertEquals("qwen3:8b", flags.model());
        assertEquals("secret", flags.apiKey());
    }

    @Test
    void switchingProviderMovesOnlyDefaultValues() {
        LlmSettings s = LlmSettings.defaults(LlmSettings.Provider.OPENAI).withProvider("ollama");
        assertEquals("http://localhost:11434", s.baseUrl());
        assertEquals("llama3.1", s.model());
        LlmSettings custom = LlmSettings.defaults(LlmSettings.Provider.OPENAI).withBaseUrl("http://local:8000/v1")
                .withProvider("ollama");
        assertEquals("http://local:8000/v1", custom.baseUrl());
    }

    @Test
    void badValuesAreBadInput() {
        BadInputException e = assertThrows(BadInputException.class,
                () -> LlmSettings.fromEnvironment(Map.of(LlmSettings.ENV_PROVIDER, "anthropic")));
        assertTrue(e.getMessage().contains("unknown LLM provider 'anthropic': expected openai, ollama"), e.getMessage());
        assertThrows(BadInputException.class, () -> LlmSettings.defaults(LlmSettings.Provider.OPENAI).withConcurrency(0));
        assertThrows(BadInputException.class, () -> LlmSettings.defaults(LlmSettings.Provider.OPENAI).withMaxAttempts(0));
    }

    @Test
    void theKeyIsNeverPrintedAndTheOpenAiApiNeedsOne() {
        LlmSettings s = LlmSettings.defaults(LlmSettings.Provider.OPENAI).withApiKey("sk-very-secret");
        assertFalse(s.toString().contains("sk-very-secret"), s.toString());
        LacunaException e = assertThrows(LacunaException.class,
                () -> LlmQuestionGenerator.create(LlmSettings.defaults(LlmSettings.Provider.OPENAI)));
        assertTrue(e.getMessage().contains(LlmSettings.ENV_API_KEY) && e.getMessage().contains("--questions template"),
                e.getMessage());
    }
}
