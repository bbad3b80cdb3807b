package dev.lacuna.store;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;

import dev.lacuna.BadInputException;

/**
 * The IRIs of one knowledge graph's named graphs, entities and relations, all under one base IRI:
 * {@code <base>kg/<name>/complete}, {@code .../incomplete}, {@code .../labels}, {@code .../benchmark} (and the broken
 * graphs {@code .../replaced} and {@code .../noisy} when a build makes them),
 * entities {@code <base>kg/<name>/entity/<private id>} and relations {@code <base>kg/<name>/relation/<source name>}.
 */
public record KgGraphs(String base, String name) {
    public static final String DEFAULT_BASE = "https://lacuna.dev/";
    public static final String DEFAULT_KG = "default";
    private static final Pattern KG_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    public KgGraphs {
        if (!base.endsWith("/") && !base.endsWith("#")) {
            throw new BadInputException("base IRI must end with / or #: " + base);
        }
        if (!KG_NAME.matcher(name).matches()) {
            throw new BadInputException("KG name must be letters, digits, '.', '_' or '-': '" + name + "'");
        }
    }

    public static KgGraphs of(String name) {
        return new KgGraphs(DEFAULT_BASE, name);
    }

    public String prefix() {
        return base + "kg/" + name + "/";
    }

    public IRI kg() {
        return VF.createIRI(base + "kg/" + name);
    }

    public IRI complete() {
        return VF.createIRI(prefix() + "complete");
    }

    public IRI incomplete() {
        return VF.createIRI(prefix() + "incomplete");
    }

    public IRI labels() {
        return VF.createIRI(prefix() + "labels");
    }

    public IRI benchmark() {
        return VF.createIRI(prefix() + "benchmark");
    }

    /** The wrong-fact graph of {@code build --break replace}. */
    public IRI replaced() {
        return VF.createIRI(prefix() + "replaced");
    }

    /** The noisy graph of {@code build --noise P}. */
    public IRI noisy() {
        return VF.createIRI(prefix() + "noisy");
    }

    public IRI graph(GraphRole role) {
        return switch (role) {
            case COMPLETE -> complete();
            case INCOMPLETE -> incomplete();
            case REPLACED -> replaced();
            case NOISY -> noisy();
        };
    }

    /** The benchmark graph's node of the build run: its parameters, and how its broken graphs were made. */
    public IRI buildRun() {
        return VF.createIRI(prefix() + "build");
    }

    /** Where the benchmark graph's question nodes are named: the question's id follows. */
    public String questionPrefix() {
        return prefix() + "question/";
    }

    /** The benchmark graph's node of a question: its record, its trap and lost answers, its proof. */
    public IRI question(String id) {
        return VF.createIRI(questionPrefix() + id);
    }

    /** The benchmark graph's node of the index-th selected grounding. */
    public IRI grounding(int index) {
        return VF.createIRI(prefix() + "grounding/" + index);
    }

    public String entityPrefix() {
        return prefix() + "entity/";
    }

    public String relationPrefix() {
        return prefix() + "relation/";
    }

    public IRI entity(long privateId) {
        return VF.createIRI(entityPrefix() + privateId);
    }

    /** A relation IRI that keeps the source name readable: only characters unsafe in an IRI are escaped. */
    public IRI relation(String sourceName) {
        return VF.createIRI(relationPrefix() + encodeName(sourceName));
    }

    /** Private id of an entity IRI of this KG, or -1 if it is not one. */
    public long privateId(IRI entity) {
        String s = entity.stringValue();
        String p = entityPrefix();
        if (!s.startsWith(p)) {
            return -1;
        }
        try {
            return Long.parseLong(s.substring(p.length()));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The source relation name of a relation IRI of this KG, or the IRI itself for foreign relations. */
    public String relationName(IRI relation) {
        String s = relation.stringValue();
        String p = relationPrefix();
        return s.startsWith(p) ? decodeName(s.substring(p.length())) : s;
    }

    /**
     * Each code point that is not plain in a path, percent-encoded as its UTF-8 bytes. By code point, not by char:
     * a character outside the Basic Multilingual Plane is two chars, and each alone encoded as '?' (%3F), so 😀 and
     * 😁 were one relation. Distinct names (without unpaired surrogates, which {@link SourceNames} refuses) give
     * distinct IRIs, '%' itself being encoded.
     */
    static String encodeName(String name) {
        StringBuilder out = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); ) {
            int c = name.codePointAt(i);
            int n = Character.charCount(c);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '_' || c == '-' || c == '.' || c == '/' || c == '~') {
                out.append((char) c);
            } else {
                out.append(URLEncoder.encode(name.substring(i, i + n), StandardCharsets.UTF_8).replace("+", "%20"));
            }
            i += n;
        }
        return out.toString();
    }

    static String decodeName(String encoded) {
        return URLDecoder.decode(encoded.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
}
