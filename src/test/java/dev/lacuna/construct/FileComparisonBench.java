package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.Writer;
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
 * How fast verify compares a graph TSV with the store's text, in MB of file per second: a ~400 MB TSV-like file
 * (ids, relation names, one line in 50 with a non-ASCII label) is written as the build writes it, then the same
 * text is written into a {@link FileComparison}, line by line as {@link GraphFiles#writePackedTsv} feeds it.
 * The file is written to a temporary folder and deleted after. Writes target/bench/file-comparison.md.
 * Run with: mvn -B -o -Pbench test -Dtest=FileComparisonBench [-Dfcmp.bench.mb=400]
 */
@Tag("bench")
class FileComparisonBench {
    private static final String[] RELATIONS = {"/film/film/genre", "/people/person/nationality",
            "/location/location/contains", "/music/artist/track", "/award/award_winner/awards_won"};

    @TempDir
    Path dir;

    @Test
    void graphTsv() throws IOException {
        long target = Long.getLong("fcmp.bench.mb", 400) * 1_000_000L;
        Path file = dir.resolve("complete.tsv");
        long lines;
        try (Writer w = GraphFiles.newWriter(file)) {
            lines = write(w, target);
        }
        long bytes = Files.size(file);
        StringBuilder md = new StringBuilder("# verify's file comparison\n\n");
        md.append(String.format(Locale.ROOT, "A %,d-byte TSV-like file of %,d lines, compared with the same text"
                + " written line by line into FileComparison; best of the runs counts.%n%n", bytes, lines));
        // The text's own cost (numbers to chars), without a comparison: what the comparison adds is the rest.
        double alone = Double.MAX_VALUE;
        for (int run = 1; run <= 2; run++) {
            long t = System.nanoTime();
            assertEquals(lines, write(Writer.nullWriter(), target));
            alone = Math.min(alone, (System.nanoTime() - t) / 1e9);
        }
        md.append(String.format(Locale.ROOT, "Writing the text alone, into a writer that drops it: %.2f s.%n%n", alone));
        md.append("| run | seconds | MB/s |\n|---|---|---|\n");
        double best = Double.MAX_VALUE;
        for (int run = 1; run <= 3; run++) {
            long t0 = System.nanoTime();
            FileComparison c = new FileComparison("complete.tsv", file);
            try (c) {
                assertEquals(lines, write(c, target));
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            Verifier.Check check = c.check();
            assertEquals(List.of(), check.failures());
            assertEquals(lines, check.checked());
            best = Math.min(best, seconds);
            String row = String.format(Locale.ROOT, "| %d | %.2f | %.0f |", run, seconds, bytes / 1e6 / seconds);
            System.out.println(row);
            md.append(row).append('\n');
        }
        md.append(String.format(Locale.ROOT, "%nBest: %.2f s, %.0f MB/s; without the text's own cost %.2f s, %.0f MB/s.%n",
                best, bytes / 1e6 / best, best - alone, bytes / 1e6 / (best - alone)));
        Path report = Path.of("target", "bench", "file-comparison.md");
        Files.createDirectories(report.getParent());
        Files.writeString(report, md.toString());
    }

    /** The same lines every time (a fixed seed), until about {@code target} chars are written; their number. */
    private static long write(Writer out, long target) throws IOException {
        Random random = new Random(42);
        StringBuilder line = new StringBuilder(64);
        long chars = 0;
        long lines = 0;
        while (chars < target) {
            line.setLength(0);
            line.append(random.nextInt(15_000_000)).append('\t').append(RELATIONS[random.nextInt(RELATIONS.length)])
                    .append('\t').append(random.nextInt(15_000_000));
            if (lines % 50 == 0) {
                line.append("\tCafé Müller \u6771\u4eac");
            }
            line.append('\n');
            out.append(line);
            chars += line.length();
            lines++;
        }
        return lines;
    }
}
