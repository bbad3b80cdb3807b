package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.eclipse.rdf4j.repository.http.HTTPRepository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.lacuna.testing.Rdf4jServer;

/**
 * In front of a remote store with {@code --pass-through} the rows are written as the store's response is read; at the row limit reading
 * stops. The answer then holds exactly the limit's rows, and the store's connection pool still serves the next
 * queries (a response abandoned half-read must not leave a broken connection in the pool).
 */
@ExtendWith(Rdf4jServer.class)
class RemoteRowLimitTest {
    private final HttpClient http = HttpClient.newHttpClient();

    private List<String> rows(String url, String query) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url + "?query="
                + URLEncoder.encode(query, StandardCharsets.UTF_8))).header("Accept", "text/csv").build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return r.body().lines().skip(1).toList();
    }

    @Test
    void anAnswerCutAtTheRowLimitLeavesTheStoreUsable(Rdf4jServer server) throws Exception {
        String id = server.createRepository("rows");
        HTTPRepository remote = server.repository(id);
        ServeFixture.load(remote);
        LacunaEndpoint endpoint = LacunaEndpoint.builder().repository(remote).kg(ServeFixture.KG).port(0)
                .expose(Exposure.parse("complete")).maxRows(3).workers(2).passThrough(true).build().start();
        try {
            String url = endpoint.url() + "sparql/complete";
            for (int i = 0; i < 10; i++) {
                assertEquals(3, rows(url, "SELECT * WHERE { ?s ?p ?o }").size(), "query " + i);
                assertEquals(2, rows(url, "SELECT * WHERE { ?s ?p ?o } LIMIT 2").size(), "query " + i);
            }
            assertEquals(3, rows(url, "SELECT DISTINCT ?s ?p ?o WHERE { ?s ?p ?o } ORDER BY ?s ?p ?o").size());
        } finally {
            endpoint.stop();
            remote.shutDown();
            server.deleteRepository(id);
        }
    }
}
