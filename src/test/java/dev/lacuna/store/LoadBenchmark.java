package dev.lacuna.store;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;

import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Load throughput on a generated 2-million-triple KG with skewed degrees, for native and LMDB, beside
 * RDF4J's own fastest plain path measured in the same run: one streaming RepositoryConnection.add of an
 * N-Triples file in one transaction at isolation NONE. Writes target/bench/load.md.
 * Run with: mvn -B -Pbench test -Dtest=LoadBenchmark [-Dlacuna.bench.triples=N]
 */
@Tag("bench")
class LoadBenchmark {
    @TempDir
    Path tmp;

    @Test
    void loadThroughput() throws IOException {
        int n = Integer.getInteger("lacuna.bench.triples", 2_000_000);
        Path tsv = tmp.resolve("kg.tsv");
        Path nt = tmp.resolve("kg.nt");
        generate(n, tsv, nt);
        KgGraphs kg = KgGraphs.of("bench");
        List<String> rows = new ArrayList<>();
        for (String kind : List.of("native", "lmdb")) {
            Function<Path, StoreConfig> config = kind.equals("native")
                    ? StoreConfig.NativeStoreConfig::new : StoreConfig.LmdbStoreConfig::new;
            double plain = plainAdd(config.apply(tmp.resolve(kind + "-plain")), nt, kg);
            Repository repo = Stores.open(config.apply(tmp.resolve(kind + "-lacuna")));
            double lacuna;
            try {
                long t0 = System.nanoTime();
                new KgLoader(repo, kg).load(List.of(tsv), KgLoader.Options.defaults());
                lacuna = (System.nanoTime() - t0) / 1e9;
            } finally {
                repo.shutDown();
            }
            rows.add(String.format("| %s | %,d | %.1f | %,.0f | %.1f | %,.0f | %.2f |", kind, n, plain, n / plain,
                    lacuna, n / lacuna, (n / lacuna) / (n / plain)));
        }
        StringBuilder md = new StringBuilder();
        md.append("# Load throughput (generated skewed KG, ").append(String.format("%,d", n)).append(" triples)\n\n");
        md.append("Plain = RDF4J `RepositoryConnection.add(N-Triples file)` in one transaction at isolation NONE.\n");
        md.append("Lacuna = `KgLoader.load(TSV)`: parse, check, private-id mapping, labels graph, checksum, one transaction.\n\n");
        md.append("| store | triples | plain s | plain triples/s | Lacuna s | Lacuna triples/s | Lacuna / plain |\n");
        md.append("|---|---|---|---|---|---|---|\n");
        rows.forEach(r -> md.append(r).append('\n'));
        Path out = Path.of("target", "bench", "load.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md.toString());
        System.out.println(md);
    }

    private static double plainAdd(StoreConfig config, Path nt, KgGraphs kg) throws IOException {
        Repository repo = Stores.open(config);
        try (RepositoryConnection conn = repo.getConnection()) {
            long t0 = System.nanoTime();
            conn.begin(IsolationLevels.NONE);
            conn.add(nt.toFile(), RDFFormat.NTRIPLES, kg.complete());
            conn.commit();
            return (System.nanoTime() - t0) / 1e9;
        } finally {
            repo.shutDown();
        }
    }

    /** Zipf-like skew: a few hub entities take most edges, like Wikidata5m and FB15k. */
    static void generate(int n, Path tsv, Path nt) throws IOException {
        int entities = Math.max(10, n / 5);
        int relations = 200;
        SplittableRandom random = new SplittableRandom(1);
        try (BufferedWriter a = Files.newBufferedWriter(tsv, StandardCharsets.UTF_8);
             BufferedWriter b = Files.newBufferedWriter(nt, StandardCharsets.UTF_8)) {
            for (int i = 0; i < n; i++) {
                int s = skewed(random, entities);
                int o = skewed(random, entities);
                int r = skewed(random, relations);
                a.write("Q" + s + "\tP" + r + "\tQ" + o + "\n");
                b.write("<http://example.org/entity/Q" + s + "> <http://example.org/relation/P" + r
                        + "> <http://example.org/entity/Q" + o + "> .\n");
            }
        }
    }

    private static int skewed(SplittableRandom random, int n) {
        double u = random.nextDouble();
        return (int) Math.min(n - 1, Math.floor(Math.pow(n, u)) - 1 + random.nextInt(2));
    }
}
