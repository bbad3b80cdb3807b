package dev.lacuna.serve;

/** Reading SPARQL text without parsing it: the cheap scans that run before RDF4J's parser sees a request. */
final class SparqlText {
    private SparqlText() {
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
