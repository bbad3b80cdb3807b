package dev.lacuna.mining;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.lacuna.rules.MinedRule;

/**
 * Mines a generated KG shaped like Wikidata5m (4.6M entities, 822 relations, 20M triples, power-law degrees
 * and relation sizes, a planted inverse regularity) at maxad 3 and records wall time,
 * CPU time and peak heap in target/bench/mining-generated.md. Size via -Dmining.triples (default 20,000,000).
 * Run: mvn -B -o -Pbench test -Dtest=GeneratedKgBench
 */
@Tag("bench")
class GeneratedKgBench {

    @Test
    void wikidata5mSizedKg() throws IOException {
        int triples = Integer.getInteger("mining.triples", 20_000_000);
        int entities = (int) Math.round(4_600_000.0 * triples / 20_000_000);
        int relations = 822;
        MinerBench.resetPeaks();
        long t0 = System.nanoTime();
        KgIndex kg = generate(entities, relations, triples, 42);
        double genSeconds = (System.nanoTime() - t0) / 1e9;
        long cpu0 = MinerBench.cpuNanos();
        long t1 = System.nanoTime();
        List<MinedRule> rules = new Miner(kg, MinerOptions.defaults().withMaxAtoms(3).withThreads(2),
                MinerBench.LOG_PROGRESS).mine();
        double seconds = (System.nanoTime() - t1) / 1e9;
        double cpu = (MinerBench.cpuNanos() - cpu0) / 1e9;
        long peak = MinerBench.peakHeap();
        String row = String.format(Locale.ROOT,
                "| generated, %,d triples, %,d entities, %d relations | maxad 3 | %,d rules | build index %.1f s | "
                        + "mining %.1f s wall, %.1f s CPU | peak heap %s (index %s) | load %.1f |",
                kg.tripleCount(), kg.entityCount(), relations, rules.size(), genSeconds, seconds, cpu,
                MinerBench.mib(peak), MinerBench.mib(kg.heapBytes()), MinerBench.load());
        System.out.println(row);
        Path out = Path.of("target", "bench", "mining-generated.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, "# Mining a generated Wikidata5m-sized KG\n\n" + row + "\n");
    }

    /** Power-law entity choice: low ids are hubs. Relation sizes are Zipf-like. Deterministic for a seed. */
    static KgIndex generate(int entities, int relations, int triples, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] h = new int[triples];
        int[] r = new int[triples];
        int[] t = new int[triples];
        double[] relWeight = new double[relations];
        double sum = 0;
        for (int i = 0; i < relations; i++) {
            relWeight[i] = 1.0 / Math.pow(i + 1, 1.1);
            sum += relWeight[i];
        }
        double[] cumulative = new double[relations];
        double acc = 0;
        for (int i = 0; i < relations; i++) {
            acc += relWeight[i] / sum;
            cumulative[i] = acc;
        }
        int n = 0;
        while (n < triples) {
            int rel = Math.min(relations - 1, lowerIndex(cumulative, rnd.nextDouble()));
            int head = skewed(rnd, entities, 1.6);
            int tail = skewed(rnd, entities, 2.4);
            if (head == tail) {
                continue;
            }
            h[n] = head;
            r[n] = rel;
            t[n] = tail;
            n++;
            // planted regularity: relation 2k+1 is often the inverse of 2k
            if (rel % 2 == 0 && rel + 1 < relations && n < triples && rnd.nextDouble() < 0.4) {
                h[n] = tail;
                r[n] = rel + 1;
                t[n] = head;
                n++;
            }
        }
        String[] names = new String[relations];
        for (int i = 0; i < relations; i++) {
            names[i] = "P" + i;
        }
        return KgIndex.ofIds(entities, names, h, r, t, n);
    }

    private static int skewed(SplittableRandom rnd, int n, double exponent) {
        return (int) Math.min(n - 1, (long) (n * Math.pow(rnd.nextDouble(), exponent)));
    }

    private static int lowerIndex(double[] cumulative, double u) {
        int lo = 0;
        int hi = cumulative.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cumulative[mid] < u) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
