package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.cli.Main;
import dev.lacuna.folder.OutputFolder;
import dev.lacuna.generate.GeneratedKgWriter;
import dev.lacuna.generate.KgGenerator;
import dev.lacuna.generate.KgShape;
import dev.lacuna.testing.ChildJvm;
import dev.lacuna.testing.TestData;

/**
 * {@code lacuna load} beside RDF4J's own plain path.
 *
 * <p>Plain ({@link PlainAdd}): one {@code RepositoryConnection.add} of the same triples as an N-Triples file into
 * graph complete, in one transaction. Lacuna: {@code lacuna load} of the TSV (parse and check, private ids, the
 * labels graph, the checksum), the command a user runs. Each is a child JVM of its own with {@code -Xmx} of
 * {@code load.xmx} (default 6g, the scale run's), timed by {@code /usr/bin/time}, and each store is deleted
 * once measured: a 20M Lacuna load run inside this JVM, after the plain path had grown the heap towards its
 * 20 GiB and filled the page cache with the plain store and the 2.5 GB N-Triples file, took 368.8 s against the scale
 * run's 257.7 s for the same command, so neither figure meant "what a load costs". Both run at the isolation level
 * Lacuna's load uses on that store (LMDB: NONE; NativeStore: its default), plain first, {@code load.rounds} times;
 * on LMDB the plain path is also run once at the store's default level, which is what {@code conn.add} does unless
 * told otherwise. Per path: wall and CPU seconds (all threads, GC and JVM start included), peak RssAnon and RssFile,
 * and the store's size on disk.
 *
 * <p>Input: a generated Wikidata5m-shaped KG of {@code load.triples} triples (the scale run's KG), or with
 * {@code -Dload.input=codex-m} CoDEx-M's training split (185,584 triples of a real KG).
 * Run: {@code mvn -B -o -Pbench test -Dtest=LoadBench [-Dload.triples=N] [-Dload.stores=lmdb,native]
 * [-Dload.rounds=R] [-Dload.plainDefault=false] [-Dload.input=codex-m] [-Dload.shuffle=true]
 * [-Dload.crossStore=native] [-Dload.xmx=6g]}, crossStore adding plain {@code add} into that other kind of store
 * against the same Lacuna load; writes target/bench/load-N.md (load-N-shuffled.md, load-codex-m.md), and each
 * child's output under target/bench/load-N/.
 */
@Tag("bench")
class LoadBench {
    private static final long SAMPLE_MILLIS = 250;

    @TempDir
    Path tmp;

    private ChildJvm jvm;
    private Path logs;
    private int children;

