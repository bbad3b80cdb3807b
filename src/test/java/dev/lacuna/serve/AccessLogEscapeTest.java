package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import org.apache.commons.io.output.TeeOutputStream;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.junit.jupiter.api.Test;

/**
 * The access log shows a request's decoded path; a client's control and direction characters (U+202E turns the
 * rest of a terminal line around, U+0085 and U+2028 break lines) are written escaped, so that one log line shows
 * what was asked and nothing else.
 */
class AccessLogEscapeTest {
    @Test
    void controlAndFormatCharactersInPathsAreEscaped() throws Exception {
        Repository store = new SailRepository(new MemoryStore());
        store.init();
        ServeFixture.load(store);
        LacunaEndpoint endpoint = LacunaEndpoint.builder().repository(store).kg(ServeFixture.KG).port(0).build().start();
        PrintStream err = System.err;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        System.setErr(new PrintStream(new TeeOutputStream(err, log), true, StandardCharsets.UTF_8));
        try {
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(endpoint.url()
                    + "sparql%E2%80%AEgpj.exe%C2%85%E2%80%A8x")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(404, r.statusCode(), r.body());
            Thread.sleep(200);
        } finally {
            System.setErr(err);
            endpoint.stop();
            store.shutDown();
        }
        String logged = log.toString(StandardCharsets.UTF_8);
        assertFalse(logged.contains("\u202e") || logged.contains("\u0085") || logged.contains("\u2028"), logged);
        assertTrue(logged.contains("/sparql\\u202egpj.exe\\u0085\\u2028x"), logged);
    }
}
