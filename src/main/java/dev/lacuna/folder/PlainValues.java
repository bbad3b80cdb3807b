package dev.lacuna.folder;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.sail.lmdb.ValueStoreRevision;
import org.eclipse.rdf4j.sail.lmdb.model.LmdbValue;

/**
 * A store's values as plain (string-backed) values, one object per distinct value. LMDB hands out lazy values
 * that each look their text up in its value store when first used (one read transaction renewed per value): read
 * as they come, a 20M-triple graph looked up 60M values, most of the time of reading complete. Here an LMDB
 * value is looked up once per internal id of one value store revision; other values are shared by equality.
 */
public final class PlainValues {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private final Map<Value, Value> values;
    private final ById byId = new ById();
    private ValueStoreRevision revision;

    /** Shares values with earlier reads through {@code values}. */
    public PlainValues(Map<Value, Value> values) {
        this.values = values;
    }

    public PlainValues() {
        this(new HashMap<>());
    }

    /** The statement without its context, its values plain. */
    public Statement plain(Statement st) {
        return VF.createStatement((Resource) plain(st.getSubject()), (IRI) plain(st.getPredicate()), plain(st.getObject()));
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
                    known = byValue(v);
                    byId.put(id, known);
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
        Value copy = v instanceof IRI ? VF.createIRI(v.stringValue()) : v;
        values.put(copy, copy);
        return copy;
    }

    /**
     * Values by LMDB internal id, open addressing on primitive keys: a HashMap of boxed ids was a fifth of the
     * CPU of verify's reading of complete and incomplete (JFR, 2M triples) and 48 bytes an entry more.
     */
    private static final class ById {
        private long[] keys = new long[1 << 10];
        private Value[] values = new Value[1 << 10];
        private int size;

        Value get(long key) {
            int mask = keys.length - 1;
            for (int i = slot(key, mask); ; i = (i + 1) & mask) {
                Value v = values[i];
                if (v == null || keys[i] == key) {
                    return v;
                }
            }
        }

        /** Maps a key that is not in the map yet. */
        void put(long key, Value value) {
            if (2 * (size + 1) > keys.length) {
                grow();
            }
            int mask = keys.length - 1;
            int i = slot(key, mask);
            while (values[i] != null) {
                i = (i + 1) & mask;
            }
            keys[i] = key;
            values[i] = value;
            size++;
        }

        private void grow() {
            long[] oldKeys = keys;
            Value[] oldValues = values;
            keys = new long[oldKeys.length * 2];
            values = new Value[oldValues.length * 2];
            size = 0;
            for (int i = 0; i < oldKeys.length; i++) {
                if (oldValues[i] != null) {
                    put(oldKeys[i], oldValues[i]);
                }
            }
        }

        private static int slot(long key, int mask) {
            long h = key * 0x9E3779B97F4A7C15L;
            return (int) (h ^ (h >>> 32)) & mask;
        }
    }
}
