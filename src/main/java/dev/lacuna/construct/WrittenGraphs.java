package dev.lacuna.construct;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.LacunaException;
import dev.lacuna.folder.GraphFiles;
import dev.lacuna.folder.PlainValues;
import dev.lacuna.store.KgGraphs;

/**
 * What a build wrote its folder's graph files from, kept for its own verify ({@link Verifier}): each graph of
 * the KG's form as sorted packed longs ({@link TriplePacking}), the others (labels, benchmark: literals) as
 * statements. At 20 million triples, holding the two large graphs as statements and comparing them through hash
 * sets of statements took 416 s of a build that peaked at 20.7 GiB; packed, a graph is 8 bytes a triple and the
 * store's graph is streamed past it, never held.
 */
final class WrittenGraphs {
    private static final int SHOWN = 10;

    private record Packed(TriplePacking packing, long[] keys) {
    }

    /** Per graph name, in the order given: a {@link Packed} or a collection of statements. */
    private final Map<IRI, Object> graphs = new LinkedHashMap<>();

    private WrittenGraphs() {
    }

    /** Packs every graph that can be packed; the caller may drop {@code written} afterwards. */
    static WrittenGraphs of(Map<IRI, ? extends Collection<Statement>> written, KgGraphs kg) {
        WrittenGraphs w = new WrittenGraphs();
        for (Map.Entry<IRI, ? extends Collection<Statement>> g : written.entrySet()) {
            TriplePacking packing = TriplePacking.learn(g.getValue(), kg);
            w.graphs.put(g.getKey(), packing == null ? g.getValue() : new Packed(packing, packing.sortedKeys(g.getValue())));
        }
        return w;
    }

    /**
     * One check per graph of {@code names}: the store's graph holds exactly what the folder's files were written
     * from. The store's graph is read once, each statement also handed to {@code each.get(name)} if there is one
     * (the checksums of complete and incomplete). Two graphs are read at a time, each on a connection of its own:
     * reading complete and incomplete is each about one core's work, and a store's readers do not wait for each other.
     */
    List<Verifier.Check> compare(Repository repository, List<IRI> names, Map<IRI, Consumer<Statement>> each) {
        ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "lacuna-verify-read");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Verifier.Check>> pending = new ArrayList<>();
            for (IRI name : names) {
                pending.add(pool.submit(() -> {
                    try (RepositoryConnection conn = repository.getConnection()) {
                        return compare(conn, name, each.getOrDefault(name, st -> { }));
                    }
                }));
            }
            List<Verifier.Check> checks = new ArrayList<>();
            for (Future<Verifier.Check> f : pending) {
                checks.add(f.get());
            }
            return checks;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LacunaException("verify interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new LacunaException("verify: " + e.getCause().getMessage(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private Verifier.Check compare(RepositoryConnection conn, IRI name, Consumer<Statement> sink) {
        PlainValues plain = new PlainValues();
        Object wrote = graphs.get(name);
        List<String> failures = new ArrayList<>();
        long stored;
        if (wrote == null) {
            stored = GraphFiles.stream(conn, name, plain, sink);
            failures.add("the build wrote no files from " + name);
        } else if (wrote instanceof Packed p) {
            stored = comparePacked(conn, name, plain, p, sink, failures);
        } else {
            @SuppressWarnings("unchecked")
            Collection<Statement> statements = (Collection<Statement>) wrote;
            stored = compareStatements(conn, name, plain, statements, sink, failures);
        }
        return new Verifier.Check("store's " + name.getLocalName()
                + " holds what the folder's files were written from", stored, failures);
    }

    /** Each stored statement looked up in the sorted keys and marked; unmarked keys were written, not stored. */
    private static long comparePacked(RepositoryConnection conn, IRI graph, PlainValues plain, Packed p,
                                      Consumer<Statement> sink, List<String> failures) {
        BitSet seen = new BitSet(p.keys().length);
        long n = GraphFiles.stream(conn, graph, plain, sink.andThen(st -> {
            long key = p.packing().pack(st);
            int at = key < 0 ? -1 : Arrays.binarySearch(p.keys(), key);
            if (at >= 0) {
                seen.set(at);
            } else if (failures.size() < SHOWN) {
                failures.add("in the store, not written to the folder: " + st);
            }
        }));
        int missing = 0;
        for (int i = seen.nextClearBit(0); i < p.keys().length && missing < SHOWN; i = seen.nextClearBit(i + 1)) {
            failures.add(missing++, "written to the folder, not in the store: " + p.packing().unpack(p.keys()[i]));
        }
        return n;
    }

    private static long compareStatements(RepositoryConnection conn, IRI graph, PlainValues plain,
                                          Collection<Statement> wrote, Consumer<Statement> sink, List<String> failures) {
        Set<Statement> inFiles = new HashSet<>(wrote);
        Set<Statement> inStore = new HashSet<>();
        long n = GraphFiles.stream(conn, graph, plain, sink.andThen(inStore::add));
        for (Statement st : inFiles) {
            if (!inStore.contains(st) && failures.size() < SHOWN) {
                failures.add("written to the folder, not in the store: " + st);
            }
        }
        for (Statement st : inStore) {
            if (!inFiles.contains(st) && failures.size() < 2 * SHOWN) {
                failures.add("in the store, not written to the folder: " + st);
            }
        }
        return n;
    }
}
