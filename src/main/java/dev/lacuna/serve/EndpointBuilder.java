package dev.lacuna.serve;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.OutputGuard;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreKinds;
import dev.lacuna.view.LabelMode;
import dev.lacuna.view.Shape;

/** Settings of an endpoint; {@link #build()} copies them into an {@link EndpointSettings} and names every problem. */
public final class EndpointBuilder {
    private Repository repository;
    private KgGraphs kg;
    private Exposure exposure = Exposure.DEFAULT;
    private String host = "127.0.0.1";
    private int port = 7878;
    private LabelMode labels = LabelMode.PRIVATE;
    private Shape shape = Shape.PLAIN;
    private Duration timeout = Duration.ofSeconds(30);
    private long maxRows = 100_000;
    private Integer workers;
    private int queue = 64;
    private long maxBodyBytes = 1L << 20;
    private String updateToken;
    private Boolean compat;
    private Repository viewStore;
    private boolean passThrough;
    private boolean accessLog = true;
    private String corsOrigin;
    private int maxConnections = 2048;
    private Duration idleTimeout;
    private Long queryMemoryBytes;
    private Integer queryShapes;
    private int maxUrlBytes = 64 * 1024;
    private Path keepUpdates;

    EndpointBuilder() {
    }

    /** The store to serve (initialised; the endpoint never shuts it down). */
    public EndpointBuilder repository(Repository repository) {
        this.repository = repository;
        return this;
    }

    public EndpointBuilder kg(KgGraphs kg) {
        this.kg = kg;
        return this;
    }

    /** Which graphs to serve; default incomplete only. */
    public EndpointBuilder expose(Exposure exposure) {
        this.exposure = exposure;
        return this;
    }

    public EndpointBuilder host(String host) {
        this.host = host;
        return this;
    }

    /** 0 picks a free port; read it back with {@link LacunaEndpoint#port()}. */
    public EndpointBuilder port(int port) {
        this.port = port;
        return this;
    }

    public EndpointBuilder labels(LabelMode labels) {
        this.labels = labels;
        return this;
    }

    public EndpointBuilder shape(Shape shape) {
        this.shape = shape;
        return this;
    }

    /** Time limit per query; at it the client gets a 503 and the evaluation is cancelled. */
    public EndpointBuilder timeout(Duration timeout) {
        this.timeout = timeout;
        return this;
    }

    /** At most this many result rows (or statements) per answer; more are cut and flagged X-Lacuna-Truncated. */
    public EndpointBuilder maxRows(long maxRows) {
        this.maxRows = maxRows;
        return this;
    }

    /** Queries evaluated at once. */
    public EndpointBuilder workers(int workers) {
        this.workers = workers;
        return this;
    }

    /** Requests that may wait for their turn to evaluate; beyond it a request is answered 503 at once. */
    public EndpointBuilder queue(int queue) {
        this.queue = queue;
        return this;
    }

    public EndpointBuilder maxBodyBytes(long maxBodyBytes) {
        this.maxBodyBytes = maxBodyBytes;
        return this;
    }

    /** Accept SPARQL Update of the incomplete graph, by POST, from clients that send this bearer token. */
    public EndpointBuilder allowUpdate(String token) {
        this.updateToken = Objects.requireNonNull(token, "token");
        return this;
    }

    /** Virtuoso compatibility (string functions on IRIs, see {@link VirtuosoCompat}); default on for the Freebase shape. */
    public EndpointBuilder compat(boolean compat) {
        this.compat = compat;
        return this;
    }

    /** Where to materialise a view (initialised, emptied graphs); default a new in-memory store. */
    public EndpointBuilder viewStore(Repository viewStore) {
        this.viewStore = viewStore;
        return this;
    }

    /**
     * In front of a store behind HTTP: send each query to the store instead of answering it from a copy of the
     * served graphs made at start (the default; see {@link StoreCopy}).
     */
    public EndpointBuilder passThrough(boolean passThrough) {
        this.passThrough = passThrough;
        return this;
    }

