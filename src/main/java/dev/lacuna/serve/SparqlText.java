package dev.lacuna.serve;

/** Reading SPARQL text without parsing it: the cheap scans that run before RDF4J's parser sees a request. */
final class SparqlText {
    /** The characters an IRIREF may not hold below 128: controls, space and {@code <>"{}|^`\\}. */
    private static final boolean[] NOT_IN_IRI = new boolean[128];
    /** The characters no IRI normalisation changes in a path, a query or a fragment: unreserved, sub-delims, ':', '@', '/'. */
    private static final boolean[] PLAIN_IN_PATH = new boolean[128];
    /** The characters that end a bare token (a keyword, a variable, a prefixed name) besides white space. */
    private static final boolean[] ENDS_TOKEN = new boolean[128];

    static {
        for (int c = 0; c <= 0x20; c++) {
            NOT_IN_IRI[c] = true;
        }
        for (char c : "<>\"{}|^`\\".toCharArray()) {
            NOT_IN_IRI[c] = true;
        }
        for (char c : "<\"'#{}()".toCharArray()) {
            ENDS_TOKEN[c] = true;
        }
        for (int c = 0; c < 128; c++) {
            PLAIN_IN_PATH[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || "-._~/:@!$&'()*+,;=".indexOf(c) >= 0;
        }
    }

    private SparqlText() {
    }

    /** The end (exclusive) of an IRIREF starting at '<', or -1 when the '<' starts none (a less-than). */
    static int iriEnd(String text, int start) {
        for (int i = start + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '>') {
                return i + 1;
            }
            if (c < 128 && NOT_IN_IRI[c]) {
                return -1;
            }
        }
        return -1;
    }

    /** Whether c ends a bare token: white space or one of {@code <"'#{}()}. */
    static boolean endsToken(char c) {
        return c < 128 ? ENDS_TOKEN[c] || Character.isWhitespace(c) : Character.isWhitespace(c);
    }

    /** Whether c is a character that no normalisation changes in an IRI's path, query or fragment. */
    static boolean plainInPath(char c) {
        return c < 128 && PLAIN_IN_PATH[c];
    }

    /** Index after the string literal starting at i (short or long form, with backslash escapes). */
    static int skipString(String s, int i) {
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
