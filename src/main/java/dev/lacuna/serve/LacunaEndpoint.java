package dev.lacuna.serve;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.query.Dataset;
import org.eclipse.rdf4j.query.QueryEvaluationException;
import org.eclipse.rdf4j.query.QueryInterruptedException;
import org.eclipse.rdf4j.query.impl.SimpleDataset;
import org.eclipse.rdf4j.query.parser.ParsedOperation;
import org.eclipse.rdf4j.query.parser.ParsedQuery;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryException;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;
import dev.lacuna.store.KgGraphs;

/**
 * A SPARQL 1.1 Protocol endpoint over a Lacuna store: {@code /sparql/complete} and {@code /sparql/incomplete}
 * (each one named graph exposed as the default graph, by a protocol dataset, so it works the same on an embedded
 * store, RDF4J Server and GraphDB) and {@code /sparql} (all graphs). Built like Jena's FusekiServer:
 *
 * <pre>{@code
 * LacunaEndpoint endpoint = LacunaEndpoint.builder().repository(repo).kg(KgGraphs.of("codex-m"))
 *         .port(0).labels(LabelMode.TEXT).shape(Shape.FREEBASE).build();
 * endpoint.start();
 * ... endpoint.url() + "sparql/incomplete" ...
 * endpoint.stop();
 * }</pre>
 *
 * <p>Safe by default: binds 127.0.0.1, read-only, a query time limit, a row limit, a bounded number of
 * queries evaluated at once with a bounded wait queue (overload is answered 503 at once, never a hang), no
 * federated SERVICE calls, and one access-log line per request (logger {@code dev.lacuna.serve.access}).
 * The JDK's HTTP server is used with TCP_NODELAY (without it every response waited ~46 ms for Nagle).
 */
public final class LacunaEndpoint {
    static {
        // Read once when the JDK's HTTP server is first used; without it small responses wait for delayed ACKs.
        System.setProperty("sun.net.httpserver.nodelay", "true");
    }

    private static final Logger LOG = LoggerFactory.getLogger(LacunaEndpoint.class);
    private static final Logger ACCESS = LoggerFactory.getLogger("dev.lacuna.serve.access");
    /** A named graph that never holds data: the named-graph part of a graph endpoint's dataset, so GRAPH ?g sees nothing. */
    static final IRI NO_NAMED_GRAPHS = SimpleValueFactory.getInstance().createIRI("urn:lacuna:no-named-graphs");
    private static final long DRAIN_LIMIT = 64L << 20;

    /** One path and what it serves. */
    private record Target(String path, String graphWord, Repository repository, Dataset dataset, boolean fixedDataset) {
    }

    private final Builder settings;
    private final QueryRunner runner;
    private final Semaphore workers;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final Map<String, Target> targets = new LinkedHashMap<>();
    private HttpServer server;
    private ExecutorService executor;
    private KgView view;
    private Repository ownedViewStore;

    private LacunaEndpoint(Builder b) {
        this.settings = b;
        this.runner = new QueryRunner(b.timeout, b.maxRows);
        this.workers = new Semaphore(b.workers, true);
    }

    public static Builder builder() {
        return new Builder();
    }

    // ------------------------------------------------------------------ life cycle

