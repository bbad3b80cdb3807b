package dev.lacuna.serve;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;
import dev.lacuna.Warnings;
import dev.lacuna.folder.BuildRecord;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreKinds;
import dev.lacuna.view.KgView;
import dev.lacuna.view.LabelMode;
import dev.lacuna.view.Shape;

/**
 * A SPARQL 1.1 Protocol endpoint over a Lacuna store that serves only what the system under test may see: by
 * default the incomplete graph, at {@code /sparql/incomplete} and at {@code /sparql} (clients such as ToG and PoG
 * hard-code {@code /sparql}). Each served graph is the default graph of a fixed dataset, so it works the same on
 * an embedded store, RDF4J Server and GraphDB. Built like Jena's FusekiServer:
 *
 * <pre>{@code
 * LacunaEndpoint endpoint = LacunaEndpoint.builder().repository(repo).kg(KgGraphs.of("codex-m"))
 *         .port(0).labels(LabelMode.TEXT).shape(Shape.FREEBASE).build();
 * endpoint.start();
 * ... endpoint.url() + "sparql" ...
 * endpoint.stop();
 * }</pre>
 *
 * <p>Safe by default: binds 127.0.0.1, read-only, no CORS, a time limit per query that a watchdog enforces and a
 * memory budget per query ({@link Admission}), a row limit, a bounded number of queries at once and waiting,
 * bounded connections with an idle timeout (Jetty parses headers without holding a thread, so slow clients
 * cost a connection, never a worker), no federated SERVICE. The parts: {@link EndpointSettings} (fixed at
 * build), {@link ProtocolHandler}, {@link Admission}, {@link UpdateGuard}.
 */
public final class LacunaEndpoint {
    private static final Logger LOG = LoggerFactory.getLogger(LacunaEndpoint.class);
    /** A named graph that never holds data: the named-graph part of a graph endpoint's dataset, so GRAPH ?g sees nothing. */
    static final IRI NO_NAMED_GRAPHS = SimpleValueFactory.getInstance().createIRI("urn:lacuna:no-named-graphs");

    private final EndpointSettings settings;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private Map<String, Target> targets = Map.of();
    private Server server;
    private ServerConnector connector;
    private Admission admission;
    private KgView view;
    private Repository ownedViewStore;
    private RunCopy runCopy;
    private final Path keepUpdates;

    LacunaEndpoint(EndpointSettings settings, Path keepUpdates) {
        this.settings = settings;
        this.keepUpdates = keepUpdates;
    }

    public static EndpointBuilder builder() {
        return new EndpointBuilder();
    }

    /** The settings fixed at build. */
    public EndpointSettings settings() {
        return settings;
    }

    // ------------------------------------------------------------------ life cycle

