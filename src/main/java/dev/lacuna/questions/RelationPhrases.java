package dev.lacuna.questions;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;
import dev.lacuna.LineReader;

/**
 * How each relation is asked about: per relation a forward question (topic is the head h, answer the tail t)
 * and an inverse question (topic is t, answer h), each with the placeholder {@value #TOPIC}.
 *
 * <p>Lookup order: the table (exact name, then ignoring case), then a question derived from the name
 * ({@link #derive}). The built-in table ({@code relation-phrases.tsv} next to this class) covers Family,
 * UMLS, Kinship, WN18RR and the Wikidata properties of CoDEx; a user's TSV file in the same format overrides or extends it. Immutable.
 */
public final class RelationPhrases {
    /** Where the topic entity goes in a question pattern. */
    public static final String TOPIC = "{topic}";

    private static final String BUILT_IN = "relation-phrases.tsv";
    private static final Set<String> PREPOSITIONS = Set.of("with", "in", "to", "by", "for", "on", "at", "from",
            "into", "as", "of");

    /** The two question patterns of one relation. */
    public record Phrase(String forward, String inverse) {
        public Phrase {
            if (!forward.contains(TOPIC) || !inverse.contains(TOPIC)) {
                throw new IllegalArgumentException("question patterns must contain " + TOPIC);
            }
        }

        /** The question for a topic shown as {@code topicText}: forward when the topic is the head. */
        public String question(boolean topicIsHead, String topicText) {
            return (topicIsHead ? forward : inverse).replace(TOPIC, topicText);
        }
    }

    private final Map<String, Phrase> exact;
    private final Map<String, Phrase> ignoringCase;

    private RelationPhrases(Map<String, Phrase> table) {
        this.exact = Collections.unmodifiableMap(new LinkedHashMap<>(table));
        Map<String, Phrase> lower = new HashMap<>();
        table.forEach((name, phrase) -> lower.putIfAbsent(name.toLowerCase(Locale.ROOT), phrase));
        this.ignoringCase = Collections.unmodifiableMap(lower);
    }

