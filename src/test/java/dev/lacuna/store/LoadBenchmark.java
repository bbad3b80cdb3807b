package dev.lacuna.store;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;

import org.eclipse.rdf4j.common.transaction.IsolationLevel;
import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.testing.TestData;

/**
 * Load throughput for native and LMDB, beside RDF4J's own fastest plain path measured in the same run: one
 * streaming RepositoryConnection.add of an N-Triples file in one transaction. Both are measured at isolation
 * NONE (the unsafe level Lacuna used before, docs/store-safety.md) and at the store's default level (what
 * Lacuna uses now), so that the ratio compares like with like. Input: CoDEx-M's training triples, or with
 * -Dlacuna.bench.triples=N a generated skewed KG of N triples. Writes target/bench/load.md.
 * Run with: mvn -B -Pbench test -Dtest=LoadBenchmark [-Dlacuna.bench.triples=N]
 */
@Tag("bench")
class LoadBenchmark {
    @TempDir
    Path tmp;

    @Test
    void loadThroughput() throws IOException {
        Integer generated = Integer.getInteger("lacuna.bench.triples");
        Path tsv;
        Path nt = tmp.resolve("kg.nt");
        String input;
        if (generated != null) {
            tsv = tmp.resolve("kg.tsv");
            generate(generated, tsv, nt);
            input = String.format("generated skewed KG, %,d triples", generated);
        } else {
            tsv = TestData.kg("codex-m", "train.txt");
            toNTriples(tsv, nt);
            input = "CoDEx-M train.txt";
        }
        KgGraphs kg = KgGraphs.of("bench");
        List<String> rows = new ArrayList<>();
        for (String kind : List.of("native", "lmdb")) {
            Function<Path, StoreConfig> config = kind.equals("native")
                    ? StoreConfig.NativeStoreConfig::new : StoreConfig.LmdbStoreConfig::new;
            for (IsolationLevel level : List.of(IsolationLevels.NONE, IsolationLevels.SNAPSHOT_READ)) {
                String name = level == IsolationLevels.NONE ? "NONE" : "default";
                double plain = plainAdd(config.apply(tmp.resolve(kind + "-plain-" + name)), nt, kg, level);
                Repository repo = Stores.open(config.apply(tmp.resolve(kind + "-lacuna-" + name)));
                double lacuna;
                long n;
                try {
                    long t0 = System.nanoTime();
                    n = new KgLoader(repo, kg, level == IsolationLevels.NONE ? level : null)
                            .load(List.of(tsv), KgLoader.Options.defaults()).triples();
                    lacuna = (System.nanoTime() - t0) / 1e9;
                } finally {
                    repo.shutDown();
                }
                rows.add(String.format("| %s | %s | %,d | %.1f | %,.0f | %.1f | %,.0f | %.2f |", kind, name, n, plain,
                        n / plain, lacuna, n / lacuna, plain / lacuna));
            }
        }
        StringBuilder md = new StringBuilder();
        md.append("# Load throughput (").append(input).append(")\n\n");
        md.append("Plain = RDF4J `RepositoryConnection.add(N-Triples file)` in one transaction at the isolation shown.\n");
        md.append("Lacuna = `KgLoader.load(TSV)`: parse, check, private-id mapping, labels graph, checksum, one transaction.\n");
        md.append("isolation NONE is what Lacuna used before and is unsafe; default (SNAPSHOT_READ) is what it uses now.\n\n");
        md.append("| store | isolation | triples | plain s | plain triples/s | Lacuna s | Lacuna triples/s | Lacuna / plain speed |\n");
        md.append("|---|---|---|---|---|---|---|---|\n");
        rows.forEach(r -> md.append(r).append('\n'));
        Path out = Path.of("target", "bench", "load.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md.toString());
        System.out.println(md);
    }

    private static double plainAdd(StoreConfig config, Path nt, KgGraphs kg, IsolationLevel level) throws IOException {
        Repository repo = Stores.open(config);
        try (RepositoryConnection conn = repo.getConnection()) {
            long t0 = System.nanoTime();
            conn.begin(level);
            conn.add(nt.toFile(), RDFFormat.NTRIPLES, kg.complete());
            conn.commit();
            return (System.nanoTime() - t0) / 1e9;
        } finally {
            repo.shutDown();
        }
    }

    /** The same triples as N-Triples, for RDF4J's own parser. */
    private static void toNTriples(Path tsv, Path nt) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(tsv, StandardCharsets.UTF_8);
             BufferedWriter out = Files.newBufferedWriter(nt, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] f = line.strip().split("\t");
                if (f.length == 3) {
                    out.write("<http://example.org/entity/" + f[0] + "> <http://example.org/relation/" + f[1]
                            + "> <http://example.org/entity/" + f[2] + "> .\n");
                }
            }
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
