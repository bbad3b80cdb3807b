package dev.lacuna.questions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.lacuna.LacunaException;
import dev.lacuna.rules.sparql.Side;

/**
 * The LLM path against a real HTTP server on 127.0.0.1, through LangChain4j's own OpenAI and Ollama clients.
 * Backoffs are milliseconds so the class runs in seconds. The normal client timeout (2 s) is generous because
 * the very first request of a JVM on a busy machine can take several hundred milliseconds; the timeout tests
 * use their own short timeouts against replies delayed by 5 s.
 */
class LlmQuestionGeneratorTest {
    /** "13 father 139", topic 139: the answer 13 must not appear. */
    private static final QuestionRequest FATHER = QuestionRequest.of("13", "father", "139", Side.TAIL);
    private static final String GOOD = "Who is the father of 139?";
    private static final String LEAKING = "Is 13 the father of 139?";

    @TempDir
    Path cache;

    private LlmSettings settings(ScriptedLlmServer server) {
        return LlmSettings.defaults(LlmSettings.Provider.OPENAI)
                .withBaseUrl(server.baseUrl())
                .withModel("test-model")
                .withApiKey("test-key")
                .withTimeout(Duration.ofSeconds(2))
                .withRetries(3, Duration.ofMillis(10))
                .withConcurrency(4)
                .withCacheDir(cache);
    }

    private static GenerationBatch run(LlmSettings settings, List<QuestionRequest> requests) {
        try (LlmQuestionGenerator generator = LlmQuestionGenerator.create(settings)) {
            return generator.generate(requests);
        }
    }

    @Test
    void aGoodReplyIsTheQuestionAndTheRequestIsThePapersPromptAtTemperatureZero() throws IOException {
        try (ScriptedLlmServer server = ScriptedLlmServer.openAi((i, prompt) -> ScriptedLlmServer.Reply.text(
                "Output: \"" + GOOD + "\"\n"))) {
            GenerationBatch batch = run(settings(server), List.of(FATHER));
            assertEquals(GOOD, batch.results().get(0).question());
            assertEquals(new GenerationStats(1, 1, 0, 0, 0, 0, 1, 0), batch.stats());

            JsonNode request = server.requests().get(0);
            assertEquals("test-model", request.get("model").asText());
            assertEquals(0.0, request.get("temperature").asDouble());
            assertEquals(1, request.get("messages").size());
            assertEquals("user", request.get("messages").get(0).get("role").asText());
            String prompt = ScriptedLlmServer.prompt(request);
            assertEquals(QuestionPrompt.fill(FATHER), prompt);
            assertTrue(prompt.startsWith("You are an expert in knowledge graph question generation."));
            assertTrue(prompt.endsWith("Now, generate the question for:\nRemoved Triple: (13, father, 139)\n"
                    + "Question Entity: 139\nAnswer Entity: 13"), prompt);
            assertTrue(prompt.contains("- Do not mention the Answer Entity 13 in the question."), prompt);
        }
    }

    @Test
    void aLeakingReplyIsRegeneratedWithAStricterPrompt() throws IOException {
        try (ScriptedLlmServer server = ScriptedLlmServer.openAi((i, prompt) -> ScriptedLlmServer.Reply.text(
                prompt.contains("was rejected") ? GOOD : LEAKING))) {
            GenerationBatch batch = run(settings(server), List.of(FATHER));
            QuestionResult result = batch.results().get(0);
            assertEquals(GOOD, result.question());
            assertEquals(2, result.attempts());
            assertEquals(List.of("it names the answer entity 13: " + LEAKING), result.rejections());
            assertEquals(new GenerationStats(1, 1, 1, 1, 0, 0, 2, 0), batch.stats());
            String second = ScriptedLlmServer.prompt(server.requests().get(1));
            assertTrue(second.startsWith(QuestionPrompt.fill(FATHER)), second);
            assertTrue(second.contains(LEAKING) && second.contains("must not contain 13"), second);
        }
    }

