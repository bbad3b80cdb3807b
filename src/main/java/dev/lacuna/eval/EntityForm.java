package dev.lacuna.eval;

import java.util.Locale;

import dev.lacuna.Choice;

/**
 * How a system names entities in its answers (the paper's section 5.4): the benchmark's private ids,
 * the source dataset's ids, or text labels. Gold answers are private ids; they are rendered in the
 * system's form through {@code entities.tsv} before both sides are normalised and compared.
 */
public enum EntityForm implements Choice {
    /** Randomly assigned private ids, as the questions use ("1234"). */
    PRIVATE,
    /** The source dataset's ids ("/m/02mjmr", "Q42", "139"). */
    SOURCE,
    /** Text labels; an entity without a label falls back to its source id. */
    TEXT;

    /** Whether an entity name is a single token, so that splitting raw output on spaces cannot cut one. */
    public boolean singleToken() {
        return this != TEXT;
    }

    @com.fasterxml.jackson.annotation.JsonValue
    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static EntityForm parse(String word) {
        return Choice.parse(EntityForm.class, "entity form", word);
    }
}
