package dev.lacuna.questions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

import java.util.Objects;

import dev.lacuna.BadInputException;
import dev.lacuna.Choice;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.ollama.OllamaChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;

/**
 * How {@link LlmQuestionGenerator} reaches its model. Start from {@link #fromEnvironment} and apply flags
 * with the {@code with...} methods (a flag beats the environment, which beats the default).
 *
 * <p>Environment: {@value #ENV_PROVIDER} ({@code openai} for any OpenAI-compatible server, or {@code ollama}),
 * {@value #ENV_BASE_URL}, {@value #ENV_MODEL}, {@value #ENV_API_KEY}.
 *
 * @param provider       which client: OpenAI chat completions or Ollama's /api/chat
 * @param baseUrl        e.g. {@code https://api.openai.com/v1}, {@code http://localhost:8000/v1}, {@code http://localhost:11434}
 * @param model          model name sent to the server (part of the cache key)
 * @param apiKey         bearer key, or null for servers that need none
 * @param timeout        per request (connect and read)
 * @param maxRetries     repeats of one request after a 429, 5xx or timeout (0: no repeat); backoff doubles each time
 * @param initialBackoff wait before the first repeat
 * @param concurrency    requests in flight at once
 * @param maxAttempts    candidate questions per request, first included, before the request is dropped
 * @param cacheDir       folder of the reply cache, or null for no cache
 */
