package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.nativerdf.NativeStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.testing.FreebaseClient;
import dev.lacuna.view.LabelMode;
import dev.lacuna.view.Shape;

/**
 * A broken graph served through a view ({@code serve --expose replaced --shape freebase --labels text}) holds its own
 * triples and names, as complete and incomplete do; a view that copied only those two served it empty.
 */
class BrokenGraphViewTest {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    @Test
    void theReplacedGraphIsServedInTheFreebaseShapeWithNames(@TempDir Path dir) {
        Repository store = new SailRepository(new NativeStore(dir.resolve("store").toFile()));
        store.init();
        ServeFixture.load(store);
        List<Statement> replaced = new ArrayList<>(ServeFixture.complete());
        replaced.removeAll(ServeFixture.removed());
        Statement trap = VF.createStatement(ServeFixture.entity(4), ServeFixture.KG.relation(ServeFixture.SPOUSE),
                ServeFixture.entity(5));
        replaced.add(trap);
        try (RepositoryConnection c = store.getConnection()) {
            c.add(replaced, ServeFixture.KG.replaced());
        }
        LacunaEndpoint endpoint = LacunaEndpoint.builder().repository(store).kg(ServeFixture.KG).port(0)
                .labels(LabelMode.TEXT).shape(Shape.FREEBASE).expose(Exposure.parse("replaced")).accessLog(false)
                .build().start();
        try {
            String url = endpoint.url() + "sparql";
            String prefix = "PREFIX ns: <http://rdf.freebase.com/ns/>\n";
            // m.4 spouse m.3 of complete, and the trap m.4 spouse m.5 that only replaced states
            assertEquals(Set.of("m.3", "m.5"), new HashSet<>(FreebaseClient.select(url,
                    prefix + "SELECT ?t WHERE { ns:m.4 ns:people.person.spouse ?t }", "t")));
            assertEquals(List.of(ServeFixture.TEXT[4]), FreebaseClient.select(url,
                    prefix + "SELECT ?n WHERE { ns:m.4 ns:type.object.name ?n }", "n"));
            // The graph's relation triples and one name per entity, nothing of the other graphs.
            assertEquals(replaced.size() + ServeFixture.SOURCE_IDS.length,
                    FreebaseClient.select(url, "SELECT ?s WHERE { ?s ?p ?o }", "s").size());
        } finally {
            endpoint.stop();
            store.shutDown();
        }
    }
}
