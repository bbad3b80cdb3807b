package dev.lacuna.mining;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import com.sun.management.OperatingSystemMXBean;

import dev.lacuna.Progress;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;

/**
 * Lacuna's miner against AMIE3 on every reference file, with wall time and peak heap; writes
 * target/bench/mining.md. AMIE3's times are those of testdata/reference/amie3/README.md (whole process).
 * Run: mvn -B -o -Pbench test -Dtest=MinerBench
 */
@Tag("bench")
class MinerBench {
    record Case(String reference, String facts, int maxAtoms, double amieSeconds, double amieCpu, String amieMemory) {
    }

    static final List<Case> CASES = List.of(
            new Case("family-maxad3.tsv", "family/facts.txt", 3, 5.1, 8, ""),
            new Case("kinship-maxad3.tsv", "kinship/facts.txt", 3, 8.0, 7, ""),
            new Case("umls-maxad3.tsv", "umls/facts.txt", 3, 3.2, 5, ""),
            new Case("codex-s-maxad3.tsv", "codex-s/train.txt", 3, 12.9, 12, ""),
            new Case("family-maxad4.tsv", "family/facts.txt", 4, 44, 83, ""),
            new Case("codex-s-maxad4.tsv", "codex-s/train.txt", 4, 92, 100, ""),
            new Case("umls-maxad4.tsv", "umls/facts.txt", 4, 100, 152, ""),
            new Case("kinship-maxad4.tsv", "kinship/facts.txt", 4, 346, 331, "4.9 GB"));

    @Test
    void referenceFiles() throws IOException {
        String only = System.getProperty("mining.only");
        // only codex-m or const asked for: keep mining.md from the last reference run
        Assumptions.assumeTrue(only == null || CASES.stream().anyMatch(c -> Arrays.stream(only.split(","))
                .anyMatch(o -> c.reference().contains(o))), "-Dmining.only=" + only + " names no reference file");
        int threads = Integer.getInteger("mining.threads", 2);
        List<String> rows = new ArrayList<>();
        boolean allSame = true;
        StringBuilder failures = new StringBuilder();
        for (Case c : CASES) {
            if (only != null && Arrays.stream(only.split(",")).noneMatch(o -> c.reference().contains(o))) {
                continue;
            }
            System.gc();
            resetPeaks();
            long t0 = System.nanoTime();
            long cpu0 = cpuNanos();
            String[] f = c.facts().split("/");
            KgIndex kg = KgIndex.fromTsv(ReferenceComparison.shared("data", f[0], f[1]));
            List<MinedRule> mined = new Miner(kg, MinerOptions.defaults().withMaxAtoms(c.maxAtoms()).withThreads(threads),
                    LOG_PROGRESS).mine();
            double seconds = (System.nanoTime() - t0) / 1e9;
            double cpu = (cpuNanos() - cpu0) / 1e9;
            long peak = peakHeap();
            List<MinedRule> expected = AmieRules.read(ReferenceComparison.shared("reference", "amie3", c.reference()));
            ReferenceComparison cmp = new ReferenceComparison(expected, mined);
            allSame &= cmp.same();
            if (!cmp.same()) {
                failures.append(c.reference()).append(": ").append(cmp.report(20));
            }
            rows.add(String.format(Locale.ROOT, "| %s | %d | %d | %s | %.1f s | %.1f s | %.2fx | %.0f s | %.1f s | %s | %s | %.1f |",
                    c.reference(), expected.size(), mined.size(), cmp.same() ? "yes" : "NO (" + cmp.problems.size() + ")",
                    c.amieSeconds(), seconds, c.amieSeconds() / seconds, c.amieCpu(), cpu, mib(peak),
                    c.amieMemory().isEmpty() ? "-" : c.amieMemory(), load()));
            System.out.println(rows.get(rows.size() - 1));
        }
        Path out = Path.of("target", "bench", "mining.md");
        Files.createDirectories(out.getParent());
        StringBuilder md = new StringBuilder();
        md.append("# Rule mining: Lacuna vs AMIE3 3.5.1\n\n");
        md.append("Thresholds minhc 0.1, minc 0.3, minpca 0.4, minis 100; ").append(threads)
                .append(" threads; machine: ").append(Runtime.getRuntime().availableProcessors())
                .append(" cores, shared with other work. Lacuna's time is loading the TSV plus mining (in a warm JVM);"
                        + " AMIE3's is its whole process as listed in the reference README.\n\n");
        md.append("| reference | AMIE3 rules | Lacuna rules | same rules & measures | AMIE3 wall | Lacuna wall | wall speed-up | AMIE3 CPU | Lacuna CPU | Lacuna peak heap | AMIE3 peak memory | load avg |\n");
        md.append("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (String r : rows) {
            md.append(r).append('\n');
        }
        Files.writeString(out, md.toString());
        assertTrue(allSame, failures.toString());
    }

