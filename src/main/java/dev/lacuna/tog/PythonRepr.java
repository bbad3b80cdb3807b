package dev.lacuna.tog;

import java.util.List;
import java.util.Locale;

/**
 * Python 3's {@code str()} of a tuple of strings, which is how ToG prints its knowledge triplets into the "enough?"
 * and answer prompts ({@code str(x) for x in chain}): each element as {@code repr} writes a string. A model given
 * Lacuna's prompt then reads the bytes it would read under ToG, quotes and escapes included.
 *
 * <p>{@code repr} quotes with {@code '} unless the string holds a {@code '} and no {@code "}; it escapes the quote
 * it chose, the backslash, tab, newline and carriage return, other characters below a space and DEL as
 * {@code \xNN}, and keeps every other character Python counts as printable. Characters Python does not count as
 * printable (Unicode's control, format, surrogate, private-use and unassigned categories, and every separator but the
 * ASCII space) become {@code \xNN}, {@code \\uNNNN} or {@code \UNNNNNNNN}. Which characters are assigned follows the
 * JDK's Unicode tables, so a character assigned only in a later Unicode version than the JDK knows is escaped here
 * and may be printed by a newer Python.
 */
final class PythonRepr {
    private PythonRepr() {
    }

    /** {@code str(tuple)}: the elements' reprs between parentheses, a one-element tuple with its trailing comma. */
    static String tuple(List<String> items) {
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < items.size(); i++) {
            if (i > 0) {
                b.append(", ");
            }
            string(b, items.get(i));
        }
        if (items.size() == 1) {
            b.append(',');
        }
        return b.append(')').toString();
    }

    /** {@code repr(s)}. */
    static void string(StringBuilder b, String s) {
        char quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        b.append(quote);
        s.codePoints().forEach(c -> {
            if (c == quote || c == '\\') {
                b.append('\\').appendCodePoint(c);
            } else if (c == '\t') {
                b.append("\\t");
            } else if (c == '\n') {
                b.append("\\n");
            } else if (c == '\r') {
                b.append("\\r");
            } else if (c < ' ' || c == 0x7f) {
                b.append(String.format(Locale.ROOT, "\\x%02x", c));
            } else if (c < 0x7f || printable(c)) {
                b.appendCodePoint(c);
            } else if (c <= 0xff) {
                b.append(String.format(Locale.ROOT, "\\x%02x", c));
            } else if (c <= 0xffff) {
                b.append(String.format(Locale.ROOT, "\\u%04x", c));
            } else {
                b.append(String.format(Locale.ROOT, "\\U%08x", c));
            }
        });
        b.append(quote);
    }

    /** Python's {@code str.isprintable} for one character outside ASCII. */
    private static boolean printable(int c) {
        return switch (Character.getType(c)) {
            case Character.CONTROL, Character.FORMAT, Character.SURROGATE, Character.PRIVATE_USE, Character.UNASSIGNED,
                    Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR, Character.SPACE_SEPARATOR -> false;
            default -> true;
        };
    }
}
