package dev.lacuna.store;

import java.nio.file.Path;
import java.util.Locale;

import org.eclipse.rdf4j.rio.RDFFormat;

import dev.lacuna.BadInputException;
import dev.lacuna.Choice;

/** The input formats {@code lacuna load} reads; detected from the file name, or forced with --format. */
public enum TripleFormat implements Choice {
    TSV(null, "tsv", ".tsv", ".txt"),
    CSV(null, "csv", ".csv"),
    NTRIPLES(RDFFormat.NTRIPLES, "nt", ".nt"),
    TURTLE(RDFFormat.TURTLE, "ttl", ".ttl"),
    NQUADS(RDFFormat.NQUADS, "nq", ".nq"),
    TRIG(RDFFormat.TRIG, "trig", ".trig");

    private final RDFFormat rdfFormat;
    private final String word;
    private final String[] extensions;

    TripleFormat(RDFFormat rdfFormat, String word, String... extensions) {
        this.rdfFormat = rdfFormat;
        this.word = word;
        this.extensions = extensions;
    }

    /** The RDF4J format for RDF inputs, null for the delimited text formats. */
    public RDFFormat rdfFormat() {
        return rdfFormat;
    }

    public boolean isDelimited() {
        return rdfFormat == null;
    }

    /** The word --format takes: tsv, csv, nt, ttl, nq or trig. */
    @Override
    public String label() {
        return word;
    }

    /** --format's value: a format's word, or its name (ntriples, turtle, nquads), case ignored. */
    public static TripleFormat parse(String text) {
        for (TripleFormat t : values()) {
            if (text != null && t.name().equalsIgnoreCase(text.trim())) {
                return t;
            }
        }
        return Choice.parse(TripleFormat.class, "format", text);
    }

    public static boolean isGzip(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
    }

    /** The forced format (--format) if given, else the one the file's extension names, a trailing .gz ignored. */
    public static TripleFormat of(Path file, TripleFormat forced) {
        if (forced != null) {
            return forced;
        }
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".gz")) {
            name = name.substring(0, name.length() - 3);
        }
        for (TripleFormat t : values()) {
            for (String ext : t.extensions) {
                if (name.endsWith(ext)) {
                    return t;
                }
            }
        }
        throw new BadInputException(file.toString(), -1, -1,
                "unknown format: cannot tell from the extension (known: .tsv .txt .csv .nt .ttl .nq .trig, optionally .gz); use --format");
    }
}
