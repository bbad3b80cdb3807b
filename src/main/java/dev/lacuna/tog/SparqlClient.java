package dev.lacuna.tog;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Authenticator;
import java.net.PasswordAuthentication;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.QueryResultHandler;
import org.eclipse.rdf4j.query.QueryResultHandlerException;
import org.eclipse.rdf4j.query.resultio.QueryResultParseException;
import org.eclipse.rdf4j.query.resultio.sparqljson.SPARQLResultsJSONParser;
import org.eclipse.rdf4j.rio.helpers.JSONSettings;

import dev.lacuna.LacunaException;
import dev.lacuna.store.SparqlCredentials;

/**
 * SELECT queries over the SPARQL 1.1 Protocol, as ToG's SPARQLWrapper sends them (GET, JSON results), and nothing
 * else: the system under test sees the graph only through the endpoint. The endpoint is not trusted: each exchange,
 * answer included, ends at the timeout; an answer is read up to a number of bytes, and up to its query's LIMIT in
 * rows (what is past it is not read, as Virtuoso's row cap cuts for ToG); and it is read by RDF4J's SPARQL JSON
 * results parser, so anything that is not SPARQL results is refused with the endpoint named, never read as no rows.
 */
final class SparqlClient {
    /** The values of one variable in an answer's rows, in the endpoint's order; {@code cut} when rows went past the LIMIT. */
    record Answer(List<Value> values, boolean cut) {
    }

    /** What a row past the LIMIT throws to end the parse there. */
    private static final class PastLimit extends QueryResultHandlerException {
        PastLimit() {
            super("past the LIMIT");
        }
    }

    /** The part of an error answer's body that a message quotes. */
    private static final int QUOTED = 300;

    private final URI endpoint;
    private final HttpClient http;
    private final ClientLimits limits;
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong cut = new AtomicLong();
    private final ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();

    SparqlClient(URI endpoint, ClientLimits limits, SparqlCredentials credentials) {
        if (endpoint.getRawUserInfo() != null) {
            throw new IllegalArgumentException("an endpoint URL carries no credentials");
        }
        this.endpoint = endpoint;
        this.limits = limits;
        HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(limits.timeout())
                .version(HttpClient.Version.HTTP_1_1);
        if (credentials != null) {
            // Answers the endpoint's Basic challenge; the JDK client sends the credentials only after one.
            b.authenticator(new Authenticator() {
                @Override
                protected PasswordAuthentication getPasswordAuthentication() {
                    return new PasswordAuthentication(credentials.user(), credentials.password().toCharArray());
                }
            });
        }
        this.http = b.build();
    }

