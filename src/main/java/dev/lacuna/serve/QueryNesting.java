package dev.lacuna.serve;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scan of the operation text before RDF4J parses it. RDF4J's parser and the visitors that walk its algebra
 * recurse once per nesting level and once per UNION branch, so a body of 20,000 nested braces or 5,000 UNIONs
 * (85 KB, well under the body limit) overflows the stack of the thread that parses it. Refusing such text up
 * front costs one linear pass, answers at once with a short reason, and leaves the stack alone; a shape this scan
 * does not count (a very long join chain, say) still overflows, and the handler answers that the same way.
 */
final class QueryNesting {
    /** Brackets ({, (, [) open at once; real queries (ToG, PoG, GoG, the benchmark's own) stay under ten. */
    static final int MAX_DEPTH = 100;
    /** UNIONs in one operation; 2,000 parse and run on a worker's default stack, 3,000 overflowed it. */
    static final int MAX_UNIONS = 2_000;
    static final String TOO_DEEP = "query too deeply nested";
    private static final Pattern IRIREF = Pattern.compile("<[^<>\"{}|^`\\\\\\x00-\\x20]*>");

    private QueryNesting() {
    }

    /** Throws a 400 when the text nests brackets deeper than {@link #MAX_DEPTH} or holds more than {@link #MAX_UNIONS} UNIONs. */
    static void check(String text) {
        int depth = 0;
        int unions = 0;
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            switch (c) {
                case '#' -> {
                    int end = text.indexOf('\n', i);
                    i = end < 0 ? n : end + 1;
                    continue;
                }
                case '"', '\'' -> {
                    i = skipString(text, i);
                    continue;
                }
                case '<' -> {
                    Matcher iri = IRIREF.matcher(text).region(i, n);
                    if (iri.lookingAt()) {
                        i = iri.end();
                        continue;
                    }
                }
                case '{', '(', '[' -> {
                    depth++;
                    if (depth > MAX_DEPTH) {
                        throw tooDeep("more than " + MAX_DEPTH + " brackets open at once");
                    }
                }
                case '}', ')', ']' -> depth = Math.max(0, depth - 1);
                case 'U', 'u' -> {
                    if (text.regionMatches(true, i, "UNION", 0, 5) && boundary(text, i - 1) && boundary(text, i + 5)) {
                        if (++unions > MAX_UNIONS) {
                            throw tooDeep("more than " + MAX_UNIONS + " UNIONs");
                        }
                        i += 5;
                        continue;
                    }
                }
                default -> {
                }
            }
            i++;
        }
    }

    static HttpError tooDeep(String why) {
        return new HttpError(400, TOO_DEEP + " (" + why + "); split it into smaller queries");
    }

    private static boolean boundary(String s, int i) {
        if (i < 0 || i >= s.length()) {
            return true;
        }
        char c = s.charAt(i);
        return !(Character.isLetterOrDigit(c) || c == '_' || c == ':' || c == '?' || c == '$' || c == '-');
    }

    /** Index after the string literal starting at i (short or long form, with backslash escapes). */
    private static int skipString(String s, int i) {
        char q = s.charAt(i);
        int n = s.length();
        boolean longForm = i + 2 < n && s.charAt(i + 1) == q && s.charAt(i + 2) == q;
        int j = i + (longForm ? 3 : 1);
        while (j < n) {
            char c = s.charAt(j);
            if (c == '\\') {
                j += 2;
            } else if (longForm) {
                if (c == q && j + 2 < n && s.charAt(j + 1) == q && s.charAt(j + 2) == q) {
                    return j + 3;
                }
                j++;
            } else if (c == q || c == '\n') {
                return j + 1;
            } else {
                j++;
            }
        }
        return n;
    }
}
