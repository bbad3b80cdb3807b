package dev.lacuna.view;

import java.util.Locale;

import dev.lacuna.Choice;

/**
 * How the graph looks to a client. PLAIN is Lacuna's own IRIs; FREEBASE mimics the Freebase dump that ToG,
 * PoG and GoG query: entities {@code ns:m.ID}, relations as dotted names, one {@code ns:type.object.name}
 * per entity and no other predicates.
 */
public enum Shape implements Choice {
    PLAIN, FREEBASE;

    public static Shape parse(String word) {
        return Choice.parse(Shape.class, "shape", word);
    }
}
