package dev.lacuna.testing;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

import org.eclipse.rdf4j.repository.http.HTTPRepository;

import dev.lacuna.store.SparqlCredentials;

/**
 * The repository calls of RDF4J's REST protocol that the test servers share (RDF4J Server and GraphDB speak the
 * same one): create a repository from a Turtle config, open it, delete it.
 */
final class RepositoryRest {
    private final String serverUrl;
    private final SparqlCredentials credentials;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** {@code serverUrl} without the trailing /repositories, e.g. http://127.0.0.1:PORT/rdf4j-server. */
    RepositoryRest(String serverUrl) {
        this(serverUrl, null);
    }

    /** A server that asks for a user and password (null: one that does not). */
    RepositoryRest(String serverUrl, SparqlCredentials credentials) {
        this.serverUrl = serverUrl;
        this.credentials = credentials;
    }

    String repositoryUrl(String id) {
        return serverUrl + "/repositories/" + id;
    }

    /** PUT /repositories/ID with a Turtle config, as a user would with curl; the id must be unused. */
    void create(String id, String turtleConfig, Duration timeout) {
        HttpRequest put = HttpRequest.newBuilder(URI.create(repositoryUrl(id)))
                .header("Content-Type", "text/turtle")
                .PUT(HttpRequest.BodyPublishers.ofString(turtleConfig, StandardCharsets.UTF_8))
                .timeout(timeout).build();
        expect2xx(put);
    }

    /** An initialised client for a repository; the caller shuts it down. */
    HTTPRepository open(String id) {
        HTTPRepository repository = new HTTPRepository(repositoryUrl(id));
        if (credentials != null) {
            repository.setUsernameAndPassword(credentials.user(), credentials.password());
        }
        repository.init();
        return repository;
    }

    /** Deletes a repository and its data. */
    void delete(String id) {
        expect2xx(HttpRequest.newBuilder(URI.create(repositoryUrl(id))).DELETE().timeout(Duration.ofSeconds(60)).build());
    }

    private void expect2xx(HttpRequest unauthenticated) {
        HttpRequest request = unauthenticated;
        if (credentials != null) {
            String basic = Base64.getEncoder().encodeToString((credentials.user() + ":" + credentials.password())
                    .getBytes(StandardCharsets.UTF_8));
            request = HttpRequest.newBuilder(unauthenticated, (k, v) -> true).header("Authorization", "Basic " + basic).build();
        }
        HttpResponse<String> r;
        try {
            r = http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException(request.method() + " " + request.uri() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        if (r.statusCode() / 100 != 2) {
            throw new IllegalStateException(request.method() + " " + request.uri() + " answered " + r.statusCode() + ": "
                    + r.body());
        }
    }
}
