package dev.lacuna.serve;

import java.util.Locale;

import dev.lacuna.BadInputException;

/**
 * How the graph looks to a client. PLAIN is Lacuna's own IRIs; FREEBASE mimics the Freebase dump that ToG,
 * PoG and GoG query: entities {@code ns:m.ID}, relations as dotted names, one {@code ns:type.object.name}
 * per entity and no other predicates.
 */
public enum Shape {
    PLAIN, FREEBASE;

    public static Shape parse(String word) {
        try {
            return valueOf(word.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new BadInputException("unknown shape '" + word + "': expected plain or freebase");
        }
    }

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
