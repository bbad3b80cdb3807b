package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.sun.management.OperatingSystemMXBean;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.grounding.GroundingSource;
import dev.lacuna.mining.KgIndex;
import dev.lacuna.mining.Miner;
import dev.lacuna.mining.MinerOptions;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.store.GraphStats;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreCheck;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.TestData;
import dev.lacuna.verify.Verifier;

/**
 * The paper's second KG end to end: load FB15k-237 (CLI), mine at {@code -Dfb.maxad} (default 3; the paper's
 * setting is 4), build from the miner's index with seed 1, verify; the same steps as {@code lacuna build}
 * without --rules, timed per stage. Before the store's writes left isolation NONE, the maxad-3 build wrote an
 * incomplete graph of 89,670 triples instead of 263,876 and failed its own verify. Store: {@code -Dfb.store}
 * native (default) or lmdb. Writes target/bench/fb15k-build-maxad{N}.md. Minutes on a shared two-core machine.
 * {@code -Dfb.rules=FILE} builds from a rule file (e.g. the maxad-4 rules `lacuna mine` wrote) instead of
 * mining, to time the build's own stages without minutes of mining each run.
 * {@code -Dfb.out=DIR} keeps the output folder.
 * Run with: mvn -B -Pbench test -Dtest=Fb15kBuildBenchmark -Dfb.maxad=4 [-Dfb.rules=FILE] [-Dfb.store=lmdb]
 */
@Tag("bench")
class Fb15kBuildBenchmark {
    @TempDir
    Path tmp;

    @Test
    void buildsAndVerifiesFb15k237() throws IOException {
        int maxad = Integer.getInteger("fb.maxad", 3);
        String kind = System.getProperty("fb.store", "native");
        String store = kind + ":" + tmp.resolve("store");
        // -Dfb.out=DIR keeps the folder (it must not exist yet), to compare two builds' folders with diff -r.
        Path out = System.getProperty("fb.out") != null ? Path.of(System.getProperty("fb.out")) : tmp.resolve("out");
        Map<String, Double> stages = new LinkedHashMap<>();
        Map<String, Double> cpus = new LinkedHashMap<>();
        long cpu0 = cpuNanos();
        long t0 = System.nanoTime();
        CliRunner.Run load = CliRunner.run("load", "--store", store, "--kg", "fb15k-237",
                TestData.kg("fb15k-237", "train.txt").toString());
        assertEquals(0, load.code(), load.toString());
        assertTrue(load.out().contains("272,115 triples"), load.out());
        stages.put("load (CLI)", (System.nanoTime() - t0) / 1e9);

        KgGraphs kg = KgGraphs.of("fb15k-237");
        Repository repository = Stores.open(StoreSpec.parse(store));
        long complete;
        long incomplete;
        int rules;
        try {
            long t1 = System.nanoTime();
            KgIndex index = KgIndex.fromRepository(repository, kg);
            String rulesFile = System.getProperty("fb.rules");
            List<MinedRule> mined = rulesFile != null ? AmieRules.read(Path.of(rulesFile))
                    : new Miner(index, MinerOptions.defaults().withMaxAtoms(maxad)).mine();
            rules = mined.size();
            stages.put(rulesFile != null ? "index and rules read from " + rulesFile : "mining",
                    (System.nanoTime() - t1) / 1e9);
            BenchmarkBuilder builder = new BenchmarkBuilder(repository, kg)
                    .withGroundings(GroundingSource.INDEX, index);
            builder.build(mined, RuleGraph.MINED_BY_LACUNA, BuildSettings.defaults(out).withSeed(1));
            stages.putAll(builder.stageSeconds());
            cpus.putAll(builder.stageCpuSeconds());
            long t2 = System.nanoTime();
            long c2 = cpuNanos();
            builder.verifyBuild(out).requirePassed();
            stages.put("verify (the build's own)", (System.nanoTime() - t2) / 1e9);
            cpus.put("verify (the build's own)", (cpuNanos() - c2) / 1e9);
            t2 = System.nanoTime();
            c2 = cpuNanos();
            Verifier.Report verification = Verifier.verify(repository, out);
            stages.put("lacuna verify (files written again)", (System.nanoTime() - t2) / 1e9);
            cpus.put("lacuna verify (files written again)", (cpuNanos() - c2) / 1e9);
            verification.requirePassed();
            complete = GraphStats.counts(repository, kg.complete()).triples();
            incomplete = GraphStats.counts(repository, kg.incomplete()).triples();
            assertTrue(StoreCheck.check(repository).passed());
        } finally {
            repository.shutDown();
        }
        double total = (System.nanoTime() - t0) / 1e9;
        double cpu = (cpuNanos() - cpu0) / 1e9;
        long removed = Files.readAllLines(out.resolve("kg/removed.tsv")).size();
        assertEquals(272_115, complete);
        assertEquals(complete - removed, incomplete);

        StringBuilder md = new StringBuilder("# FB15k-237 build (" + kind + ", maxad " + maxad
                + ", seed 1, template questions, groundings from the miner's index)\n\n");
        md.append(String.format("%,d rules; complete %,d, removed %,d, incomplete %,d; %d cores; "
                + "total %.1f s wall, %.1f s CPU of this JVM%n%n", rules, complete, removed, incomplete,
                Runtime.getRuntime().availableProcessors(), total, cpu));
        md.append("| stage | wall s | CPU s (JVM, all threads) |\n|---|---|---|\n");
        stages.forEach((stage, s) -> md.append(String.format("| %s | %.1f | %s |%n", stage, s,
                cpus.containsKey(stage) ? String.format("%.1f", cpus.get(stage)) : "")));
        Path file = Path.of("target", "bench", "fb15k-build-maxad" + maxad + (System.getProperty("fb.rules") != null ? "-rules" : "") + ".md");
        Files.createDirectories(file.getParent());
        Files.writeString(file, md.toString());
        System.out.println(md);
    }

    private static long cpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
