package dev.lacuna.store;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.rdf4j.common.transaction.IsolationLevel;
import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.generate.GeneratedKgWriter;
import dev.lacuna.generate.KgGenerator;
import dev.lacuna.generate.KgShape;

/**
 * The load of a generated Wikidata5m-shaped KG (issue 16's 20M path) beside RDF4J's plain path in the same JVM
 * run: one {@code RepositoryConnection.add} of the same triples as an N-Triples file, in one transaction, at the
 * isolation level Lacuna's load uses on that store (each row says which). Wall and process CPU seconds per path,
 * so that a run on a shared machine still gives a ratio measured under the same conditions; the two paths run
 * alternately, plain first. Run with
 * {@code mvn -B -o -Pbench test -Dtest=LoadBench [-Dload.triples=N] [-Dload.stores=lmdb,native]}; writes
 * target/bench/load-N.md.
 */
@Tag("bench")
class LoadBench {
    @TempDir
    Path tmp;

    @Test
    void loadAgainstPlainAdd() throws IOException {
        long n = Long.getLong("load.triples", 2_000_000L);
        List<String> kinds = List.of(System.getProperty("load.stores", "lmdb,native").split(","));
        Path tsv = tmp.resolve("kg.tsv");
        GeneratedKgWriter.write(new KgGenerator(KgShape.wikidata5mLike(n, 2, 42)), tsv, GeneratedKgWriter.Format.TSV, x -> { });
        Path nt = tmp.resolve("kg.nt");
        toNTriples(tsv, nt);
        KgGraphs kg = KgGraphs.of("bench");
        List<String> rows = new ArrayList<>();
        for (String kind : kinds) {
            Repository repo = Stores.open(config(kind, tmp.resolve(kind + "-lacuna")));
            IsolationLevel level = KgLoader.isolationFor(repo);
            double[] plain = plainAdd(config(kind, tmp.resolve(kind + "-plain")), nt, kg, level);
            double[] lacuna;
            long triples;
            try {
                long t0 = System.nanoTime();
                long c0 = cpu();
                triples = new KgLoader(repo, kg).load(List.of(tsv), KgLoader.Options.defaults()).triples();
                lacuna = new double[] {(System.nanoTime() - t0) / 1e9, (cpu() - c0) / 1e9};
            } finally {
                repo.shutDown();
            }
            rows.add(String.format("| %s | %s | %,d | %.1f | %.1f | %,.0f | %.1f | %.1f | %,.0f | %.2f | %.2f |", kind,
                    level == null ? "store default" : level, triples, plain[0], plain[1], triples / plain[0], lacuna[0],
                    lacuna[1], triples / lacuna[0], plain[0] / lacuna[0], plain[1] / lacuna[1]));
            System.out.println(rows.get(rows.size() - 1));
            if (level != null) {
                // The same plain path at the store's default level (RDF4J's change set), as a user would run it.
                double[] safe = plainAdd(config(kind, tmp.resolve(kind + "-plain-default")), nt, kg, null);
                rows.add(String.format("| %s | plain at store default, Lacuna at %s | %,d | %.1f | %.1f | %,.0f | %.1f | %.1f "
                        + "| %,.0f | %.2f | %.2f |", kind, level, triples, safe[0], safe[1], triples / safe[0], lacuna[0],
                        lacuna[1], triples / lacuna[0], safe[0] / lacuna[0], safe[1] / lacuna[1]));
                System.out.println(rows.get(rows.size() - 1));
            }
        }
        StringBuilder md = new StringBuilder();
        md.append(String.format("# Load of a generated KG: %,d triples (%s)%n%n", n, java.time.Instant.now()));
        md.append("Plain = RDF4J `RepositoryConnection.add(N-Triples file)` in one transaction at the isolation shown.\n");
        md.append("Lacuna = `KgLoader.load(TSV)`: parse, check, private ids, labels graph, checksum, one transaction, "
                + "at the same isolation. CPU = process CPU time (all threads, GC included).\n\n");
        md.append("| store | isolation | triples | plain wall s | plain CPU s | plain triples/s | Lacuna wall s | Lacuna CPU s "
                + "| Lacuna triples/s | Lacuna / plain speed (wall) | (CPU) |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        rows.forEach(r -> md.append(r).append('\n'));
        Path out = Path.of("target", "bench", "load-" + n + ".md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md.toString());
        System.out.println(md);
    }

    private static StoreConfig config(String kind, Path dir) {
        return kind.equals("native") ? new StoreConfig.NativeStoreConfig(dir) : new StoreConfig.LmdbStoreConfig(dir);
    }

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static double[] plainAdd(StoreConfig config, Path nt, KgGraphs kg, IsolationLevel level) {
        System.gc();
        Repository repo = Stores.open(config);
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
            return new double[] {(System.nanoTime() - t0) / 1e9, (cpu() - c0) / 1e9};
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } finally {
            repo.shutDown();
            System.gc();
        }
    }

    private static void toNTriples(Path tsv, Path nt) throws IOException {
        String e = GeneratedKgWriter.BASE;
        try (BufferedReader in = Files.newBufferedReader(tsv, StandardCharsets.UTF_8);
             BufferedWriter out = Files.newBufferedWriter(nt, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] f = line.split("\t");
                out.write("<" + e + "entity/" + f[0] + "> <" + e + "relation/" + f[1] + "> <" + e + "entity/" + f[2] + "> .\n");
            }
        }
    }
}