    /** CoDEx-M at maxad 4: no AMIE3 reference file, only AMIE3's time (892 s); writes mining-codex-m.md. */
    @Test
    void codexM() throws IOException {
        String only = System.getProperty("mining.only");
        Assumptions.assumeTrue(only == null || only.contains("codex-m"), "-Dmining.only=" + only + " leaves out codex-m");
        System.gc();
        resetPeaks();
        long t0 = System.nanoTime();
        long cpu0 = cpuNanos();
        KgIndex kg = KgIndex.fromTsv(ReferenceComparison.shared("data", "codex-m", "train.txt"));
        List<MinedRule> mined = new Miner(kg, MinerOptions.defaults().withMaxAtoms(4)
                .withThreads(Integer.getInteger("mining.threads", 2)), LOG_PROGRESS).mine();
        String row = String.format(Locale.ROOT, "| codex-m train, maxad 4 | %,d triples | %d rules | AMIE3 892 s wall | "
                + "Lacuna %.1f s wall, %.1f s CPU | peak heap %s | load %.1f |", kg.tripleCount(), mined.size(),
                (System.nanoTime() - t0) / 1e9, (cpuNanos() - cpu0) / 1e9, mib(peakHeap()), load());
        System.out.println(row);
        Path out = Path.of("target", "bench", "mining-codex-m.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, row + "\n");
    }

    /**
     * Rules with constants ({@code --const}) at maxad 3 with the paper's thresholds; no AMIE3 reference exists for
     * them, so this records size and cost only. Writes mining-const.md. Run with -Dmining.only=const.
     */
    @Test
    void constants() throws IOException {
        String only = System.getProperty("mining.only");
        Assumptions.assumeTrue(only != null && only.contains("const"), "runs only with -Dmining.only=const");
        StringBuilder md = new StringBuilder("# Rule mining with constants (--const), maxad 3, paper thresholds\n\n"
                + "| KG | rules | of which with constants | wall | CPU | peak heap | load avg |\n|---|---:|---:|---:|---:|---:|---:|\n");
        for (String facts : List.of("family/facts.txt", "kinship/facts.txt", "umls/facts.txt", "codex-s/train.txt")) {
            System.gc();
            resetPeaks();
            long t0 = System.nanoTime();
            long cpu0 = cpuNanos();
            String[] f = facts.split("/");
            KgIndex kg = KgIndex.fromTsv(ReferenceComparison.shared("data", f[0], f[1]));
            List<MinedRule> mined = new Miner(kg, MinerOptions.defaults().withMaxAtoms(3).withConstants(true)
                    .withThreads(Integer.getInteger("mining.threads", 2)), LOG_PROGRESS).mine();
            long withConstants = mined.stream().filter(m -> m.rule().hasConstants()).count();
            String row = String.format(Locale.ROOT, "| %s | %,d | %,d | %.1f s | %.1f s | %s | %.1f |", facts,
                    mined.size(), withConstants, (System.nanoTime() - t0) / 1e9, (cpuNanos() - cpu0) / 1e9,
                    mib(peakHeap()), load());
            System.out.println(row);
            md.append(row).append('\n');
        }
        Path out = Path.of("target", "bench", "mining-const.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md.toString());
    }

    static long cpuNanos() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.0f MiB", bytes / 1048576.0);
    }

    static void resetPeaks() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                p.resetPeakUsage();
            }
        }
    }

    static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                sum += p.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

    /** Prints one line per refinement and measuring step, as it starts. */
    static final Progress.Channel LOG_PROGRESS = (task, total, unit) -> {
        System.out.printf(Locale.ROOT, "  %s: %d %s%n", task, total, unit);
        return Progress.NONE;
    };
}
