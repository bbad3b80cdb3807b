package dev.lacuna.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.util.Values;
import org.eclipse.rdf4j.rio.helpers.NTriplesUtil;

import dev.lacuna.LacunaException;

/**
 * Loads the fixed queries and updates kept as files under {@code sparql/} (shipped in the jar at
 * {@code /sparql/}). Values that SPARQL cannot bind, such as the graph of a COPY or a GRAPH in an
 * INSERT template, are written as {@code {{name}}} placeholders and rendered as N-Triples terms.
 */
public final class SparqlFiles {
    private static final Map<String, String> CACHE = new ConcurrentHashMap<>();
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([A-Za-z][A-Za-z0-9_]*)}}");

    private SparqlFiles() {
    }

    /** The text of {@code sparql/<name>} (e.g. "copy-graph.ru"). */
    public static String load(String name) {
        return CACHE.computeIfAbsent(name, SparqlFiles::read);
    }

    /** The file with each {@code {{key}}} replaced by the N-Triples form of its value; a missing key is an error. */
    public static String render(String name, Map<String, ? extends Value> values) {
        String text = load(name);
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            Value v = values.get(m.group(1));
            if (v == null) {
                throw new LacunaException("sparql/" + name + ": no value for {{" + m.group(1) + "}}");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(NTriplesUtil.toNTriplesString(v)));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * As {@link #render(String, Map)}, and each {@code {{key}}} of {@code rows} rendered as the rows of a VALUES
     * block: a row of one value as its term, a longer row as {@code (term term ...)}, one row per line. Rows
     * never come from text, so a value cannot break out of its term.
     */
    public static String render(String name, Map<String, ? extends Value> values,
                                Map<String, ? extends List<? extends List<? extends Value>>> rows) {
        Map<String, Value> all = new HashMap<>(values);
        String text = load(name);
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            List<? extends List<? extends Value>> block = rows.get(m.group(1));
            String replacement;
            if (block != null) {
                StringBuilder b = new StringBuilder();
                for (List<? extends Value> row : block) {
                    b.append(row.size() == 1 ? "" : "(");
                    for (int i = 0; i < row.size(); i++) {
                        b.append(i == 0 ? "" : " ").append(NTriplesUtil.toNTriplesString(row.get(i)));
                    }
                    b.append(row.size() == 1 ? "" : ")").append('\n');
                }
                replacement = b.toString();
            } else {
                Value v = all.get(m.group(1));
                if (v == null) {
                    throw new LacunaException("sparql/" + name + ": no value for {{" + m.group(1) + "}}");
                }
                replacement = NTriplesUtil.toNTriplesString(v);
            }
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Shorthand for a value map of IRIs given as strings. */
    public static Map<String, Value> iris(String... keyValues) {
        Map<String, Value> map = new LinkedHashMap<>();
        for (int i = 0; i + 1 < keyValues.length; i += 2) {
            map.put(keyValues[i], Values.iri(keyValues[i + 1]));
        }
        return map;
    }

    private static String read(String name) {
        try (InputStream in = SparqlFiles.class.getResourceAsStream("/sparql/" + name)) {
            if (in == null) {
                throw new LacunaException("missing query file sparql/" + name + " (is the jar complete?)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new LacunaException("cannot read sparql/" + name + ": " + e.getMessage(), e);
        }
    }
}
