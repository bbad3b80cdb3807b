package dev.lacuna.construct;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.folder.PlainValues;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.SortedKeys;
import dev.lacuna.store.TriplePacking;

/**
 * What turns each of a rebuild's graphs (incomplete, benchmark, replaced, noisy) as the store holds them into what
 * the new build made, all found in one read of the store. A rebuild's graphs differ from the last build's in few
 * statements, and in a transaction at the store's own isolation every statement written goes through RDF4J's change
 * set: replacing the graphs whole put about a million statements there on FB15k-237 and made the commit the longest
 * step of the build. A read with only the graph bound reads a whole index on an embedded store (no index starts with
 * the graph), so one read of every statement, each sorted to its graph, replaces a read per graph.
 * <p>
 * A graph of the KG's form is compared packed ({@link TriplePacking}, as {@link GraphDiff}); a graph given as a set
 * (the benchmark graph: literals) as statements without their context; a graph that should be empty is cleared, and
 * one whose statements cannot be packed (and is not given as a set) is replaced whole, as before.
 */
final class GraphChanges {
    private static final Logger LOG = LoggerFactory.getLogger(GraphChanges.class);

    /**
     * One graph's change: {@code clear} first (the graph replaced whole or emptied), then {@code remove}, then
     * {@code add}.
     */
    record Change(boolean clear, Collection<Statement> remove, Collection<Statement> add) {
        int size() {
            return remove.size() + add.size();
        }

        @Override
        public String toString() {
            return (clear ? "cleared, " : "") + "removed " + remove.size() + ", added " + add.size();
        }
    }

    private GraphChanges() {
    }

    /**
     * @param packed graphs of the KG's form by IRI, with the statements each should hold
     * @param sets   other graphs by IRI (small: each side is held as a set), with the statements each should hold
     * @return each graph's change, in the order given (packed first)
     */
    static Map<IRI, Change> of(RepositoryConnection conn, KgGraphs kg, Map<IRI, ? extends Collection<Statement>> packed,
                               Map<IRI, ? extends Collection<Statement>> sets) {
        long started = System.nanoTime();
        Map<Resource, Side> sides = new LinkedHashMap<>();
        Map<IRI, Change> whole = new HashMap<>();
        for (Map.Entry<IRI, ? extends Collection<Statement>> g : packed.entrySet()) {
            TriplePacking packing = g.getValue().isEmpty() ? null : TriplePacking.learn(g.getValue(), kg);
            if (packing == null) {
                // Empty: cleared. Not of the KG's form or ids too wide for one long: replaced whole.
                whole.put(g.getKey(), new Change(true, List.of(), g.getValue()));
            } else {
                sides.put(g.getKey(), new PackedSide(packing, g.getValue()));
            }
        }
        for (Map.Entry<IRI, ? extends Collection<Statement>> g : sets.entrySet()) {
            sides.put(g.getKey(), new SetSide(g.getValue()));
        }
        if (!sides.isEmpty()) {
            PlainValues plain = new PlainValues();
            plain.forEachInGraphs(conn, sides, (graph, st) -> sides.get(graph).stored(st, plain));
        }
        Map<IRI, Change> ordered = new LinkedHashMap<>();
        packed.keySet().forEach(g -> ordered.put(g, whole.containsKey(g) ? whole.get(g) : sides.get(g).change()));
        sets.keySet().forEach(g -> ordered.put(g, sides.get(g).change()));
        ordered.forEach((g, c) -> LOG.info("{}: {}", g, c));
        LOG.info("the store's graphs compared with the new build's in one read ({} s)",
                String.format("%.1f", (System.nanoTime() - started) / 1e9));
        return ordered;
    }

    private interface Side {
        void stored(Statement st, PlainValues plain);

        Change change();
    }

    /** Both sides packed into longs, sorted and merged: 8 bytes a statement. */
    private static final class PackedSide implements Side {
        private final TriplePacking packing;
        private final Collection<Statement> wanted;
        private final List<Statement> remove = new ArrayList<>();
        private long[] have = new long[1024];
        private int m;
        private long stored;

        PackedSide(TriplePacking packing, Collection<Statement> wanted) {
            this.packing = packing;
            this.wanted = wanted;
        }

        @Override
        public void stored(Statement st, PlainValues plain) {
            stored++;
            long key = packing.pack(st);
            if (key < 0) {
                // Not of the form any wanted statement has: it cannot be wanted.
                remove.add(plain.plain(st));
                return;
            }
            if (m == have.length) {
                have = Arrays.copyOf(have, (int) Math.min(Integer.MAX_VALUE - 8L, have.length * 2L));
            }
            have[m++] = key;
        }

        @Override
        public Change change() {
            if (stored == 0) {
                return new Change(false, List.of(), wanted);
            }
            long[] want = new long[wanted.size()];
            int n = 0;
            for (Statement st : wanted) {
                want[n++] = packing.pack(st);
            }
            Arrays.parallelSort(want);
            Arrays.parallelSort(have, 0, m);
            List<Statement> add = new ArrayList<>();
            SortedKeys.difference(want, n, have, m, key -> add.add(packing.unpack(key)),
                    key -> remove.add(packing.unpack(key)));
            return new Change(false, remove, add);
        }
    }

    /** Both sides as sets of statements without their context, their values plain (so that equal ones are equal). */
    private static final class SetSide implements Side {
        private final Collection<Statement> wanted;
        private final Set<Statement> have = new HashSet<>();

        SetSide(Collection<Statement> wanted) {
            this.wanted = wanted;
        }

        @Override
        public void stored(Statement st, PlainValues plain) {
            have.add(plain.plain(st));
        }

        @Override
        public Change change() {
            if (have.isEmpty()) {
                return new Change(false, List.of(), wanted);
            }
            PlainValues plain = new PlainValues();
            Set<Statement> want = new LinkedHashSet<>();
            for (Statement st : wanted) {
                want.add(plain.plain(st));
            }
            List<Statement> add = new ArrayList<>();
            for (Statement st : want) {
                if (!have.remove(st)) {
                    add.add(st);
                }
            }
            return new Change(false, new ArrayList<>(have), add);
        }
    }
}
