package dev.lacuna.serve;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.regex.PatternSyntaxException;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.rdf4j.query.Dataset;
import org.eclipse.rdf4j.query.QueryEvaluationException;
import org.eclipse.rdf4j.query.parser.ParsedBooleanQuery;
import org.eclipse.rdf4j.query.parser.ParsedGraphQuery;
import org.eclipse.rdf4j.query.parser.ParsedOperation;
import org.eclipse.rdf4j.query.parser.ParsedQuery;
import org.eclipse.rdf4j.query.parser.ParsedUpdate;
import org.eclipse.rdf4j.repository.RepositoryException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.Redaction;
import dev.lacuna.store.GraphRole;

/**
 * The SPARQL 1.1 Protocol over the served paths: routing, CORS, reading the request, the home page and service
 * description, and mapping every failure to a status with a one-line plain-text reason. Evaluation runs through
 * {@link Admission}; updates through {@link UpdateGuard}; the answer, and its access-log line, through {@link Reply}.
 */
final class ProtocolHandler extends Handler.Abstract {
    private static final Logger LOG = LoggerFactory.getLogger(ProtocolHandler.class);
    private static final long DRAIN_LIMIT = 64L << 20;
    static final String ALLOW = "GET, HEAD, POST, OPTIONS";

    private final EndpointSettings settings;
    private final Map<String, Target> targets;
    private final Admission admission;
    private final QueryRunner runner;
    private final UpdateGuard guard;
    /** ToG-style clients send few query shapes: each parsed and checked once (null: every query parsed). */
    private final QueryShapes shapes;

    ProtocolHandler(EndpointSettings settings, Map<String, Target> targets, Admission admission, QueryRunner runner) {
        this.settings = settings;
        this.targets = targets;
        this.admission = admission;
        this.runner = runner;
        this.guard = new UpdateGuard(settings.view().shape());
        this.shapes = settings.limits().queryShapes() > 0 ? new QueryShapes(settings.limits().queryShapes()) : null;
    }

