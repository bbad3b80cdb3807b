package dev.lacuna.folder;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.eclipse.rdf4j.sail.lmdb.ValueStoreRevision;
import org.eclipse.rdf4j.sail.lmdb.model.LmdbValue;

import dev.lacuna.store.LongKeyedTable;

/**
 * A store's values as plain (string-backed) values, one object per distinct value. LMDB hands out lazy values
 * that each look their text up in its value store when first used (one read transaction renewed per value): read
 * as they come, a 20M-triple graph looked up 60M values, most of the time of reading complete. Here an LMDB
 * value is looked up once per internal id of one value store revision; other values are shared by equality.
 */
public final class PlainValues {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private final Map<Value, Value> values;
    private final LongKeyedTable<Value> byId = new LongKeyedTable<>();
    private ValueStoreRevision revision;
    /**
     * Per position of a statement (subject, predicate, object, context): the id last seen there and its value. A
     * scan comes in index order, so a position often repeats the last statement's value (a triple of complete next
     * to its copy in incomplete, an object's run of statements); the table lookup it saves was a fifth of verify's
     * reading (JFR).
     */
    private final long[] lastIds = {LmdbValue.UNKNOWN_ID, LmdbValue.UNKNOWN_ID, LmdbValue.UNKNOWN_ID, LmdbValue.UNKNOWN_ID};
    private final Value[] lastValues = new Value[4];

    /** Whether {@link #values} is shared with other reads, so that an LMDB value must be looked up there too. */
    private final boolean shared;

    /** Shares values with earlier reads through {@code values}. */
    public PlainValues(Map<Value, Value> values) {
        this.values = values;
        this.shared = true;
    }

    /**
     * Values for this read alone: an LMDB value is then known by its id only (one id, one value, within a revision),
     * never hashed by its text; at 20M triples, hashing the 8M values of a scan was a third of sorting them out.
     */
    public PlainValues() {
        this.values = new HashMap<>();
        this.shared = false;
    }

    /** The statement without its context, its values plain. */
    public Statement plain(Statement st) {
        return VF.createStatement((Resource) plain(st.getSubject(), 0), (IRI) plain(st.getPredicate(), 1),
                plain(st.getObject(), 2));
    }

    /**
     * Every statement of the given graphs with its graph, from one read of the whole store: an embedded store answers
     * a read with only the graph bound by reading a whole index, so several graphs read one by one cost that many
     * reads. Only for a store that gives statements their graph (an embedded one; a plain SPARQL endpoint does not).
     */
    public void forEachInGraphs(RepositoryConnection conn, Map<? extends Resource, ?> graphs,
                                BiConsumer<Resource, Statement> each) {
        Resource lastContext = null;
        boolean wanted = false;
        try (RepositoryResult<Statement> it = conn.getStatements(null, null, null, false)) {
            for (Statement st : it) {
                Resource context = context(st);
                if (context != lastContext) {
                    lastContext = context;
                    wanted = context != null && graphs.containsKey(context);
                }
                if (wanted) {
                    each.accept(context, st);
                }
            }
        }
    }

    /** The statement's graph, plain; null for the default graph. */
    public Resource context(Statement st) {
        return st.getContext() == null ? null : (Resource) plain(st.getContext(), 3);
    }

    private Value plain(Value v, int position) {
        if (v instanceof LmdbValue lmdb && revision != null && (lmdb.getValueStoreRevision() == revision
                || revision.equals(lmdb.getValueStoreRevision()))) {
            long id = lmdb.getInternalID();
            if (id != LmdbValue.UNKNOWN_ID && id == lastIds[position]) {
                return lastValues[position];
            }
            Value known = plain(v);
            lastIds[position] = id;
            lastValues[position] = known;
            return known;
        }
        return plain(v);
    }

    public Value plain(Value v) {
        if (v instanceof LmdbValue lmdb && lmdb.getInternalID() != LmdbValue.UNKNOWN_ID) {
            if (revision == null) {
                revision = lmdb.getValueStoreRevision();
            }
            // An id means one value only within one revision of the value store.
            if (revision.equals(lmdb.getValueStoreRevision())) {
                long id = lmdb.getInternalID();
                Value known = byId.get(id);
                if (known == null) {
                    known = shared ? byValue(v) : copy(v);
                    byId.putIfAbsent(id, known);
                }
                return known;
            }
        }
        return byValue(v);
    }

    private Value byValue(Value v) {
        Value known = values.get(v);
        if (known != null) {
            return known;
        }
        Value copy = copy(v);
        values.put(copy, copy);
        return copy;
    }

    /** A store's IRI as a plain one (an LMDB IRI keeps a link into its store); other values as they are. */
    private static Value copy(Value v) {
        return v instanceof IRI ? VF.createIRI(v.stringValue()) : v;
    }
}
