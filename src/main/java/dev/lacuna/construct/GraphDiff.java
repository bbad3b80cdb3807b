package dev.lacuna.construct;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.store.KgGraphs;

/**
 * The exact difference between a graph as the store holds it and the statements it should hold: what to remove
 * and what to add. A rebuild's incomplete differs from the last one only by the two builds' removed triples, so
 * writing the difference keeps RDF4J's change set small where replacing the graph put every statement in it
 * (docs/lmdb-build.md). Each statement of the KG's form (entity, relation, entity) is packed into one long
 * (private ids and a relation number), both sides sorted and merged: 8 bytes a statement, not a set of objects.
 */
final class GraphDiff {
    private static final Logger LOG = LoggerFactory.getLogger(GraphDiff.class);
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    /** Statements to remove from the graph and to add to it; both empty when it already holds the wanted ones. */
    record Result(List<Statement> remove, List<Statement> add) {
    }

    private final KgGraphs kg;
    private final String entityPrefix;
    private final Map<IRI, Integer> relationIds = new HashMap<>();
    private final List<IRI> relations = new ArrayList<>();
    private long maxEntity;
    private int entityBits;
    /** What is left of 63 bits after two entity ids: relation numbers must fit it. */
    private int relationBits;

    private GraphDiff(KgGraphs kg) {
        this.kg = kg;
        this.entityPrefix = kg.entityPrefix();
    }

    /**
     * What turns {@code graph} in the store into exactly {@code wanted}, or null when a wanted statement is not of
     * the KG's form or the KG's ids do not fit one long (then the caller replaces the graph instead).
     */
    static Result of(RepositoryConnection conn, IRI graph, Collection<Statement> wanted, KgGraphs kg) {
        long started = System.nanoTime();
        GraphDiff packing = new GraphDiff(kg);
        if (!packing.learn(wanted)) {
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
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (j == m || (i < n && want[i] < have[j])) {
                add.add(packing.unpack(want[i]));
                i = skip(want, i, n);
            } else if (i == n || have[j] < want[i]) {
                remove.add(packing.unpack(have[j]));
                j = skip(have, j, m);
            } else {
                i = skip(want, i, n);
                j = skip(have, j, m);
            }
        }
        LOG.info("{}: {} statements in the store, {} wanted: remove {}, add {} ({} s)", graph, stored, n,
                remove.size(), add.size(), String.format("%.1f", (System.nanoTime() - started) / 1e9));
        return new Result(remove, add);
    }

    /** The index after the run of equal keys starting at {@code i}. */
    private static int skip(long[] keys, int i, int end) {
        long key = keys[i];
        while (i < end && keys[i] == key) {
            i++;
        }
        return i;
    }

    /** Numbers the wanted statements' relations and sizes the packing; false if one is not of the KG's form. */
    private boolean learn(Collection<Statement> wanted) {
        for (Statement st : wanted) {
            long s = entityId(st.getSubject());
            long o = entityId(st.getObject());
            if (s < 0 || o < 0) {
                return false;
            }
            maxEntity = Math.max(maxEntity, Math.max(s, o));
            relationIds.computeIfAbsent(st.getPredicate(), p -> {
                relations.add(p);
                return relations.size() - 1;
            });
        }
        entityBits = Math.max(1, 64 - Long.numberOfLeadingZeros(maxEntity));
        relationBits = 63 - 2 * entityBits;
        return relationBits >= 1 && relations.size() <= 1L << relationBits;
    }

    /** The statement as one non-negative long, or -1 if no wanted statement can be equal to it. */
    private long pack(Statement st) {
        Integer r = relationIds.get(st.getPredicate());
        long s = entityId(st.getSubject());
        long o = entityId(st.getObject());
        if (r == null || s < 0 || o < 0 || s > maxEntity || o > maxEntity) {
            return -1;
        }
        return (((s << entityBits) | o) << relationBits) | r;
    }

    private Statement unpack(long key) {
        int r = (int) (key & ((1L << relationBits) - 1));
        long so = key >>> relationBits;
        long o = so & ((1L << entityBits) - 1);
        long s = so >>> entityBits;
        return VF.createStatement(kg.entity(s), relations.get(r), kg.entity(o));
    }

    /**
     * The private id of one of the KG's entity IRIs in its canonical form ({@link KgGraphs#entity}), else -1:
     * "entity/007" names another resource than "entity/7", so it must not pack to the same key.
     */
    private long entityId(Value v) {
        if (!(v instanceof IRI iri)) {
            return -1;
        }
        String s = iri.stringValue();
        if (!s.startsWith(entityPrefix) || s.length() == entityPrefix.length() || s.length() - entityPrefix.length() > 18) {
            return -1;
        }
        long id = 0;
        for (int i = entityPrefix.length(); i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9' || (c == '0' && i == entityPrefix.length() && s.length() > i + 1)) {
                return -1;
            }
            id = id * 10 + (c - '0');
        }
        return id;
    }
}
