package dev.lacuna.view;

import java.util.Locale;

import dev.lacuna.Choice;

/**
 * What a client sees as an entity's name: the paper's three settings of section 5.4. PRIVATE is the random
 * private id (no semantic content, the default), SOURCE the id in the source file (e.g. /m/02mjmr or Q42),
 * TEXT the natural-language label.
 */
public enum LabelMode implements Choice {
    PRIVATE, SOURCE, TEXT;

    public static LabelMode parse(String word) {
        return Choice.parse(LabelMode.class, "label mode", word);
    }
}
