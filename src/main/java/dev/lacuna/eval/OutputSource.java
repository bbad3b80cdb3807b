package dev.lacuna.eval;

import java.util.Locale;

import dev.lacuna.BadInputException;

/**
 * Whose output file {@code lacuna evaluate} reads: Lacuna's own predictions format, or a KG-RAG system's own
 * output as that system writes it ({@code --from}).
 */
public enum OutputSource {
    LACUNA, TOG, ROG, GNNRAG, BRINK;

    public static OutputSource parse(String word) {
        try {
            return valueOf(word.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new BadInputException("unknown --from '" + word + "': expected tog, rog, gnnrag or brink");
        }
    }

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
