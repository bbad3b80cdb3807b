package dev.lacuna.store;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.sail.lmdb.model.LmdbValue;

/**
 * The counting behind {@link StoreCheck}: per graph, statements per predicate counted three ways, and the store's
 * distinct subjects. Values are compared by the store's internal id where it has one: an LMDB value fetches its
 * text on first use, and hashing 2M entity IRIs was most of the check's scan (JFR).
 */
final class StoreTallies {
    private StoreTallies() {
    }

    /** One graph's statements per predicate, counted three ways. */
    static final class Tally {
        final Counts scan = new Counts();
        final Counts bySubject = new Counts();
        final Map<String, Long> byPredicate = new TreeMap<>();
        long statements;

        StoreCheck.GraphResult result(Resource g, int shown) {
            List<String> damage = new ArrayList<>();
            Map<String, Long> scanned = scan.byName();
            Map<String, Long> subjectCounts = bySubject.byName();
            Set<String> predicates = new TreeSet<>(scanned.keySet());
            predicates.addAll(subjectCounts.keySet());
            for (String p : predicates) {
                long a = scanned.getOrDefault(p, 0L);
                long b = subjectCounts.getOrDefault(p, 0L);
                long c = byPredicate.getOrDefault(p, 0L);
                if (a != b || a != c) {
                    damage.add(String.format("<%s>: %,d statements in a scan, %,d by subject (spoc), %,d by predicate (posc)",
                            p, a, b, c));
                }
            }
            if (predicates.isEmpty()) {
                // A graph is listed only while it holds statements; listed yet empty in every index means
                // its statements were lost (seen after a kill of a load at isolation NONE).
                damage.add("listed as a graph of the store but holds no statements in any index");
            }
            return new StoreCheck.GraphResult(g, statements, predicates.size(), damage);
        }
    }

    /**
     * Statements per predicate, keyed by the store's internal id of an LMDB value (equal ids in one value store
     * revision are the same value) or by the value itself; {@link #byName} joins keys of the same IRI, so a value
     * seen once with an id and once without still counts as one predicate.
     */
    static final class Counts {
        private final Map<Object, long[]> counts = new HashMap<>();
        private final Map<Object, IRI> values = new HashMap<>();
        private IRI lastPredicate;
        private long[] last;

        void add(IRI predicate) {
            if (lastPredicate == null || !sameKey(predicate, lastPredicate)) {
                lastPredicate = predicate;
                last = counts.computeIfAbsent(key(predicate), k -> {
                    values.put(k, predicate);
                    return new long[1];
                });
            }
            last[0]++;
        }

        Collection<IRI> predicates() {
            return values.values();
        }

        Map<String, Long> byName() {
            Map<String, Long> out = new TreeMap<>();
            counts.forEach((k, n) -> out.merge(values.get(k).stringValue(), n[0], Long::sum));
            return out;
        }
    }

    /** The store's id of an LMDB value (one value within one value store revision), else the value itself. */
    static Object key(Value value) {
        return value instanceof LmdbValue v && v.getInternalID() != LmdbValue.UNKNOWN_ID
                ? new IdKey(v.getInternalID(), v.getValueStoreRevision()) : value;
    }

    private record IdKey(long id, Object revision) {
    }

    /**
     * Whether two values have the same {@link #key}, without making keys: the store's values come a statement at
     * a time, each of its three or four values compared with the last one's (at 20M triples, 160M comparisons).
     */
    static boolean sameKey(Value a, Value b) {
        if (a instanceof LmdbValue x && b instanceof LmdbValue y && x.getInternalID() != LmdbValue.UNKNOWN_ID
                && y.getInternalID() != LmdbValue.UNKNOWN_ID) {
            return x.getInternalID() == y.getInternalID() && (x.getValueStoreRevision() == y.getValueStoreRevision()
                    || x.getValueStoreRevision().equals(y.getValueStoreRevision()));
        }
        return key(a).equals(key(b));
    }

    /** Each statement's tally by its graph, the last graph's looked up again only when the graph changes. */
    static final class TallyOf {
        private final Map<Object, Tally> tallies;
        private Resource lastContext;
        private Tally last;

        TallyOf(Map<Object, Tally> tallies) {
            this.tallies = tallies;
        }

        Tally get(Resource context) {
            if (context == null) {
                return null;
            }
            if (lastContext == null || !sameKey(context, lastContext)) {
                lastContext = context;
                last = tallies.get(key(context));
            }
            return last;
        }
    }

    /**
     * Which subjects the scan has met, each once by its {@link #key}. The subjects of one value store revision (all
     * of them, in an LMDB store) are marked by id in a bit set (LMDB's ids are small and dense): a table of every
     * subject was a third of the scan's thread (JFR, 20M triples), as the scan need not come a subject at a time.
     */
    static final class Subjects {
        private Object revision;
        private final BitSet byId = new BitSet();
        private final Set<Object> others = new HashSet<>();
        private int size;

        /** Marks the subject; whether it was new. */
        boolean add(Resource subject) {
            if (subject instanceof LmdbValue v && v.getInternalID() >= 0 && v.getInternalID() <= Integer.MAX_VALUE) {
                if (revision == null) {
                    revision = v.getValueStoreRevision();
                }
                if (revision == v.getValueStoreRevision() || revision.equals(v.getValueStoreRevision())) {
                    int id = (int) v.getInternalID();
                    if (byId.get(id)) {
                        return false;
                    }
                    byId.set(id);
                    size++;
                    return true;
                }
            }
            if (others.add(key(subject))) {
                size++;
                return true;
            }
            return false;
        }

        int size() {
            return size;
        }
    }
}
