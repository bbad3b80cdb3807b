package dev.lacuna.serve;

import java.util.Locale;

import dev.lacuna.BadInputException;

/**
 * What a client sees as an entity's name: the paper's three settings of section 5.4. PRIVATE is the random
 * private id (no semantic content, the default), SOURCE the id in the source file (e.g. /m/02mjmr or Q42),
 * TEXT the natural-language label.
 */
public enum LabelMode {
    PRIVATE, SOURCE, TEXT;

    public static LabelMode parse(String word) {
        try {
            return valueOf(word.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new BadInputException("unknown label mode '" + word + "': expected private, source or text");
        }
    }

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
