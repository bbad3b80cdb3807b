package dev.lacuna.generate;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.function.LongConsumer;
import java.util.zip.GZIPOutputStream;

import dev.lacuna.AtomicFiles;
import dev.lacuna.generate.KgGenerator.PlantedRule;

/**
 * Streams a generated KG to a file as {@code head<TAB>relation<TAB>tail} lines (what {@code lacuna load} and
 * {@code lacuna mine --input} read) or as N-Triples with IRIs under {@link #BASE}; gzipped when the name ends in
 * {@code .gz}. The file appears whole or not at all.
 */
public final class GeneratedKgWriter {
    public static final String BASE = "https://lacuna.dev/generated/";

    public enum Format {
        TSV, NTRIPLES;

        /** N-Triples for names ending in .nt or .nt.gz, TSV otherwise. */
        public static Format of(Path file) {
            String name = file.getFileName().toString();
            return name.endsWith(".nt") || name.endsWith(".nt.gz") ? NTRIPLES : TSV;
        }
    }

    private GeneratedKgWriter() {
    }

    public static KgGenerator.Summary write(KgGenerator generator, Path file, Format format,
            LongConsumer progress) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path part = AtomicFiles.newSibling(file);
            try {
                KgGenerator.Summary summary;
                OutputStream raw = Files.newOutputStream(part);
                if (file.getFileName().toString().endsWith(".gz")) {
                    raw = new GZIPOutputStream(raw, 1 << 16);
                }
                try (Writer out = new BufferedWriter(new OutputStreamWriter(raw, StandardCharsets.UTF_8), 1 << 16)) {
                    long[] n = {0};
                    summary = generator.generate((s, r, o) -> {
                        try {
                            if (format == Format.TSV) {
                                out.write(KgGenerator.entityName(s));
                                out.write('\t');
                                out.write(KgGenerator.relationName(r));
                                out.write('\t');
                                out.write(KgGenerator.entityName(o));
                            } else {
                                out.write('<' + BASE + KgGenerator.entityName(s) + "> <" + BASE + KgGenerator.relationName(r)
                                        + "> <" + BASE + KgGenerator.entityName(o) + "> .");
                            }
                            out.write('\n');
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                        if ((++n[0] & 0xFFFF) == 0) {
                            progress.accept(n[0]);
                        }
                    });
                }
                Files.move(part, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                return summary;
            } finally {
                Files.deleteIfExists(part);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** The planted rules, one a line: kind, rule (AMIE3's notation), planted standard confidence. */
    public static void writePlanted(Iterable<PlantedRule> planted, Path file) {
        StringBuilder text = new StringBuilder("Kind\tRule\tPlanted Confidence\n");
        for (PlantedRule p : planted) {
            text.append(p.kind().name().toLowerCase(Locale.ROOT)).append('\t').append(p.rule().toAmie())
                    .append('\t').append(String.format(Locale.ROOT, "%.2f", p.confidence())).append('\n');
        }
        try {
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
