package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.http.HTTPRepository;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.lmdb.LmdbStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.testing.Rdf4jServer;
import dev.lacuna.view.Shape;

/**
 * A system under test that writes (GoG) changes the graph it is served, never the benchmark: after a writable
 * run the store's graphs hold what they held before, and the next endpoint answers as the benchmark was built.
 * On an embedded store and on a remote one.
 */
@ExtendWith(Rdf4jServer.class)
class UpdatesLeaveTheBenchmarkTest {
    private static final String TOKEN = "a-long-enough-update-token";
    /** A removed triple: inserting it back is what a system that "repairs" the graph does to a hard answer. */
    private static final String HARD = "<" + ServeFixture.entity(1) + "> <" + ServeFixture.KG.relation(ServeFixture.SPOUSE)
            + "> <" + ServeFixture.entity(0) + ">";
    private static final String KEPT = "<" + ServeFixture.entity(0) + "> <" + ServeFixture.KG.relation(ServeFixture.SPOUSE)
            + "> <" + ServeFixture.entity(1) + ">";

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void anEmbeddedStoreKeepsItsGraphsThroughAWritableRun(@TempDir Path dir) throws Exception {
        Repository store = new SailRepository(new LmdbStore(dir.resolve("store").toFile()));
        store.init();
        try {
            ServeFixture.load(store);
            runAndCheck(store, dir, Shape.PLAIN);
            runAndCheck(store, dir, Shape.FREEBASE);
        } finally {
            store.shutDown();
        }
    }

    @Test
    void aRemoteStoreKeepsItsGraphsThroughAWritableRun(Rdf4jServer server, @TempDir Path dir) throws Exception {
        HTTPRepository remote = server.repository(server.createRepository("updates"));
        try {
            ServeFixture.load(remote);
            runAndCheck(remote, dir, Shape.PLAIN);
        } finally {
            remote.shutDown();
        }
    }

    private void runAndCheck(Repository store, Path dir, Shape shape) throws Exception {
        Set<String> before = everything(store);
        Path changes = dir.resolve("changes-" + shape.label() + ".ru");
        LacunaEndpoint writable = LacunaEndpoint.builder().repository(store).kg(ServeFixture.KG).port(0).shape(shape)
                .allowUpdate(TOKEN).keepUpdates(changes).accessLog(false).build().start();
        String hard = shape == Shape.PLAIN ? HARD : freebase(HARD);
        String kept = shape == Shape.PLAIN ? KEPT : freebase(KEPT);
        try {
            assertEquals(204, post(writable, "INSERT DATA { " + hard + " }").statusCode());
            assertEquals(204, post(writable, "DELETE DATA { " + kept + " }").statusCode());
            assertTrue(ask(writable, hard), "the run's own writes are served to it");
            assertFalse(ask(writable, kept));
        } finally {
            writable.stop();
        }
        assertEquals(before, everything(store), "a writable run changed the store");
        LacunaEndpoint next = LacunaEndpoint.builder().repository(store).kg(ServeFixture.KG).port(0).shape(shape)
                .accessLog(false).build().start();
        try {
            assertFalse(ask(next, hard), "the next server serves what an earlier run inserted");
            assertTrue(ask(next, kept), "the next server lacks what an earlier run deleted");
        } finally {
            next.stop();
        }
        String text = Files.readString(changes);
        assertTrue(text.contains("1 triples removed, 1 added"), text);
        assertTrue(text.contains("DELETE DATA {\n  " + kept + " .\n}"), text);
        assertTrue(text.contains("INSERT DATA {\n  " + hard + " .\n}"), text);
        // The kept changes replay on another writable run.
        LacunaEndpoint replay = LacunaEndpoint.builder().repository(store).kg(ServeFixture.KG).port(0).shape(shape)
                .allowUpdate(TOKEN).accessLog(false).build().start();
        try {
            assertEquals(204, post(replay, text).statusCode());
            assertTrue(ask(replay, hard));
            assertFalse(ask(replay, kept));
        } finally {
            replay.stop();
        }
        assertEquals(before, everything(store));
    }

    private static String freebase(String plain) {
        return plain.replace(ServeFixture.KG.entity(0).stringValue(), "http://rdf.freebase.com/ns/m.0")
                .replace(ServeFixture.KG.entity(1).stringValue(), "http://rdf.freebase.com/ns/m.1")
                .replace(ServeFixture.KG.relation(ServeFixture.SPOUSE).stringValue(),
                        "http://rdf.freebase.com/ns/people.person.spouse");
    }

    private static Set<String> everything(Repository store) {
        Set<String> out = new java.util.TreeSet<>();
        try (RepositoryConnection c = store.getConnection(); var statements = c.getStatements(null, null, null, false)) {
            for (Statement st : statements) {
                out.add(st.getSubject() + " " + st.getPredicate() + " " + st.getObject() + " " + st.getContext());
            }
        }
        return out;
    }

    private boolean ask(LacunaEndpoint endpoint, String pattern) throws Exception {
        return ServeFixture.ask(http, endpoint, pattern);
    }

    private HttpResponse<String> post(LacunaEndpoint endpoint, String update) throws Exception {
        return ServeFixture.update(http, endpoint, TOKEN, update);
    }
}
