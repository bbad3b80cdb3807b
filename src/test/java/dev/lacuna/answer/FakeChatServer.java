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
    /** The templates' form, as the guided responder's prompt asks it: "Who is the REL of T?". */
    private static final Pattern TEMPLATE = Pattern.compile("Question: Who is the (\\S+) of (\\S+)\\?");
    /** A fact written as the guided responder writes it: "rel(head, tail)". */
    private static final Pattern CALL = Pattern.compile("^(\\S+)\\((.+), (.+)\\)$");
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

    /**
     * Reads the facts like a careful model with no reasoning: direct facts only, "h r t" or "r(h, t)", linking the
     * topic by the question's relation either way.
     */
    static String read(String prompt) {
        Matcher q = QUESTION.matcher(prompt);
        Matcher t = TEMPLATE.matcher(prompt);
        String topic;
        String relation;
        if (q.find()) {
            topic = q.group(1);
            relation = q.group(2);
        } else if (t.find()) {
            topic = t.group(2);
            relation = t.group(1);
        } else {
            return "unknown";
        }
        Set<String> answers = new LinkedHashSet<>();
        for (String line : prompt.split("\n")) {
            Matcher call = CALL.matcher(line);
            String[] f = call.matches() ? new String[] {call.group(2), call.group(1), call.group(3)} : line.split(" ");
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