public record LlmSettings(Provider provider, String baseUrl, String model, String apiKey, Duration timeout,
                          int maxRetries, Duration initialBackoff, int concurrency, int maxAttempts, Path cacheDir) {

    public static final String ENV_PROVIDER = "LACUNA_LLM_PROVIDER";
    public static final String ENV_BASE_URL = "LACUNA_LLM_BASE_URL";
    public static final String ENV_MODEL = "LACUNA_LLM_MODEL";
    public static final String ENV_API_KEY = "LACUNA_LLM_API_KEY";

    /** Default cache folder, beside the default store. */
    public static final Path DEFAULT_CACHE_DIR = Path.of("lacuna-data", "llm-cache");

    public enum Provider implements Choice {
        OPENAI("https://api.openai.com/v1", "gpt-4"),
        OLLAMA("http://localhost:11434", "llama3.1");

        private final String defaultBaseUrl;
        private final String defaultModel;

        Provider(String defaultBaseUrl, String defaultModel) {
            this.defaultBaseUrl = defaultBaseUrl;
            this.defaultModel = defaultModel;
        }

        public String defaultBaseUrl() {
            return defaultBaseUrl;
        }

        /** The paper used GPT-4; the Ollama default is a common local model. */
        public String defaultModel() {
            return defaultModel;
        }

        /** {@code openai} or {@code ollama}, any case. */
        public static Provider parse(String name) {
            return Choice.parse(Provider.class, "LLM provider", name);
        }
    }

    public LlmSettings {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(initialBackoff, "initialBackoff");
        if (maxRetries < 0 || concurrency < 1 || maxAttempts < 1) {
            throw new BadInputException("LLM settings: retries must be >= 0, concurrency and attempts >= 1");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new BadInputException("LLM settings: timeout must be positive");
        }
    }

    /** Defaults for a provider: 60 s timeout, 5 retries from 1 s, 4 in flight, 3 attempts, default cache. */
    public static LlmSettings defaults(Provider provider) {
        return new LlmSettings(provider, provider.defaultBaseUrl(), provider.defaultModel(), null,
                Duration.ofSeconds(60), 5, Duration.ofSeconds(1), 4, 3, DEFAULT_CACHE_DIR);
    }

    /** Defaults overridden by the {@code LACUNA_LLM_*} variables in {@code env} (pass System.getenv()). */
    public static LlmSettings fromEnvironment(Map<String, String> env) {
        String providerName = blankToNull(env.get(ENV_PROVIDER));
        LlmSettings s = defaults(providerName == null ? Provider.OPENAI : Provider.parse(providerName));
        return s.withBaseUrl(env.get(ENV_BASE_URL)).withModel(env.get(ENV_MODEL)).withApiKey(env.get(ENV_API_KEY));
    }

    /** Switches provider; a base URL or model still at the old provider's default follows to the new one's. */
    public LlmSettings withProvider(String name) {
        if (blankToNull(name) == null) {
            return this;
        }
        Provider p = Provider.parse(name);
        String url = baseUrl.equals(provider.defaultBaseUrl()) ? p.defaultBaseUrl() : baseUrl;
        String m = model.equals(provider.defaultModel()) ? p.defaultModel() : model;
        return new LlmSettings(p, url, m, apiKey, timeout, maxRetries, initialBackoff, concurrency, maxAttempts, cacheDir);
    }

    /** The following {@code with} methods ignore null or blank values, so unset flags change nothing. */
    public LlmSettings withBaseUrl(String url) {
        return blankToNull(url) == null ? this : new LlmSettings(provider, url.trim(), model, apiKey, timeout,
                maxRetries, initialBackoff, concurrency, maxAttempts, cacheDir);
    }

    public LlmSettings withModel(String name) {
        return blankToNull(name) == null ? this : new LlmSettings(provider, baseUrl, name.trim(), apiKey, timeout,
                maxRetries, initialBackoff, concurrency, maxAttempts, cacheDir);
    }

    public LlmSettings withApiKey(String key) {
        return blankToNull(key) == null ? this : new LlmSettings(provider, baseUrl, model, key.trim(), timeout,
                maxRetries, initialBackoff, concurrency, maxAttempts, cacheDir);
    }

    public LlmSettings withTimeout(Duration t) {
        return t == null ? this : new LlmSettings(provider, baseUrl, model, apiKey, t, maxRetries, initialBackoff,
                concurrency, maxAttempts, cacheDir);
    }

    public LlmSettings withRetries(int retries, Duration firstBackoff) {
        return new LlmSettings(provider, baseUrl, model, apiKey, timeout, retries, firstBackoff, concurrency,
                maxAttempts, cacheDir);
    }

    public LlmSettings withConcurrency(int n) {
        return new LlmSettings(provider, baseUrl, model, apiKey, timeout, maxRetries, initialBackoff, n, maxAttempts,
                cacheDir);
    }

    public LlmSettings withMaxAttempts(int n) {
        return new LlmSettings(provider, baseUrl, model, apiKey, timeout, maxRetries, initialBackoff, concurrency, n,
                cacheDir);
    }

    /**
     * A LangChain4j chat model for these settings at temperature 0, as the paper uses; no request is sent yet.
     *
     * @param clientRetries retries inside the client (0 where the caller retries itself)
     */
    public ChatModel chatModel(int clientRetries) {
        return switch (provider) {
            case OPENAI -> OpenAiChatModel.builder()
                    .baseUrl(baseUrl)
                    // Local OpenAI-compatible servers ignore the key, but the client sends one.
                    .apiKey(apiKey == null ? "no-key" : apiKey)
                    .modelName(model)
                    .temperature(0.0)
                    .timeout(timeout)
                    .maxRetries(clientRetries)
                    .build();
            case OLLAMA -> OllamaChatModel.builder()
                    .baseUrl(baseUrl)
                    .modelName(model)
                    .temperature(0.0)
                    .timeout(timeout)
                    .maxRetries(clientRetries)
                    .build();
        };
    }

    /** The cache folder; null turns the cache off. */
    public LlmSettings withCacheDir(Path dir) {
        return new LlmSettings(provider, baseUrl, model, apiKey, timeout, maxRetries, initialBackoff, concurrency,
                maxAttempts, dir);
    }

    /** For logs: everything but the key. */
    @Override
    public String toString() {
        return "LlmSettings[provider=" + provider.name().toLowerCase(Locale.ROOT) + ", baseUrl=" + baseUrl
                + ", model=" + model + ", apiKey=" + (apiKey == null ? "none" : "***") + ", timeout=" + timeout
                + ", maxRetries=" + maxRetries + ", initialBackoff=" + initialBackoff + ", concurrency=" + concurrency
                + ", maxAttempts=" + maxAttempts + ", cacheDir=" + cacheDir + "]";
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
