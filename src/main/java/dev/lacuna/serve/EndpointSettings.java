package dev.lacuna.serve;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.time.Duration;

import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.BadInputException;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreKinds;
import dev.lacuna.view.KgView;
import dev.lacuna.view.LabelMode;
import dev.lacuna.view.Shape;

/**
 * Every setting of one endpoint, fixed when {@link EndpointBuilder#build()} runs: a builder changed after
 * that changes nothing that serves. The settings come in three small groups (what is shown, how it is reached, what
 * a request may cost) beside the store and the update token. The constructor checks everything and names every
 * problem at once.
 */
public record EndpointSettings(Repository repository, KgGraphs kg, View view, Network network, Limits limits,
        String updateToken) {

    /**
     * What a client sees: the exposed graphs, how entities are named, the plain or Freebase shape, Virtuoso's
     * habits for ToG/PoG clients, the store holding the label view or the copy of a remote store's graphs (null: a
     * memory store), and whether queries are sent on to a remote store instead of answered from that copy.
     */
    public record View(Exposure exposure, LabelMode labels, Shape shape, boolean compat, Repository viewStore,
            boolean passThrough) {
        void check(StringBuilder problems) {
            if (labels == null || shape == null || exposure == null) {
                problems.append("; labels, shape and exposure must be set");
            }
        }

        /** Whether the served graphs are materialised in this process as a label/shape view. */
        boolean materialised() {
            return KgView.needed(labels, shape);
        }

        /**
         * Whether the graphs of this store are copied into this process at start and answered from there
         * ({@link StoreCopy}): a store behind HTTP, unless the user asked for pass-through or --expose all (which
         * serves the store as it is, every graph of it).
         */
        boolean copies(Repository repository) {
            return !materialised() && !passThrough && !exposure.all() && repository != null
                    && !StoreKinds.config(repository).embedded();
        }

        /**
         * Whether the served graphs of a store in this process on disk (LMDB, native) are copied into memory at start
         * when the heap can hold them ({@link StoreCopy#ifItFits}): unless the user asked for pass-through or
         * --expose all.
         */
        boolean copiesIfItFits(Repository repository) {
            return !materialised() && !passThrough && !exposure.all() && repository != null
                    && StoreKinds.config(repository).embedded() && !StoreKinds.config(repository).inMemory();
        }
    }

    /**
     * How the endpoint is reached: address, the one origin allowed to read answers from a web page (null: none),
     * the access log, open connections at most, how long an idle connection is kept, and the longest request line
     * and headers (a longer GET URL is answered 414 with a hint to POST).
     */
    public record Network(String host, int port, String corsOrigin, boolean accessLog, int maxConnections,
            Duration idleTimeout, int maxUrlBytes) {
        void check(StringBuilder problems) {
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
                problems.append("; --port must lie in 0..65535, got ").append(port);
            }
            if (corsOrigin != null && !validOrigin(corsOrigin)) {
                problems.append("; --cors needs one origin such as https://example.org (scheme://host[:port]), got '")
                        .append(corsOrigin).append('\'');
            }
            if (maxConnections < 8 || maxConnections > 100_000) {
                problems.append("; --max-connections must lie in 8..100000, got ").append(maxConnections);
            }
            if (idleTimeout == null || idleTimeout.toMillis() < 100) {
                problems.append("; idle timeout must be at least 100 ms, got ").append(idleTimeout);
            }
            if (maxUrlBytes < 1024 || maxUrlBytes > (1 << 20)) {
                problems.append("; max URL bytes must lie in 1024..1048576, got ").append(maxUrlBytes);
            }
        }
    }

    /**
     * What one request may cost: its time, the rows of an answer (more are cut), queries running and waiting, the
     * body of a POST, and the bytes one query may allocate while it reads the store (ThreadMXBean's count; past it
     * the query is cancelled with 503, so workers x this is the most running queries can take from the heap); and
     * the query shapes kept parsed ({@link QueryShapes}; 0: every query parsed).
     */
    public record Limits(Duration timeout, long maxRows, int workers, int queue, long maxBodyBytes,
            long queryMemoryBytes, int queryShapes) {
        void check(StringBuilder problems) {
            if (timeout == null || timeout.isNegative() || timeout.isZero() || timeout.compareTo(Duration.ofHours(24)) > 0) {
                problems.append("; --timeout must lie between 1 ms and 24 h, got ").append(timeout);
            }
            if (maxRows < 1) {
                problems.append("; --max-rows must be at least 1, got ").append(maxRows);
            }
            if (workers < 1 || workers > 1024) {
                problems.append("; --workers must lie in 1..1024, got ").append(workers);
            }
            if (queue < 0 || queue > 100_000) {
                problems.append("; --queue must lie in 0..100000, got ").append(queue);
            }
            if (maxBodyBytes < 1024) {
                problems.append("; --max-body must be at least 1024 bytes, got ").append(maxBodyBytes);
            }
            if (queryMemoryBytes < (1L << 20)) {
                problems.append("; --query-memory must be at least 1 MiB, got ").append(queryMemoryBytes);
            }
            if (queryShapes < 0 || queryShapes > 100_000) {
                problems.append("; --query-shapes must lie in 0..100000, got ").append(queryShapes);
            }
        }
    }

    public EndpointSettings {
        StringBuilder problems = new StringBuilder();
        if (repository == null) {
            problems.append("; no repository to serve");
        }
        check(kg, view, network, limits, updateToken, problems);
    }

    /** Checks every setting but the repository; appends "; problem" for each to problems, throws if any. */
    static void check(KgGraphs kg, View view, Network network, Limits limits, String updateToken,
            StringBuilder problems) {
        if (kg == null) {
            problems.append("; no KG (graph names) given");
        }
        view.check(problems);
        network.check(problems);
        limits.check(problems);
        if (updateToken != null && updateToken.strip().length() < 16) {
            problems.append("; the update token must have at least 16 characters");
        }
        if (updateToken != null && view.exposure() != null && !view.exposure().incomplete()) {
            problems.append("; updates need the incomplete graph exposed (complete is never writable)");
        }
        if (updateToken != null && view.exposure() != null && view.exposure().all()) {
            // /sparql would serve the store's incomplete graph and /sparql/incomplete the run's copy that updates
            // change: two views of one graph that disagree. And a writable run is a system's run, which must never
            // see every graph.
            problems.append("; --allow-update cannot go with --expose all: updates change a copy of incomplete made for"
                    + " the run, which /sparql/incomplete serves, while /sparql under --expose all serves the store's"
                    + " graphs as built, so the two would disagree; serve a writable run with --expose incomplete (the"
                    + " default) or complete,incomplete");
        }
        if (problems.length() > 0) {
            throw new BadInputException("endpoint settings: " + problems.substring(2));
        }
    }

    private static boolean validOrigin(String origin) {
        try {
            URI u = new URI(origin);
            return (u.getScheme() != null && (u.getScheme().equals("http") || u.getScheme().equals("https")))
                    && u.getHost() != null && (u.getRawPath() == null || u.getRawPath().isEmpty())
                    && u.getRawQuery() == null && u.getRawFragment() == null && u.getRawUserInfo() == null;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /**
     * Queries at once by default: 2 x cores where this process evaluates them, at least 16 when each is passed
     * through to a remote store. There a worker mostly waits for the store's answer, and 2 x this machine's cores
     * held a store that evaluates 16 queries at once to a few (in front of GraphDB on 2 cores: half the queries per
     * second that GraphDB served 16 clients directly).
     */
    static int defaultWorkers(Repository repository, View view) {
        int local = Math.max(2, Runtime.getRuntime().availableProcessors() * 2);
        boolean evaluatedHere = repository == null || view.materialised() || view.copies(repository)
                || StoreKinds.config(repository).embedded();
        return evaluatedHere ? local : Math.max(16, local);
    }

    /**
     * Query shapes kept by default: 1,024, unless the system property {@code lacuna.serve.queryShapes} says
     * otherwise ({@code false} or 0 parses every query: a test suite can run the endpoint without the cache).
     */
    static int defaultQueryShapes() {
        String property = System.getProperty("lacuna.serve.queryShapes");
        if (property == null || property.equalsIgnoreCase("true")) {
            return 1024;
        }
        return property.equalsIgnoreCase("false") ? 0 : Integer.parseInt(property.strip());
    }

    /** The default memory budget: all workers together may take half the heap. */
    static long defaultQueryMemory(int workers) {
        return Math.max(64L << 20, Runtime.getRuntime().maxMemory() / (2L * Math.max(1, workers)));
    }

    public String describeLimits() {
        return "timeout " + QueryRunner.describe(limits.timeout()) + ", at most " + limits.maxRows()
                + " rows per answer (more are cut), " + mib(limits.queryMemoryBytes()) + " per query, " + limits.workers()
                + " queries at once, " + limits.queue() + " waiting, " + network.maxConnections() + " connections";
    }

    static String mib(long bytes) {
        return (bytes >> 20) + " MiB";
    }
}
