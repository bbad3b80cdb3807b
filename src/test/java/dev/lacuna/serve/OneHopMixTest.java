package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.junit.jupiter.api.Test;

/** The serve benchmarks' one-hop mix asks what ToG asks: each shape answered over the fixture's complete graph. */
class OneHopMixTest {
    @Test
    void eachShapeFindsTheTriplesAroundItsEntity() {
        SailRepository repo = new SailRepository(new MemoryStore());
        try (RepositoryConnection c = repo.getConnection()) {
            c.add(ServeFixture.complete());
            IRI carol = ServeFixture.entity(2);
            IRI alice = ServeFixture.entity(0);
            IRI parent = ServeFixture.KG.relation(ServeFixture.PARENT);
            IRI sibling = ServeFixture.KG.relation(ServeFixture.SIBLING);
            IRI spouse = ServeFixture.KG.relation(ServeFixture.SPOUSE);
            // The triple (Carol, parent, Alice): Carol's relations out, Alice's relations in, Carol's parents, Alice's children.
            assertEquals(strings(parent, sibling), answers(c, ServeFixture.oneHopQuery(0, carol, parent, alice), "relation"));
            assertEquals(strings(parent, spouse), answers(c, ServeFixture.oneHopQuery(1, carol, parent, alice), "relation"));
            assertEquals(strings(alice, ServeFixture.entity(1)),
                    answers(c, ServeFixture.oneHopQuery(2, carol, parent, alice), "tailEntity"));
            assertEquals(strings(carol, ServeFixture.entity(5)),
                    answers(c, ServeFixture.oneHopQuery(3, carol, parent, alice), "tailEntity"));
            assertEquals(ServeFixture.oneHopQuery(0, carol, parent, alice), ServeFixture.oneHopQuery(4, carol, parent, alice));
        } finally {
            repo.shutDown();
        }
    }

    private static Set<String> strings(IRI... iris) {
        Set<String> out = new TreeSet<>();
        for (IRI i : iris) {
            out.add(i.stringValue());
        }
        return out;
    }

    private static Set<String> answers(RepositoryConnection c, String query, String variable) {
        Set<String> out = new TreeSet<>();
        try (TupleQueryResult r = c.prepareTupleQuery(query).evaluate()) {
            for (BindingSet b : r) {
                out.add(b.getValue(variable).stringValue());
            }
        }
        return out;
    }
}
