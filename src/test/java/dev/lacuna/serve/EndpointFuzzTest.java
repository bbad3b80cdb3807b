package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.apache.commons.io.output.TeeOutputStream;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Requests a server can answer never get a 5xx, and nothing a client sends puts a stack trace in the log: numbers
 * out of range are a 400 with one line, expression errors leave the variable unbound as SPARQL says, and a seeded
 * fuzz of the request line, the headers and the body of well-formed requests (bounded in count and time) gets no
 * 5xx and no trace.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EndpointFuzzTest {
    private static final String TOKEN = "a-long-enough-update-token";
    private static final long SEED = 42;
    private static final int REQUESTS = 3_000;
    private static final long BUDGET_MILLIS = 90_000;
    private static final String BIG = "99999999999999999999";

    private Repository store;
    private LacunaEndpoint endpoint;

    @BeforeAll
    void start() {
        store = new SailRepository(new MemoryStore());
        store.init();
        ServeFixture.load(store);
        endpoint = LacunaEndpoint.builder().repository(store).kg(ServeFixture.KG).port(0).allowUpdate(TOKEN)
                .maxBodyBytes(64 * 1024).build().start();
    }

    @AfterAll
    void stop() {
        endpoint.stop();
        store.shutDown();
    }

    @Test
    void numbersOutOfRangeAre400WithOneLineAndNoTrace() throws Exception {
        StringBuilder logged = new StringBuilder();
        List<String[]> answers = withLog(logged, () -> {
            List<String[]> out = new ArrayList<>();
            for (String q : List.of("SELECT * { ?s ?p ?o } LIMIT " + BIG, "SELECT * { ?s ?p ?o } OFFSET " + BIG,
                    "SELECT * { ?s ?p ?o } LIMIT 1 OFFSET " + BIG, "SELECT * { { SELECT * { ?s ?p ?o } LIMIT " + BIG + " } }")) {
                out.add(get(q));
            }
            return out;
        });
        for (String[] a : answers) {
            assertEquals("400", a[0], a[1]);
            assertEquals(1, a[1].strip().lines().count(), a[1]);
            assertTrue(a[1].contains("out of range"), a[1]);
        }
        assertNoTrace(logged.toString());
    }

    @Test
    void expressionErrorsLeaveTheVariableUnbound() throws Exception {
        StringBuilder logged = new StringBuilder();
        List<String[]> answers = withLog(logged, () -> {
            List<String[]> out = new ArrayList<>();
            for (String q : List.of("SELECT (1/0 AS ?x) {}", "SELECT ?x { BIND(1/0 AS ?x) }", "SELECT (\"a\"+1 AS ?x) {}",
                    "SELECT ?x { BIND(\"a\"+1 AS ?x) }", "SELECT ?x { BIND(xsd:integer(\"z\") AS ?x) }")) {
                out.add(get(q));
            }
            return out;
        });
        for (String[] a : answers) {
            assertEquals("200", a[0], a[1]);
            // one solution, ?x unbound: SPARQL's answer to an expression error
            assertTrue(a[1].replaceAll("\\s", "").contains("\"bindings\":[{}]"), a[1]);
        }
        assertNoTrace(logged.toString());
    }

    @Test
    void aSeededFuzzOfRequestLineHeadersAndBodyGetsNo5xxAndNoTrace() throws Exception {
        Random random = new Random(SEED);
        List<byte[]> seeds = seedRequests();
        StringBuilder logged = new StringBuilder();
        List<String> fivexx = new ArrayList<>();
        int[] sent = {0};
        withLog(logged, () -> {
            long end = System.currentTimeMillis() + BUDGET_MILLIS;
            for (int i = 0; i < REQUESTS && System.currentTimeMillis() < end; i++) {
                byte[] request = mutate(seeds.get(random.nextInt(seeds.size())), random);
                String status = exchange(request);
                sent[0]++;
                // 505 names a well-formed HTTP version this server does not speak (HTTP/2.0 in clear text, say):
                // the answer HTTP prescribes, not a failure of the server.
                if (status.startsWith("5") && !(status.equals("505") && speaksAnotherVersion(request))) {
                    fivexx.add(status + " for " + new String(request, StandardCharsets.ISO_8859_1));
                }
            }
            return null;
        });
        assertTrue(sent[0] >= 1_000, "only " + sent[0] + " requests in the time budget");
        assertTrue(fivexx.isEmpty(), fivexx.size() + " 5xx, the first few:\n" + String.join("\n---\n",
                fivexx.subList(0, Math.min(8, fivexx.size()))));
        assertNoTrace(logged.toString());
        assertEquals("200", get("ASK { ?s ?p ?o }")[0], "the server still answers");
    }

    private static boolean speaksAnotherVersion(byte[] request) {
        String text = new String(request, StandardCharsets.ISO_8859_1);
        int eol = text.indexOf("\r\n");
        String line = eol < 0 ? text : text.substring(0, eol);
        return line.matches("\\S+ \\S+ HTTP/\\d\\.\\d") && !line.endsWith("HTTP/1.1") && !line.endsWith("HTTP/1.0");
    }

    private static void assertNoTrace(String log) {
        assertFalse(log.contains("\tat ") || log.contains("Exception:") && log.contains("\n\tat"), log);
        assertFalse(log.contains("internal error"), log);
    }

    private List<byte[]> seedRequests() {
        List<byte[]> out = new ArrayList<>();
        String q = "SELECT ?s ?o WHERE { ?s ?p ?o FILTER(?o != <urn:x>) } ORDER BY ?s LIMIT 10 OFFSET 1";
        out.add(http("GET /sparql?query=" + enc(q) + "&format=json HTTP/1.1", List.of("Accept: application/sparql-results+json"), ""));
        out.add(http("POST /sparql/incomplete HTTP/1.1", List.of("Content-Type: application/sparql-query",
                "Accept: text/csv"), "SELECT (COUNT(*) AS ?n) (1/0 AS ?z) { ?s ?p ?o BIND(STRLEN(STR(?o)) + 1 AS ?l) }"));
        out.add(http("POST /sparql HTTP/1.1", List.of("Content-Type: application/x-www-form-urlencoded"),
                "query=" + enc("CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o } LIMIT 5") + "&default-graph-uri=" + enc(ServeFixture.KG.incomplete().stringValue())));
        out.add(http("POST /sparql HTTP/1.1", List.of("Content-Type: application/sparql-update", "Authorization: Bearer " + TOKEN),
                "DELETE { ?s <urn:fuzz> ?o } WHERE { ?s <urn:fuzz> ?o }"));
        out.add(http("GET /sparql?query=" + enc("ASK { ?s ?p \"x\"@en }") + " HTTP/1.1", List.of("Accept: */*;q=0.5, application/json"), ""));
        out.add(http("GET / HTTP/1.1", List.of(), ""));
        return out;
    }

    private byte[] http(String line, List<String> headers, String body) {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        StringBuilder s = new StringBuilder(line).append("\r\nHost: 127.0.0.1:").append(endpoint.port()).append("\r\n");
        for (String h : headers) {
            s.append(h).append("\r\n");
        }
        if (b.length > 0) {
            s.append("Content-Length: ").append(b.length).append("\r\n");
        }
        s.append("Connection: close\r\n\r\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(s.toString().getBytes(StandardCharsets.UTF_8));
        out.writeBytes(b);
        return out.toByteArray();
    }

    /** One to four edits anywhere in the request: a byte changed, inserted, deleted, a span repeated, or a special token. */
    private static byte[] mutate(byte[] request, Random random) {
        byte[] b = request;
        int edits = 1 + random.nextInt(4);
        String[] tokens = {"%", "%0", "%zz", "\u0000", "\r\n", "\n", " ", "{", "}", "\"", "'", "\\", "(", ")", "?", "<", ">",
            "LIMIT " + BIG, "OFFSET -1", "1/0", "\"a\"+1", "9e99999", "\u202e", "\u00ff", "\ud83d\ude00", ":", ";", "=", "&", ","};
        for (int e = 0; e < edits; e++) {
            int at = b.length == 0 ? 0 : random.nextInt(b.length);
            ByteArrayOutputStream out = new ByteArrayOutputStream(b.length + 32);
            switch (random.nextInt(5)) {
                case 0 -> {
                    out.write(b, 0, b.length);
                    byte[] c = out.toByteArray();
                    if (c.length > 0) {
                        c[at] = (byte) random.nextInt(256);
                    }
                    b = c;
                    continue;
                }
                case 1 -> {
                    out.write(b, 0, at);
                    out.write(random.nextInt(256));
                    out.write(b, at, b.length - at);
                }
                case 2 -> {
                    int len = Math.min(b.length - at, 1 + random.nextInt(8));
                    out.write(b, 0, at);
                    out.write(b, at + len, b.length - at - len);
                }
                case 3 -> {
                    int len = Math.min(b.length - at, 1 + random.nextInt(16));
                    out.write(b, 0, at + len);
                    out.write(b, at, b.length - at);
                }
                default -> {
                    out.write(b, 0, at);
                    out.writeBytes(tokens[random.nextInt(tokens.length)].getBytes(StandardCharsets.UTF_8));
                    out.write(b, at, b.length - at);
                }
            }
            b = out.toByteArray();
        }
        return b;
    }

    /** Sends raw bytes and returns the status code of the answer ("none" when the server closed without one). */
    private String exchange(byte[] request) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", endpoint.port()), 5_000);
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            try {
                out.write(request);
                out.flush();
                socket.shutdownOutput();
            } catch (IOException e) {
                // the server answered and closed before reading everything: read what it said
            }
            InputStream in = socket.getInputStream();
            byte[] head = in.readNBytes(12);
            String line = new String(head, StandardCharsets.ISO_8859_1);
            return line.startsWith("HTTP/1.1 ") && line.length() >= 12 ? line.substring(9, 12) : "none";
        } catch (SocketTimeoutException e) {
            return "none";
        }
    }

    private String[] get(String query) throws IOException {
        byte[] request = http("GET /sparql?query=" + enc("PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>\n" + query)
                + " HTTP/1.1", List.of("Accept: application/sparql-results+json"), "");
        try (Socket socket = new Socket("127.0.0.1", endpoint.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request);
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            String status = answer.substring(9, 12);
            return new String[] {status, answer.substring(answer.indexOf("\r\n\r\n") + 4)};
        }
    }

    private interface Io<T> {
        T run() throws Exception;
    }

    /** Runs the requests with stderr (where the log goes) also copied into {@code logged}. */
    private static <T> T withLog(StringBuilder logged, Io<T> requests) throws Exception {
        PrintStream err = System.err;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        System.setErr(new PrintStream(new TeeOutputStream(err, log), true, StandardCharsets.UTF_8));
        try {
            T out = requests.run();
            Thread.sleep(200); // the access line is written just after the answer
            return out;
        } finally {
            System.setErr(err);
            logged.append(log.toString(StandardCharsets.UTF_8));
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