    @Test
    void aReplyThatAlwaysLeaksIsDroppedAfterTheLastAttempt() throws IOException {
        try (ScriptedLlmServer server = ScriptedLlmServer.openAi((i, prompt) -> ScriptedLlmServer.Reply.text(
                i == 1 ? "Who is the father of somebody?" : LEAKING))) {
            GenerationBatch batch = run(settings(server).withMaxAttempts(3), List.of(FATHER));
            QuestionResult result = batch.results().get(0);
            assertNull(result.question());
            assertEquals(3, result.attempts());
            assertTrue(result.rejections().get(1).startsWith("it does not name the topic entity 139"));
            assertEquals(new GenerationStats(1, 0, 3, 0, 1, 0, 3, 0), batch.stats());
            assertEquals(3, server.requestCount());
        }
    }

    @Test
    void rateLimitsAndServerErrorsAreRetriedWithBackoff() throws IOException {
        try (ScriptedLlmServer server = ScriptedLlmServer.openAi((i, prompt) -> i == 0
                ? ScriptedLlmServer.Reply.error(429) : i == 1 ? ScriptedLlmServer.Reply.error(503)
                : ScriptedLlmServer.Reply.text(GOOD))) {
            GenerationBatch batch = run(settings(server), List.of(FATHER));
            assertEquals(GOOD, batch.results().get(0).question());
            assertEquals(new GenerationStats(1, 1, 0, 0, 0, 0, 3, 2), batch.stats());
            assertEquals(3, server.requestCount());
        }
    }

    @Test
    void retriesAreBoundedAndTheErrorIsClear() throws IOException {
        try (ScriptedLlmServer server = ScriptedLlmServer.openAi((i, prompt) -> ScriptedLlmServer.Reply.error(429))) {
            LacunaException e = assertThrows(LacunaException.class,
                    () -> run(settings(server).withRetries(2, Duration.ofMillis(5)), List.of(FATHER)));
            assertEquals(3, server.requestCount());
            assertTrue(e.getMessage().contains("HTTP 429") && e.getMessage().contains("after 3 tries")
                    && e.getMessage().contains("--questions template"), e.getMessage());
        }
    }

    @Test
    void aTimeoutIsRetried() throws IOException {
        try (ScriptedLlmServer server = ScriptedLlmServer.openAi((i, prompt) -> i == 0
                ? ScriptedLlmServer.Reply.slow(5_000, LEAKING) : ScriptedLlmServer.Reply.text(GOOD))) {
            long start = System.nanoTime();
            GenerationBatch batch = run(settings(server).withTimeout(Duration.ofMillis(500)), List.of(FATHER));
            assertEquals(GOOD, batch.results().get(0).question());
            assertEquals(1, batch.stats().retries());
            assertEquals(2, batch.stats().serverCalls());
            assertTrue(System.nanoTime() - start < 4_500_000_000L, "the client did not wait for the slow reply");
        }
    }

    @Test
    void aServerThatAlwaysTimesOutGivesAClearError() throws IOException {
        try (ScriptedLlmServer server = ScriptedLlmServer.openAi((i, prompt) -> ScriptedLlmServer.Reply.slow(5_000, GOOD))) {
            LacunaException e = assertThrows(LacunaException.class, () -> run(settings(server)
                    .withTimeout(Duration.ofMillis(300)).withRetries(1, Duration.ofMillis(5)), List.of(FATHER)));
            assertTrue(e.getMessage().contains("kept failing") && e.getMessage().contains("Timeout")
                    && e.getMessage().contains("--questions template"), e.getMessage());
            assertEquals(2, server.requestCount());
        }
    }

    @Test
    void aRerunIsServedFromTheCacheWithoutAnyRequest() throws IOException {
        List<QuestionRequest> requests = List.of(FATHER, QuestionRequest.of("13", "father", "140", Side.TAIL));
        try (ScriptedLlmServer server = ScriptedLlmServer.openAi((i, prompt) -> ScriptedLlmServer.Reply.text(
                prompt.contains("was rejected") ? "Who is the father of " + topic(prompt) + "?"
                        : "Is 13 the father of " + topic(prompt) + "?"))) {
            GenerationBatch first = run(settings(server), requests);
            assertEquals(4, server.requestCount());
            GenerationBatch second = run(settings(server), requests);
            assertEquals(4, server.requestCount(), "the rerun sent requests");
            assertEquals(first.results(), second.results());
            assertEquals(new GenerationStats(2, 2, 2, 2, 0, 4, 0, 0), second.stats());
            try (Stream<Path> files = Files.walk(cache)) {
                assertEquals(4, files.filter(p -> p.toString().endsWith(".json")).count());
            }
            // Another model is another key.
            run(settings(server).withModel("other-model"), List.of(FATHER));
            assertEquals(6, server.requestCount());
        }
    }

