package dev.lacuna.answer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;

/**
 * A tiny OpenAI-compatible chat server on 127.0.0.1 for tests: POST /v1/chat/completions. Its "model" is a
 * literal-minded reader: it answers with every entity that a fact in the prompt links to the topic entity by
 * the relation named in the question ("Who is T's REL?"), or "unknown". It records each request body.
 */
public final class FakeChatServer implements AutoCloseable {
    static {
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern QUESTION = Pattern.compile("Question: Who is (\\d+)'s (\\S+)\\?");
    private final HttpServer server;
    public final List<JsonNode> requests = Collections.synchronizedList(new ArrayList<>());

    public FakeChatServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            try (exchange) {
                JsonNode request = JSON.readTree(exchange.getRequestBody().readAllBytes());
                requests.add(request);
                String prompt = request.at("/messages/0/content").asText();
                ObjectNode reply = JSON.createObjectNode();
                reply.put("id", "chatcmpl-" + requests.size()).put("object", "chat.completion").put("created", 0)
                        .put("model", request.path("model").asText());
                ObjectNode choice = reply.putArray("choices").addObject();
                choice.put("index", 0).put("finish_reason", "stop");
                choice.putObject("message").put("role", "assistant").put("content", read(prompt));
                reply.putObject("usage").put("prompt_tokens", 1).put("completion_tokens", 1).put("total_tokens", 2);
                byte[] body = JSON.writeValueAsBytes(reply);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        });
        server.start();
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** Reads the facts like a careful model with no reasoning: direct facts only. */
    static String read(String prompt) {
        Matcher q = QUESTION.matcher(prompt);
        if (!q.find()) {
            return "unknown";
        }
        String topic = q.group(1);
        String relation = q.group(2);
        Set<String> answers = new LinkedHashSet<>();
        for (String line : prompt.split("\n")) {
            String[] f = line.split(" ");
            if (f.length == 3 && f[1].equals(relation)) {
                if (f[0].equals(topic)) {
                    answers.add(f[2]);
                } else if (f[2].equals(topic)) {
                    answers.add(f[0]);
                }
            }
        }
        return answers.isEmpty() ? "unknown" : String.join(", ", answers);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
