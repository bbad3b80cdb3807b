package dev.lacuna.serve;

/**
 * A scan of the operation text before RDF4J parses it. RDF4J's parser and the visitors that walk its algebra
 * recurse once per nesting level and once per link of a chain (UNION, join, OPTIONAL, ||), so a body of 20,000
 * nested braces or 5,000 UNIONs (85 KB, well under the body limit) overflows the stack of the thread that parses
 * it; a group of 5,000 triple patterns overflows the first visitor of its algebra. Refusing such text up front
 * costs one linear pass and answers at once with a short reason. A shape this scan does not count still
 * overflows, and the handler answers that with the same 400 ({@link ProtocolHandler}), only later.
 */
final class QueryNesting {
    /** Brackets ({, (, [) open at once; real queries (ToG, PoG, GoG, the benchmark's own) stay under ten. */
    static final int MAX_DEPTH = 100;
    /**
     * Links of chains in one operation: UNION, OPTIONAL and MINUS, || and &&, and the '.', ';' and ',' that join
     * triple patterns. 2,000 UNIONs parse and run on a worker's default stack; 3,000 overflowed the parser's, 4,000
     * ||s and 5,000 joined patterns overflowed too. Counted over the whole text, so no single chain can be longer.
     */
    static final int MAX_LINKS = 2_000;
    static final String TOO_DEEP = "query too deeply nested";
    private static final String[] KEYWORDS = {"UNION", "OPTIONAL", "MINUS"};

    private QueryNesting() {
    }

    /** Throws a 400 when the text nests brackets deeper than {@link #MAX_DEPTH} or links more than {@link #MAX_LINKS}. */
    static void check(String text) {
        int depth = 0;
        int links = 0;
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            int link = 0;
            switch (c) {
                case '#' -> {
                    int end = text.indexOf('\n', i);
                    i = end < 0 ? n : end + 1;
                    continue;
                }
                case '"', '\'' -> {
                    i = SparqlText.skipString(text, i);
                    continue;
                }
                case '<' -> {
                    int end = SparqlText.iriEnd(text, i);
                    if (end > 0) {
                        i = end;
                        continue;
                    }
                }
                case '{', '(', '[' -> {
                    if (++depth > MAX_DEPTH) {
                        throw tooDeep("more than " + MAX_DEPTH + " brackets open at once");
                    }
                }
                case '}', ')', ']' -> depth = Math.max(0, depth - 1);
                case ';', ',' -> link = 1;
                // a '.' ends a triple pattern when a space, a brace or the end follows; inside a name (ns:m.0abc)
                // or a number it never does
                case '.' -> link = i + 1 == n || Character.isWhitespace(text.charAt(i + 1)) || text.charAt(i + 1) == '}' ? 1 : 0;
                case '|', '&' -> link = i + 1 < n && text.charAt(i + 1) == c ? 1 : 0;
                case 'U', 'u', 'O', 'o', 'M', 'm' -> {
                    if (boundary(text, i - 1)) {
                        for (String word : KEYWORDS) {
                            if (text.regionMatches(true, i, word, 0, word.length()) && boundary(text, i + word.length())) {
                                link = 1;
                                i += word.length() - 1;
                                break;
                            }
                        }
                    }
                }
            }
            if (link > 0 && ++links > MAX_LINKS) {
                throw tooDeep("more than " + MAX_LINKS + " UNIONs, OPTIONALs, joined triple patterns or ||, && in one query");
            }
            i += c == '|' || c == '&' ? 1 + link : 1;
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
}