    /**
     * Checks that the store holds what is to be served, builds the label/shape view if one is needed or copies the
     * served graphs of a store behind HTTP ({@link StoreCopy}), then binds and starts serving. A KG without triples in complete, or without an incomplete graph to expose, is refused
     * with the command that makes it.
     */
    public synchronized LacunaEndpoint start() {
        if (server != null) {
            throw new IllegalStateException("endpoint already started");
        }
        KgGraphs kg = settings.kg();
        checkStore(settings.repository(), kg, settings.view().exposure());
        Repository served = settings.repository();
        if (settings.view().materialised()) {
            Repository store = settings.view().viewStore();
            if (store == null) {
                store = new SailRepository(new MemoryStore());
                store.init();
                ownedViewStore = store;
            }
            view = KgView.build(settings.repository(), kg, settings.view().labels(), settings.view().shape(), store);
            served = store;
        } else if (settings.view().copies(served)) {
            List<IRI> graphs = settings.view().exposure().roles().stream().map(kg::graph).toList();
            served = StoreCopy.of(served, graphs, settings.view().viewStore());
            LOG.info("queries are answered from that copy, never sent to the store");
            if (settings.view().viewStore() == null) {
                ownedViewStore = served;
            }
        } else if (settings.view().copiesIfItFits(served)) {
            List<IRI> graphs = settings.view().exposure().roles().stream().map(kg::graph).toList();
            Repository copy = StoreCopy.ifItFits(served, graphs);
            if (copy != null) {
                LOG.info("queries are answered from that copy in memory");
                served = copy;
                ownedViewStore = copy;
            }
        }
        Repository writable = served;
        boolean copied = served != settings.repository();
        if (settings.updateToken() != null && (!copied || keepUpdates != null)) {
            // Without a view or a copy, updates would reach the published graph itself; a view or a copy is a copy
            // already, but what the run changed is then only known against a second copy.
            runCopy = RunCopy.of(served, kg.incomplete(), copied ? null : settings.view().viewStore(), keepUpdates);
            writable = runCopy.repository();
            BudgetedEvaluation.install(writable);
        }
        targets = Collections.unmodifiableMap(targets(settings.view().exposure(), kg, served, writable, runCopy));
        boolean embedded = BudgetedEvaluation.install(served);
        admission = new Admission(settings.limits().workers(), settings.limits().queue(), settings.limits().timeout(), settings.limits().queryMemoryBytes());
        QueryRunner runner = new QueryRunner(settings.limits().timeout(), settings.limits().maxRows(), !embedded);
        try {
            server = jetty();
            server.setHandler(new ProtocolHandler(settings, targets, admission, runner));
            server.start();
        } catch (Exception e) {
            release();
            if (portInUse(e)) {
                // the user's choice of port, not a failure of Lacuna: say which option changes it (exit 2)
                throw new BadInputException("cannot listen on " + settings.network().host() + ": port "
                        + settings.network().port() + " is in use (another lacuna serve?): stop that program, or give"
                        + " --port N for another port (--port 0 picks a free one)");
            }
            throw new LacunaException("cannot listen on " + settings.network().host() + ":" + settings.network().port() + ": " + e.getMessage(), e);
        }
        LOG.info("SPARQL endpoint at {} serving {} ({} names, {} shape; {}{})", url(), String.join(", ", targets.keySet()),
                settings.view().labels().label(), settings.view().shape().label(), settings.describeLimits(),
                settings.updateToken() != null ? "; updates to incomplete allowed with token" : "; read-only");
        if (settings.view().passThrough() && (copied || StoreKinds.config(settings.repository()).inMemory())) {
            Warnings.warn("--pass-through changes nothing here: it answers queries from the store itself instead of a "
                    + "copy, and this endpoint answers from {}", copied ? "its label/shape view" : "a memory store");
        }
        if (settings.view().exposure().all()) {
            Warnings.warn("--expose all: /sparql serves EVERY graph, the benchmark's hard answers and removed triples "
                    + "included. Never point a system under test at this server.");
        }
        if (!copied) {
            warnWithoutObjectIndex(served);
        }
        if (!InetAddress.getLoopbackAddress().getHostAddress().equals(settings.network().host()) && !settings.network().host().equals("localhost")) {
            Warnings.warn("listening on {}: reachable from other machines", settings.network().host());
        }
        return this;
    }

    private Server jetty() {
        QueuedThreadPool threads = new QueuedThreadPool(settings.limits().workers() + settings.limits().queue() + 32, 4) {
            // Requests are parsed and evaluated on these threads, on a deep stack, so that what QueryNesting lets
            // through parses and runs whatever the JIT has compiled yet (reserved, not committed).
            @Override
            public Thread newThread(Runnable runnable) {
                return new Thread(null, runnable, "lacuna-http", Admission.WORKER_STACK_BYTES);
            }
        };
        threads.setName("lacuna-http");
        threads.setDaemon(true);
        Server jetty = new Server(threads);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        http.setRequestHeaderSize(settings.network().maxUrlBytes());
        connector = new ServerConnector(jetty, new HttpConnectionFactory(http));
        connector.setHost(settings.network().host());
        connector.setPort(settings.network().port());
        connector.setIdleTimeout(settings.network().idleTimeout().toMillis());
        jetty.addConnector(connector);
        jetty.addBean(new NetworkConnectionLimit(settings.network().maxConnections(), connector));
        jetty.setErrorHandler(new PlainErrors());
        jetty.setStopTimeout(0);
        return jetty;
    }

    private static Map<String, Target> targets(Exposure exposure, KgGraphs kg, Repository served, Repository writable,
                                               RunCopy runCopy) {
        Map<String, Target> out = new LinkedHashMap<>();
        GraphRole single = exposure.single();
        if (single != null) {
            out.put("/sparql", target("/sparql", single, kg, served, writable, runCopy));
        } else if (exposure.all()) {
            out.put("/sparql", Target.everything("/sparql", served));
        }
        for (GraphRole role : exposure.roles()) {
            out.put("/sparql/" + role.label(), target("/sparql/" + role.label(), role, kg, served, writable, runCopy));
        }
        return out;
    }

    /** One graph's path: incomplete from the store updates write (and reported to the run's copy), the rest as served. */
    private static Target target(String path, GraphRole role, KgGraphs kg, Repository served, Repository writable,
                                 RunCopy runCopy) {
        return role == GraphRole.INCOMPLETE ? Target.graph(path, role, kg.graph(role), writable, runCopy)
                : Target.graph(path, role, kg.graph(role), served);
    }