    @Test
    void requestsRunConcurrentlyWithinTheLimitAndResultsKeepRequestOrder() throws IOException {
        List<QuestionRequest> requests = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            requests.add(QuestionRequest.of(Integer.toString(1000 + i), "mother", Integer.toString(2000 + i),
                    i % 2 == 0 ? Side.HEAD : Side.TAIL));
        }
        try (ScriptedLlmServer server = ScriptedLlmServer.openAi((i, prompt) -> ScriptedLlmServer.Reply.slow(
                20 + (i * 7) % 40, "Who is related to " + topic(prompt) + "?"))) {
            GenerationBatch batch = run(settings(server).withConcurrency(3).withCacheDir(null), requests);
            for (int i = 0; i < requests.size(); i++) {
                assertEquals("Who is related to " + requests.get(i).topic() + "?", batch.results().get(i).question());
            }
            assertTrue(server.maxInFlight() <= 3, "in flight: " + server.maxInFlight());
            assertTrue(server.maxInFlight() >= 2, "never concurrent: " + server.maxInFlight());
        }
    }

    @Test
    void anUnreachableServerFailsAtOnceSuggestingTheTemplateGenerator() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        LlmSettings s = LlmSettings.defaults(LlmSettings.Provider.OPENAI).withBaseUrl("http://127.0.0.1:" + port + "/v1")
                .withApiKey("k").withTimeout(Duration.ofSeconds(2)).withRetries(3, Duration.ofSeconds(5))
                .withCacheDir(cache);
        long start = System.nanoTime();
        LacunaException e = assertThrows(LacunaException.class, () -> run(s, List.of(FATHER)));
        assertTrue(System.nanoTime() - start < 4_000_000_000L, "an unreachable server was retried");
        assertTrue(e.getMessage().contains("cannot reach the LLM openai server at http://127.0.0.1:" + port)
                && e.getMessage().contains(LlmSettings.ENV_BASE_URL)
                && e.getMessage().contains("--questions template"), e.getMessage());
    }

    @Test
    void aRefusedKeyAndAnUnknownModelSayWhatToSet() throws IOException {
        try (ScriptedLlmServer server = ScriptedLlmServer.openAi((i, prompt) -> ScriptedLlmServer.Reply.error(
                i == 0 ? 401 : 404))) {
            LacunaException auth = assertThrows(LacunaException.class, () -> run(settings(server), List.of(FATHER)));
            assertTrue(auth.getMessage().contains("refused the API key") && auth.getMessage().contains("LACUNA_LLM_API_KEY"),
                    auth.getMessage());
            LacunaException model = assertThrows(LacunaException.class, () -> run(settings(server), List.of(FATHER)));
            assertTrue(model.getMessage().contains("does not know model \"test-model\""), model.getMessage());
            assertEquals(2, server.requestCount());
        }
    }

    @Test
    void theOllamaClientSpeaksApiChat() throws IOException {
        try (ScriptedLlmServer server = ScriptedLlmServer.ollama((i, prompt) -> ScriptedLlmServer.Reply.text(
                "<think>13 is the answer, do not say it</think>\n" + GOOD))) {
            LlmSettings s = LlmSettings.defaults(LlmSettings.Provider.OLLAMA).withBaseUrl(server.baseUrl())
                    .withModel("llama-test").withTimeout(Duration.ofSeconds(2)).withCacheDir(cache);
            GenerationBatch batch = run(s, List.of(FATHER));
            assertEquals(GOOD, batch.results().get(0).question());
            JsonNode request = server.requests().get(0);
            assertEquals("llama-test", request.get("model").asText());
            assertEquals(0.0, request.get("options").get("temperature").asDouble());
            assertEquals(QuestionPrompt.fill(FATHER), ScriptedLlmServer.prompt(request));
        }
    }

    /** The topic entity named in a prompt (its last "Question Entity:" line). */
    private static String topic(String prompt) {
        Matcher m = Pattern.compile("Question Entity: (\\S+)").matcher(prompt);
        String last = null;
        while (m.find()) {
            last = m.group(1);
        }
        return last;
    }
}
