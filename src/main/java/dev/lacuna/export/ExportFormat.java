package dev.lacuna.export;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import dev.lacuna.BadInputException;

/** What {@code lacuna export} writes: a system's own input format, or the graphs as plain files. */
public enum ExportFormat {
    TSV, NTRIPLES, TURTLE, TRIG, FREEBASE, BRINK, ROG, GNNRAG;

    public static ExportFormat parse(String word) {
        try {
            return valueOf(word.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new BadInputException("unknown export format '" + word + "': expected " + words());
        }
    }

    public static String words() {
        return Arrays.stream(values()).map(ExportFormat::word).collect(Collectors.joining(", "));
    }

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Formats that carry per-question subgraphs (k hops around the topic) rather than the whole graph. */
    public boolean perQuestionSubgraphs() {
        return this == ROG || this == GNNRAG;
    }
}