    @Test
    void loadAgainstPlainAdd() throws IOException, InterruptedException {
        boolean codex = "codex-m".equals(System.getProperty("load.input"));
        long n = Long.getLong("load.triples", 2_000_000L);
        int rounds = Integer.getInteger("load.rounds", 1);
        boolean plainDefault = Boolean.parseBoolean(System.getProperty("load.plainDefault", "true"));
        List<String> kinds = List.of(System.getProperty("load.stores", "lmdb,native").split(","));
        String crossStore = System.getProperty("load.crossStore");
        String name = "load-" + (codex ? "codex-m" : Long.toString(n)) + (Boolean.getBoolean("load.shuffle") ? "-shuffled" : "");
        jvm = new ChildJvm(System.getProperty("load.xmx", "6g"), SAMPLE_MILLIS);
        logs = Files.createDirectories(Path.of("target", "bench", name).toAbsolutePath());
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
        List<String> rows = new ArrayList<>();
        for (String kind : kinds) {
            String level = levelFor(kind);
            for (int round = 1; round <= rounds; round++) {
                Run plain = plainAdd(kind, tmp.resolve(kind + "-plain-" + round), nt, level);
                Run lacuna = lacuna(kind, tmp.resolve(kind + "-lacuna-" + round), tsv);
                rows.add(row(kind, level + (rounds > 1 ? ", round " + round : ""), plain, lacuna));
                if (round == 1 && level.equals("none") && plainDefault) {
                    // The same plain path at the store's default level (RDF4J's change set), as a user would run it.
                    Run safe = plainAdd(kind, tmp.resolve(kind + "-plain-default"), nt, "default");
                    rows.add(row(kind, "plain at store default, Lacuna at NONE", safe, lacuna));
                }
                if (round == 1 && crossStore != null && !crossStore.equals(kind)) {
                    // A second yardstick: plain add into the store DESIGN.md names as the default (NativeStore),
                    // at Lacuna's level and at that store's own default, against Lacuna's load into this store.
                    Run other = plainAdd(crossStore, tmp.resolve(crossStore + "-plain-cross"), nt, level);
                    rows.add(row(kind, "plain on " + crossStore + " at " + level + ", Lacuna on " + kind, other, lacuna));
                    if (level.equals("none") && plainDefault) {
                        Run otherDefault = plainAdd(crossStore, tmp.resolve(crossStore + "-plain-cross-default"), nt, "default");
                        rows.add(row(kind, "plain on " + crossStore + " at store default, Lacuna on " + kind + " at NONE",
                                otherDefault, lacuna));
                    }
                }
            }
        }
        StringBuilder md = new StringBuilder();
        md.append(String.format("# Load: %s (%s)%n%n", input, Instant.now()));
        md.append("Plain = RDF4J `RepositoryConnection.add(N-Triples file)` into complete, one transaction, at the isolation "
                + "shown.\nLacuna = `lacuna load` of the TSV: parse and check, private ids, labels graph, checksum, one "
                + "transaction, at the same isolation.\nEach a child JVM at -Xmx" + System.getProperty("load.xmx", "6g")
                + " under /usr/bin/time (wall and CPU include the JVM's start); RssAnon and RssFile are sampled peaks in MiB. "
                + "MiB = the store's folder on disk after the load. Speed ratio > 1: Lacuna is faster.\n\n");
        md.append("| store | isolation | triples | plain wall s | plain CPU s | plain RssAnon | plain RssFile | plain MiB "
                + "| Lacuna wall s | Lacuna CPU s | Lacuna RssAnon | Lacuna RssFile | Lacuna MiB | Lacuna / plain speed (wall) "
                + "| (CPU) |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        rows.forEach(r -> md.append(r).append('\n'));
        Path out = Path.of("target", "bench", name + ".md");
        Files.writeString(out, md.toString());
        System.out.println(md);
    }

    /** What one load took. */
    private record Run(long triples, double mib, ChildJvm.Measure measure) {
        double wall() {
            return measure.wallSeconds();
        }

        double cpu() {
            return measure.cpuSeconds();
        }
    }

    private static String row(String kind, String isolation, Run plain, Run lacuna) {
        String r = String.format("| %s | %s | %s | %.1f | %.1f | %,d | %,d | %,.0f | %.1f | %.1f | %,d | %,d | %,.0f | %.2f | %.2f |",
                kind, isolation, String.format("%,d", lacuna.triples()), plain.wall(), plain.cpu(), plain.measure().sampled().rssAnonKb() / 1024,
                plain.measure().sampled().rssFileKb() / 1024, plain.mib(), lacuna.wall(), lacuna.cpu(),
                lacuna.measure().sampled().rssAnonKb() / 1024, lacuna.measure().sampled().rssFileKb() / 1024, lacuna.mib(),
                plain.wall() / lacuna.wall(), plain.cpu() / lacuna.cpu());
        System.out.println(r);
        return r;
    }

    private static StoreConfig config(String kind, Path dir) {
        return kind.equals("native") ? new StoreConfig.NativeStoreConfig(dir) : new StoreConfig.LmdbStoreConfig(dir);
    }

    /** The isolation level Lacuna's load uses on that kind of store: "none", or "default" (the store's own). */
    private String levelFor(String kind) {
        Path dir = tmp.resolve(kind + "-probe");
        Repository repo = Stores.open(config(kind, dir));
        try {
            return KgLoader.isolationFor(repo) == null ? "default" : "none";
        } finally {
            repo.shutDown();
        }
    }

    private Run lacuna(String kind, Path dir, Path tsv) throws IOException, InterruptedException {
        return child(kind, Main.class, List.of("load", "--store", kind + ":" + dir, "--kg", "bench", tsv.toString()), dir);
    }

    private Run plainAdd(String kind, Path dir, Path nt, String level) throws IOException, InterruptedException {
        return child(kind, PlainAdd.class, List.of(kind, dir.toString(), nt.toString(), KgGraphs.of("bench").complete().stringValue(),
                level), dir);
    }

    /** Runs one load as a child JVM; its store is deleted afterwards so its pages leave the page cache. */
    private Run child(String kind, Class<?> main, List<String> args, Path dir) throws IOException, InterruptedException {
        children++;
        String base = main.getSimpleName() + "-" + children;
        ChildJvm.Measure m = jvm.run(main, args, logs.resolve(base + ".log"), logs.resolve(base + ".time"));
        assertEquals(0, m.exit(), main.getSimpleName() + " failed; its output is in " + logs.resolve(base + ".log"));
        double mib = mib(dir);
        long triples = triples(config(kind, dir));
        System.out.printf("%s %s: %.1f s wall, %.1f s CPU, %.0f MiB%n", main.getSimpleName(), args, m.wallSeconds(),
                m.cpuSeconds(), mib);
        OutputFolder.deleteTree(dir);
        return new Run(triples, mib, m);
    }

    /** The triples now in graph complete, counted in the store (its own LMDB context count). */
    private static long triples(StoreConfig config) {
        Repository repo = Stores.open(config);
        try (RepositoryConnection conn = repo.getConnection()) {
            return conn.size(KgGraphs.of("bench").complete());
        } finally {
            repo.shutDown();
        }
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
