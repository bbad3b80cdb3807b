package dev.lacuna.tog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.BasicAuthenticator;
import com.sun.net.httpserver.HttpExchange;

import dev.lacuna.cli.CliRunner;

/**
 * {@code lacuna tog} against endpoints that answer badly on purpose, each a real HTTP server: every case ends in a
 * clear refusal naming the endpoint and the problem (exit 1), a usage error (exit 2), or the right result; never in
 * a hang, a run out of memory, SPARQL the client did not write, or a half-replaced output folder.
 */
class TogHostileEndpointTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NS = "http://rdf.freebase.com/ns/";
    private static final String HEAD = "{\"head\": {\"vars\": [\"tailEntity\"]}, \"results\": {\"bindings\": [";

    @TempDir
    Path tmp;
    private Path bench;

    @BeforeEach
    void benchmark() {
        bench = TogFixture.benchmark(tmp.resolve("bench"));
    }

    private CliRunner.Run tog(String endpoint, Path out, String... more) {
        List<String> args = new ArrayList<>(List.of("tog", "--endpoint", endpoint, "--benchmark", bench.toString(),
                "--out", out.toString(), "--pruning", "bm25"));
        args.addAll(List.of(more));
        return CliRunner.run(args.toArray(String[]::new));
    }

    /** Names every entity "Name of m.N" and gives it no relation: each walk ends at once. */
    private static void plain(HostileEndpoint e, String query, HttpExchange x) throws IOException {
        if (HostileEndpoint.isNameQuery(query)) {
            e.send(x, HostileEndpoint.results("tailEntity", List.of("Name of " + subject(query))));
        } else {
            e.send(x, HostileEndpoint.results(HostileEndpoint.variable(query), List.of()));
        }
    }

    /** The first Freebase entity a query names, as m.N. */
    private static String subject(String query) {
        int at = query.indexOf("<" + NS + "m.");
        return at < 0 ? "" : query.substring(at + 1 + NS.length(), query.indexOf('>', at));
    }

    private static JsonNode runJson(Path out) throws IOException {
        return JSON.readTree(out.resolve("ToG_test.run.json").toFile());
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    @Test
    void anAnswerThatTricklesEndsAtTheTimeout() throws IOException {
        // Headers, then a byte every 300 ms: the JDK client's own timeout ends at the headers, so this ran for ever.
        try (HostileEndpoint e = new HostileEndpoint((self, q, x) -> {
            try (OutputStream out = self.stream(x)) {
                out.write("{\"head\": ".getBytes(StandardCharsets.UTF_8));
                for (int i = 0; i < 200; i++) {
                    out.write(' ');
                    out.flush();
                    Thread.sleep(300);
                }
            } catch (InterruptedException stop) {
                Thread.currentThread().interrupt();
            }
        })) {
            Path out = tmp.resolve("out");
            CliRunner.Run run = assertTimeoutPreemptively(Duration.ofSeconds(30),
                    () -> tog(e.url(), out, "--timeout", "1"));
            assertEquals(1, run.code(), run.toString());
            assertTrue(run.err().contains("the SPARQL endpoint " + e.url() + " sent no complete answer within 1 s"),
                    run.toString());
            assertFalse(Files.exists(out.resolve("ToG_test.jsonl")));
        }
    }

    @Test
    void anAnswerPastTheByteCapIsRefusedUnread() throws IOException {
        // A name of 17 MiB sent without a length, past the default cap of 16 MiB: the client stops reading there.
        int size = 17 << 20;
        try (HostileEndpoint e = new HostileEndpoint((self, q, x) -> {
            try (OutputStream out = self.stream(x)) {
                out.write((HEAD + "{\"tailEntity\": {\"type\": \"literal\", \"value\": \"").getBytes(StandardCharsets.UTF_8));
                byte[] block = "a".repeat(1 << 16).getBytes(StandardCharsets.UTF_8);
                for (int i = 0; i < size / block.length; i++) {
                    out.write(block);
                }
                out.write("\"}}]}}".getBytes(StandardCharsets.UTF_8));
            }
        })) {
            Path out = tmp.resolve("out");
            CliRunner.Run run = tog(e.url(), out, "--threads", "1");
            assertEquals(1, run.code(), run.toString());
            assertTrue(run.err().contains("the SPARQL endpoint " + e.url() + " sent an answer longer than "
                    + (16 << 20) + " bytes (--max-response)"), run.toString());
            assertFalse(Files.exists(out.resolve("ToG_test.jsonl")));
        }
        // With a length declared over the cap given, nothing of the body is read.
        try (HostileEndpoint e = new HostileEndpoint((self, q, x) -> self.send(x, 200, new byte[300_000]))) {
            CliRunner.Run run = tog(e.url(), tmp.resolve("out2"), "--max-response", "100000");
            assertEquals(1, run.code(), run.toString());
            assertTrue(run.err().contains("declares an answer of 300000 bytes, more than the 100000 bytes"),
                    run.toString());
        }
    }

    /** An answer of {@code rows} entities m.e0, m.e1, ... (m.e(i % distinct)), for a query that ignores its LIMIT. */
    private static void entities(HostileEndpoint self, HttpExchange x, int rows, int distinct) throws IOException {
        try (OutputStream out = self.stream(x)) {
            out.write(HEAD.getBytes(StandardCharsets.UTF_8));
            for (int i = 0; i < rows; i++) {
                out.write(((i == 0 ? "" : ", ") + "{\"tailEntity\": {\"type\": \"uri\", \"value\": \"" + NS + "m.e"
                        + (i % distinct) + "\"}}").getBytes(StandardCharsets.UTF_8));
            }
            out.write("]}}".getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void rowsPastTheQuerysLimitAreNotRead() throws IOException {
        // 200,000 distinct entities (about 11 MB) for a query whose LIMIT is 10,000: the client reads 10,000 rows, and
        // stops reading there.
        String query = "SELECT DISTINCT ?tailEntity\nWHERE {\n<" + NS + "m.0> <" + NS + "r> ?tailEntity .\n}\n"
                + "LIMIT 10000\n";
        assertEquals(10_000, TogQueries.limit("tog-tail-entities.rq"));
        try (HostileEndpoint e = new HostileEndpoint((self, q, x) -> entities(self, x, 200_000, 200_000))) {
            SparqlClient client = new SparqlClient(e.uri(), ClientLimits.defaults(), null);
            SparqlClient.Answer answer = client.select(query, "tailEntity", TogQueries.limit("tog-tail-entities.rq"));
            assertTrue(answer.cut());
            assertEquals(10_000, answer.values().size());
            assertEquals(NS + "m.e9999", answer.values().get(9_999).stringValue());
            assertEquals(1, client.cutAnswers());
            // What left the server is what the client read, plus what the sockets' buffers hold.
            assertTrue(e.bytesSent() < 6_000_000, "bytes sent: " + e.bytesSent());
        }
    }

    @Test
    void aWalkOverAnEndpointThatIgnoresLimitEnds() throws IOException {
        // Every answer past its LIMIT: 200,000 rows along the one relation of q1's topic (50 entities over and over,
        // so that the walk names 50, not 10,000) and three names for each entity.
        try (HostileEndpoint e = new HostileEndpoint((self, q, x) -> {
            if (HostileEndpoint.isNameQuery(q)) {
                self.send(x, HostileEndpoint.results("tailEntity", List.of("n" + subject(q), "second", "third")));
            } else if (HostileEndpoint.isRelationQuery(q)) {
                boolean out = q.contains("> ?relation ?x");
                self.send(x, HostileEndpoint.results("relation", out && subject(q).equals("m.0")
                        ? List.of(NS + "people.person.spouse") : List.of()));
            } else {
                entities(self, x, 200_000, 50);
            }
        })) {
            Path out = tmp.resolve("out");
            CliRunner.Run run = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> tog(e.url(), out));
            assertEquals(0, run.code(), run.toString());
            JsonNode trace = JSON.readTree(Files.readAllLines(out.resolve("ToG_test.trace.jsonl")).get(0));
            assertEquals(50, trace.get("triples").size());
            // The walk names each of the 10,000 candidates read (ToG's own cost at a hub), not each of 200,000; and
            // then, for the chains and the answer, the entities of its three kept chains (head and tail: six asks).
            long names = 0;
            for (JsonNode q : trace.get("queries")) {
                names += HostileEndpoint.isNameQuery(q.asText()) ? 1 : 0;
            }
            assertTrue(names >= 10_000 && names <= 10_000 + 6, "name queries asked: " + names);
            // The one answer of entities and every answer of three names (2 topics, 50 entities) went past its LIMIT.
            assertEquals(53, runJson(out).get("answers_cut_at_limit").asLong(), runJson(out).toString());
            assertTrue(run.err().contains("warning: the endpoint did not answer as SPARQL asks: 53 answers had more "
                    + "rows than their query's LIMIT (read up to it); see "), run.toString());
            JsonNode record = JSON.readTree(Files.readAllLines(out.resolve("ToG_test.jsonl")).get(0));
            assertEquals("Who is the spouse of nm.0?", record.get("question").asText());
        }
    }

    @Test
    void aLongNameIsCutWithAMark() throws IOException {
        String name = "a".repeat(5000);
        try (HostileEndpoint e = new HostileEndpoint((self, q, x) -> {
            if (HostileEndpoint.isNameQuery(q) && subject(q).equals("m.0")) {
                self.send(x, HostileEndpoint.results("tailEntity", List.of(name)));
            } else {
                plain(self, q, x);
            }
        })) {
            Path out = tmp.resolve("out");
            CliRunner.Run run = tog(e.url(), out);
            assertEquals(0, run.code(), run.toString());
            String tog = read(out.resolve("ToG_test.jsonl"));
            assertTrue(tog.contains("\"Who is the spouse of " + "a".repeat(1000) + "\\u2026?\""), tog);
            assertFalse(tog.contains("a".repeat(1001)));
            assertEquals(1, runJson(out).get("names_cut").asLong());
        }
    }

    @Test
    void aLoneSurrogateIsWrittenAsPythonWritesItAndEveryFileIsReplaced() throws IOException {
        Path out = tmp.resolve("out");
        try (HostileEndpoint e = new HostileEndpoint(TogHostileEndpointTest::plain)) {
            assertEquals(0, tog(e.url(), out).code());
        }
        Map<String, String> earlier = new java.util.HashMap<>();
        for (String f : List.of("ToG_test.jsonl", "ToG_test.trace.jsonl", "ToG_test.run.json")) {
            earlier.put(f, read(out.resolve(f)));
        }
        // The endpoint's JSON escape of half a surrogate pair: valid JSON, not encodable as UTF-8.
        try (HostileEndpoint e = new HostileEndpoint((self, q, x) -> {
            if (HostileEndpoint.isNameQuery(q) && subject(q).equals("m.0")) {
                self.send(x, HEAD + "{\"tailEntity\": {\"type\": \"literal\", \"value\": \"\\ud800x\"}}]}}");
            } else {
                plain(self, q, x);
            }
        })) {
            CliRunner.Run run = tog(e.url(), out);
            assertEquals(0, run.code(), run.toString());
        }
        // json.dumps("Who is the spouse of \ud800x?") writes the escape, as ToG would.
        String tog = read(out.resolve("ToG_test.jsonl"));
        assertTrue(tog.startsWith("{\"question\": \"Who is the spouse of \\ud800x?\", "), tog);
        String trace = read(out.resolve("ToG_test.trace.jsonl"));
        assertTrue(trace.contains("\"question\":\"Who is the spouse of \\ud800x?\""), trace);
        assertEquals("Who is the spouse of \ud800x?", JSON.readTree(trace.lines().findFirst().orElseThrow())
                .get("question").asText());
        for (String f : earlier.keySet()) {
            assertFalse(earlier.get(f).equals(read(out.resolve(f))), f + " is still the earlier run's");
        }
        try (var left = Files.list(out)) {
            assertEquals(List.of(), left.filter(p -> p.getFileName().toString().startsWith(".")).toList());
        }
    }

    @Test
    void whatIsNotSparqlResultsIsRefused() throws IOException {
        String nested = "[".repeat(200_000) + "]".repeat(200_000);
        Map<String, String> bodies = Map.of(
                "bindings not a list", "{\"head\": {\"vars\": [\"relation\"]}, \"results\": {\"bindings\": \"notalist\"}}",
                "an array as a value", "{\"head\": {\"vars\": [\"relation\"]}, \"results\": {\"bindings\": "
                        + "[{\"relation\": [\"" + NS + "a\"]}]}}",
                "200,000 nested arrays", nested,
                "200,000 nested arrays in an extra member", "{\"x\": " + nested + ", \"head\": {\"vars\": [\"relation\"]}, "
                        + "\"results\": {\"bindings\": []}}",
                "no head", "{\"results\": {\"bindings\": []}}",
                "a yes/no answer", "{\"head\": {}, \"boolean\": true}",
                "head without the variable", "{\"head\": {\"vars\": [\"x\"]}, \"results\": {\"bindings\": []}}",
                "a value without a type", "{\"head\": {\"vars\": [\"relation\"]}, \"results\": {\"bindings\": "
                        + "[{\"relation\": {\"value\": \"" + NS + "a\"}}]}}");
        List<String> wrong = new ArrayList<>();
        int n = 0;
        for (Map.Entry<String, String> body : bodies.entrySet()) {
            try (HostileEndpoint e = new HostileEndpoint((self, q, x) -> {
                if (HostileEndpoint.isRelationQuery(q)) {
                    self.send(x, body.getValue());
                } else {
                    plain(self, q, x);
                }
            })) {
                Path out = tmp.resolve("out" + n++);
                CliRunner.Run run = tog(e.url(), out);
                if (run.code() != 1 || !run.err().contains("the SPARQL endpoint " + e.url() + " sent ")
                        || Files.exists(out.resolve("ToG_test.jsonl"))) {
                    wrong.add(body.getKey() + ": " + run);
                }
            }
        }
        assertTrue(wrong.isEmpty(), String.join("\n", wrong));
    }

    @Test
    void relationIrisFromTheEndpointNeverWriteSparql() throws IOException {
        String hostile = NS + "people.person.spouse> ?tailEntity . } UNION { <a> <b> ?tailEntity } #";
        try (HostileEndpoint e = new HostileEndpoint((self, q, x) -> {
            if (HostileEndpoint.isRelationQuery(q) && subject(q).equals("m.0") && q.contains("> ?relation ?x")) {
                self.send(x, HostileEndpoint.results("relation", List.of(hostile, NS + "people.person.spouse")));
            } else {
                plain(self, q, x);
            }
        })) {
            Path out = tmp.resolve("out");
            CliRunner.Run run = tog(e.url(), out);
            assertEquals(0, run.code(), run.toString());
            List<String> asked = e.queries();
            assertTrue(asked.stream().noneMatch(q -> q.contains("<a> <b>")), String.join("\n---\n", asked));
            assertTrue(asked.stream().anyMatch(q -> q.contains("<" + NS + "m.0> <" + NS + "people.person.spouse> ?tailEntity")),
                    String.join("\n---\n", asked));
            assertEquals(1, runJson(out).get("values_skipped").asLong());
        }
    }

    @Test
    void credentialsInTheEndpointAreRefusedAndNeverShown() throws IOException {
        try (HostileEndpoint e = new HostileEndpoint(TogHostileEndpointTest::plain)) {
            String withCredentials = e.url().replace("http://", "http://alice:s3cret-pw@");
            Path out = tmp.resolve("out");
            CliRunner.Run run = tog(withCredentials, out);
            assertEquals(2, run.code(), run.toString());
            assertTrue(run.err().contains("--endpoint http://[redacted]@127.0.0.1:"), run.toString());
            assertFalse(run.toString().contains("s3cret") || run.toString().contains("alice:"), run.toString());
            assertFalse(Files.exists(out));
        }
    }

    @Test
    void basicCredentialsFromAFileAnswerTheEndpointsChallenge() throws IOException {
        Path file = tmp.resolve("endpoint.credentials");
        Files.writeString(file, "user=alice\npassword=s3cret-pw\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        try (HostileEndpoint e = new HostileEndpoint(TogHostileEndpointTest::plain)) {
            e.require(new BasicAuthenticator("sparql") {
                @Override
                public boolean checkCredentials(String user, String password) {
                    return user.equals("alice") && password.equals("s3cret-pw");
                }
            });
            CliRunner.Run refused = tog(e.url(), tmp.resolve("none"));
            assertEquals(1, refused.code(), refused.toString());
            assertTrue(refused.err().contains("answered HTTP 401"), refused.toString());
            Path out = tmp.resolve("out");
            CliRunner.Run run = tog(e.url(), out, "--credentials", file.toString());
            assertEquals(0, run.code(), run.toString());
            assertFalse(run.toString().contains("s3cret"), run.toString());
            try (var files = Files.list(out)) {
                for (Path f : files.toList()) {
                    assertFalse(read(f).contains("s3cret"), f.toString());
                }
            }
        }
    }
}
