package dev.lacuna.serve;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Virtuoso, which serves the Freebase dumps that GoG, ToG and PoG were written against, applies string
 * functions to IRIs as if they were strings; the SPARQL standard (and RDF4J) makes {@code regex(?p, "...")}
 * on an IRI a type error, so GoG's relation filters return no rows. In compatibility mode the first argument
 * of regex, contains, strstarts and strends, when it is a bare variable, is wrapped in {@code STR()}: the same
 * rows as on Virtuoso, and no change for literals (STR of a literal is its lexical form).
 *
 * <p>A rewrite of the query text rather than of the algebra, because the text is what a remote store
 * (RDF4J Server, GraphDB) receives. The scanner skips string literals, IRIs and comments, so only real
 * function calls are touched.
 */
final class VirtuosoCompat {
    private static final Set<String> STRING_FUNCTIONS = Set.of("regex", "contains", "strstarts", "strends");
    private static final Pattern CALL = Pattern.compile(
            "([A-Za-z]+)\\s*\\(\\s*([?$][A-Za-z0-9_\\u00B7\\u00C0-\\uFFFD]+)\\s*,");

    private VirtuosoCompat() {
    }

    /** Whether the letters from i spell one of {@link #STRING_FUNCTIONS}, in any case. */
    private static boolean stringFunction(String query, int i) {
        int end = i;
        while (end < query.length() && Character.isLetter(query.charAt(end))) {
            end++;
        }
        int length = end - i;
        for (String f : STRING_FUNCTIONS) {
            if (f.length() == length && query.regionMatches(true, i, f, 0, length)) {
                return true;
            }
        }
        return false;
    }

    /** The query with string functions on bare variables wrapped in STR(); unchanged if there are none. */
    static String rewrite(String query) {
        StringBuilder out = null;
        int copied = 0;
        int i = 0;
        int n = query.length();
        while (i < n) {
            char c = query.charAt(i);
            if (c == '#') {
                int end = query.indexOf('\n', i);
                i = end < 0 ? n : end + 1;
            } else if (c == '"' || c == '\'') {
                i = SparqlText.skipString(query, i);
            } else if (c == '<') {
                int end = SparqlText.iriEnd(query, i);
                i = end > 0 ? end : i + 1;
            } else if (Character.isLetter(c) && (i == 0 || !isNameChar(query.charAt(i - 1)))) {
                // the pattern only for a name that is one of the functions: a matcher per word cost more than the scan
                Matcher call = stringFunction(query, i) ? CALL.matcher(query).region(i, n) : null;
                if (call != null && call.lookingAt()) {
                    if (out == null) {
                        out = new StringBuilder(n + 16);
                    }
                    out.append(query, copied, call.start(2)).append("STR(").append(call.group(2)).append(')');
                    copied = call.end(2);
                    i = call.end();
                } else {
                    int j = i;
                    while (j < n && isNameChar(query.charAt(j))) {
                        j++;
                    }
                    i = j;
                }
            } else {
                i++;
            }
        }
        if (out == null) {
            return query;
        }
        return out.append(query, copied, n).toString();
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == ':' || c == '?' || c == '$' || c == '.' || c == '-';
    }
}
