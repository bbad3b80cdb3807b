package dev.lacuna.serve;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A media type as RFC 9110 writes it ({@code type/subtype *(; name=value)}), and the media ranges of an Accept
 * header. Parsed strictly: the endpoint answers a header it cannot read with 4xx and a reason instead of
 * picking a meaning for it (a {@code Content-Type: ;} once reached a 500).
 *
 * @param mime {@code type/subtype} in lower case
 * @param params parameter names in lower case, values unquoted
 */
record MediaType(String mime, Map<String, String> params) {
    private static final String TCHAR = "!#$%&'*+-.^_`|~";

    /** One media range of an Accept header, with its weight and its place in the header. */
    record Range(String mime, double q, int order) {
        boolean matches(String candidate) {
            if (mime.equals("*/*")) {
                return true;
            }
            if (mime.endsWith("/*")) {
                return candidate.startsWith(mime.substring(0, mime.length() - 1));
            }
            return mime.equals(candidate);
        }
    }

    /** The type's charset parameter in lower case, or null. */
    String charset() {
        String c = params.get("charset");
        return c == null ? null : c.toLowerCase(Locale.ROOT);
    }

    /** Parses one media type; a malformed one throws IllegalArgumentException naming what is wrong. */
    static MediaType parse(String value) {
        List<String> parts = split(value, ';');
        String mime = parts.get(0).strip().toLowerCase(Locale.ROOT);
        int slash = mime.indexOf('/');
        if (slash <= 0 || slash == mime.length() - 1 || !token(mime.substring(0, slash)) || !token(mime.substring(slash + 1))) {
            throw new IllegalArgumentException("'" + shorten(value) + "' is not a media type (type/subtype)");
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 1; i < parts.size(); i++) {
            String p = parts.get(i).strip();
            if (p.isEmpty()) {
                // RFC 9110 allows empty parameters ("text/plain;;charset=utf-8"); a lone ";" after the type is one
                continue;
            }
            int eq = p.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("parameter '" + shorten(p) + "' of '" + shorten(value) + "' has no value");
            }
            String name = p.substring(0, eq).strip().toLowerCase(Locale.ROOT);
            String v = p.substring(eq + 1).strip();
            if (v.length() >= 2 && v.startsWith("\"") && v.endsWith("\"")) {
                v = v.substring(1, v.length() - 1).replaceAll("\\\\(.)", "$1");
            } else if (!token(v)) {
                throw new IllegalArgumentException("parameter '" + shorten(p) + "' of '" + shorten(value) + "' is malformed");
            }
            if (!token(name)) {
                throw new IllegalArgumentException("parameter name '" + shorten(name) + "' is malformed");
            }
            if (params.put(name, v) != null) {
                throw new IllegalArgumentException("parameter '" + name + "' appears twice in '" + shorten(value) + "'");
            }
        }
        return new MediaType(mime, params);
    }

    /**
     * The media ranges of an Accept header, most preferred first (q descending, then the client's order); ranges
     * with q=0 are left out. Empty list elements are skipped as RFC 9110's list rule says; an empty header gives an
     * empty list (nothing is acceptable). A malformed range throws IllegalArgumentException.
     */
    static List<Range> accept(String header) {
        List<Range> out = new ArrayList<>();
        List<String> elements = split(header, ',');
        for (int i = 0; i < elements.size(); i++) {
            String element = elements.get(i);
            if (element.isBlank()) {
                continue;
            }
            MediaType range = parse(element);
            if (range.mime().startsWith("*/") && !range.mime().equals("*/*")) {
                throw new IllegalArgumentException("'" + shorten(element.strip()) + "' is not a media range");
            }
            double q = 1.0;
            String weight = range.params().get("q");
            if (weight != null) {
                if (!weight.matches("0(\\.[0-9]{0,3})?|1(\\.0{0,3})?")) {
                    throw new IllegalArgumentException("weight q=" + shorten(weight) + " is not a number from 0 to 1");
                }
                q = Double.parseDouble(weight);
            }
            if (q > 0) {
                out.add(new Range(range.mime(), q, i));
            }
        }
        out.sort(Comparator.comparingDouble(Range::q).reversed().thenComparingInt(Range::order));
        return out;
    }

    /** Splits on sep outside double quotes. */
    private static List<String> split(String s, char sep) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quoted && c == '\\' && i + 1 < s.length()) {
                cur.append(c).append(s.charAt(++i));
                continue;
            }
            if (c == '"') {
                quoted = !quoted;
            }
            if (c == sep && !quoted) {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("unclosed quote in '" + shorten(s) + "'");
        }
        out.add(cur.toString());
        return out;
    }

    private static boolean token(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c < 128 && (Character.isLetterOrDigit(c) || TCHAR.indexOf(c) >= 0))) {
                return false;
            }
        }
        return true;
    }

    /** A value as quoted in a message: at most 60 characters, so a huge header never comes back whole. */
    static String shorten(String s) {
        String one = s.replaceAll("[\\x00-\\x1f]", "?");
        return one.length() > 60 ? one.substring(0, 57) + "..." : one;
    }
}
