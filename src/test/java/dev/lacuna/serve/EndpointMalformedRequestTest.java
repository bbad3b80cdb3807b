package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Every header and parameter the endpoint reads, sent malformed five ways (empty, ";", duplicated, unknown, huge),
 * each otherwise a request that would succeed: each gets a 4xx with a one-line reason, never a 5xx and never an
 * answer built on a guess, and nothing in the store changes. ({@code Content-Type: ;} and {@code Accept: ;} once
 * got a 500 with a stack trace.) For Accept, whose lines HTTP combines, "duplicated" is a duplicated q parameter.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EndpointMalformedRequestTest {
    private static final String TOKEN = "a-long-enough-update-token";
    private static final String ASK = "ASK { ?s ?p ?o }";
    private static final String INSERT = "INSERT DATA { <urn:test:a> <urn:test:b> <urn:test:c> }";
    /** Over the 64 KiB of request line and headers: Jetty answers 431 or 414 before the handler. */
    private static final String HUGE = "x".repeat(70_000);
    /** Under that limit, still far past any real value. */
    private static final String LARGE = "x".repeat(20_000);

    private Repository store;
    private LacunaEndpoint endpoint;
    private String served;

    @BeforeAll
    void start() {
        store = new SailRepository(new MemoryStore());
        store.init();
        ServeFixture.load(store);
        endpoint = LacunaEndpoint.builder().repository(store).kg(ServeFixture.KG).port(0).allowUpdate(TOKEN)
                .maxBodyBytes(1 << 20).accessLog(false).build().start();
        served = ServeFixture.KG.incomplete().stringValue();
    }

    @AfterAll
    void stop() {
        endpoint.stop();
        store.shutDown();
    }

    /** One malformed request: what it is, the request, and the statuses it may get. */
    private record Case(String what, Supplier<HttpRequest.Builder> request, List<Integer> expected) {
    }

    @Test
    void everyHeaderAndParameterMalformedFiveWaysGetsA4xxWithOneLine() throws Exception {
        List<Case> cases = new ArrayList<>();
        // the well-formed requests the cases below spoil, checked to succeed
        assertEquals(200, send(queryPost("application/sparql-query", ASK)).statusCode());
        assertEquals(200, send(get("query=" + enc(ASK) + "&format=json&version=1.1&default-graph-uri=" + enc(served))).statusCode());

        // Content-Type of a POST
        for (String[] c : new String[][] {{"empty", ""}, {";", ";"}, {"unknown", "application/x-unknown"},
            {"unknown charset", "application/sparql-query; charset=ISO-8859-1"}, {"unknown parameter", "application/sparql-query; x=y"},
            {"large", "application/sparql-query; x=" + LARGE}}) {
            cases.add(new Case("Content-Type " + c[0], () -> queryPost(c[1], ASK), List.of(415)));
        }
        cases.add(new Case("Content-Type duplicated", () -> queryPost("application/sparql-query", ASK)
                .header("Content-Type", "application/sparql-query"), List.of(400)));
        cases.add(new Case("Content-Type huge", () -> queryPost("application/sparql-query; x=" + HUGE, ASK), List.of(431)));
        cases.add(new Case("Content-Type missing", () -> HttpRequest.newBuilder(uri("sparql"))
                .POST(HttpRequest.BodyPublishers.ofString("query=" + enc(ASK))), List.of(415)));

        // Accept of a query
        for (String[] c : new String[][] {{"empty", "", "406"}, {";", ";", "400"}, {"unknown", "application/x-unknown", "406"},
            {"duplicated q", "application/sparql-results+json;q=0.5;q=0.9", "400"}, {"bad q", "application/sparql-results+json;q=2", "400"},
            {"large", LARGE + "/" + LARGE, "406"}, {"huge", HUGE, "431"}}) {
            cases.add(new Case("Accept " + c[0], () -> get("query=" + enc(ASK)).header("Accept", c[1]),
                    List.of(Integer.parseInt(c[2]))));
        }

        // Authorization of an update
        for (String[] c : new String[][] {{"empty", "", "401"}, {";", ";", "401"}, {"unknown scheme", "Basic " + TOKEN, "401"},
            {"wrong token", "Bearer " + LARGE, "403"}, {"huge", "Bearer " + HUGE, "431"}}) {
            cases.add(new Case("Authorization " + c[0], () -> updatePost(INSERT, null).header("Authorization", c[1]),
                    List.of(Integer.parseInt(c[2]))));
        }
        cases.add(new Case("Authorization duplicated", () -> updatePost(INSERT, TOKEN).header("Authorization", "Bearer " + TOKEN),
                List.of(400)));

        // the query parameter, by GET and by form POST
        for (String[] c : new String[][] {{"empty", ""}, {";", ";"}, {"unknown", "hello"}, {"large", LARGE}}) {
            cases.add(new Case("query " + c[0], () -> get("query=" + enc(c[1])), List.of(400)));
            cases.add(new Case("form query " + c[0], () -> form("query=" + enc(c[1])), List.of(400)));
        }
        cases.add(new Case("query duplicated", () -> get("query=" + enc(ASK) + "&query=" + enc(ASK)), List.of(400)));
        cases.add(new Case("form query duplicated", () -> form("query=" + enc(ASK) + "&query=" + enc(ASK)), List.of(400)));
        cases.add(new Case("query in URL and form", () -> HttpRequest.newBuilder(uri("sparql?query=" + enc(ASK)))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("query=" + enc(ASK))), List.of(400)));
        cases.add(new Case("query huge", () -> get("query=" + enc(HUGE)), List.of(414, 431)));
        cases.add(new Case("form query huge", () -> form("query=" + "x".repeat(2 << 20)), List.of(413)));
        cases.add(new Case("form query bad escape", () -> form("query=%zz"), List.of(400)));
        cases.add(new Case("query not UTF-8", () -> get("query=ASK%FF%7B%7D"), List.of(400)));
        cases.add(new Case("GET with a body", () -> HttpRequest.newBuilder(uri("sparql?query=" + enc(ASK)))
                .method("GET", HttpRequest.BodyPublishers.ofString("query=" + enc(ASK))), List.of(400)));

        // the update parameter (with the token, so that only the value is wrong)
        for (String[] c : new String[][] {{"empty", ""}, {";", ";"}, {"unknown", "hello"}, {"large", LARGE}}) {
            cases.add(new Case("update " + c[0], () -> updateForm("update=" + enc(c[1])), List.of(400)));
        }
        cases.add(new Case("update duplicated", () -> updateForm("update=" + enc(INSERT) + "&update=" + enc(INSERT)), List.of(400)));
        cases.add(new Case("update in URL of a form POST", () -> HttpRequest.newBuilder(uri("sparql?update=" + enc(INSERT)))
                .header("Content-Type", "application/x-www-form-urlencoded").header("Authorization", "Bearer " + TOKEN)
                .POST(HttpRequest.BodyPublishers.ofString("")), List.of(400)));
        cases.add(new Case("update huge", () -> updateForm("update=" + "x".repeat(2 << 20)), List.of(413)));

        // one-valued parameters of a query: format and its aliases, version
        for (String name : List.of("format", "output", "results", "version")) {
            for (String[] c : new String[][] {{"empty", ""}, {";", ";"}, {"unknown", "unknown"}, {"large", LARGE}}) {
                cases.add(new Case(name + " " + c[0], () -> get("query=" + enc(ASK) + "&" + name + "=" + enc(c[1])), List.of(400)));
            }
            String good = name.equals("version") ? "1.1" : "json";
            cases.add(new Case(name + " duplicated", () -> get("query=" + enc(ASK) + "&" + name + "=" + good + "&" + name + "=" + good),
                    List.of(400)));
            cases.add(new Case(name + " huge", () -> get("query=" + enc(ASK) + "&" + name + "=" + HUGE), List.of(414, 431)));
        }
        cases.add(new Case("format for another kind", () -> get("query=" + enc(ASK) + "&format=csv"), List.of(406)));
        cases.add(new Case("format and output disagree", () -> get("query=" + enc(ASK) + "&format=json&output=xml"), List.of(400)));

        // graph parameters of a query and of an update
        for (String name : List.of("default-graph-uri", "named-graph-uri", "using-graph-uri", "using-named-graph-uri")) {
            boolean update = name.startsWith("using");
            for (String[] c : new String[][] {{"empty", ""}, {";", ";"}, {"unknown", "http://example.org/unknown"},
                {"relative", "incomplete"}, {"large", "http://example.org/" + LARGE}}) {
                cases.add(new Case(name + " " + c[0], () -> graphs(update, name + "=" + enc(c[1])), List.of(400)));
            }
            cases.add(new Case(name + " duplicated", () -> graphs(update, name + "=" + enc(served) + "&" + name + "="
                    + enc("http://example.org/other")), List.of(400)));
            cases.add(new Case(name + " huge", () -> graphs(update, name + "=" + HUGE), List.of(414, 431)));
            cases.add(new Case(name + " on the wrong operation", () -> graphs(!update, name + "=" + enc(served)), List.of(400)));
        }

        long before = size();
        List<String> failures = new ArrayList<>();
        for (Case c : cases) {
            HttpResponse<String> r = send(c.request().get());
            String body = r.body().strip();
            if (!c.expected().contains(r.statusCode()) || body.isEmpty() || body.lines().count() != 1) {
                failures.add(c.what() + ": " + r.statusCode() + " " + MediaType.shorten(body.replace('\n', '|')));
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
        assertTrue(cases.size() > 100, cases.size() + " cases");
        assertEquals(before, size(), "a malformed request changed the store");
    }

    private long size() {
        try (RepositoryConnection c = store.getConnection()) {
            return c.size();
        }
    }

    private HttpRequest.Builder graphs(boolean update, String param) {
        return update ? HttpRequest.newBuilder(uri("sparql?" + param)).header("Content-Type", "application/sparql-update")
                .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.ofString(
                        "INSERT { ?s <urn:test:seen> ?o } WHERE { ?s <urn:test:none> ?o }"))
                : get("query=" + enc(ASK) + "&" + param);
    }

    private HttpRequest.Builder get(String query) {
        return HttpRequest.newBuilder(uri("sparql?" + query));
    }

    private HttpRequest.Builder form(String body) {
        return HttpRequest.newBuilder(uri("sparql")).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body));
    }

    private HttpRequest.Builder updateForm(String body) {
        return form(body).header("Authorization", "Bearer " + TOKEN);
    }

    private HttpRequest.Builder queryPost(String contentType, String query) {
        return HttpRequest.newBuilder(uri("sparql")).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(query));
    }

    private HttpRequest.Builder updatePost(String update, String token) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri("sparql")).header("Content-Type", "application/sparql-update")
                .POST(HttpRequest.BodyPublishers.ofString(update));
        return token == null ? b : b.header("Authorization", "Bearer " + token);
    }

    private URI uri(String pathAndQuery) {
        return URI.create(endpoint.url() + pathAndQuery);
    }

    /**
     * Each case on a client of its own: after a 413, 414 or 431 the server closes the connection, and a pooled
     * connection closed under the client fails its next request before the server sees it.
     */
    private HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        return http.send(b.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
