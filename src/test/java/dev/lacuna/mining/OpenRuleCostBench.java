package dev.lacuna.mining;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.lacuna.generate.KgGenerator;
import dev.lacuna.generate.KgShape;

/**
 * Where the refinement into 4 atoms (maxad 4) spends its time: builds the queue of 3-atom rules as the miner does
 * (one thread), then times (CPU time), one thread, the walk rules of each head relation refined together
 * ({@link ThreeHopClosures}) and every other queued rule alone, summed by body shape (variable pairs of the two
 * body atoms, 0 and 1 the head's). The KG is `lacuna generate`'s Wikidata5m-like shape at -Dopen.triples (default
 * 2,000,000, seed 42), or the TSV file -Dopen.kg. Writes target/bench/open-rules.md. Run:
 * mvn -B -o -Pbench test -Dtest=OpenRuleCostBench
 */
@Tag("bench")
class OpenRuleCostBench {
    @Test
    void refinementIntoFourAtomsByShape() throws IOException {
        KgIndex kg = kg();
        MinerOptions options = MinerOptions.defaults().withMaxAtoms(4).withThreads(1);
        Matcher matcher = new Matcher(kg, options);
        List<WorkRule> queue = FourAtomQueue.of(kg, options, matcher);
        Map<Integer, List<WorkRule>> walksByHead = new TreeMap<>();
        Map<String, double[]> byShape = new TreeMap<>();
        for (WorkRule w : queue) {
            if (WalkLabels.key(w) >= 0) {
                walksByHead.computeIfAbsent(w.headRelation(), h -> new ArrayList<>()).add(w);
            }
        }
        double walkSeconds = 0;
        int walkRules = 0;
        double slowestHead = 0;
        for (List<WorkRule> rules : walksByHead.values()) {
            double minSupport = Math.ceil(options.minHeadCoverage() * kg.size(rules.get(0).headRelation()));
            long t0 = cpu();
            matcher.refineTogether(rules, minSupport, n -> { });
            double s = (cpu() - t0) / 1e9;
            walkSeconds += s;
            walkRules += rules.size();
            slowestHead = Math.max(slowestHead, s);
        }
        double total = walkSeconds;
        for (WorkRule w : queue) {
            if (WalkLabels.key(w) >= 0) {
                continue;
            }
            double minSupport = Math.ceil(options.minHeadCoverage() * kg.size(w.headRelation()));
            long t0 = cpu();
            matcher.refine(w, minSupport);
            double s = (cpu() - t0) / 1e9;
            double[] a = byShape.computeIfAbsent(shape(w), k -> new double[3]);
            a[0]++;
            a[1] += s;
            a[2] = Math.max(a[2], s);
            total += s;
        }
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT,
                "# Refinement into 4 atoms by body shape\n\n%,d triples, %,d queued 3-atom rules: %.1f s of CPU, one thread\n\n"
                        + "| body | rules | seconds | slowest |\n|---|---:|---:|---:|\n"
                        + "| walks, refined together per head relation (%d heads) | %d | %.1f | %.2f (a head) |%n",
                kg.tripleCount(), queue.size(), total, walksByHead.size(), walkRules, walkSeconds, slowestHead));
        byShape.forEach((k, v) -> md.append(String.format(Locale.ROOT, "| %s | %.0f | %.1f | %.2f |%n", k, v[0], v[1], v[2])));
        System.out.println(md);
        Path out = Path.of("target", "bench", "open-rules.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md.toString());
    }

    /** This thread's CPU time in ns: on a shared machine it is steadier than wall time. */
    private static long cpu() {
        return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    private static KgIndex kg() {
        String file = System.getProperty("open.kg");
        if (file != null) {
            return KgIndex.fromTsv(Path.of(file));
        }
        KgIndexBuilder builder = new KgIndexBuilder();
        new KgGenerator(KgShape.wikidata5mLike(Long.getLong("open.triples", 2_000_000), 2, 42)).generate((s, r, o) ->
                builder.add(KgGenerator.entityName(s), KgGenerator.relationName(r), KgGenerator.entityName(o)));
        return builder.build();
    }

    private static String shape(WorkRule w) {
        StringBuilder b = new StringBuilder(w.closed ? "closed" : "open");
        for (int i = 3; i < w.atoms.length; i += 3) {
            b.append(' ').append(w.atoms[i]).append('-').append(w.atoms[i + 2]);
        }
        return b.toString();
    }
}
