package dev.lacuna.breakage;

import dev.lacuna.Choice;

/**
 * How {@code build --break} breaks the KG beside removing facts: {@link #REPLACE} puts a wrong fact (a trap) in
 * place of each question's removed one, in a graph of its own ({@link TrapChoice}).
 */
public enum BreakKind implements Choice {
    REPLACE;

    public static BreakKind parse(String text) {
        return Choice.parse(BreakKind.class, "--break", text);
    }
}