    public EndpointBuilder accessLog(boolean accessLog) {
        this.accessLog = accessLog;
        return this;
    }

    /** Let web pages from this one origin read answers (CORS); default none. */
    public EndpointBuilder cors(String origin) {
        this.corsOrigin = origin;
        return this;
    }

    /** Open connections at most; more wait in the kernel's accept queue. */
    public EndpointBuilder maxConnections(int maxConnections) {
        this.maxConnections = maxConnections;
        return this;
    }

    /** A connection without progress this long (a client that stops mid-header, say) is closed. */
    public EndpointBuilder idleTimeout(Duration idleTimeout) {
        this.idleTimeout = idleTimeout;
        return this;
    }

    /** Bytes one query may allocate; default half the heap shared by the workers. */
    public EndpointBuilder queryMemory(long bytes) {
        this.queryMemoryBytes = bytes;
        return this;
    }

    /**
     * Query shapes kept parsed, so that a query of a shape seen before is not parsed again ({@link QueryShapes});
     * 0 parses every query. Default 1,024 (or the system property {@code lacuna.serve.queryShapes}).
     */
    public EndpointBuilder queryShapes(int shapes) {
        this.queryShapes = shapes;
        return this;
    }

    /** Largest request line and headers; a longer GET URL gets 414 with a hint to POST. */
    public EndpointBuilder maxUrlBytes(int bytes) {
        this.maxUrlBytes = bytes;
        return this;
    }

    /** At stop, write what the run's updates changed to this file (a SPARQL Update replaying them); default: discarded. */
    public EndpointBuilder keepUpdates(Path file) {
        this.keepUpdates = file;
        return this;
    }

    /**
     * The endpoint with these settings, checked: every problem of the settings is named at once, and the keep file
     * goes through the guard of every output ({@link OutputGuard#file}: never in a store or benchmark folder, nor a
     * folder, nor in a folder that does not exist).
     */
    public LacunaEndpoint build() {
        EndpointSettings settings = new EndpointSettings(repository, kg, view(), network(), limits(), updateToken);
        List<Path> stores = new ArrayList<>();
        for (Repository r : new Repository[] {repository, viewStore}) {
            if (r != null) {
                StoreKinds.config(r).folder().ifPresent(stores::add);
            }
        }
        OutputGuard.file("--keep-updates", keepUpdates, stores);
        return new LacunaEndpoint(settings, keepUpdates);
    }

    /** Checks every setting but the repository, so a CLI can report bad options before it opens a store. */
    public EndpointBuilder check() {
        EndpointSettings.check(kg, view(), network(), limits(), updateToken, new StringBuilder());
        return this;
    }

    private EndpointSettings.View view() {
        return new EndpointSettings.View(exposure, labels, shape, compat != null ? compat : shape == Shape.FREEBASE,
                viewStore, passThrough);
    }

    private EndpointSettings.Network network() {
        return new EndpointSettings.Network(host, port, corsOrigin, accessLog, maxConnections, idle(), maxUrlBytes);
    }

    private EndpointSettings.Limits limits() {
        int w = workers != null ? workers : EndpointSettings.defaultWorkers(repository, view());
        return new EndpointSettings.Limits(timeout, maxRows, w, queue, maxBodyBytes,
                queryMemoryBytes != null ? queryMemoryBytes : EndpointSettings.defaultQueryMemory(w),
                queryShapes != null ? queryShapes : EndpointSettings.defaultQueryShapes());
    }

    private Duration idle() {
        if (idleTimeout != null) {
            return idleTimeout;
        }
        // Longer than the query limit: a client waiting for its answer is not idle.
        Duration base = timeout == null ? Duration.ofSeconds(30) : timeout.plusSeconds(10);
        return base.compareTo(Duration.ofSeconds(30)) < 0 ? Duration.ofSeconds(30) : base;
    }
}
