package dev.lacuna.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.folder.GraphFiles;

/**
 * How fast verify compares a folder's large file with the store's text ({@link FileComparison}), in MB of file per
 * second. Two ~400 MB texts: a graph TSV as {@link GraphFiles#writePackedTsv} feeds it
 * (ids and relation names, ASCII, a StringBuilder appended per line), and the same with a non-ASCII label on one
 * line in 50. Each file is written as the build writes it, to a temporary folder deleted after. The time of making
 * the text alone (written into a writer that drops it) is given apart: verify pays it with either comparison.
 * Writes target/bench/file-comparison.md. Run with: mvn -B -o -Pbench test -Dtest=FileComparisonBench
 * [-Dfcmp.bench.mb=400]
 */
@Tag("bench")
class FileComparisonBench {
    private static final String[] RELATIONS = {"/film/film/genre", "/people/person/nationality",
            "/location/location/contains", "/music/artist/track", "/award/award_winner/awards_won"};
    private static final int RUNS = 3;
    /** CPU time of the thread, not wall time: the machine that measures may be shared, and all work is this thread's. */
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

    @TempDir
    Path dir;

    @Test
    void graphTsv() throws IOException {
        long target = Long.getLong("fcmp.bench.mb", 400) * 1_000_000L;
        StringBuilder md = new StringBuilder("# verify's file comparison\n\n");
        md.append("Best of ").append(RUNS).append(" runs; seconds of the thread's CPU time (user and system, the file's"
                + " reads included), MB/s of file. \"text alone\" is the time of making the text without comparing it;"
                + " \"compare\" the rest.\n\n");
        md.append("| text | MB | lines | text alone s | text and compare s | MB/s | compare MB/s |\n"
                + "|---|---|---|---|---|---|---|\n");
        md.append(measure("graph TSV (ASCII)", 0, target)).append('\n');
        md.append(measure("one line in 50 labelled, non-ASCII", 50, target)).append('\n');
        Path report = Path.of("target", "bench", "file-comparison.md");
        Files.createDirectories(report.getParent());
        Files.writeString(report, md.toString());
        System.out.print(md);
    }

    private String measure(String what, int labelEvery, long target) throws IOException {
        Path file = dir.resolve("complete.tsv");
        long lines;
        try (Writer w = GraphFiles.newWriter(file)) {
            lines = write(w, target, labelEvery);
        }
        double mb = Files.size(file) / 1e6;
        double alone = Double.MAX_VALUE;
        double bytes = Double.MAX_VALUE;
        for (int run = 1; run <= RUNS; run++) {
            long t0 = CPU.getCurrentThreadCpuTime();
            assertEquals(lines, write(Writer.nullWriter(), target, labelEvery));
            long t1 = CPU.getCurrentThreadCpuTime();
            FileComparison now = new FileComparison("complete.tsv", file);
            try (now) {
                write(now, target, labelEvery);
            }
            long t2 = CPU.getCurrentThreadCpuTime();
            // It must have compared every line and found them equal, or its time means nothing.
            assertEquals(new Verifier.Check("complete.tsv matches the store", lines, List.of()), now.check());
            alone = Math.min(alone, (t1 - t0) / 1e9);
            bytes = Math.min(bytes, (t2 - t1) / 1e9);
            System.out.printf(Locale.ROOT, "%s run %d: CPU s: alone %.2f, compared %.2f%n", what, run,
                    (t1 - t0) / 1e9, (t2 - t1) / 1e9);
        }
        Files.delete(file);
        return String.format(Locale.ROOT, "| %s | %.0f | %,d | %.2f | %.2f | %.0f | %.0f |", what, mb, lines, alone,
                bytes, mb / bytes, mb / (bytes - alone));
    }

    /** The same lines every time (a fixed seed), until about {@code target} chars are written; their number. */
    private static long write(Writer out, long target, int labelEvery) throws IOException {
        Random random = new Random(42);
        StringBuilder line = new StringBuilder(64);
        long chars = 0;
        long lines = 0;
        while (chars < target) {
            line.setLength(0);
            line.append(random.nextInt(15_000_000)).append('\t').append(RELATIONS[random.nextInt(RELATIONS.length)])
                    .append('\t').append(random.nextInt(15_000_000));
            if (labelEvery > 0 && lines % labelEvery == 0) {
                line.append("\tCafé Müller \u6771\u4eac \uD83D\uDE00");
            }
            line.append('\n');
            out.append(line);
            chars += line.length();
            lines++;
        }
        return lines;
    }
}
