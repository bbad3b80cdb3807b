package dev.lacuna.questions;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A real HTTP server on 127.0.0.1 that speaks the OpenAI chat-completions protocol (POST /v1/chat/completions)
 * or Ollama's (POST /api/chat), answering each request as a script says: a reply text, an HTTP error, or a
 * delay (to make the client time out). It records every request body it receives.
 */
final class ScriptedLlmServer implements AutoCloseable {
    static {
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What to answer: HTTP status, the assistant's text (for 200), and how long to wait first. */
    record Reply(int status, String content, long delayMillis) {
        static Reply text(String content) {
            return new Reply(200, content, 0);
        }

        static Reply error(int status) {
            return new Reply(status, null, 0);
        }

        static Reply slow(long millis, String content) {
            return new Reply(200, content, millis);
        }
    }

    /** The script: the reply to the n-th request (0-based), given its prompt. */
    interface Script {
        Reply reply(int index, String prompt);
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private final boolean ollama;
    private final Script script;
    private final List<JsonNode> requests = new ArrayList<>();
    private final AtomicInteger counter = new AtomicInteger();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();

    private ScriptedLlmServer(boolean ollama, Script script) throws IOException {
        this.ollama = ollama;
        this.script = script;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext(ollama ? "/api/chat" : "/v1/chat/completions", this::handle);
        server.setExecutor(executor);
        server.start();
    }

    static ScriptedLlmServer openAi(Script script) throws IOException {
        return new ScriptedLlmServer(false, script);
    }

    static ScriptedLlmServer ollama(Script script) throws IOException {
        return new ScriptedLlmServer(true, script);
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + (ollama ? "" : "/v1");
    }

    synchronized List<JsonNode> requests() {
        return List.copyOf(requests);
    }

    int requestCount() {
        return counter.get();
    }

    int maxInFlight() {
        return maxInFlight.get();
    }

    /** The prompt of a recorded request: the last message's content. */
    static String prompt(JsonNode request) {
        JsonNode messages = request.get("messages");
        return messages.get(messages.size() - 1).get("content").asText();
    }

    private void handle(HttpExchange exchange) throws IOException {
        int now = inFlight.incrementAndGet();
        maxInFlight.accumulateAndGet(now, Math::max);
        // A request leaves "in flight" before its reply is written: once the client has the reply it may send
        // its next request, which must not be counted beside this one (the count raced under load).
        Runnable leave = new Runnable() {
            private boolean left;

            @Override
            public synchronized void run() {
                if (!left) {
                    left = true;
                    inFlight.decrementAndGet();
                }
            }
        };
        try (exchange) {
            if (!"POST".equals(exchange.getRequestMethod())) {
                leave.run();
                send(exchange, 405, "{\"error\":{\"message\":\"POST only\"}}");
                return;
            }
            JsonNode body;
            try (InputStream in = exchange.getRequestBody()) {
                body = JSON.readTree(in);
            }
            synchronized (this) {
                requests.add(body);
            }
            Reply reply = script.reply(counter.getAndIncrement(), prompt(body));
            if (reply.delayMillis() > 0) {
                try {
                    Thread.sleep(reply.delayMillis());
                } catch (InterruptedException e) {
                    return;
                }
            }
            if (reply.status() != 200) {
                leave.run();
                send(exchange, reply.status(), "{\"error\":{\"message\":\"scripted error " + reply.status()
                        + "\",\"type\":\"test\"}}");
                return;
            }
            leave.run();
            send(exchange, 200, ollama ? ollamaBody(body, reply.content()) : openAiBody(body, reply.content()));
        } catch (IOException e) {
            // The client gave up (timeout) and closed the connection: nothing to answer.
        } finally {
            leave.run();
        }
    }

    private static String openAiBody(JsonNode request, String content) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("id", "chatcmpl-test");
        root.put("object", "chat.completion");
        root.put("created", 1_700_000_000L);
        root.put("model", request.path("model").asText());
        ObjectNode choice = root.putArray("choices").addObject();
        choice.put("index", 0);
        ObjectNode message = choice.putObject("message");
        message.put("role", "assistant");
        message.put("content", content);
        choice.put("finish_reason", "stop");
        ObjectNode usage = root.putObject("usage");
        usage.put("prompt_tokens", 100);
        usage.put("completion_tokens", 10);
        usage.put("total_tokens", 110);
        return JSON.writeValueAsString(root);
    }

    private static String ollamaBody(JsonNode request, String content) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("model", request.path("model").asText());
        root.put("created_at", "2026-12-02T12:00:00Z");
        ObjectNode message = root.putObject("message");
        message.put("role", "assistant");
        message.put("content", content);
        root.put("done", true);
        root.put("done_reason", "stop");
        root.put("total_duration", 1000);
        root.put("prompt_eval_count", 100);
        root.put("eval_count", 10);
        return JSON.writeValueAsString(root);
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
