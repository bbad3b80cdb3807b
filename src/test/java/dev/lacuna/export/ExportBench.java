package dev.lacuna.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.folder.OutputFolder;
import dev.lacuna.cli.CliRunner;
import dev.lacuna.testing.TestData;

/**
 * Export time and heap per format on CoDEx-M's benchmark (load, mine at maxad 3, build, then each export with
 * text labels). Each export runs in a JVM of its own capped at {@code -Xmx512m} (property export.bench.xmx), so
 * "bounded memory" is shown by the export finishing, and its GC log gives the heap before and after each
 * collection: the largest heap left after a collection is the export's live set (plus what the collector chose
 * not to reclaim yet). Writes target/bench/export.md. Run with: mvn -B -o -Pbench test -Dtest=ExportBench
 *
 * <p>The CoDEx-M benchmark is built once into target/bench/export-codex-m/ and reused by later runs (mining and
 * building take minutes and are not what is measured here); {@code mvn clean} rebuilds it.
 */
@Tag("bench")
class ExportBench {
    private static final List<String> FORMATS = List.of("tsv", "ntriples", "turtle", "trig", "freebase", "brink", "rog", "gnnrag");
    private static final Pattern GC = Pattern.compile("(\\d+)([KMG])->(\\d+)([KMG])\\(\\d+[KMG]\\)");

    @Test
    void codexM() throws IOException, InterruptedException {
        Path work = Path.of("target", "bench", "export-codex-m").toAbsolutePath();
        Path bench = benchmark(work);
        String xmx = System.getProperty("export.bench.xmx", "512m");
        JsonNode summary = new ObjectMapper().readTree(bench.resolve("summary.json").toFile());
        List<String> rows = new ArrayList<>();
        for (String format : FORMATS) {
            Path out = work.resolve("out-" + format);
            Path gcLog = work.resolve("gc-" + format + ".log");
            OutputFolder.deleteTree(out);
            Files.deleteIfExists(gcLog);
            List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx" + xmx, "-Xlog:gc:file=" + gcLog, "-cp", System.getProperty("java.class.path"),
                    "dev.lacuna.cli.Main", "export", "--benchmark", bench.toString(), "--format", format,
                    "--labels", "text", "--out", out.toString());
            long t0 = System.nanoTime();
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                    .redirectOutput(work.resolve("export-" + format + ".log").toFile()).start();
            boolean done = p.waitFor(30, TimeUnit.MINUTES);
            double seconds = (System.nanoTime() - t0) / 1e9;
            if (!done) {
                p.destroyForcibly();
            }
            String log = Files.readString(work.resolve("export-" + format + ".log"));
            String outcome = !done ? "killed after 30 min"
                    : p.exitValue() == 0 ? "ok"
                    : log.contains("OutOfMemoryError") ? "OutOfMemoryError" : "exit " + p.exitValue();
            long[] heap = gcPeaks(gcLog);
            rows.add(String.format(Locale.ROOT, "| %s | %s | %.1f | %s | %s | %d |", format, outcome, seconds,
                    mib(heap[0]), mib(heap[1]), heap[2]));
            System.out.println(rows.get(rows.size() - 1));
        }
        StringBuilder md = new StringBuilder("# lacuna export on CoDEx-M (maxad 3 rules, text labels)\n\n");
        md.append(String.format("Benchmark: %d complete triples, %d removed, %d questions. Each export in its own JVM, -Xmx%s.%n%n",
                summary.at("/triples/complete").asLong(), summary.at("/triples/removed").asLong(),
                summary.at("/questions/total").asLong(), xmx));
        md.append("| format | outcome | wall s | peak heap after GC MiB | peak heap before GC MiB | GCs |\n|---|---|---|---|---|---|\n");
        rows.forEach(r -> md.append(r).append('\n'));
        Path report = Path.of("target", "bench", "export.md");
        Files.writeString(report, md.toString());
        System.out.println(md);
    }

    /** CoDEx-M loaded, mined at maxad 3 and built with the defaults, once; later runs reuse the folder. */
    private static Path benchmark(Path work) throws IOException {
        Path bench = work.resolve("benchmark");
        if (Files.exists(bench.resolve("summary.json"))) {
            return bench;
        }
        OutputFolder.deleteTree(work);
        Files.createDirectories(work);
        String store = "native:" + work.resolve("store");
        Path kg = TestData.kg("codex-m", "train.txt");
        CliRunner.Run load = CliRunner.run("load", "--store", store, "--kg", "codex-m", kg.toString());
        assertEquals(0, load.code(), load.toString());
        Path rules = work.resolve("rules.tsv");
        CliRunner.Run mine = CliRunner.run("mine", "--store", store, "--kg", "codex-m", "--maxad", "3", "--output", rules.toString());
        assertEquals(0, mine.code(), mine.toString());
        CliRunner.Run build = CliRunner.run("build", "--store", store, "--kg", "codex-m", "--rules", rules.toString(),
                "--out", bench.toString());
        assertEquals(0, build.code(), build.toString());
        OutputFolder.deleteTree(work.resolve("store"));
        return bench;
    }

    /** {largest heap after a collection, largest before one, number of collections} in bytes, from -Xlog:gc. */
    private static long[] gcPeaks(Path gcLog) throws IOException {
        long after = 0;
        long before = 0;
        long n = 0;
        if (Files.exists(gcLog)) {
            for (String line : Files.readAllLines(gcLog)) {
                Matcher m = GC.matcher(line);
                if (m.find()) {
                    before = Math.max(before, bytes(m.group(1), m.group(2)));
                    after = Math.max(after, bytes(m.group(3), m.group(4)));
                    n++;
                }
            }
        }
        return new long[] {after, before, n};
    }

    private static long bytes(String n, String unit) {
        long v = Long.parseLong(n);
        return switch (unit) {
            case "K" -> v << 10;
            case "M" -> v << 20;
            default -> v << 30;
        };
    }

    private static String mib(long bytes) {
        return bytes == 0 ? "-" : Long.toString(bytes >> 20);
    }
}