    /** The built-in table only. */
    public static RelationPhrases builtIn() {
        try (InputStream in = RelationPhrases.class.getResourceAsStream(BUILT_IN)) {
            if (in == null) {
                throw new LacunaException("built-in relation phrases " + BUILT_IN + " are missing from the jar");
            }
            return new RelationPhrases(parse(new LineReader(in, BUILT_IN), BUILT_IN));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The built-in table with the entries of a user's TSV file added or replacing built-in ones. */
    public static RelationPhrases builtInWith(Path overrides) {
        return builtIn().withOverrides(overrides);
    }

    /** This table with the entries of {@code file} (format in the class comment of the built-in TSV). */
    public RelationPhrases withOverrides(Path file) {
        Map<String, Phrase> table = new LinkedHashMap<>(exact);
        table.putAll(read(file));
        return new RelationPhrases(table);
    }

    /**
     * This table with questions derived from relation labels (e.g. CoDEx's {@code relations.json}:
     * P19 -> "place of birth"), for KGs whose relation names are opaque codes. Entries already in the table
     * win. Labels are read in the Wikidata/Freebase sense: "h P19 t" means t is the place of birth of h.
     */
    public RelationPhrases withLabels(Map<String, String> labels) {
        Map<String, Phrase> table = new LinkedHashMap<>(exact);
        labels.forEach((relation, label) -> {
            if (!table.containsKey(relation) && label != null && !label.isBlank()) {
                table.put(relation, fromWords(Arrays.asList(label.trim().toLowerCase(Locale.ROOT).split("\\s+"))));
            }
        });
        return new RelationPhrases(table);
    }

    /** Reads a phrase file; bad lines give a {@link BadInputException} with file and line. */
    public static Map<String, Phrase> read(Path file) {
        try (LineReader reader = LineReader.open(file)) {
            return parse(reader, file.toString());
        } catch (NoSuchFileException e) {
            throw new BadInputException(file.toString(), -1, -1, "relation phrase file not found");
        } catch (IOException e) {
            throw new LacunaException("cannot read relation phrase file " + file + ": " + e.getMessage(), e);
        }
    }

    private static Map<String, Phrase> parse(LineReader reader, String source) throws IOException {
        Map<String, Phrase> table = new LinkedHashMap<>();
        String line;
        while ((line = reader.readLine()) != null) {
            long lineNo = reader.lineNumber();
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] fields = line.split("\t", -1);
            if (fields.length != 3) {
                throw new BadInputException(source, lineNo, -1, "expected 3 tab-separated fields "
                        + "(relation, forward question, inverse question), found " + fields.length);
            }
            String relation = fields[0].trim();
            if (relation.isEmpty()) {
                throw new BadInputException(source, lineNo, 1, "empty relation name");
            }
            for (int i = 1; i <= 2; i++) {
                if (!fields[i].contains(TOPIC)) {
                    throw new BadInputException(source, lineNo, -1, (i == 1 ? "forward" : "inverse")
                            + " question of " + relation + " lacks the placeholder " + TOPIC + ": " + fields[i]);
                }
            }
            if (table.containsKey(relation)) {
                throw new BadInputException(source, lineNo, 1, "relation " + relation + " is listed twice");
            }
            table.put(relation, new Phrase(fields[1].trim(), fields[2].trim()));
        }
        return table;
    }

    /** The phrase for a relation: from the table, else derived from its name. */
    public Phrase phraseFor(String relation) {
        Phrase phrase = exact.get(relation);
        if (phrase == null) {
            phrase = ignoringCase.get(relation.toLowerCase(Locale.ROOT));
        }
        return phrase != null ? phrase : derive(relation);
    }

    /** True when the relation has its own entry (not derived from its name). */
    public boolean hasEntry(String relation) {
        return exact.containsKey(relation) || ignoringCase.containsKey(relation.toLowerCase(Locale.ROOT));
    }

    /**
     * A question pattern made from the relation's name alone. The name is cut to its last meaningful part
     * (Freebase {@code /people/person/spouse_s./people/marriage/spouse} -> "spouse") and split into words
     * at underscores, dots, camel case and digits (hyphens stay: co-occurs) ({@code hasSibling} -> "has sibling").
     * Then, by the shape of the words:
     * <ul>
     *   <li>"is a"/"isa": {@code What is {topic} a kind of?} / {@code What is a kind of {topic}?}</li>
     *   <li>"is X" (isLocatedIn): {@code What is {topic} located in?} / {@code What is located in {topic}?}</li>
     *   <li>"has X" (hasSibling): {@code What is the sibling of {topic}?} / {@code What has {topic} as its sibling?}</li>
     *   <li>verb + preposition (interacts_with): {@code What does {topic} interact with?} / {@code What interacts with {topic}?}</li>
     *   <li>"X of" (wife_of: h is the wife of t): {@code What is {topic} the wife of?} / {@code What is the wife of {topic}?}</li>
     *   <li>other + preposition (born_in): {@code What is {topic} born in?} / {@code What is born in {topic}?}</li>
     *   <li>anything else is read as an attribute of the head, as in Freebase and Wikidata (h country t: t is the
     *       country of h): {@code What is the country of {topic}?} / {@code What has {topic} as its country?}</li>
     * </ul>
     */
    public static Phrase derive(String relation) {
        List<String> words = words(relation);
        if (words.isEmpty()) {
            return fallback(relation);
        }
        return fromWords(words);
    }

    /**
     * The last resort, and the second try when a pattern happens to name the answer (a relation called
     * "Term24" and answer entity 24): the raw relation name in quotes, which never matches a bare id.
     */
    public static Phrase fallback(String relation) {
        String quoted = "\"" + relation + "\"";
        return new Phrase("Which entity does " + TOPIC + " lead to by the relation " + quoted + "?",
                "Which entity leads to " + TOPIC + " by the relation " + quoted + "?");
    }

    private static Phrase fromWords(List<String> words) {
        String first = words.get(0);
        String last = words.get(words.size() - 1);
        String all = String.join(" ", words);
        if (all.equals("isa") || all.equals("is a")) {
            return new Phrase("What is " + TOPIC + " a kind of?", "What is a kind of " + TOPIC + "?");
        }
        if (words.size() > 1 && (first.equals("is") || first.equals("are") || first.equals("was"))) {
            String rest = String.join(" ", words.subList(1, words.size()));
            return new Phrase("What is " + TOPIC + " " + rest + "?", "What is " + rest + " " + TOPIC + "?");
        }
        if (words.size() > 1 && (first.equals("has") || first.equals("have"))) {
            return attribute(String.join(" ", words.subList(1, words.size())));
        }
        if (words.size() > 1 && PREPOSITIONS.contains(last)) {
            if (looksLikeVerb(first)) {
                String rest = " " + String.join(" ", words.subList(1, words.size()));
                return new Phrase("What does " + TOPIC + " " + baseForm(first) + rest + "?",
                        "What " + all + " " + TOPIC + "?");
            }
            if (last.equals("of")) {
                String noun = String.join(" ", words.subList(0, words.size() - 1));
                return new Phrase("What is " + TOPIC + " the " + noun + " of?", "What is the " + noun + " of " + TOPIC + "?");
            }
            return new Phrase("What is " + TOPIC + " " + all + "?", "What is " + all + " " + TOPIC + "?");
        }
        return attribute(all);
    }

    private static Phrase attribute(String noun) {
        return new Phrase("What is the " + noun + " of " + TOPIC + "?", "What has " + TOPIC + " as its " + noun + "?");
    }

    /** A third-person verb such as "interacts", "occurs", "consists" (not "process", "status", "is"). */
    private static boolean looksLikeVerb(String word) {
        return word.length() > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")
                && !word.endsWith("is");
    }

    private static String baseForm(String verb) {
        for (String ending : new String[] {"sses", "shes", "ches", "xes", "zes"}) {
            if (verb.endsWith(ending)) {
                return verb.substring(0, verb.length() - 2);
            }
        }
        return verb.substring(0, verb.length() - 1);
    }

    /** The relation name as lower-case words (see {@link #derive}). */
    public static List<String> words(String relation) {
        String name = relation.trim();
        int dot = name.lastIndexOf('.');
        if (name.contains("/") && dot >= 0) {
            name = name.substring(dot + 1);
        }
        int slash = name.lastIndexOf('/');
        if (slash >= 0) {
            name = name.substring(slash + 1);
        }
        // IRIs: keep the local name after '#' or ':'.
        int hash = Math.max(name.lastIndexOf('#'), name.lastIndexOf(':'));
        if (hash >= 0) {
            name = name.substring(hash + 1);
        }
        String spaced = name
                .replaceAll("(?<=\\p{Ll})(?=\\p{Lu})", " ")
                .replaceAll("(?<=\\p{L})(?=\\p{Nd})|(?<=\\p{Nd})(?=\\p{L})", " ")
                .replaceAll("[_.\\s]+", " ")
                .trim()
                .toLowerCase(Locale.ROOT);
        List<String> words = new ArrayList<>();
        for (String w : spaced.split(" ")) {
            if (!w.isEmpty()) {
                words.add(w);
            }
        }
        // Freebase pluralises with "_s" (spouse_s); drop the stray "s".
        if (words.size() > 1 && words.get(words.size() - 1).equals("s")) {
            words.remove(words.size() - 1);
        }
        return words;
    }
}
