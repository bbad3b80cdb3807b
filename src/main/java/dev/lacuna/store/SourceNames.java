package dev.lacuna.store;

/**
 * What a name of the KG (an entity's source id, a relation's source name) may hold, checked as a KG file is read
 * ({@link TripleFiles}, so that {@code load} and {@code mine --input} refuse the same names), and what a rule file
 * can hold, which the rule model and every rule format ask here.
 *
 * <ul>
 * <li>No name holds a control character (a tab from a quoted CSV field, an ESC that retitles a terminal when an
 *     error message names it) nor an unpaired surrogate (not text: a store writes it as '?', so two names that
 *     differ only there would become one).</li>
 * <li>No relation name holds whitespace, Unicode's included (NBSP, U+2003, ...): every rule names relations, and
 *     both rule formats Lacuna reads and writes separate names by whitespace (AMIE3's {@code ?a  r  ?b}, AnyBURL's
 *     {@code r(X,Y) <= b(X,A), c(A,Y)}), as the tools that read them do (AMIE3 itself, SAFRAN, PyClause). Escaping
 *     cannot help: those tools read the KG file's own names, so a rule file must write them as they are.</li>
 * <li>An entity may hold whitespace inside its name (only around a TSV field is it refused, see
 *     {@code DelimitedTripleReader}), but such an entity cannot be a rule's constant: {@link #constantProblem}.</li>
 * </ul>
 */
public final class SourceNames {
    /** AMIE3's arrow between body and head; a name that is exactly this cannot be told from it. */
    public static final String AMIE_ARROW = "=>";

    private SourceNames() {
    }

    /** A problem of a name: the 0-based char index where it is, and what it is. */
    public record Problem(int index, String text) {
    }

    /**
     * Whitespace as a name's reader must take it: {@link Character#isWhitespace} misses the no-break spaces (U+00A0,
     * U+2007, U+202F), which {@link Character#isSpaceChar} has; a trailing NBSP passed for part of an id.
     */
    public static boolean isSpace(int codePoint) {
        return Character.isWhitespace(codePoint) || Character.isSpaceChar(codePoint);
    }

    /** Index of the first whitespace character ({@link #isSpace}) in {@code s}, or -1. */
    public static int firstSpace(String s) {
        for (int i = 0; i < s.length(); ) {
            char c = s.charAt(i);
            if (c > ' ' && c < '\u007F') {
                i++;
                continue; // printable ASCII other than the space
            }
            int cp = s.codePointAt(i);
            if (isSpace(cp)) {
                return i;
            }
            i += Character.charCount(cp);
        }
        return -1;
    }

    /** What no name of the KG may hold (a control character, an unpaired surrogate), or null. */
    public static Problem nameProblem(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c >= ' ' && c < '\u007F') {
                continue; // printable ASCII, nearly every character of a KG's names: checked at once
            }
            if (Character.isHighSurrogate(c) && i + 1 < name.length() && Character.isLowSurrogate(name.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return new Problem(i, "holds an unpaired surrogate " + codePoint(c) + ", which is not text");
            } else if (Character.getType(c) == Character.CONTROL) {
                return new Problem(i, "holds the control character " + codePoint(c));
            }
        }
        return null;
    }

    /** What a relation's name may not hold: {@link #nameProblem}, whitespace, or AMIE3's arrow; null if none. */
    public static Problem relationProblem(String name) {
        Problem p = nameProblem(name);
        if (p != null) {
            return p;
        }
        int space = firstSpace(name);
        if (space >= 0) {
            return new Problem(space, "holds whitespace (" + codePoint(name.charAt(space)) + "): rule files"
                    + " separate names by whitespace, so no rule could name this relation; rename it (e.g. '_' for"
                    + " ' ')");
        }
        if (name.equals(AMIE_ARROW)) {
            return new Problem(0, "is AMIE3's arrow '" + AMIE_ARROW + "', which a rule file cannot tell from a name");
        }
        return null;
    }

    /**
     * Why a rule file cannot hold this entity name as a constant (whitespace, AMIE3's arrow, a leading '?' that makes
     * it a variable, or {@link #nameProblem}), or null if it can.
     */
    public static Problem constantProblem(String name) {
        Problem p = nameProblem(name);
        if (p != null) {
            return p;
        }
        if (name.isEmpty()) {
            return new Problem(0, "is empty");
        }
        int space = firstSpace(name);
        if (space >= 0) {
            return new Problem(space, "holds whitespace (" + codePoint(name.charAt(space)) + "), which rule files"
                    + " take for the end of a name");
        }
        if (name.startsWith("?")) {
            return new Problem(0, "starts with '?', which makes it a variable in a rule file");
        }
        if (name.equals(AMIE_ARROW)) {
            return new Problem(0, "is AMIE3's arrow '" + AMIE_ARROW + "'");
        }
        return null;
    }

    /** {@code U+001B} for a character in messages. */
    public static String codePoint(int c) {
        return String.format("U+%04X", c);
    }
}
