package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.lmdb.LmdbStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;
import dev.lacuna.OutputGuard;

/**
 * The keep file of a writable run holds every change the endpoint accepted, whatever happens: it is written at
 * start, again after each update, and at stop (falling back to the temporary folder when its own path cannot be
 * written then). An update that would add a term no UTF-8 SPARQL text can hold (a lone surrogate through SPARQL's
 * {@code \\u} escapes, an IRI with a space made by a function) is refused with a 400 naming why, before its commit,
 * and the run's other changes are kept.
 */
class KeepUpdatesTest {
    private static final String TOKEN = "a-long-enough-update-token";
    private static final String KEPT = "<" + ServeFixture.entity(0) + "> <" + ServeFixture.KG.relation(ServeFixture.SPOUSE)
            + "> <" + ServeFixture.entity(1) + ">";

    @TempDir
    Path dir;
    private Repository store;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void load() {
        store = new SailRepository(new LmdbStore(dir.resolve("store").toFile()));
        store.init();
        ServeFixture.load(store);
    }

    @AfterEach
    void close() {
        store.shutDown();
    }

    private LacunaEndpoint writable(Path keep) {
        return LacunaEndpoint.builder().repository(store).kg(ServeFixture.KG).port(0).allowUpdate(TOKEN)
                .keepUpdates(keep).accessLog(false).build().start();
    }

    @Test
    void theKeepFileIsWrittenAtStartAndAfterEachUpdate() throws Exception {
        Path keep = dir.resolve("changes.ru");
        LacunaEndpoint endpoint = writable(keep);
        try {
            assertTrue(Files.readString(keep).contains("0 triples removed, 0 added"), "written at start");
            assertEquals(204, post(endpoint, "INSERT DATA { <urn:s1> <urn:p> \"one\" }").statusCode());
            awaitContent(keep, "<urn:s1> <urn:p> \"one\" .");
            assertEquals(204, post(endpoint, "DELETE DATA { " + KEPT + " }").statusCode());
            assertEquals(204, post(endpoint, "DELETE WHERE { <urn:s1> ?p ?o }").statusCode());
            awaitContent(keep, "1 triples removed, 0 added");
            assertTrue(Files.readString(keep).contains("DELETE DATA {\n  " + KEPT + " .\n}"), Files.readString(keep));
            assertEquals(204, post(endpoint, "INSERT { <urn:s2> <urn:p> ?x } WHERE { BIND(\"two\" AS ?x) }").statusCode());
            awaitContent(keep, "<urn:s2> <urn:p> \"two\" .");
        } finally {
            endpoint.stop();
        }
        String text = Files.readString(keep);
        assertTrue(text.contains("1 triples removed, 1 added"), text);
    }

    @Test
    void anUpdateNoKeepFileCouldHoldIsRefusedAndTheRunsChangesAreKept() throws Exception {
        Path keep = dir.resolve("changes.ru");
        LacunaEndpoint endpoint = writable(keep);
        try {
            assertEquals(204, post(endpoint, "INSERT DATA { <urn:s3> <urn:p> \"kept\" }").statusCode());
            // the probe as sent: a lone low surrogate written with SPARQL's escape
            HttpResponse<String> lone = post(endpoint, "INSERT DATA { <urn:s4> <urn:p> \"\\uDC00\" }");
            assertEquals(400, lone.statusCode(), lone.body());
            assertTrue(lone.body().contains("lone UTF-16 surrogate U+DC00"), lone.body());
            HttpResponse<String> computed = post(endpoint,
                    "INSERT { <urn:s5> <urn:p> ?x } WHERE { BIND(SUBSTR(\"\uD83D\uDE00\", 1, 1) AS ?x) }");
            assertEquals(400, computed.statusCode(), computed.body());
            assertTrue(computed.body().contains("lone UTF-16 surrogate U+D83D"), computed.body());
            HttpResponse<String> spaced = post(endpoint,
                    "INSERT { ?x <urn:p> <urn:o> } WHERE { BIND(IRI(\"urn:a b\") AS ?x) }");
            assertEquals(400, spaced.statusCode(), spaced.body());
            assertTrue(spaced.body().contains("U+0020"), spaced.body());
            assertFalse(ask(endpoint, "<urn:s4> ?p ?o") || ask(endpoint, "<urn:s5> ?p ?o"), "a refused update changed nothing");
            assertTrue(ask(endpoint, "<urn:s3> <urn:p> \"kept\""));
        } finally {
            endpoint.stop();
        }
        String text = Files.readString(keep, StandardCharsets.UTF_8);
        assertTrue(text.contains("0 triples removed, 1 added") && text.contains("<urn:s3> <urn:p> \"kept\" ."), text);
    }

    @Test
    void aKeepFileThatCannotBeWrittenAtStopFallsBackToTheTemporaryFolder() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("kept"));
        Path keep = folder.resolve("changes.ru");
        LacunaEndpoint endpoint = writable(keep);
        PrintStream err = System.err;
        ByteArrayOutputStream warned = new ByteArrayOutputStream();
        try {
            assertEquals(204, post(endpoint, "INSERT DATA { <urn:s6> <urn:p> \"six\" }").statusCode());
            awaitContent(keep, "\"six\"");
            // The folder is gone and a file holds its name: no write there can succeed any more.
            Files.delete(keep);
            Files.delete(folder);
            Files.writeString(folder, "not a folder");
            System.setErr(new PrintStream(warned, true, StandardCharsets.UTF_8));
            assertEquals(204, post(endpoint, "INSERT DATA { <urn:s7> <urn:p> \"seven\" }").statusCode());
        } finally {
            endpoint.stop();
            System.setErr(err);
        }
        String said = warned.toString(StandardCharsets.UTF_8);
        Path fallback = Path.of(System.getProperty("java.io.tmpdir"), "lacuna-keep-updates-" + ProcessHandle.current().pid() + ".ru");
        try {
            assertTrue(said.contains("could not be written at stop") && said.contains(fallback.toString()), said);
            String text = Files.readString(fallback);
            assertTrue(text.contains("\"six\"") && text.contains("\"seven\""), text);
        } finally {
            Files.deleteIfExists(fallback);
        }
    }

    @Test
    void theBuilderRefusesAKeepFileInsideTheStore() {
        BadInputException e = assertThrows(BadInputException.class, () -> LacunaEndpoint.builder().repository(store)
                .kg(ServeFixture.KG).port(0).allowUpdate(TOKEN).keepUpdates(dir.resolve("store").resolve("changes.ru"))
                .build());
        assertTrue(e.getMessage().contains("lies inside the input folder " + dir.resolve("store")), e.getMessage());
        assertTrue(OutputGuard.storeFolder(dir.resolve("store")));
    }

    /** Waits up to 10 s for the keep file to hold {@code text}: it is written on a thread of its own after an update. */
    private static void awaitContent(Path keep, String text) throws Exception {
        long end = System.nanoTime() + 10_000_000_000L;
        String content = "";
        while (System.nanoTime() < end) {
            content = Files.exists(keep) ? Files.readString(keep) : "";
            if (content.contains(text)) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the keep file does not hold " + text + " while the endpoint runs:\n" + content);
    }

    private boolean ask(LacunaEndpoint endpoint, String pattern) throws Exception {
        return ServeFixture.ask(http, endpoint, pattern);
    }

    private HttpResponse<String> post(LacunaEndpoint endpoint, String update) throws Exception {
        return ServeFixture.update(http, endpoint, TOKEN, update);
    }
}