    /** Builds the label/shape view if one is needed, then binds and starts serving. */
    public synchronized LacunaEndpoint start() {
        if (server != null) {
            throw new IllegalStateException("endpoint already started");
        }
        KgGraphs kg = settings.kg;
        Repository served = settings.repository;
        if (KgView.needed(settings.labels, settings.shape)) {
            Repository store = settings.viewStore;
            if (store == null) {
                store = new SailRepository(new MemoryStore());
                store.init();
                ownedViewStore = store;
            }
            view = KgView.build(settings.repository, kg, settings.labels, settings.shape, store);
            served = store;
        }
        targets.put("/sparql", new Target("/sparql", null, served, null, false));
        targets.put("/sparql/complete", new Target("/sparql/complete", "complete", served, graphDataset(kg.complete()), true));
        targets.put("/sparql/incomplete", new Target("/sparql/incomplete", "incomplete", served, graphDataset(kg.incomplete()), true));
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(settings.host), settings.port), 128);
        } catch (IOException e) {
            closeViewStore();
            throw new LacunaException("cannot listen on " + settings.host + ":" + settings.port + ": " + e.getMessage(), e);
        }
        // Enough threads for every admitted request plus a few to answer overflow with 503 quickly.
        executor = Executors.newFixedThreadPool(settings.workers + settings.queue + 4, r -> {
            Thread t = new Thread(r, "lacuna-http");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
        LOG.info("SPARQL endpoint at {} ({} names, {} shape, timeout {}, max {} rows, {} workers{})", url(),
                settings.labels.word(), settings.shape.word(), QueryRunner.describe(settings.timeout), settings.maxRows,
                settings.workers, settings.updateToken != null ? ", updates allowed with token" : ", read-only");
        if (!InetAddress.getLoopbackAddress().getHostAddress().equals(settings.host) && !settings.host.equals("localhost")) {
            LOG.warn("listening on {}: reachable from other machines", settings.host);
        }
        return this;
    }

    /** Stops serving (waiting up to a second for running exchanges) and drops the view; the store stays open. */
    public synchronized void stop() {
        if (server != null) {
            server.stop(1);
            executor.shutdownNow();
            server = null;
        }
        closeViewStore();
        stopped.countDown();
    }

    /** Blocks until {@link #stop()} is called. */
    public void awaitStop() throws InterruptedException {
        stopped.await();
    }

    /** The bound port (the real one when built with port 0). */
    public int port() {
        if (server == null) {
            throw new IllegalStateException("endpoint not started");
        }
        return server.getAddress().getPort();
    }

    /** The base URL, ending in '/': append "sparql/incomplete" etc. */
    public String url() {
        String host = settings.host.contains(":") ? "[" + settings.host + "]" : settings.host;
        return "http://" + host + ":" + port() + "/";
    }

    /** The materialised view, or null when the store is served as it is. */
    public KgView view() {
        return view;
    }

    private void closeViewStore() {
        if (ownedViewStore != null) {
            ownedViewStore.shutDown();
            ownedViewStore = null;
        }
    }

    private static Dataset graphDataset(IRI graph) {
        SimpleDataset d = new SimpleDataset();
        d.addDefaultGraph(graph);
        d.addNamedGraph(NO_NAMED_GRAPHS);
        return d;
    }

    // ------------------------------------------------------------------ requests

    private void handle(HttpExchange exchange) {
        long start = System.nanoTime();
        String path = exchange.getRequestURI().getPath();
        int status = 500;
        long bytes = 0;
        String note = "";
        try {
            exchange.getResponseHeaders().set("Access-Control-Allow-Origin", "*");
            if (exchange.getRequestMethod().equals("OPTIONS")) {
                exchange.getResponseHeaders().set("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
                exchange.getResponseHeaders().set("Access-Control-Allow-Headers", "Content-Type, Accept, Authorization");
                exchange.getResponseHeaders().set("Allow", "GET, POST, OPTIONS");
                status = 204;
                exchange.sendResponseHeaders(204, -1);
                return;
            }
            QueryRunner.Answer answer = route(exchange, path);
            status = answer.status();
            bytes = answer.body().length;
            note = " rows=" + answer.rows() + (answer.truncated() ? " (truncated)" : "");
            if (answer.truncated()) {
                exchange.getResponseHeaders().set("X-Lacuna-Truncated", "max rows " + settings.maxRows);
            }
            send(exchange, status, answer.contentType(), answer.body());
        } catch (HttpError e) {
            status = e.status();
            note = " " + e.getMessage();
            bytes = sendError(exchange, status, e.getMessage());
        } catch (QueryInterruptedException e) {
            status = 503;
            note = " timeout";
            bytes = sendError(exchange, status, "query exceeded the time limit of " + QueryRunner.describe(settings.timeout)
                    + ": " + e.getMessage());
        } catch (QueryEvaluationException | RepositoryException e) {
            if (rootCause(e) instanceof java.net.SocketTimeoutException) {
                // A remote store (RDF4J Server, GraphDB) that overran the time limit: the client timed out on it.
                status = 503;
                note = " remote store timeout";
                bytes = sendError(exchange, status, "query exceeded the time limit of "
                        + QueryRunner.describe(settings.timeout) + " on the remote store");
                return;
            }
            status = 500;
            note = " " + e;
            bytes = sendError(exchange, status, "query failed: " + rootMessage(e));
        } catch (IOException e) {
            note = " client gone: " + e.getMessage();
        } catch (RuntimeException e) {
            status = 500;
            note = " " + e;
            LOG.warn("request {} failed", path, e);
            bytes = sendError(exchange, status, "internal error: " + e);
        } finally {
            exchange.close();
            if (settings.accessLog) {
                ACCESS.info("{} {} {} {} {}B {}ms{}", remote(exchange), exchange.getRequestMethod(), path, status, bytes,
                        (System.nanoTime() - start) / 1_000_000, oneLine(note));
            }
        }
    }

    private QueryRunner.Answer route(HttpExchange exchange, String path) throws IOException {
        if (path.equals("/") || path.equals("/index.html")) {
            byte[] page = HomePage.render(settings.kg, settings.labels, settings.shape, settings.updateToken != null)
                    .getBytes(StandardCharsets.UTF_8);
            return new QueryRunner.Answer(200, "text/html; charset=utf-8", page, 0, false);
        }
        String normalised = path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        Target target = targets.get(normalised);
        if (target == null) {
            if (normalised.startsWith("/sparql/")) {
                throw new HttpError(404, "unknown graph '" + normalised.substring("/sparql/".length())
                        + "': this endpoint serves /sparql/complete, /sparql/incomplete and /sparql (all graphs)");
            }
            throw new HttpError(404, "no such page: " + path + " (see / for the endpoints)");
        }
        SparqlRequest request;
        try {
            request = SparqlRequest.read(exchange, settings.maxBodyBytes);
        } catch (HttpError e) {
            if (e.status() == 413) {
                drain(exchange);
            }
            throw e;
        }
        if (request.query() == null && request.update() == null) {
            throw new HttpError(400, "missing 'query' (or 'update') parameter; see / for examples");
        }
        String text = request.query() != null ? request.query() : request.update();
        if (settings.compat) {
            text = VirtuosoCompat.rewrite(text);
        }
        ParsedOperation parsed = QueryRunner.parse(text);
        boolean isUpdate = QueryRunner.isUpdate(parsed);
        if (isUpdate) {
            authoriseUpdate(exchange, target);
        } else if (request.update() != null) {
            throw new HttpError(400, "the 'update' parameter holds a query; send queries as 'query'");
        }
        admit();
        try {
            if (isUpdate) {
                runner.update(target.repository(), target.dataset() == null ? null : updateDataset(target), text);
                return new QueryRunner.Answer(204, "text/plain; charset=utf-8", new byte[0], 0, false);
            }
            Dataset dataset = target.fixedDataset() ? target.dataset() : protocolDataset(request);
            return runner.query(target.repository(), dataset, text, (ParsedQuery) parsed,
                    request.param("format", "output", "results"), exchange.getRequestHeaders().getFirst("Accept"));
        } finally {
            workers.release();
            inFlight.decrementAndGet();
        }
    }

    /** Takes a worker, waiting in a bounded queue; a full queue or a wait past the time limit is a 503. */
    private void admit() {
        if (inFlight.incrementAndGet() > settings.workers + settings.queue) {
            inFlight.decrementAndGet();
            throw new HttpError(503, "server busy: " + settings.workers + " queries running and " + settings.queue
                    + " waiting; retry later");
        }
        boolean acquired;
        try {
            acquired = workers.tryAcquire(settings.timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            acquired = false;
        }
        if (!acquired) {
            inFlight.decrementAndGet();
            throw new HttpError(503, "server busy: no worker became free within " + QueryRunner.describe(settings.timeout));
        }
    }

    private void authoriseUpdate(HttpExchange exchange, Target target) {
        if (settings.updateToken == null) {
            throw new HttpError(403, "this endpoint is read-only: SPARQL Update is refused (start lacuna serve with "
                    + "--allow-update and a token to accept updates)");
        }
        if (view != null) {
            throw new HttpError(403, "updates are refused on a label/shape view, which is a read-only copy");
        }
        if ("complete".equals(target.graphWord())) {
            throw new HttpError(403, "the complete graph is never modified; update /sparql/incomplete or /sparql");
        }
        String auth = exchange.getRequestHeaders().getFirst("Authorization");
        if (auth == null || !auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
            exchange.getResponseHeaders().set("WWW-Authenticate", "Bearer realm=\"lacuna\"");
            throw new HttpError(401, "updates need the header 'Authorization: Bearer TOKEN'");
        }
        byte[] given = auth.substring(7).trim().getBytes(StandardCharsets.UTF_8);
        if (!MessageDigest.isEqual(given, settings.updateToken.getBytes(StandardCharsets.UTF_8))) {
            throw new HttpError(403, "wrong update token");
        }
    }

    private static Dataset updateDataset(Target target) {
        IRI graph = target.dataset().getDefaultGraphs().iterator().next();
        SimpleDataset d = new SimpleDataset();
        d.addDefaultGraph(graph);
        d.addDefaultRemoveGraph(graph);
        d.setDefaultInsertGraph(graph);
        return d;
    }

    /** default-graph-uri / named-graph-uri on /sparql, as the protocol says; none means the query's own dataset. */
    private static Dataset protocolDataset(SparqlRequest request) {
        List<String> defaults = request.all("default-graph-uri");
        List<String> named = request.all("named-graph-uri");
        if (defaults.isEmpty() && named.isEmpty()) {
            return null;
        }
        SimpleDataset d = new SimpleDataset();
        try {
            defaults.forEach(g -> d.addDefaultGraph(SimpleValueFactory.getInstance().createIRI(g)));
            named.forEach(g -> d.addNamedGraph(SimpleValueFactory.getInstance().createIRI(g)));
        } catch (IllegalArgumentException e) {
            throw new HttpError(400, "bad graph IRI in default-graph-uri/named-graph-uri: " + e.getMessage());
        }
        if (named.isEmpty()) {
            d.addNamedGraph(NO_NAMED_GRAPHS);
        }
        return d;
    }

    private static void send(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        boolean noBody = body.length == 0 || exchange.getRequestMethod().equals("HEAD") || status == 204;
        exchange.sendResponseHeaders(status, noBody ? -1 : body.length);
        if (!noBody) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static long sendError(HttpExchange exchange, int status, String message) {
        byte[] body = (message + "\n").getBytes(StandardCharsets.UTF_8);
        if (status == 503) {
            exchange.getResponseHeaders().set("Retry-After", "1");
        }
        try {
            send(exchange, status, "text/plain; charset=utf-8", body);
        } catch (IOException e) {
            return 0;
        }
        return body.length;
    }

    /** Reads and drops an oversize body (up to a hard cap) so the client gets to read the 413. */
    private static void drain(HttpExchange exchange) {
        exchange.getResponseHeaders().set("Connection", "close");
        try (InputStream in = exchange.getRequestBody()) {
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

    /** Access-log notes stay on one line and short, whatever the parser said. */
    private static String oneLine(String note) {
        String s = note.replaceAll("\\s+", " ");
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }

    private static String remote(HttpExchange exchange) {
        InetSocketAddress a = exchange.getRemoteAddress();
        return a == null ? "-" : a.getAddress().getHostAddress();
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

    // ------------------------------------------------------------------ builder

    /** Settings of an endpoint; {@link #build()} checks them all and names every problem. */
    public static final class Builder {
        private Repository repository;
        private KgGraphs kg;
        private String host = "127.0.0.1";
        private int port = 7878;
        private LabelMode labels = LabelMode.PRIVATE;
        private Shape shape = Shape.PLAIN;
        private Duration timeout = Duration.ofSeconds(30);
        private long maxRows = 100_000;
        private int workers = Math.max(2, Runtime.getRuntime().availableProcessors() * 2);
        private int queue = 64;
        private long maxBodyBytes = 1L << 20;
        private String updateToken;
        private Boolean compat;
        private Repository viewStore;
        private boolean accessLog = true;

        private Builder() {
        }

        /** The store to serve (initialised; the endpoint never shuts it down). */
        public Builder repository(Repository repository) {
            this.repository = repository;
            return this;
        }

        public Builder kg(KgGraphs kg) {
            this.kg = kg;
            return this;
        }

        public Builder host(String host) {
            this.host = host;
            return this;
        }

        /** 0 picks a free port; read it back with {@link LacunaEndpoint#port()}. */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        public Builder labels(LabelMode labels) {
            this.labels = labels;
            return this;
        }

        public Builder shape(Shape shape) {
            this.shape = shape;
            return this;
        }

        /** Time limit per query (rounded up to whole seconds for the store); past it the client gets a 503. */
        public Builder timeout(Duration timeout) {
            this.timeout = timeout;
            return this;
        }

        /** At most this many result rows (or statements) per answer; more are cut and flagged X-Lacuna-Truncated. */
        public Builder maxRows(long maxRows) {
            this.maxRows = maxRows;
            return this;
        }

        /** Queries evaluated at once. */
        public Builder workers(int workers) {
            this.workers = workers;
            return this;
        }

        /** Requests that may wait for a worker; beyond it a request is answered 503 at once. */
        public Builder queue(int queue) {
            this.queue = queue;
            return this;
        }

        public Builder maxBodyBytes(long maxBodyBytes) {
            this.maxBodyBytes = maxBodyBytes;
            return this;
        }

        /** Accept SPARQL Update on /sparql and /sparql/incomplete from clients that send this bearer token. */
        public Builder allowUpdate(String token) {
            this.updateToken = Objects.requireNonNull(token, "token");
            return this;
        }

        /** Virtuoso compatibility (string functions on IRIs, see {@link VirtuosoCompat}); default on for the Freebase shape. */
        public Builder compat(boolean compat) {
            this.compat = compat;
            return this;
        }

        /** Where to materialise a view (initialised, emptied graphs); default a new in-memory store. */
        public Builder viewStore(Repository viewStore) {
            this.viewStore = viewStore;
            return this;
        }

        public Builder accessLog(boolean accessLog) {
            this.accessLog = accessLog;
            return this;
        }

        public LacunaEndpoint build() {
            validate(true);
            if (compat == null) {
                compat = shape == Shape.FREEBASE;
            }
            return new LacunaEndpoint(this);
        }

        /** Checks every setting but the repository, so a CLI can report bad options before it opens a store. */
        public Builder check() {
            validate(false);
            return this;
        }

        private void validate(boolean needRepository) {
            StringBuilder problems = new StringBuilder();
            if (needRepository && repository == null) {
                problems.append("; no repository to serve");
            }
            if (kg == null) {
                problems.append("; no KG (graph names) given");
            }
            if (labels == null || shape == null) {
                problems.append("; labels and shape must be set");
            }
            if (host == null || host.isBlank()) {
                problems.append("; host is empty");
            } else {
                try {
                    InetAddress.getByName(host);
                } catch (UnknownHostException e) {
                    problems.append("; unknown host '").append(host).append('\'');
                }
            }
            if (port < 0 || port > 65535) {
                problems.append("; port must lie in 0..65535, got ").append(port);
            }
            if (timeout == null || timeout.isNegative() || timeout.isZero() || timeout.compareTo(Duration.ofHours(24)) > 0) {
                problems.append("; timeout must lie between 1 ms and 24 h, got ").append(timeout);
            }
            if (maxRows < 1) {
                problems.append("; max rows must be at least 1, got ").append(maxRows);
            }
            if (workers < 1 || workers > 1024) {
                problems.append("; workers must lie in 1..1024, got ").append(workers);
            }
            if (queue < 0 || queue > 100_000) {
                problems.append("; queue must lie in 0..100000, got ").append(queue);
            }
            if (maxBodyBytes < 1024) {
                problems.append("; max body must be at least 1024 bytes, got ").append(maxBodyBytes);
            }
            if (updateToken != null && updateToken.strip().length() < 16) {
                problems.append("; the update token must have at least 16 characters");
            }
            if (updateToken != null && labels != null && shape != null && KgView.needed(labels, shape)) {
                problems.append("; updates need --labels private and --shape plain (a view is a read-only copy)");
            }
            if (problems.length() > 0) {
                throw new BadInputException("endpoint settings: " + problems.substring(2));
            }
        }
    }
}