    /**
     * Refuses (exit 2) a store that has nothing to serve, naming the command that fills it, and a store whose build
     * of the graphs to serve was interrupted after its commit (they are unverified, and no folder holds them).
     */
    static void checkStore(Repository repository, KgGraphs kg, Exposure exposure) {
        if (exposure.incomplete() || exposure.broken() != null) {
            BuildRecord.interrupted(repository, kg).ifPresent(interrupted -> {
                throw new BadInputException("nothing served: " + interrupted.message());
            });
        }
        try (RepositoryConnection c = repository.getConnection()) {
            if (!c.hasStatement(null, null, null, false, kg.complete())) {
                throw new BadInputException("KG '" + kg.name() + "' has no triples in its complete graph <" + kg.complete()
                        + "> in this store: load it first with `lacuna load --kg " + kg.name() + " FILE`");
            }
            if (exposure.incomplete() && !c.hasStatement(null, null, null, false, kg.incomplete())) {
                throw new BadInputException("KG '" + kg.name() + "' has no incomplete graph <" + kg.incomplete()
                        + "> yet: build the benchmark first with `lacuna build --kg " + kg.name()
                        + " --out DIR`, or serve the complete graph with --expose complete");
            }
            GraphRole broken = exposure.broken();
            if (broken != null && !c.hasStatement(null, null, null, false, kg.graph(broken))) {
                throw new BadInputException("KG '" + kg.name() + "' has no " + broken.label() + " graph <"
                        + kg.graph(broken) + ">: build the benchmark with `lacuna build --kg " + kg.name() + " "
                        + (broken == GraphRole.REPLACED ? "--break replace" : "--noise P") + " --out DIR`");
            }
        }
    }

    /**
     * ToG's and PoG's tail-relation query ({@code ?x ?relation <e>}) has only the object bound; without an index
     * that starts with o, the store scans the whole graph for it (20x slower on CoDEx-M, target/bench/serve.md;
     * at 2M triples on LMDB, docs/explanation/storage.md, "Indexes").
     */
    private static void warnWithoutObjectIndex(Repository repository) {
        String indexes = StoreKinds.indexes(repository).orElse(null);
        if (indexes == null) {
            return;
        }
        String kind = StoreKinds.config(repository).kind();
        boolean objectFirst = Arrays.stream(indexes.split(",")).anyMatch(i -> i.trim().startsWith("o"));
        if (!objectFirst) {
            Warnings.warn("the {} store has indexes {} but none starting with o: queries such as ?x ?relation <entity> "
                    + "scan the graph; serve with --store {}:DIR:{},ospc (RDF4J adds the index once, on opening)",
                    kind, indexes, kind, indexes);
        }
    }

    /** Stops serving (open connections are closed; running queries stop at their deadline) and drops the view; the store stays open. */
    public synchronized void stop() {
        if (server != null) {
            // A caller stopping because it was interrupted (Ctrl-C, a test ending) must still stop Jetty fully.
            boolean interrupted = Thread.interrupted();
            try {
                server.stop();
            } catch (Exception e) {
                Warnings.warn("stopping the HTTP server: {}", e.toString());
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            server = null;
        }
        release();
        stopped.countDown();
    }

    /** Whether starting failed because the address is taken: Jetty says "Failed to bind" over a BindException. */
    private static boolean portInUse(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.net.BindException
                    || (t.getMessage() != null && t.getMessage().startsWith("Failed to bind"))) {
                return true;
            }
        }
        return false;
    }

    private void release() {
        if (runCopy != null) {
            runCopy.finish();
            runCopy = null;
        }
        if (admission != null) {
            admission.close();
            admission = null;
        }
        if (ownedViewStore != null) {
            ownedViewStore.shutDown();
            ownedViewStore = null;
        }
    }

    /** The store the writable incomplete graph is served from: the run's copy (null for a read-only endpoint). */
    Repository writableCopy() {
        return runCopy != null ? runCopy.repository() : settings.updateToken() != null ? targets.get("/sparql/incomplete").repository() : null;
    }

    /** The store a served path answers from: the store itself, its copy or its view. */
    Repository servedRepository(String path) {
        return targets.get(path).repository();
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
        return connector.getLocalPort();
    }

    /** The base URL, ending in '/': append "sparql" etc. */
    public String url() {
        String host = settings.network().host().contains(":") ? "[" + settings.network().host() + "]" : settings.network().host();
        return "http://" + host + ":" + port() + "/";
    }

    /** The served paths ("/sparql", "/sparql/incomplete", ...) in the order the home page lists them. */
    public Set<String> paths() {
        return targets.keySet();
    }

    /** Operations admitted and not yet finished on their thread, cancelled ones included (0 when idle). */
    int running() {
        return admission == null ? 0 : admission.inFlight();
    }

    /** The materialised view, or null when the store is served as it is. */
    public KgView view() {
        return view;
    }
}