    /**
     * Reads a POST body without a thread (a client that sends half a body holds a connection, never a thread),
     * then answers on a pool thread. A body declared over the limit is not read: it gets 413. Any other request is
     * answered on the thread Jetty calls this on: a handler that may block lets Jetty run it on the thread that read
     * the request while another takes over reading, so that no hand-off to a second thread delays the answer.
     */
    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        Executor threads = getServer().getThreadPool();
        if (request.getMethod().equals("POST") && request.getLength() <= settings.limits().maxBodyBytes()) {
            int limit = (int) Math.min(Integer.MAX_VALUE - 8, settings.limits().maxBodyBytes() + 1);
            Content.Source.asByteArrayAsync(request, limit).whenComplete((body, failure) ->
                    threads.execute(() -> serve(request, response, callback, new Body(body, failure))));
        } else {
            serve(request, response, callback, new Body(null, null));
        }
        return true;
    }

    /** A POST body read ahead of the handler, or why it could not be read (null, null when none was read). */
    record Body(byte[] bytes, Throwable failure) {
    }

    private void serve(Request request, Response response, Callback callback, Body posted) {
        String path = Request.getPathInContext(request);
        String method = request.getMethod();
        Reply reply = new Reply(request, response, callback, settings.network().accessLog());
        if (settings.network().corsOrigin() != null) {
            response.getHeaders().put("Access-Control-Allow-Origin", settings.network().corsOrigin());
            response.getHeaders().put("Vary", "Origin");
        }
        try {
            if (method.equals("OPTIONS")) {
                response.getHeaders().put(HttpHeader.ALLOW, ALLOW);
                if (settings.network().corsOrigin() != null) {
                    response.getHeaders().put("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
                    response.getHeaders().put("Access-Control-Allow-Headers", "Content-Type, Accept, Authorization");
                }
                reply.send(204, Reply.PLAIN, new byte[0], "");
            } else {
                QueryRunner.Answer answer = route(request, response, path, posted, reply);
                if (answer.truncated()) {
                    LOG.info("answer cut at the row limit of {} on {}", settings.limits().maxRows(), path);
                }
                reply.answer(answer, settings.limits().maxRows());
            }
        } catch (HttpError e) {
            reply.fail(e);
        } catch (QueryEvaluationException | RepositoryException e) {
            Throwable root = rootCause(e);
            boolean clientError = root instanceof PatternSyntaxException
                    || String.valueOf(e.getMessage()).startsWith("Unknown function");
            int status = clientError ? 400 : root instanceof SocketTimeoutException ? 503 : 500;
            String message = status == 503 ? "query exceeded the time limit of " + QueryRunner.describe(settings.limits().timeout())
                    + " on the remote store" : (clientError ? "bad query: " : "query failed: ") + Redaction.redact(rootMessage(e));
            // A remote store's error text may repeat the request it got, credentials included.
            reply.send(status, Reply.PLAIN, (message + "\n").getBytes(StandardCharsets.UTF_8), " " + Redaction.redact(e.toString()));
        } catch (StackOverflowError e) {
            // A shape QueryNesting does not count (a join chain of tens of thousands of patterns, say) overflowed the
            // parser or the evaluation: the client still gets an answer, the log one line.
            reply.send(400, Reply.PLAIN, (QueryNesting.TOO_DEEP + " for this endpoint; split it into smaller queries\n")
                    .getBytes(StandardCharsets.UTF_8), " " + QueryNesting.TOO_DEEP);
        } catch (RuntimeException e) {
            LOG.warn("request {} failed", path, e);
            reply.send(500, Reply.PLAIN, ("internal error: " + e + "\n").getBytes(StandardCharsets.UTF_8), " " + e);
        } catch (VirtualMachineError e) {
            // Out of memory, say: answered rather than leaving the connection without a response.
            LOG.warn("request {} failed: {}", path, e.toString());
            reply.send(503, Reply.PLAIN, "server out of resources, retry later\n".getBytes(StandardCharsets.UTF_8), " " + e);
        }
    }

    private QueryRunner.Answer route(Request request, Response response, String path, Body body, Reply reply) {
        if (path.equals("/") || path.equals("/index.html")) {
            if (!request.getMethod().equals("GET") && !request.getMethod().equals("HEAD")) {
                throw HttpError.methodNotAllowed("method " + request.getMethod() + " not allowed on the home page", "GET, HEAD");
            }
            byte[] page = HomePage.render(settings.kg(), settings.view().labels(), settings.view().shape(),
                    settings.updateToken() != null, targets.values()).getBytes(StandardCharsets.UTF_8);
            return new QueryRunner.Answer(200, "text/html; charset=utf-8", page, 0, false);
        }
        String normalised = path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        Target target = targets.get(normalised);
        if (target == null) {
            throw new HttpError(404, "no such endpoint; this server serves " + String.join(", ", targets.keySet()));
        }
        SparqlRequest sparql;
        try {
            sparql = SparqlRequest.read(request, settings.limits().maxBodyBytes(), body);
        } catch (HttpError e) {
            if (e.status() == 413) {
                drain(request, response);
            }
            throw e;
        }
        // The service's base IRI, for relative IRIs in queries and updates: this endpoint's URL, as the service
        // description states it.
        String base = request.getHttpURI().getScheme() + "://" + request.getHttpURI().getAuthority() + normalised;
        if (sparql.bare() && !request.getMethod().equals("POST")) {
            return new QueryRunner.Answer(200, "text/turtle; charset=utf-8", ServiceDescription.turtle(base, target, settings),
                    0, false);
        }
        if (sparql.update() != null) {
            return update(request, response, target, sparql, base, reply);
        }
        String text = sparql.query();
        if (text == null || text.isBlank()) {
            throw new HttpError(400, "missing or empty 'query' (or 'update') parameter; GET " + normalised
                    + " without parameters describes this endpoint");
        }
        String sent = text;
        if (settings.view().compat()) {
            text = VirtuosoCompat.rewrite(text);
        }
        // A text of a shape parsed before has that shape's nesting: only a text the parser reads is scanned for it.
        ParsedOperation parsed;
        if (shapes != null) {
            parsed = shapes.parse(text, base, () -> QueryNesting.check(sent));
        } else {
            QueryNesting.check(sent);
            parsed = QueryRunner.parse(text, base);
        }
        if (parsed instanceof ParsedUpdate) {
            if (!request.getMethod().equals("POST")) {
                throw HttpError.methodNotAllowed("SPARQL Update is accepted only by POST (and only with --allow-update)", "POST");
            }
            throw new HttpError(400, "the 'query' holds an update: send updates as 'update' or as " + SparqlRequest.UPDATE_TYPE);
        }
        ParsedQuery query = (ParsedQuery) parsed;
        Dataset dataset = DatasetClauses.forQuery(target, sparql, query, settings.view().shape());
        String format = sparql.format();
        String accept = accept(request);
        // A result type the client cannot take is answered before the query takes a worker.
        ResultFormats.choose(kind(query), format, accept);
        String queryText = withBase(base, text);
        return admission.run(budget -> runner.query(target.repository(), dataset, queryText, query, format, accept),
                reply::fail);
    }

    /**
     * An update, in the order that costs least and says most: read-only refusal before anything is read, the
     * nesting check before the token (a body that would overflow the parser gets its 400 whoever sends it), the
     * token before parsing, then the parse, the dataset clauses and {@link UpdateGuard}.
     */
    private QueryRunner.Answer update(Request request, Response response, Target target, SparqlRequest sparql, String base,
            Reply reply) {
        if (!request.getMethod().equals("POST")) {
            throw HttpError.methodNotAllowed("SPARQL Update is accepted only by POST (and only with --allow-update)", "POST");
        }
        if (settings.updateToken() == null) {
            throw new HttpError(403, "this endpoint is read-only: SPARQL Update is refused (start lacuna serve with "
                    + "--allow-update and a token to accept updates)");
        }
        String text = sparql.update();
        if (text.isBlank()) {
            throw new HttpError(400, "empty 'update'");
        }
        QueryNesting.check(text);
        authoriseUpdate(request, response, target);
        ParsedOperation parsed = QueryRunner.parse(text, base);
        if (!(parsed instanceof ParsedUpdate update)) {
            throw new HttpError(400, "the 'update' parameter holds a query; send queries as 'query'");
        }
        Dataset where = DatasetClauses.forUpdate(target, sparql, update);
        String updateText = withBase(base, text);
        admission.run(budget -> {
            guard.apply(target, updateText, update, where);
            return null;
        }, reply::fail);
        return new QueryRunner.Answer(204, "text/plain; charset=utf-8", new byte[0], 0, false);
    }

    /**
     * The text as the store receives it: the service base IRI declared in front, on the same line so that line
     * numbers in the store's messages stay the query's own. A BASE in the query itself comes later and wins, as in
     * SPARQL. Text rather than an API argument, because a remote store (RDF4J Server, GraphDB) receives the text.
     */
    private static String withBase(String base, String text) {
        return "BASE <" + base + "> " + text;
    }

    private static ResultFormats.Kind kind(ParsedQuery query) {
        return query instanceof ParsedBooleanQuery ? ResultFormats.Kind.BOOLEAN
                : query instanceof ParsedGraphQuery ? ResultFormats.Kind.GRAPH : ResultFormats.Kind.TUPLE;
    }

    /** Every Accept line joined, as HTTP says repeated list headers combine; null when there is none. */
    private static String accept(Request request) {
        List<String> lines = request.getHeaders().getValuesList(HttpHeader.ACCEPT);
        return lines.isEmpty() ? null : String.join(", ", lines);
    }

    private void authoriseUpdate(Request request, Response response, Target target) {
        if (target.graph() == null) {
            throw new HttpError(403, "updates name one graph: send them to /sparql/incomplete");
        }
        if (target.role() == GraphRole.COMPLETE) {
            throw new HttpError(403, "the complete graph is never modified; update /sparql/incomplete");
        }
        String auth = SparqlRequest.single(request, HttpHeader.AUTHORIZATION);
        if (auth == null || !auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
            response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, "Bearer realm=\"lacuna\"");
            throw new HttpError(401, "updates need the header 'Authorization: Bearer TOKEN'");
        }
        byte[] given = auth.substring(7).trim().getBytes(StandardCharsets.UTF_8);
        if (!MessageDigest.isEqual(given, settings.updateToken().getBytes(StandardCharsets.UTF_8))) {
            throw new HttpError(403, "wrong update token");
        }
    }

    /** Reads and drops an oversize body (up to a hard cap) so the client gets to read the 413. */
    private static void drain(Request request, Response response) {
        response.getHeaders().put(HttpHeader.CONNECTION, "close");
        try (InputStream in = Request.asInputStream(request)) {
            byte[] buffer = new byte[65536];
            long total = 0;
            int n;
            while (total < DRAIN_LIMIT && (n = in.read(buffer)) > 0) {
                total += n;
            }
        } catch (IOException e) {
            // the client gave up; nothing to drain
        }
    }

    private static Throwable rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = rootCause(e);
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
