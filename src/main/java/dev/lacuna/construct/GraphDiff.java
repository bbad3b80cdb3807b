package dev.lacuna.construct;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.SortedKeys;
import dev.lacuna.store.TriplePacking;

/**
 * The exact difference between a graph as the store holds it and the statements it should hold: what to remove
 * and what to add. A rebuild's incomplete differs from the last one only by the two builds' removed triples, so
 * writing the difference keeps RDF4J's change set small where replacing the graph put every statement in it
 * (docs/explanation/storage.md). Each statement of the KG's form (entity, relation, entity) is packed into one long
 * ({@link TriplePacking}), both sides sorted and merged: 8 bytes a statement, not a set of objects.
 */
final class GraphDiff {
    private static final Logger LOG = LoggerFactory.getLogger(GraphDiff.class);
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    /** Statements to remove from the graph and to add to it; both empty when it already holds the wanted ones. */
    record Result(List<Statement> remove, List<Statement> add) {
    }

    private GraphDiff() {
    }

    /**
     * What turns {@code graph} in the store into exactly {@code wanted}, or null when a wanted statement is not of
     * the KG's form or the KG's ids do not fit one long (then the caller replaces the graph instead).
     */
    static Result of(RepositoryConnection conn, IRI graph, Collection<Statement> wanted, KgGraphs kg) {
        long started = System.nanoTime();
        TriplePacking packing = TriplePacking.learn(wanted, kg);
        if (packing == null) {
            return null;
        }
        long[] want = new long[wanted.size()];
        int n = 0;
        for (Statement st : wanted) {
            want[n++] = packing.pack(st);
        }
        Arrays.parallelSort(want);
        long[] have = new long[wanted.size() + 16];
        int m = 0;
        List<Statement> remove = new ArrayList<>();
        long stored = 0;
        try (RepositoryResult<Statement> it = conn.getStatements(null, null, null, false, graph)) {
            for (Statement st : it) {
                stored++;
                long key = packing.pack(st);
                if (key < 0) {
                    // Not of the form any wanted statement has: it cannot be wanted.
                    remove.add(VF.createStatement(st.getSubject(), st.getPredicate(), st.getObject()));
                    continue;
                }
                if (m == have.length) {
                    have = Arrays.copyOf(have, (int) Math.min(Integer.MAX_VALUE - 8L, have.length * 2L));
                }
                have[m++] = key;
            }
        }
        Arrays.parallelSort(have, 0, m);
        List<Statement> add = new ArrayList<>();
        SortedKeys.difference(want, n, have, m, key -> add.add(packing.unpack(key)),
                key -> remove.add(packing.unpack(key)));
        LOG.info("{}: {} statements in the store, {} wanted: remove {}, add {} ({} s)", graph, stored, n,
                remove.size(), add.size(), String.format("%.1f", (System.nanoTime() - started) / 1e9));
        return new Result(remove, add);
    }
}
