package dev.lacuna.store;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Objects keyed by a store's internal long ids (LMDB's value ids), open addressing on primitive keys: a HashMap of
 * boxed ids costs about 48 bytes an entry more and, in verify's reads of 20M-statement graphs, a fifth of their CPU.
 */
public final class LongKeyedTable<V> {
    private long[] keys = new long[1 << 10];
    private Object[] values = new Object[1 << 10];
    private int size;

    /** The object under the key, or null. */
    @SuppressWarnings("unchecked")
    public V get(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            Object v = values[i];
            if (v == null || keys[i] == key) {
                return (V) v;
            }
        }
    }

    /** Keeps the object under the key unless the key has one already; whether it was kept. */
    public boolean putIfAbsent(long key, V value) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (values[i] != null) {
            if (keys[i] == key) {
                return false;
            }
            i = (i + 1) & mask;
        }
        keys[i] = key;
        values[i] = value;
        size++;
        return true;
    }

    public int size() {
        return size;
    }

    /** Every object kept, in no particular order. */
    @SuppressWarnings("unchecked")
    public void forEach(Consumer<? super V> each) {
        for (Object v : values) {
            if (v != null) {
                each.accept((V) v);
            }
        }
    }

    /** Every object kept, as a list. */
    public List<V> values() {
        List<V> out = new ArrayList<>(size);
        forEach(out::add);
        return out;
    }

    private void grow() {
        long[] oldKeys = keys;
        Object[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new Object[oldValues.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != null) {
                int at = place(oldKeys[i]);
                keys[at] = oldKeys[i];
                values[at] = oldValues[i];
                size++;
            }
        }
    }

    /** The free slot for a key known to be absent. */
    private int place(long key) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (values[i] != null) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }
}
