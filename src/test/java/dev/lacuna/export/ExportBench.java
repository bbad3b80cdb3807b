package dev.lacuna.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.testing.TestData;

/**
 * Export time and peak heap per format on CoDEx-M's benchmark (load, mine at maxad 3, build, then each export).
 * Writes target/bench/export.md. Run with: mvn -B -Pbench test -Dtest=ExportBench
 */
@Tag("bench")
class ExportBench {
    @TempDir
    Path tmp;

    @Test
    void codexM() throws IOException {
        String store = "native:" + tmp.resolve("store");
        Path kg = TestData.kg("codex-m", "train.txt");
        CliRunner.Run load = CliRunner.run("load", "--store", store, "--kg", "codex-m", kg.toString());
        assertEquals(0, load.code(), load.toString());
        Path rules = tmp.resolve("rules.tsv");
        CliRunner.Run mine = CliRunner.run("mine", "--store", store, "--kg", "codex-m", "--maxad", "3", "--output", rules.toString());
        assertEquals(0, mine.code(), mine.toString());
        Path bench = tmp.resolve("benchmark");
        CliRunner.Run build = CliRunner.run("build", "--store", store, "--kg", "codex-m", "--rules", rules.toString(),
                "--out", bench.toString());
        assertEquals(0, build.code(), build.toString());
        JsonNode summary = new ObjectMapper().readTree(bench.resolve("summary.json").toFile());
        List<String> rows = new ArrayList<>();
        for (String format : List.of("tsv", "ntriples", "turtle", "trig", "freebase", "brink", "rog", "gnnrag")) {
            System.gc();
            List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                    .filter(p -> p.getType() == MemoryType.HEAP).toList();
            heap.forEach(MemoryPoolMXBean::resetPeakUsage);
            long t0 = System.nanoTime();
            CliRunner.Run run = CliRunner.run("export", "--benchmark", bench.toString(), "--format", format,
                    "--labels", "text", "--out", tmp.resolve("out-" + format).toString());
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertEquals(0, run.code(), run.toString());
            long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
            rows.add(String.format(java.util.Locale.ROOT, "| %s | %.1f | %d |", format, seconds, peak >> 20));
        }
        StringBuilder md = new StringBuilder("# lacuna export on CoDEx-M (maxad 3 rules, text labels)\n\n");
        md.append(String.format("Benchmark: %d complete triples, %d removed, %d questions.%n%n",
                summary.at("/triples/complete").asLong(), summary.at("/triples/removed").asLong(),
                summary.at("/questions/total").asLong()));
        md.append("| format | wall s | peak heap MiB (sum of pool peaks) |\n|---|---|---|\n");
        rows.forEach(r -> md.append(r).append('\n'));
        Path out = Path.of("target", "bench", "export.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md.toString());
        System.out.println(md);
    }
}
