package dev.lacuna.mining;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.testing.TestData;

/**
 * FB15k-237 train at maxad 4 with the paper's thresholds (AMIE3 3.5.1 did not finish in 15 minutes, so there is
 * no reference file): wall, CPU and peak heap, then support, body size and PCA body size of a seeded sample of
 * the rules recounted by {@link BruteForceMeasures}. With {@code -Dmining.expect=FILE} the rule file must also
 * equal FILE byte for byte (a run before a change). Writes target/bench/mining-fb15k-237.md and the rules to
 * target/bench/fb15k-237-maxad4.tsv.
 * With {@code -Dmining.rules=FILE} the rules are read from FILE instead of mined (only the recount runs).
 * Run: mvn -B -o -Pbench test -Dtest=Fb15kMiningBench [-Dmining.threads=2] [-Dmining.sample=30]
 */
@Tag("bench")
class Fb15kMiningBench {
    @Test
    void maxad4() throws IOException {
        Path facts = TestData.kg("fb15k-237", "train.txt");
        int threads = Integer.getInteger("mining.threads", 2);
        System.gc();
        MinerBench.resetPeaks();
        long t0 = System.nanoTime();
        long cpu0 = MinerBench.cpuNanos();
        KgIndex kg = KgIndex.fromTsv(facts);
        String given = System.getProperty("mining.rules");
        List<MinedRule> mined = given != null ? AmieRules.read(Path.of(given)) // recount a file mined elsewhere
                : new Miner(kg, MinerOptions.defaults().withMaxAtoms(4).withThreads(threads),
                        MinerBench.LOG_PROGRESS).mine();
        double wall = (System.nanoTime() - t0) / 1e9;
        double cpu = (MinerBench.cpuNanos() - cpu0) / 1e9;
        long peak = MinerBench.peakHeap();
        Path rules = Path.of("target", "bench", "fb15k-237-maxad4.tsv");
        if (given == null) {
            AmieRules.write(mined, rules);
        }
        String expect = System.getProperty("mining.expect");
        if (expect != null && given == null) {
            assertArrayEquals(Files.readAllBytes(Path.of(expect)), Files.readAllBytes(rules), "rules differ from " + expect);
        }
        // seeded sample, recounted independently
        int sample = Integer.getInteger("mining.sample", 30);
        List<MinedRule> shuffled = new ArrayList<>(mined);
        Collections.shuffle(shuffled, new Random(42));
        BruteForceMeasures brute = new BruteForceMeasures(facts);
        long b0 = System.nanoTime();
        for (MinedRule m : shuffled.subList(0, Math.min(sample, shuffled.size()))) {
            BruteForceMeasures.Counts c = brute.count(m);
            String what = m.rule().toAmie();
            assertEquals(m.measures().support(), c.support(), "support of " + what);
            assertEquals(m.measures().bodySize(), c.bodySize(), "body size of " + what);
            assertEquals(m.measures().pcaBodySize(), c.pcaBodySize(), "PCA body size of " + what);
        }
        String row = String.format(Locale.ROOT, "| fb15k-237 train, maxad 4%s | %,d triples | %,d rules | %d threads | "
                + "%.1f s wall | %.1f s CPU | peak heap %s | load %.1f | %d sampled rules recounted in %.1f s |",
                given == null ? "" : " (rules read from " + given + ")", kg.tripleCount(), mined.size(), threads, wall, cpu, MinerBench.mib(peak), MinerBench.load(),
                Math.min(sample, mined.size()), (System.nanoTime() - b0) / 1e9);
        System.out.println(row);
        Path out = Path.of("target", "bench", "mining-fb15k-237.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, row + "\n");
    }
}
