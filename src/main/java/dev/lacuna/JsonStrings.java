package dev.lacuna;

/**
 * Where each character of a JSON text stands as the text streams by, for the guards that bound what a parser would
 * hold before it holds it: inside a string (escapes included) or outside one. Works on bytes of UTF-8 as well as on
 * characters, since UTF-8 never uses an ASCII byte inside a multi-byte character.
 */
public final class JsonStrings {
    /** A character's place: outside any string, a string's opening or closing quote, or inside a string. */
    public enum Place { OUTSIDE, OPENING, INSIDE, CLOSING }

    private boolean inString;
    private boolean escaped;

    /** The place of the next character (or byte) of the text. */
    public Place next(int c) {
        if (!inString) {
            if (c == '"') {
                inString = true;
                return Place.OPENING;
            }
            return Place.OUTSIDE;
        }
        if (escaped) {
            escaped = false;
        } else if (c == '\\') {
            escaped = true;
        } else if (c == '"') {
            inString = false;
            return Place.CLOSING;
        }
        return Place.INSIDE;
    }
}
