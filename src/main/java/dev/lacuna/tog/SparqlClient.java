package dev.lacuna.tog;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.JsonNode;

import dev.lacuna.Json;
import dev.lacuna.LacunaException;

/**
 * SELECT queries over the SPARQL 1.1 Protocol, as ToG's SPARQLWrapper sends them (GET, JSON results), and nothing
 * else: the system under test sees the graph only through the endpoint.
 *
 * <p>Each distinct query text is sent once per run and its rows kept: the endpoint serves one fixed graph, so the
 * same text always has the same answer, and questions about one topic repeat most of their queries. Concurrent
 * askers of one text wait for the one request.
 */
final class SparqlClient {
    /** A value of the selected variable: its RDF term type (uri, literal, bnode) and its lexical value. */
    record Term(String type, String value) {
    }

    private final URI endpoint;
    private final HttpClient http;
    private final Duration timeout;
    private final Map<String, CompletableFuture<List<Term>>> answers = new ConcurrentHashMap<>();
    private final AtomicLong requests = new AtomicLong();
    private final ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();

    SparqlClient(URI endpoint, Duration timeout) {
        this.endpoint = endpoint;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).version(HttpClient.Version.HTTP_1_1).build();
    }

    /** The values of {@code variable} in the query's rows, in the endpoint's order. */
    List<Term> select(String query, String variable) {
        CompletableFuture<List<Term>> mine = new CompletableFuture<>();
        CompletableFuture<List<Term>> known = answers.putIfAbsent(query + '\u0000' + variable, mine);
        if (known != null) {
            try {
                return known.join();
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : e;
            }
        }
        try {
            List<Term> rows = send(query, variable);
            mine.complete(rows);
            return rows;
        } catch (RuntimeException e) {
            mine.completeExceptionally(e);
            throw e;
        }
    }

    private List<Term> send(String query, String variable) {
        URI uri = URI.create(endpoint + (endpoint.getRawQuery() == null ? "?" : "&") + "query="
                + URLEncoder.encode(query, StandardCharsets.UTF_8));
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout)
                .header("Accept", "application/sparql-results+json").GET().build();
        long start = System.nanoTime();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // The JDK client's connection failures often carry no message: name the kind and the likely cause.
            String why = e.getMessage() == null ? e.getClass().getSimpleName() + " (is the endpoint running?)"
                    : e.getMessage();
            throw new LacunaException("cannot reach the SPARQL endpoint " + endpoint + ": " + why, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LacunaException("interrupted while querying " + endpoint, e);
        }
        latencies.add(System.nanoTime() - start);
        requests.incrementAndGet();
        if (response.statusCode() != 200) {
            String body = response.body();
            throw new LacunaException("the SPARQL endpoint " + endpoint + " answered " + response.statusCode() + ": "
                    + (body.length() > 300 ? body.substring(0, 300) + "..." : body).strip() + "\nquery:\n" + query);
        }
        JsonNode bindings;
        try {
            bindings = Json.mapper().readTree(response.body()).path("results").path("bindings");
        } catch (IOException e) {
            throw new LacunaException("the SPARQL endpoint " + endpoint + " sent no JSON results: " + e.getMessage(), e);
        }
        List<Term> out = new ArrayList<>(bindings.size());
        for (JsonNode row : bindings) {
            JsonNode v = row.get(variable);
            if (v != null) {
                out.add(new Term(v.path("type").asText(), v.path("value").asText()));
            }
        }
        return out;
    }

    /** HTTP requests sent so far (distinct query texts). */
    long requests() {
        return requests.get();
    }

    /** Every request's time to its complete answer, in nanoseconds. */
    List<Long> latencies() {
        return new ArrayList<>(latencies);
    }
}
