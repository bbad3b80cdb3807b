package dev.lacuna.verify;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.folder.GraphFiles;
import dev.lacuna.folder.PlainValues;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreKinds;
import dev.lacuna.store.TriplePacking;

/**
 * What a build wrote its folder's graph files from, kept for its own verify ({@link Verifier}): each graph of
 * the KG's form as sorted packed longs ({@link TriplePacking}), the others (labels, benchmark: literals) as
 * statements. At 20 million triples, holding the two large graphs as statements and comparing them through hash
 * sets of statements took 416 s of a build that peaked at 20.7 GiB; packed, a graph is 8 bytes a triple and the
 * store's graph is streamed past it, never held.
 */
public final class WrittenGraphs {
    private static final int SHOWN = 10;

    private record Packed(TriplePacking packing, long[] keys) {
    }

    /** Per graph name, in the order given: a {@link Packed} or a collection of statements. */
    private final Map<IRI, Object> graphs = new LinkedHashMap<>();

    private WrittenGraphs() {
    }

    /** Packs every graph that can be packed; the caller may drop {@code written} afterwards. */
    public static WrittenGraphs of(Map<IRI, ? extends Collection<Statement>> written, KgGraphs kg) {
        WrittenGraphs w = new WrittenGraphs();
        for (Map.Entry<IRI, ? extends Collection<Statement>> g : written.entrySet()) {
            TriplePacking packing = TriplePacking.learn(g.getValue(), kg);
            w.graphs.put(g.getKey(), packing == null ? g.getValue() : new Packed(packing, packing.sortedKeys(g.getValue())));
        }
        return w;
    }

    /**
     * One check per graph of {@code names}: the store's graph holds exactly what the folder's files were written
     * from. Each stored statement is also handed to {@code each.get(name)} if there is one (the checksums of complete
     * and incomplete). An embedded store is read in one scan, each statement sorted to its graph on a second thread
     * ({@link StatementPipe}): a read with only the graph bound reads a whole index, so reading the graphs one by one
     * read the store once per graph. A store behind HTTP is read graph by graph, several at once
     * ({@link CheckRunner#all}), each on a connection of its own.
     */
    List<Verifier.Check> compare(Repository repository, List<IRI> names, Map<IRI, Consumer<Statement>> each) {
        Map<Resource, GraphComparison> byGraph = new LinkedHashMap<>();
        for (IRI name : names) {
            byGraph.put(name, new GraphComparison(name, graphs.get(name), each.getOrDefault(name, st -> { })));
        }
        if (StoreKinds.config(repository).embedded()) {
            scan(repository, byGraph);
        } else {
            graphByGraph(repository, byGraph);
        }
        List<Verifier.Check> checks = new ArrayList<>();
        byGraph.values().forEach(c -> checks.add(c.check()));
        return checks;
    }

    private static void scan(Repository repository, Map<Resource, GraphComparison> byGraph) {
        PlainValues plain = new PlainValues();
        Resource[] lastContext = {null};
        GraphComparison[] last = {null};
        Consumer<Statement> sort = st -> {
            Resource context = plain.context(st);
            if (context != lastContext[0]) {
                lastContext[0] = context;
                last[0] = context == null ? null : byGraph.get(context);
            }
            if (last[0] != null) {
                last[0].accept(plain.plain(st));
            }
        };
        try (RepositoryConnection conn = repository.getConnection()) {
            StatementPipe.scan(conn, sort);
        }
    }

    private static void graphByGraph(Repository repository, Map<Resource, GraphComparison> byGraph) {
        List<Callable<Long>> reads = new ArrayList<>();
        for (Map.Entry<Resource, GraphComparison> g : byGraph.entrySet()) {
            reads.add(() -> {
                try (RepositoryConnection conn = repository.getConnection()) {
                    return GraphFiles.stream(conn, (IRI) g.getKey(), new PlainValues(), g.getValue());
                }
            });
        }
        CheckRunner.all(reads);
    }

    /**
     * One graph's comparison, fed the store's statements one by one: packed, each looked up in the sorted keys and
     * marked, unmarked keys written but not stored; else both sides held as sets.
     */
    private static final class GraphComparison implements Consumer<Statement> {
        private final IRI name;
        private final Object wrote;
        private final Consumer<Statement> sink;
        private final List<String> failures = new ArrayList<>();
        private final BitSet seen;
        private final Set<Statement> inStore;
        private long stored;

        GraphComparison(IRI name, Object wrote, Consumer<Statement> sink) {
            this.name = name;
            this.wrote = wrote;
            this.sink = sink;
            this.seen = wrote instanceof Packed p ? new BitSet(p.keys().length) : null;
            this.inStore = wrote != null && !(wrote instanceof Packed) ? new HashSet<>() : null;
        }

        @Override
        public void accept(Statement st) {
            sink.accept(st);
            stored++;
            if (wrote instanceof Packed p) {
                long key = p.packing().pack(st);
                int at = key < 0 ? -1 : Arrays.binarySearch(p.keys(), key);
                if (at >= 0) {
                    seen.set(at);
                } else if (failures.size() < SHOWN) {
                    failures.add("in the store, not written to the folder: " + st);
                }
            } else if (inStore != null) {
                inStore.add(st);
            }
        }

        Verifier.Check check() {
            List<String> out = new ArrayList<>(failures);
            if (wrote == null) {
                out.add("the build wrote no files from " + name);
            } else if (wrote instanceof Packed p) {
                int missing = 0;
                for (int i = seen.nextClearBit(0); i < p.keys().length && missing < SHOWN; i = seen.nextClearBit(i + 1)) {
                    out.add(missing++, "written to the folder, not in the store: " + p.packing().unpack(p.keys()[i]));
                }
            } else {
                @SuppressWarnings("unchecked")
                Collection<Statement> statements = (Collection<Statement>) wrote;
                Set<Statement> inFiles = new HashSet<>(statements);
                for (Statement st : inFiles) {
                    if (!inStore.contains(st) && out.size() < SHOWN) {
                        out.add("written to the folder, not in the store: " + st);
                    }
                }
                for (Statement st : inStore) {
                    if (!inFiles.contains(st) && out.size() < 2 * SHOWN) {
                        out.add("in the store, not written to the folder: " + st);
                    }
                }
            }
            return new Verifier.Check("store's " + name.getLocalName() + " holds what the folder's files were written from",
                    stored, out);
        }
    }
}
