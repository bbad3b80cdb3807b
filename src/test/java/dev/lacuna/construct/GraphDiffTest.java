package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.junit.jupiter.api.Test;

import dev.lacuna.store.KgGraphs;

/**
 * The difference is exact: applied to the stored graph it gives the wanted statements, whatever else the graph
 * holds (a literal object, a foreign IRI, an entity IRI written "entity/007", which is not "entity/7").
 */
class GraphDiffTest {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final KgGraphs KG = KgGraphs.of("t");

    @Test
    void theDifferenceTurnsTheStoredGraphIntoTheWantedOne() {
        List<Statement> wanted = new ArrayList<>();
        List<Statement> stored = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            Statement st = st(i, "r" + (i % 7), (i * 31L) % 5_000);
            if (i % 10 != 0) {
                wanted.add(st);
            }
            if (i % 13 != 0) {
                stored.add(st);
            }
        }
        stored.add(VF.createStatement(KG.entity(1), KG.relation("r1"), VF.createLiteral("1")));
        stored.add(VF.createStatement(VF.createIRI("urn:x"), KG.relation("r1"), KG.entity(2)));
        stored.add(VF.createStatement(VF.createIRI(KG.entityPrefix() + "007"), KG.relation("r2"), KG.entity(3)));
        stored.add(st(3, "other", 4));
        stored.add(st(9_999_999, "r1", 4));
        wanted.add(st(7, "r2", 3));
        SailRepository repository = new SailRepository(new MemoryStore());
        try (RepositoryConnection c = repository.getConnection()) {
            c.add(stored, KG.incomplete());
            GraphDiff.Result diff = GraphDiff.of(c, KG.incomplete(), wanted, KG);
            assertNotNull(diff);
            Set<Statement> expectedRemove = new HashSet<>(stored);
            expectedRemove.removeAll(wanted);
            Set<Statement> expectedAdd = new HashSet<>(wanted);
            expectedAdd.removeAll(stored);
            assertEquals(expectedRemove, new HashSet<>(diff.remove()));
            assertEquals(expectedAdd, new HashSet<>(diff.add()));
            c.remove(diff.remove(), KG.incomplete());
            c.add(diff.add(), KG.incomplete());
            Set<Statement> now = new HashSet<>();
            c.getStatements(null, null, null, false, KG.incomplete())
                    .forEach(st -> now.add(VF.createStatement(st.getSubject(), st.getPredicate(), st.getObject())));
            assertEquals(new HashSet<>(wanted), now);
        } finally {
            repository.shutDown();
        }
    }

    @Test
    void wantedStatementsNotOfTheKgsFormAreNotDiffed() {
        SailRepository repository = new SailRepository(new MemoryStore());
        try (RepositoryConnection c = repository.getConnection()) {
            assertNull(GraphDiff.of(c, KG.incomplete(),
                    List.of(VF.createStatement(KG.entity(1), KG.relation("r"), VF.createLiteral("x"))), KG));
        } finally {
            repository.shutDown();
        }
    }

    private static Statement st(long s, String r, long o) {
        IRI p = KG.relation(r);
        return VF.createStatement(KG.entity(s), p, KG.entity(o));
    }
}
