package dev.lacuna.store;

import java.nio.file.Path;
import java.util.Locale;

import org.eclipse.rdf4j.rio.RDFFormat;

import dev.lacuna.BadInputException;

/** The input formats {@code lacuna load} reads; detected from the file name, or forced with --format. */
public enum TripleFormat {
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

    public String word() {
        return word;
    }

    public static boolean isGzip(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
    }

    /** From --format (if given) or else from the file's extension, a trailing .gz ignored. */
    public static TripleFormat of(Path file, String forced) {
        if (forced != null) {
            String f = forced.toLowerCase(Locale.ROOT);
            for (TripleFormat t : values()) {
                if (t.word.equals(f) || t.name().toLowerCase(Locale.ROOT).equals(f)) {
                    return t;
                }
            }
            throw new BadInputException("unknown format '" + forced + "': expected tsv, csv, nt, ttl, nq or trig");
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
