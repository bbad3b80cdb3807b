package dev.lacuna.construct;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.sun.management.OperatingSystemMXBean;

import dev.lacuna.mining.KgIndex;
import dev.lacuna.mining.Miner;
import dev.lacuna.mining.MinerOptions;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.KgLoader;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.TestData;
import dev.lacuna.verify.Verifier;

/**
 * End-to-end build times (load, mine at maxad 3 with the paper's thresholds, build with the template
 * generator, verify) on Family and CoDEx-M, into a NativeStore. Writes target/bench/build.md.
 * Run with: mvn -B -Pbench test -Dtest=BuildBenchmark
 */
@Tag("bench")
class BuildBenchmark {
    @TempDir
    Path tmp;

    @Test
    void endToEnd() throws IOException {
        List<String> rows = new ArrayList<>();
        rows.add(run("family", FamilyBuild.bundledFamily(Files.createDirectories(tmp.resolve("f"))), 30));
        rows.add(run("codex-m", TestData.kg("codex-m", "train.txt"), 300));
        StringBuilder md = new StringBuilder("# Build end to end (NativeStore, template questions, maxad 3)\n\n");
        md.append("Wall seconds, with the process's CPU seconds (all threads) in brackets; the machine is shared, so\n"
                + "compare CPU as well as wall time.\n\n");
        md.append("| KG | triples | load s | mine s | rules | build s | verify s | total s | target s | removed | questions |\n");
        md.append("|---|---|---|---|---|---|---|---|---|---|---|\n");
        rows.forEach(r -> md.append(r).append('\n'));
        Path out = Path.of("target", "bench", "build.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md.toString());
        System.out.println(md);
    }

    private String run(String name, Path file, int targetSeconds) throws IOException {
        KgGraphs kg = KgGraphs.of(name);
        Repository repository = Stores.open(new StoreConfig.NativeStoreConfig(tmp.resolve(name + "-store")));
        try {
            long t0 = System.nanoTime();
            long c0 = cpu();
            KgLoader.Result loaded = new KgLoader(repository, kg).load(List.of(file), KgLoader.Options.defaults());
            long t1 = System.nanoTime();
            long c1 = cpu();
            List<MinedRule> rules = new Miner(KgIndex.fromRepository(repository, kg), MinerOptions.defaults()).mine();
            long t2 = System.nanoTime();
            long c2 = cpu();
            BuildReport report = new BenchmarkBuilder(repository, kg).build(rules, "lacuna-mine",
                    BuildSettings.defaults(tmp.resolve(name + "-out")));
            long t3 = System.nanoTime();
            long c3 = cpu();
            Verifier.Report verification = Verifier.verify(repository, tmp.resolve(name + "-out"));
            verification.requirePassed();
            long t4 = System.nanoTime();
            long c4 = cpu();
            var triples = report.summary().triples();
            var questions = report.summary().questions();
            return String.format("| %s | %,d | %.1f (%.1f) | %.1f (%.1f) | %,d | %.1f (%.1f) | %.1f (%.1f) | %.1f (%.1f) | %d | %s | %s |",
                    name, loaded.triples(), s(t0, t1), s(c0, c1), s(t1, t2), s(c1, c2), rules.size(), s(t2, t3),
                    s(c2, c3), s(t3, t4), s(c3, c4), s(t0, t4), s(c0, c4), targetSeconds, triples.removed(),
                    questions.total());
        } finally {
            repository.shutDown();
        }
    }

    /** CPU time of the whole JVM (every thread, JIT and GC included), in nanoseconds. */
    private static long cpu() {
        return ((OperatingSystemMXBean) ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    private static double s(long from, long to) {
        return (to - from) / 1e9;
    }
}
