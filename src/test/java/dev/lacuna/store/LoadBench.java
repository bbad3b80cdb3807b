package dev.lacuna.store;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.eclipse.rdf4j.common.transaction.IsolationLevel;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.sun.management.OperatingSystemMXBean;

import dev.lacuna.generate.GeneratedKgWriter;
import dev.lacuna.generate.KgGenerator;
import dev.lacuna.generate.KgShape;
import dev.lacuna.testing.TestData;

/**
 * {@code lacuna load} beside RDF4J's own plain path, in one JVM run so that a shared machine's load hits both alike.
 *
 * <p>Plain: one {@code RepositoryConnection.add} of the same triples as an N-Triples file into graph complete, in
 * one transaction, through the same {@link Stores} configuration. Lacuna: {@code KgLoader.load} of the TSV (parse
 * and check, private ids, the labels graph, the checksum). Both run at the isolation level Lacuna's load uses on
 * that store (LMDB: NONE; NativeStore: its default), alternately, plain first, {@code load.rounds} times; on LMDB the
 * plain path is also run once at the store's default level, which is what {@code conn.add} does unless told
 * otherwise. Per path: wall and process CPU seconds (all threads, GC included) and the store's size on disk.
 *
 * <p>Input: a generated Wikidata5m-shaped KG of {@code load.triples} triples (the scale run's KG), or with
 * {@code -Dload.input=codex-m} CoDEx-M's training split (185,584 triples of a real KG).
 * Run: {@code mvn -B -o -Pbench test -Dtest=LoadBench [-Dload.triples=N] [-Dload.stores=lmdb,native]
 * [-Dload.rounds=R] [-Dload.plainDefault=false] [-Dload.input=codex-m] [-Dload.shuffle=true]
 * [-Dload.crossStore=native]}, the last adding plain {@code add} into that other kind of store against the same
 * Lacuna load; writes target/bench/load-N.md (load-N-shuffled.md, load-codex-m.md).
 */
@Tag("bench")
class LoadBench {
    @TempDir
    Path tmp;

