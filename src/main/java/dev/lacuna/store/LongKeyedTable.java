package dev.lacuna.store;

import java.util.Arrays;

/**
 * Objects keyed by a store's internal long ids (LMDB's value ids). While the keys are small and dense, as LMDB's
 * are, an object sits in a paged array at its key: one memory access a lookup, where open addressing took two
 * (key, then value) and, in verify's scan of 20M triples, a third of sorting its statements into graphs (JFR). Keys
 * that are not (negative, huge, or too sparse for pages to pay) go to open addressing on primitive keys; a HashMap
 * of boxed ids costs about 48 bytes an entry more. fastutil's open-addressing map took about twice the CPU time on
 * dense ids (docs/measurements.md, Primitive collections).
 */
public final class LongKeyedTable<V> {
    private static final int PAGE_BITS = 12;
    private static final int PAGE = 1 << PAGE_BITS;

    /** Paged objects by key, until the keys turn out too sparse; then null and every key is hashed. */
    private Object[][] pages = new Object[16][];
    private long pageSlots;
    private int paged;
    private long[] keys = new long[1 << 10];
    private Object[] values = new Object[1 << 10];
    private int size;

    /** The object under the key, or null. */
    @SuppressWarnings("unchecked")
    public V get(long key) {
        if (pages != null && key >= 0 && key >>> PAGE_BITS < pages.length) {
            Object[] page = pages[(int) (key >>> PAGE_BITS)];
            return page == null ? null : (V) page[(int) key & (PAGE - 1)];
        }
        return hashed(key);
    }

    @SuppressWarnings("unchecked")
    private V hashed(long key) {
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
        if (pages != null && key >= 0 && key < Integer.MAX_VALUE) {
            int p = (int) (key >>> PAGE_BITS);
            if (p >= pages.length) {
                pages = Arrays.copyOf(pages, Math.max(p + 1, 2 * pages.length));
            }
            if (pages[p] == null) {
                // Pages pay while at least one slot in 16 is used (LMDB's ids use one in four); else hash them all.
                if (pageSlots + PAGE > 16L * (paged + 1) + (1 << 20)) {
                    unpage();
                    return putIfAbsent(key, value);
                }
                pages[p] = new Object[PAGE];
                pageSlots += PAGE;
            }
            Object[] page = pages[p];
            int at = (int) key & (PAGE - 1);
            if (page[at] != null) {
                return false;
            }
            page[at] = value;
            paged++;
            return true;
        }
        if (get(key) != null) {
            return false;
        }
        return putHashed(key, value);
    }

    /** The keys turned out too sparse for pages: every paged object is hashed instead. */
    @SuppressWarnings("unchecked")
    private void unpage() {
        Object[][] old = pages;
        pages = null;
        paged = 0;
        for (int p = 0; p < old.length; p++) {
            if (old[p] != null) {
                for (int i = 0; i < PAGE; i++) {
                    if (old[p][i] != null) {
                        putHashed(((long) p << PAGE_BITS) | i, (V) old[p][i]);
                    }
                }
            }
        }
    }

    private boolean putHashed(long key, V value) {
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
        return size + paged;
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
