package dev.lacuna.folder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.sail.lmdb.model.LmdbValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;

/** Reading a graph of a real LMDB store: the statements it holds, as plain values, one object per value. */
class PlainValuesTest {
    private static final KgGraphs KG = KgGraphs.of("p");

    @Test
    void aGraphReadFromLmdbHoldsItsStatementsWithOneObjectPerValue(@TempDir Path tmp) {
        var vf = SimpleValueFactory.getInstance();
        Set<Statement> added = new HashSet<>();
        for (int h = 0; h < 50; h++) {
            for (int t = 0; t < 4; t++) {
                added.add(vf.createStatement(KG.entity(h), KG.relation("r" + (t % 2)), KG.entity(100 + t)));
            }
            added.add(vf.createStatement(KG.entity(h), KG.relation("name"), vf.createLiteral("n" + h, "en")));
        }
        Repository repository = Stores.open(new StoreConfig.LmdbStoreConfig(tmp.resolve("store")));
        try {
            try (RepositoryConnection c = repository.getConnection()) {
                c.add(added, KG.complete());
            }
            List<Statement> read;
            try (RepositoryConnection c = repository.getConnection()) {
                read = GraphFiles.read(c, KG.complete(), new HashMap<>());
            }
            assertEquals(added, new HashSet<>(read));
            Statement first = read.get(0);
            for (Statement st : read) {
                assertFalse(st.getSubject() instanceof LmdbValue, "plain, not tied to the store: " + st);
                if (st.getSubject().equals(first.getSubject())) {
                    assertSame(first.getSubject(), st.getSubject());
                }
                if (st.getPredicate().equals(first.getPredicate())) {
                    assertSame(first.getPredicate(), st.getPredicate());
                }
            }
            Set<Value> distinctObjects = Collections.newSetFromMap(new IdentityHashMap<>());
            read.forEach(st -> distinctObjects.add(st.getObject()));
            assertEquals(4 + 50, distinctObjects.size(), "one object per distinct object value");
        } finally {
            repository.shutDown();
        }
    }
}
