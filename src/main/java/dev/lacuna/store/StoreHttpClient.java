package dev.lacuna.store;

import java.util.concurrent.TimeUnit;

import org.apache.http.HttpResponse;
import org.apache.http.impl.client.DefaultClientConnectionReuseStrategy;
import org.apache.http.impl.client.HttpClientBuilder;
import org.apache.http.protocol.HttpContext;
import org.eclipse.rdf4j.http.client.SharedHttpClientSessionManager;
import org.eclipse.rdf4j.repository.http.HTTPRepository;

/**
 * The HTTP client Lacuna talks to a repository server with: RDF4J's own settings (pool sizes, timeouts, system
 * properties), except that a connection that carried an error response (5xx) is closed rather than pooled.
 *
 * <p>Why: when a query hits the store's own time limit (serve passes its --timeout on), RDF4J Server and GraphDB
 * answer 503 with a keep-alive response and then close the connection on their side. Pooled, that connection is
 * stale: the next query leased it within moments, failed on it or waited for RDF4J's retry (logged as "Closing stale
 * connection"), and a query right after one cut at --timeout failed at once or took a second.
 */
final class StoreHttpClient {
    private static final long IDLE_MINUTES = 30;

    private StoreHttpClient() {
    }

    /** Gives the repository (before its first request) a client that does not pool connections after errors. */
    static void configure(HTTPRepository repository) {
        SharedHttpClientSessionManager manager = (SharedHttpClientSessionManager) repository.getHttpClientSessionManager();
        manager.setHttpClientBuilder(HttpClientBuilder.create()
                .useSystemProperties()
                .evictExpiredConnections()
                .evictIdleConnections(IDLE_MINUTES, TimeUnit.MINUTES)
                .setMaxConnPerRoute(SharedHttpClientSessionManager.MAX_CONN_PER_ROUTE)
                .setMaxConnTotal(SharedHttpClientSessionManager.MAX_CONN_TOTAL)
                .setDefaultRequestConfig(manager.getDefaultRequestConfig())
                .setConnectionReuseStrategy(StoreHttpClient::keepAlive));
    }

    /** Keeps a connection alive only after a response that is not a server error. */
    static boolean keepAlive(HttpResponse response, HttpContext context) {
        return response.getStatusLine().getStatusCode() < 500
                && DefaultClientConnectionReuseStrategy.INSTANCE.keepAlive(response, context);
    }
}
