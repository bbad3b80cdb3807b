package dev.lacuna.store;

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


/**
 * Statements of the KG's form (entity, relation, entity) as one non-negative long each: two private ids and a
 * relation number, learnt from the statements a graph should hold. 8 bytes a statement instead of a statement
 * object, so that comparing two 20-million-triple graphs is a sort and a merge of long arrays
 * ({@link dev.lacuna.construct.GraphDiff}, {@link dev.lacuna.verify.WrittenGraphs}).
 */
public final class TriplePacking {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private final KgGraphs kg;
    private final String entityPrefix;
    private final Map<IRI, Integer> relationIds = new HashMap<>();
    private final List<IRI> relations = new ArrayList<>();
    private long maxEntity;
    private int entityBits;
    /** What is left of 63 bits after two entity ids: relation numbers must fit it. */
    private int relationBits;

    private TriplePacking(KgGraphs kg) {
        this.kg = kg;
        this.entityPrefix = kg.entityPrefix();
    }

    /**
     * A packing that can pack every one of {@code wanted}, or null when one is not of the KG's form or the KG's
     * ids do not fit one long (then the caller compares statements instead).
     */
    public static TriplePacking learn(Collection<Statement> wanted, KgGraphs kg) {
        TriplePacking p = new TriplePacking(kg);
        return p.learnAll(wanted) ? p : null;
    }

    private boolean learnAll(Collection<Statement> wanted) {
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

    /** The wanted statements packed, sorted, each key once. */
    public long[] sortedKeys(Collection<Statement> wanted) {
        long[] keys = new long[wanted.size()];
        int n = 0;
        for (Statement st : wanted) {
            keys[n++] = pack(st);
        }
        Arrays.parallelSort(keys);
        return distinct(keys, n);
    }

    /** The first {@code n} of sorted {@code keys}, each once (a graph is a set). */
    static long[] distinct(long[] keys, int n) {
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (m == 0 || keys[m - 1] != keys[i]) {
                keys[m++] = keys[i];
            }
        }
        return m == keys.length ? keys : Arrays.copyOf(keys, m);
    }

    /** The statement as one non-negative long, or -1 if no wanted statement can be equal to it. */
    public long pack(Statement st) {
        Integer r = relationIds.get(st.getPredicate());
        long s = entityId(st.getSubject());
        long o = entityId(st.getObject());
        if (r == null || s < 0 || o < 0 || s > maxEntity || o > maxEntity) {
            return -1;
        }
        return (((s << entityBits) | o) << relationBits) | r;
    }

    public Statement unpack(long key) {
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
        return entityId(v, entityPrefix);
    }

    /** As above, for the KG whose entity IRIs start with {@code entityPrefix}. */
    public static long entityId(Value v, String entityPrefix) {
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