    @Test
    void loadAgainstPlainAdd() throws IOException {
        boolean codex = "codex-m".equals(System.getProperty("load.input"));
        long n = Long.getLong("load.triples", 2_000_000L);
        int rounds = Integer.getInteger("load.rounds", 1);
        boolean plainDefault = Boolean.parseBoolean(System.getProperty("load.plainDefault", "true"));
        List<String> kinds = List.of(System.getProperty("load.stores", "lmdb,native").split(","));
        String crossStore = System.getProperty("load.crossStore");
        Path tsv;
        String input;
        if (codex) {
            tsv = TestData.kg("codex-m", "train.txt");
            input = "CoDEx-M train.txt";
        } else {
            tsv = tmp.resolve("kg.tsv");
            GeneratedKgWriter.write(new KgGenerator(KgShape.wikidata5mLike(n, 2, 42)), tsv, GeneratedKgWriter.Format.TSV,
                    x -> { });
            input = String.format("generated Wikidata5m-shaped KG, %,d triples (seed 42)", n);
        }
        if (Boolean.getBoolean("load.shuffle")) {
            // The generator writes its facts sorted by relation and subject, an order that hands RDF4J's plain path
            // index-ordered inserts; real KG files (CoDEx, FB15k-237 splits) come in no such order.
            tsv = shuffled(tsv, tmp.resolve("kg-shuffled.tsv"));
            input += ", lines shuffled (seed 42)";
        }
        Path nt = tmp.resolve("kg.nt");
        toNTriples(tsv, nt);
        KgGraphs kg = KgGraphs.of("bench");
        List<String> rows = new ArrayList<>();
        for (String kind : kinds) {
            for (int round = 1; round <= rounds; round++) {
                // The Lacuna store is opened first, to ask the loader which level it will use on that kind of store.
                Repository repo = Stores.open(config(kind, tmp.resolve(kind + "-lacuna-" + round)));
                IsolationLevel level = KgLoader.isolationFor(repo);
                Run plain = plainAdd(config(kind, tmp.resolve(kind + "-plain-" + round)), nt, kg, level);
                Run lacuna = lacuna(repo, tsv, kg, tmp.resolve(kind + "-lacuna-" + round));
                rows.add(row(kind, (level == null ? "store default" : level.toString()) + (rounds > 1 ? ", round " + round : ""),
                        plain, lacuna));
                if (round == 1 && level != null && plainDefault) {
                    // The same plain path at the store's default level (RDF4J's change set), as a user would run it.
                    Run safe = plainAdd(config(kind, tmp.resolve(kind + "-plain-default")), nt, kg, null);
                    rows.add(row(kind, "plain at store default, Lacuna at " + level, safe, lacuna));
                }
                if (round == 1 && crossStore != null && !crossStore.equals(kind)) {
                    // A second yardstick: plain add into the store DESIGN.md names as the default (NativeStore),
                    // at Lacuna's level and at that store's own default, against Lacuna's load into this store.
                    Run other = plainAdd(config(crossStore, tmp.resolve(crossStore + "-plain-cross")), nt, kg, level);
                    rows.add(row(kind, "plain on " + crossStore + " at " + (level == null ? "store default" : level)
                            + ", Lacuna on " + kind, other, lacuna));
                    if (level != null && plainDefault) {
                        Run otherDefault = plainAdd(config(crossStore, tmp.resolve(crossStore + "-plain-cross-default")), nt,
                                kg, null);
                        rows.add(row(kind, "plain on " + crossStore + " at store default, Lacuna on " + kind + " at " + level,
                                otherDefault, lacuna));
                    }
                }
            }
        }
        StringBuilder md = new StringBuilder();
        md.append(String.format("# Load: %s (%s)%n%n", input, Instant.now()));
        md.append("Plain = RDF4J `RepositoryConnection.add(N-Triples file)` into complete, one transaction, at the isolation "
                + "shown.\nLacuna = `KgLoader.load(TSV)`: parse and check, private ids, labels graph, checksum, one transaction, "
                + "at the same isolation.\nCPU = process CPU time (all threads, GC included). MiB = the store's folder on disk "
                + "after the load. Speed ratio > 1: Lacuna is faster.\n\n");
        md.append("| store | isolation | triples | plain wall s | plain CPU s | plain triples/s | plain MiB | Lacuna wall s "
                + "| Lacuna CPU s | Lacuna triples/s | Lacuna MiB | Lacuna / plain speed (wall) | (CPU) |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        rows.forEach(r -> md.append(r).append('\n'));
        Path out = Path.of("target", "bench", "load-" + (codex ? "codex-m" : Long.toString(n))
                + (Boolean.getBoolean("load.shuffle") ? "-shuffled" : "") + ".md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md.toString());
        System.out.println(md);
    }

    /** What one load took; triples is what the store's graph complete then holds. */
    private record Run(long triples, double wall, double cpu, double mib) {
    }

    private static String row(String kind, String isolation, Run plain, Run lacuna) {
        String r = String.format("| %s | %s | %,d | %.1f | %.1f | %,.0f | %,.0f | %.1f | %.1f | %,.0f | %,.0f | %.2f | %.2f |",
                kind, isolation, lacuna.triples(), plain.wall(), plain.cpu(), plain.triples() / plain.wall(), plain.mib(),
                lacuna.wall(), lacuna.cpu(), lacuna.triples() / lacuna.wall(), lacuna.mib(), plain.wall() / lacuna.wall(),
                plain.cpu() / lacuna.cpu());
        System.out.println(r);
        return r;
    }

    private static StoreConfig config(String kind, Path dir) {
        return kind.equals("native") ? new StoreConfig.NativeStoreConfig(dir) : new StoreConfig.LmdbStoreConfig(dir);
    }

    private static Path dir(StoreConfig config) {
        return config instanceof StoreConfig.NativeStoreConfig c ? c.dir() : ((StoreConfig.LmdbStoreConfig) config).dir();
    }

    private static long cpu() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static Run lacuna(Repository repo, Path tsv, KgGraphs kg, Path dir) {
        System.gc();
        long triples;
        double wall;
        double cpu;
        try {
            long t0 = System.nanoTime();
            long c0 = cpu();
            triples = new KgLoader(repo, kg).load(List.of(tsv), KgLoader.Options.defaults()).triples();
            wall = (System.nanoTime() - t0) / 1e9;
            cpu = (cpu() - c0) / 1e9;
        } finally {
            repo.shutDown();
        }
        return new Run(triples, wall, cpu, mib(dir));
    }

    private static Run plainAdd(StoreConfig config, Path nt, KgGraphs kg, IsolationLevel level) {
        System.gc();
        Repository repo = Stores.open(config);
        long triples;
        double wall;
        double cpu;
        try (RepositoryConnection conn = repo.getConnection()) {
            long t0 = System.nanoTime();
            long c0 = cpu();
            if (level == null) {
                conn.begin();
            } else {
                conn.begin(level);
            }
            conn.add(nt.toFile(), RDFFormat.NTRIPLES, kg.complete());
            conn.commit();
            wall = (System.nanoTime() - t0) / 1e9;
            cpu = (cpu() - c0) / 1e9;
            triples = conn.size(kg.complete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            repo.shutDown();
        }
        return new Run(triples, wall, cpu, mib(dir(config)));
    }

    /** The size of the store's files in MiB (LMDB's data files grow as pages are written, not to the map size). */
    private static double mib(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            long bytes = 0;
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                bytes += Files.size(f);
            }
            try (Stream<Path> subs = Files.list(dir)) {
                subs.filter(Files::isDirectory).forEach(d -> System.out.printf("  %s: %.0f MiB%n", d, mib(d)));
            }
            return bytes / (1024.0 * 1024.0);
        } catch (IOException e) {
            return Double.NaN;
        }
    }

    private static Path shuffled(Path tsv, Path out) throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(tsv, StandardCharsets.UTF_8));
        Collections.shuffle(lines, new Random(42));
        Files.write(out, lines, StandardCharsets.UTF_8);
        return out;
    }

    /** The same triples as N-Triples under the IRIs the generator's own N-Triples output uses, for RDF4J's parser. */
    private static void toNTriples(Path tsv, Path nt) throws IOException {
        String e = GeneratedKgWriter.BASE;
        try (BufferedReader in = Files.newBufferedReader(tsv, StandardCharsets.UTF_8);
             BufferedWriter out = Files.newBufferedWriter(nt, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] f = line.split("\t");
                if (f.length == 3) {
                    out.write("<" + e + "entity/" + f[0] + "> <" + e + "relation/" + f[1] + "> <" + e + "entity/" + f[2]
                            + "> .\n");
                }
            }
        }
    }
}
