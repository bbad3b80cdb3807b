package dev.lacuna.tog;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * An OpenAI-compatible chat server on 127.0.0.1 (POST /v1/chat/completions) whose replies are a function of the
 * prompt, so a run against it is deterministic; it keeps every request body.
 */
final class ScriptedChatServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpServer server;
    private final Function<String, String> script;
    private final List<JsonNode> requests = new ArrayList<>();

    ScriptedChatServer(Function<String, String> script) throws IOException {
        this.script = script;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/chat/completions", this::handle);
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    synchronized List<JsonNode> requests() {
        return List.copyOf(requests);
    }

    /** The user message of a request: the prompt. */
    static String prompt(JsonNode request) {
        JsonNode messages = request.get("messages");
        return messages.get(messages.size() - 1).get("content").asText();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonNode request = JSON.readTree(exchange.getRequestBody());
            synchronized (this) {
                requests.add(request);
            }
            ObjectNode reply = JSON.createObjectNode();
            reply.put("id", "chatcmpl-" + requests.size());
            reply.put("object", "chat.completion");
            reply.put("created", 0);
            reply.put("model", request.path("model").asText());
            ObjectNode choice = reply.putArray("choices").addObject();
            choice.put("index", 0);
            choice.putObject("message").put("role", "assistant").put("content", script.apply(prompt(request)));
            choice.put("finish_reason", "stop");
            reply.putObject("usage").put("prompt_tokens", 1).put("completion_tokens", 1).put("total_tokens", 2);
            byte[] body = JSON.writeValueAsBytes(reply);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
