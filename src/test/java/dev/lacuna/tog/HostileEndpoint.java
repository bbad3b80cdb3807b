package dev.lacuna.tog;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.net.httpserver.Authenticator;
import com.sun.net.httpserver.HttpContext;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A SPARQL endpoint on 127.0.0.1 that answers as a script says, however badly: the JDK's own HTTP server, so that
 * what {@code lacuna tog} meets is real HTTP on a real socket. It keeps every query text it was sent and counts the
 * bytes its answers got out before the client went away.
 */
final class HostileEndpoint implements AutoCloseable {
    /** How to answer one query. */
    @FunctionalInterface
    interface Script {
        void answer(HostileEndpoint self, String query, HttpExchange exchange) throws IOException;
    }

    private final HttpServer server;
    private final HttpContext context;
    private final List<String> queries = new CopyOnWriteArrayList<>();
    private final AtomicLong bytesSent = new AtomicLong();

    HostileEndpoint(Script script) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "hostile-endpoint");
            t.setDaemon(true);
            return t;
        }));
        context = server.createContext("/sparql", exchange -> {
            try (exchange) {
                String raw = exchange.getRequestURI().getRawQuery();
                String query = raw == null || !raw.startsWith("query=") ? ""
                        : URLDecoder.decode(raw.substring("query=".length()), StandardCharsets.UTF_8);
                queries.add(query);
                script.answer(this, query, exchange);
            } catch (IOException e) {
                // The client went away, as it should from an answer it refuses.
            }
        });
        server.start();
    }

    /** Answers only requests that pass {@code authenticator}. */
    void require(Authenticator authenticator) {
        context.setAuthenticator(authenticator);
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/sparql";
    }

    URI uri() {
        return URI.create(url());
    }

    List<String> queries() {
        return List.copyOf(queries);
    }

    long bytesSent() {
        return bytesSent.get();
    }

    /** SPARQL JSON results of one variable, each value a literal or (starting {@code http}) an IRI. */
    static String results(String variable, List<String> values) {
        StringBuilder b = new StringBuilder("{\"head\": {\"vars\": [\"").append(variable)
                .append("\"]}, \"results\": {\"bindings\": [");
        for (int i = 0; i < values.size(); i++) {
            String v = values.get(i);
            b.append(i == 0 ? "" : ", ").append("{\"").append(variable).append("\": {\"type\": \"")
                    .append(v.startsWith("http") ? "uri" : "literal").append("\", \"value\": \"").append(v)
                    .append("\"}}");
        }
        return b.append("]}}").toString();
    }

    /** The variable ToG's query file selects. */
    static String variable(String query) {
        return query.contains("?relation") ? "relation" : "tailEntity";
    }

    static boolean isNameQuery(String query) {
        return query.contains("LIMIT 1\n");
    }

    static boolean isRelationQuery(String query) {
        return query.contains("?relation");
    }

    /** Sends {@code body} whole, with its length, as SPARQL JSON results. */
    void send(HttpExchange exchange, String body) throws IOException {
        send(exchange, 200, body.getBytes(StandardCharsets.UTF_8));
    }

    void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "application/sparql-results+json");
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            for (int off = 0; off < body.length; off += 8192) {
                int n = Math.min(8192, body.length - off);
                out.write(body, off, n);
                bytesSent.addAndGet(n);
            }
        }
    }

    /** Starts a chunked answer (no length) and returns its stream; what is written through it is counted. */
    OutputStream stream(HttpExchange exchange) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "application/sparql-results+json");
        exchange.sendResponseHeaders(200, 0);
        OutputStream out = exchange.getResponseBody();
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                out.write(b);
                bytesSent.incrementAndGet();
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
                bytesSent.addAndGet(len);
            }

            @Override
            public void flush() throws IOException {
                out.flush();
            }

            @Override
            public void close() throws IOException {
                out.close();
            }
        };
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
