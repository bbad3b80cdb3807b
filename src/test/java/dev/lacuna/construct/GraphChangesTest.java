package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.XSD;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.lmdb.LmdbStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.store.KgGraphs;

/**
 * The changes found in one read of an LMDB store are exact for every graph at once: applied (clear, remove, add),
 * each graph holds the wanted statements, whatever the other graphs and the graph itself held (literals, a foreign
 * IRI, an entity written "entity/007"); a graph that should be empty is cleared; a graph the store lacks is added
 * whole; a graph of literals compared as a set.
 */
class GraphChangesTest {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final KgGraphs KG = KgGraphs.of("t");

    @TempDir
    Path dir;

    @Test
    void appliedChangesLeaveEveryGraphAsWanted() {
        List<Statement> incompleteWanted = new ArrayList<>();
        List<Statement> incompleteStored = new ArrayList<>();
        List<Statement> replacedWanted = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            Statement st = st(i, "r" + (i % 7), (i * 31L) % 5_000);
            if (i % 10 != 0) {
                incompleteWanted.add(st);
                replacedWanted.add(st);
            }
            if (i % 13 != 0) {
                incompleteStored.add(st);
            }
        }
        incompleteStored.add(VF.createStatement(KG.entity(1), KG.relation("r1"), VF.createLiteral("1")));
        incompleteStored.add(VF.createStatement(VF.createIRI("urn:x"), KG.relation("r1"), KG.entity(2)));
        incompleteStored.add(VF.createStatement(VF.createIRI(KG.entityPrefix() + "007"), KG.relation("r2"), KG.entity(3)));
        incompleteWanted.add(st(7, "r2", 3));
        replacedWanted.add(st(8, "r3", 9));
        List<Statement> noisyStored = List.of(st(1, "r1", 2), st(2, "r1", 3));
        IRI question = VF.createIRI(KG.prefix() + "question/q1");
        IRI text = VF.createIRI("urn:text");
        List<Statement> benchmarkStored = List.of(
                VF.createStatement(question, text, VF.createLiteral("who?")),
                VF.createStatement(question, text, VF.createLiteral("0.2", XSD.DOUBLE)),
                VF.createStatement(question, text, VF.createLiteral("gone", "en")));
        List<Statement> benchmarkWanted = List.of(
                VF.createStatement(question, text, VF.createLiteral("who?")),
                VF.createStatement(question, text, VF.createLiteral("0.2", XSD.DOUBLE)),
                VF.createStatement(question, text, VF.createLiteral("new", "en")));
        SailRepository repository = new SailRepository(new LmdbStore(dir.resolve("store").toFile()));
        try (RepositoryConnection c = repository.getConnection()) {
            c.add(incompleteStored, KG.incomplete());
            c.add(incompleteStored, KG.complete());
            c.add(noisyStored, KG.noisy());
            c.add(benchmarkStored, KG.benchmark());
            Map<IRI, List<Statement>> packed = new LinkedHashMap<>();
            packed.put(KG.incomplete(), incompleteWanted);
            packed.put(KG.replaced(), replacedWanted);
            packed.put(KG.noisy(), List.of());
            Map<IRI, GraphChanges.Change> changes = GraphChanges.of(c, KG, packed,
                    Map.of(KG.benchmark(), benchmarkWanted));
            assertEquals(List.of(KG.incomplete(), KG.replaced(), KG.noisy(), KG.benchmark()),
                    new ArrayList<>(changes.keySet()));
            assertTrue(changes.get(KG.noisy()).clear(), "a graph that should be empty is cleared");
            assertFalse(changes.get(KG.incomplete()).clear());
            assertEquals(replacedWanted.size(), changes.get(KG.replaced()).add().size(), "a new graph is added whole");
            assertEquals(2, changes.get(KG.benchmark()).size(), "one literal removed, one added");
            Set<Statement> expectedRemove = new HashSet<>(incompleteStored);
            expectedRemove.removeAll(incompleteWanted);
            assertEquals(expectedRemove, new HashSet<>(changes.get(KG.incomplete()).remove()));
            c.begin();
            changes.forEach((g, change) -> {
                if (change.clear()) {
                    c.clear(g);
                }
            });
            changes.forEach((g, change) -> c.remove(change.remove(), g));
            changes.forEach((g, change) -> c.add(change.add(), g));
            c.commit();
            assertEquals(new HashSet<>(incompleteWanted), held(c, KG.incomplete()));
            assertEquals(new HashSet<>(replacedWanted), held(c, KG.replaced()));
            assertEquals(Set.of(), held(c, KG.noisy()));
            assertEquals(new HashSet<>(benchmarkWanted), held(c, KG.benchmark()));
            assertEquals(new HashSet<>(incompleteStored), held(c, KG.complete()), "a graph not named is left alone");
        } finally {
            repository.shutDown();
        }
    }

    private static Set<Statement> held(RepositoryConnection c, IRI graph) {
        Set<Statement> now = new HashSet<>();
        c.getStatements(null, null, null, false, graph)
                .forEach(st -> now.add(VF.createStatement(st.getSubject(), st.getPredicate(), st.getObject())));
        return now;
    }

    private static Statement st(long s, String r, long o) {
        return VF.createStatement(KG.entity(s), KG.relation(r), KG.entity(o));
    }
}
