package dev.lacuna.grounding;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.lacuna.mining.KgIndex;
import dev.lacuna.mining.Miner;
import dev.lacuna.mining.MinerOptions;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.KgLoader;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.TestData;

/**
 * How many groundings FB15k-237's rules have (all of them are keyed by the seeded draw), and what drawing 30
 * per rule from the integer index costs, on one thread. Rules: {@code -Dfb.rules=FILE} (a mined rule file),
 * else mined here at {@code -Dfb.maxad} (default 4). Writes target/bench/fb15k-grounding-counts.md.
 * Run with: mvn -B -Pbench test -Dtest=Fb15kGroundingCountsBenchmark -Dfb.rules=fb-maxad4.tsv
 */
@Tag("bench")
class Fb15kGroundingCountsBenchmark {
    @Test
    void countsAndDrawsEveryRule() throws IOException {
        KgGraphs kg = KgGraphs.of("fb15k-237");
        Repository repository = Stores.open(new StoreConfig.MemoryStoreConfig());
        KgIndex index;
        try {
            new KgLoader(repository, kg).load(List.of(TestData.kg("fb15k-237", "train.txt")), KgLoader.Options.defaults());
            index = KgIndex.fromRepository(repository, kg);
        } finally {
            repository.shutDown();
        }
        String file = System.getProperty("fb.rules");
        List<MinedRule> rules = file != null ? AmieRules.read(Path.of(file))
                : new Miner(index, MinerOptions.defaults().withMaxAtoms(Integer.getInteger("fb.maxad", 4))).mine();
        IndexGroundings draw = new IndexGroundings(index, kg);
        long[] counts = new long[rules.size()];
        // thread CPU time: on a shared machine the wall time says more about the neighbours than about the draw
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long t0 = cpu.getCurrentThreadCpuTime();
        for (int i = 0; i < rules.size(); i++) {
            counts[i] = draw.count(rules.get(i));
        }
        long t1 = cpu.getCurrentThreadCpuTime();
        for (int i = 0; i < rules.size(); i++) {
            draw.sample(i, rules.get(i), 30, i);
        }
        long t2 = cpu.getCurrentThreadCpuTime();
        long[] sorted = counts.clone();
        Arrays.sort(sorted);
        long sum = Arrays.stream(counts).sum();
        List<String> top = new ArrayList<>();
        Integer[] order = new Integer[counts.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(counts[b], counts[a]));
        for (int i = 0; i < Math.min(10, order.length); i++) {
            top.add(String.format("| %d | %,d | `%s` |", order[i] + 1, counts[order[i]], rules.get(order[i]).rule().toAmie()));
        }
        long over1m = Arrays.stream(counts).filter(c -> c > 1_000_000).count();
        long over1mSum = Arrays.stream(counts).filter(c -> c > 1_000_000).sum();
        String md = "# FB15k-237: groundings per rule (" + rules.size() + " rules)\n\n"
                + String.format("total %,d groundings; median %,d, p90 %,d, p99 %,d, max %,d; %d rules over 1M hold %,d%n%n",
                sum, sorted[sorted.length / 2], sorted[(int) (sorted.length * 0.9)], sorted[(int) (sorted.length * 0.99)],
                sorted[sorted.length - 1], over1m, over1mSum)
                + String.format("CPU of one thread: counting only %.1f s; drawing 30 per rule (every grounding keyed) %.1f s, "
                + "%.0f ns per grounding%n%n", (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t2 - t1) / (double) Math.max(1, sum))
                + "| rule | groundings | rule |\n|---|---|---|\n" + String.join("\n", top) + "\n";
        Path out = Path.of("target", "bench", "fb15k-grounding-counts.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md);
        System.out.println(md);
    }
}
