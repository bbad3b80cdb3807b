package dev.lacuna.serve;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.time.Duration;

import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.BadInputException;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.view.LabelMode;
import dev.lacuna.view.Shape;

/**
 * Every setting of one endpoint, fixed when {@link LacunaEndpoint.Builder#build()} runs: a builder changed after
 * that changes nothing that serves. The constructor checks everything and names every problem at once.
 *
 * @param queryMemoryBytes bytes one query may allocate while it reads the store (ThreadMXBean's count); past it
 *        the query is cancelled with 503. Allocation bounds what a query can hold, so workers x this is the
 *        most that running queries can take from the heap.
 * @param maxUrlBytes the request line and headers; a longer GET URL is answered 414 with a hint to POST
 */
public record EndpointSettings(Repository repository, KgGraphs kg, Exposure exposure, String host, int port,
        LabelMode labels, Shape shape, Duration timeout, long maxRows, int workers, int queue, long maxBodyBytes,
        String updateToken, boolean compat, Repository viewStore, boolean accessLog, String corsOrigin,
        int maxConnections, Duration idleTimeout, long queryMemoryBytes, int maxUrlBytes) {

    public EndpointSettings {
        StringBuilder problems = new StringBuilder();
        if (repository == null) {
            problems.append("; no repository to serve");
        }
        check(kg, labels, shape, exposure, host, port, timeout, maxRows, workers, queue, maxBodyBytes, updateToken,
                corsOrigin, maxConnections, idleTimeout, queryMemoryBytes, maxUrlBytes, problems);
    }

    /** Checks every setting but the repository; appends "; problem" for each to problems, throws if any. */
    static void check(KgGraphs kg, LabelMode labels, Shape shape, Exposure exposure, String host, int port,
            Duration timeout, long maxRows, int workers, int queue, long maxBodyBytes, String updateToken,
            String corsOrigin, int maxConnections, Duration idleTimeout, long queryMemoryBytes, int maxUrlBytes,
            StringBuilder problems) {
        if (kg == null) {
            problems.append("; no KG (graph names) given");
        }
        if (labels == null || shape == null || exposure == null) {
            problems.append("; labels, shape and exposure must be set");
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
        if (updateToken != null && exposure != null && !exposure.incomplete()) {
            problems.append("; updates need the incomplete graph exposed (complete is never writable)");
        }
        if (corsOrigin != null && !validOrigin(corsOrigin)) {
            problems.append("; --cors needs one origin such as https://example.org (scheme://host[:port]), got '")
                    .append(corsOrigin).append('\'');
        }
        if (maxConnections < 8 || maxConnections > 100_000) {
            problems.append("; max connections must lie in 8..100000, got ").append(maxConnections);
        }
        if (idleTimeout == null || idleTimeout.toMillis() < 100) {
            problems.append("; idle timeout must be at least 100 ms, got ").append(idleTimeout);
        }
        if (queryMemoryBytes < (1L << 20)) {
            problems.append("; query memory must be at least 1 MiB, got ").append(queryMemoryBytes);
        }
        if (maxUrlBytes < 1024 || maxUrlBytes > (1 << 20)) {
            problems.append("; max URL bytes must lie in 1024..1048576, got ").append(maxUrlBytes);
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

    /** The default memory budget: all workers together may take half the heap. */
    static long defaultQueryMemory(int workers) {
        return Math.max(64L << 20, Runtime.getRuntime().maxMemory() / (2L * Math.max(1, workers)));
    }

    public String describeLimits() {
        return "timeout " + QueryRunner.describe(timeout) + ", at most " + maxRows + " rows per answer (more are cut), "
                + mib(queryMemoryBytes) + " per query, " + workers + " queries at once, " + queue + " waiting, "
                + maxConnections + " connections";
    }

    static String mib(long bytes) {
        return (bytes >> 20) + " MiB";
    }
}