    /**
     * The values of {@code variable} in the query's rows; at most {@code limit} rows are read (the query's own LIMIT),
     * the rest of the answer left unread.
     */
    Answer select(String query, String variable, long limit) {
        URI uri = URI.create(endpoint + (endpoint.getRawQuery() == null ? "?" : "&") + "query="
                + URLEncoder.encode(query, StandardCharsets.UTF_8));
        long start = System.nanoTime();
        long deadline = start + limits.timeout().toNanos();
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(limits.timeout())
                .header("Accept", "application/sparql-results+json").GET().build();
        HttpResponse<InputStream> response;
        try {
            response = http.send(request, info -> new BoundedBody(deadline, limits.maxResponseBytes(), seconds()));
        } catch (HttpConnectTimeoutException e) {
            throw new LacunaException("cannot reach the SPARQL endpoint " + endpoint + ": no connection within "
                    + seconds() + " (--timeout)", e);
        } catch (HttpTimeoutException e) {
            throw failure("sent no answer within " + seconds() + " (--timeout)", query, e);
        } catch (IOException e) {
            // The JDK client's connection failures often carry no message: name the kind and the likely cause.
            String why = e.getMessage() == null ? e.getClass().getSimpleName() + " (is the endpoint running?)"
                    : e.getMessage();
            throw new LacunaException("cannot reach the SPARQL endpoint " + endpoint + ": " + why, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LacunaException("interrupted while querying " + endpoint, e);
        }
        requests.incrementAndGet();
        try (InputStream in = response.body()) {
            long declared = response.headers().firstValueAsLong("Content-Length").orElse(-1);
            if (response.statusCode() == 200 && declared > limits.maxResponseBytes()) {
                throw failure("declares an answer of " + declared + " bytes, more than the " + limits.maxResponseBytes()
                        + " bytes --max-response allows", query, null);
            }
            if (response.statusCode() != 200) {
                String quoted = printable(new String(in.readNBytes(QUOTED * 4), StandardCharsets.UTF_8).strip());
                throw failure("answered HTTP " + response.statusCode() + (quoted.isEmpty() ? "" : ": " + quoted),
                        query, null);
            }
            Answer answer = parse(in, variable, limit, query);
            if (answer.cut()) {
                cut.incrementAndGet();
            } else {
                // The rest is at most the end of the document: read it so the connection can serve the next query.
                in.transferTo(OutputStream.nullOutputStream());
            }
            latencies.add(System.nanoTime() - start);
            return answer;
        } catch (BoundedBody.Refused e) {
            throw failure(e.getMessage(), query, e);
        } catch (IOException e) {
            throw failure("broke off its answer: " + e.getMessage(), query, e);
        }
    }

    private Answer parse(InputStream in, String variable, long limit, String query) throws IOException {
        Rows rows = new Rows(variable, limit);
        SPARQLResultsJSONParser parser = new SPARQLResultsJSONParser(SimpleValueFactory.getInstance());
        parser.getParserConfig().set(JSONSettings.STRICT_DUPLICATE_DETECTION, true);
        parser.setQueryResultHandler(rows);
        try {
            parser.parseQueryResult(in);
        } catch (PastLimit e) {
            return new Answer(rows.values, true);
        } catch (QueryResultParseException e) {
            throw failure("sent what is not SPARQL JSON results (line " + e.getLineNumber() + ", column "
                    + e.getColumnNumber() + "): " + printable(String.valueOf(e.getMessage())), query, e);
        } catch (QueryResultHandlerException | IllegalArgumentException | NullPointerException
                 | ClassCastException e) {
            // A value the parser could not make (an IRI without a scheme, a missing type or value), or a handler refusal.
            throw failure("sent what is not SPARQL JSON results: " + printable(String.valueOf(e.getMessage())), query, e);
        }
        if (rows.vars == null || !rows.ended) {
            throw failure("sent what is not SPARQL JSON results: " + (rows.vars == null ? "no head.vars"
                    : "no results.bindings"), query, null);
        }
        return new Answer(rows.values, false);
    }

    /** Collects one variable's values, refusing answers that are not a SELECT's rows. */
    private static final class Rows implements QueryResultHandler {
        private final String variable;
        private final long limit;
        private final List<Value> values = new ArrayList<>();
        private List<String> vars;
        private long count;
        private boolean ended;

        Rows(String variable, long limit) {
            this.variable = variable;
            this.limit = limit;
        }

        @Override
        public void handleBoolean(boolean value) {
            throw new QueryResultHandlerException("a yes/no answer where rows were asked for");
        }

        @Override
        public void handleLinks(List<String> links) {
            // Links say where more about the results is; nothing to read here.
        }

        @Override
        public void startQueryResult(List<String> bindingNames) {
            if (!bindingNames.contains(variable)) {
                throw new QueryResultHandlerException("head.vars " + bindingNames + " lacks the query's ?" + variable);
            }
            vars = bindingNames;
        }

        @Override
        public void endQueryResult() {
            ended = true;
        }

        @Override
        public void handleSolution(BindingSet row) {
            if (++count > limit) {
                throw new PastLimit();
            }
            Value v = row.getValue(variable);
            if (v != null) {
                values.add(v);
            }
        }
    }

    private LacunaException failure(String problem, String query, Exception cause) {
        return new LacunaException("the SPARQL endpoint " + endpoint + " " + problem + "\nquery:\n" + query, cause);
    }

    private String seconds() {
        return limits.timeout().toSeconds() + " s";
    }

    /**
     * Text from the endpoint as a message may print it: at most {@value #QUOTED} characters, control characters (a
     * terminal's escapes) as spaces.
     */
    static String printable(String text) {
        String cut = text.length() > QUOTED ? text.substring(0, QUOTED) + "..." : text;
        return cut.replaceAll("\\p{Cntrl}", " ");
    }

    /** HTTP requests sent so far. */
    long requests() {
        return requests.get();
    }

    /** Answers whose rows went past their query's LIMIT, cut there. */
    long cutAnswers() {
        return cut.get();
    }

    /** Every answered request's time to its answer read, in nanoseconds. */
    List<Long> latencies() {
        return new ArrayList<>(latencies);
    }
}
