package dev.lacuna.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;

import dev.lacuna.Choice;
import dev.lacuna.Json;

/**
 * The split(.) function of the paper's appendix E: how a raw output string becomes a list of answer
 * strings. The paper names "commas, spaces, or newlines as appropriate"; which is appropriate depends
 * on how entities are written, so the policy is explicit and selectable:
 * <ul>
 *   <li>{@link #COMMA_NEWLINE}: split on commas and line breaks. Safe for text labels ("New York, Paris").</li>
 *   <li>{@link #COMMA_NEWLINE_SPACE}: also split on white space. Right for ids, which are single tokens:
 *       "205 138" and "205, 138" both give two answers; prose around ids ("the answer is 205") becomes
 *       extra wrong answers, which lowers precision but never creates a hit.</li>
 *   <li>{@link #AUTO} (default): {@code COMMA_NEWLINE_SPACE} when entities are private or source ids,
 *       {@code COMMA_NEWLINE} when they are text labels.</li>
 * </ul>
 * Under every policy, an output that is as a whole a list literal -- a JSON array or a Python list such as
 * {@code ['205', '138']} -- is read as that list, one answer per element, and the elements are not split
 * further (a label may contain a comma). Elements of a structured {@code prediction} array are never split.
 * Empty pieces are dropped after normalisation.
 */
public enum Delimiters implements Choice {
    AUTO, COMMA_NEWLINE, COMMA_NEWLINE_SPACE;

    private static final Pattern COMMA_OR_NEWLINE = Pattern.compile("[,\\r\\n]+");
    private static final Pattern COMMA_OR_SPACE = Pattern.compile("[,\\s]+", Pattern.UNICODE_CHARACTER_CLASS);
    private static final ObjectReader JSON = Json.strict();

    /** The concrete policy for one entity form (resolves AUTO). */
    public Delimiters resolve(EntityForm form) {
        if (this != AUTO) {
            return this;
        }
        return form.singleToken() ? COMMA_NEWLINE_SPACE : COMMA_NEWLINE;
    }

    /** split(P_str): the answer strings of one raw output, before normalisation. */
    public List<String> split(String raw, EntityForm form) {
        List<String> list = listLiteral(raw);
        if (list != null) {
            return list;
        }
        Pattern p = resolve(form) == COMMA_NEWLINE_SPACE ? COMMA_OR_SPACE : COMMA_OR_NEWLINE;
        List<String> out = new ArrayList<>();
        for (String piece : p.split(raw)) {
            if (!piece.isBlank()) {
                out.add(piece);
            }
        }
        return out;
    }

    @com.fasterxml.jackson.annotation.JsonValue
    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Delimiters parse(String word) {
        return Choice.parse(Delimiters.class, "delimiters", word);
    }

    /** The elements of a JSON array or Python list literal of scalars, or null if raw is not one. */
    static List<String> listLiteral(String raw) {
        String s = raw.strip();
        if (s.length() < 2 || s.charAt(0) != '[' || s.charAt(s.length() - 1) != ']') {
            return null;
        }
        try {
            JsonNode node = JSON.readTree(s);
            if (node != null && node.isArray()) {
                List<String> out = new ArrayList<>();
                for (JsonNode e : node) {
                    if (e.isContainerNode()) {
                        return null;
                    }
                    if (!e.isNull()) {
                        out.add(e.asText());
                    }
                }
                return out;
            }
        } catch (Exception notJson) {
            // fall through to the Python form
        }
        return pythonList(s);
    }

    /** ['a', "b", 3]: quoted strings (with backslash escapes) or bare scalars, separated by commas. */
    private static List<String> pythonList(String s) {
        List<String> out = new ArrayList<>();
        int i = 1;
        int end = s.length() - 1;
        while (true) {
            while (i < end && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            if (i >= end) {
                return out;
            }
            char c = s.charAt(i);
            StringBuilder item = new StringBuilder();
            if (c == '\'' || c == '"') {
                i++;
                while (i < end && s.charAt(i) != c) {
                    if (s.charAt(i) == '\\' && i + 1 < end) {
                        i++;
                    }
                    item.append(s.charAt(i++));
                }
                if (i >= end) {
                    return null; // unterminated string: not a list literal
                }
                i++;
            } else {
                while (i < end && s.charAt(i) != ',') {
                    char b = s.charAt(i++);
                    if (b == '[' || b == ']' || b == '\'' || b == '"') {
                        return null;
                    }
                    item.append(b);
                }
            }
            out.add(item.toString().strip());
            while (i < end && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
            if (i < end) {
                if (s.charAt(i) != ',') {
                    return null;
                }
                i++;
            }
        }
    }
}
