package dev.lacuna.eval;

import java.util.Locale;

import dev.lacuna.Choice;

/**
 * Whose output file {@code lacuna evaluate} reads: Lacuna's own predictions format, or a KG-RAG system's own
 * output as that system writes it ({@code --from}).
 */
public enum OutputSource implements Choice {
    LACUNA, TOG, ROG, GNNRAG, BRINK;

    public static OutputSource parse(String word) {
        return Choice.parse(OutputSource.class, "--from", word);
    }
}
