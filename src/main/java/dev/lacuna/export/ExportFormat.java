package dev.lacuna.export;

import java.util.Locale;

import dev.lacuna.Choice;

/** What {@code lacuna export} writes: a system's own input format, or the graphs as plain files. */
public enum ExportFormat implements Choice {
    TSV, NTRIPLES, TURTLE, TRIG, FREEBASE, BRINK, ROG, GNNRAG;

    public static ExportFormat parse(String word) {
        return Choice.parse(ExportFormat.class, "export format", word);
    }

    public static String words() {
        return Choice.labels(ExportFormat.class);
    }

    /** Formats that carry per-question subgraphs (k hops around the topic) rather than the whole graph. */
    public boolean perQuestionSubgraphs() {
        return this == ROG || this == GNNRAG;
    }
}
