package dev.lacuna.evidence;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.questions.Question;

/**
 * A benchmark folder small enough to work out by hand, written as {@code lacuna build} writes one, for the tests of
 * alternative paths and of the retrieval-vs-reasoning breakdown.
 *
 * <pre>
 * complete:   parent(1,2) parent(2,3) parent(1,4) parent(4,3) parent(3,9) grandparent(1,3) greatgrandparent(1,9)
 *             sibling(5,6) sibling(6,5) husband(7,8) wife(8,7)
 * incomplete: complete without grandparent(1,3), greatgrandparent(1,9), sibling(5,6), wife(8,7)
 * </pre>
 *
 * Questions (test split): q1 grandparent of 1, hard 3 (composition; two paths: over 2 and over 4); q2 sibling of 5,
 * hard 6 (symmetry; one path, sibling(6,5)); q3 great-grandparent of 1, hard 9 (depth 2: grandparent(1,3) derived
 * first, then with parent(3,9)); q4 wife of 8, hard 7 (inversion; husband(7,8)). Entities have text labels: 1 Ann,
 * 2 Bob, 3 Cid, 4 Dee, 5 Eve, 6 Fay, 7 Gus, 8 Hal, 9 Ida; source ids e1 ... e9.
 */
public final class HandMadeKg {
    public static final String COMPOSITION = "?c  parent  ?b  ?a  parent  ?c   => ?a  grandparent  ?b";
    public static final String GREAT = "?a  grandparent  ?c  ?c  parent  ?b   => ?a  greatgrandparent  ?b";
    public static final String SYMMETRY = "?b  sibling  ?a   => ?a  sibling  ?b";
    public static final String INVERSION = "?b  husband  ?a   => ?a  wife  ?b";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> COMPLETE = List.of("1\tgrandparent\t3", "1\tgreatgrandparent\t9", "1\tparent\t2",
            "1\tparent\t4", "2\tparent\t3", "3\tparent\t9", "4\tparent\t3", "5\tsibling\t6", "6\tsibling\t5",
            "7\thusband\t8", "8\twife\t7");
    private static final List<String> REMOVED = List.of("1\tgrandparent\t3", "1\tgreatgrandparent\t9", "5\tsibling\t6",
            "8\twife\t7");

    private HandMadeKg() {
    }

    /** complete's triples as "head TAB relation TAB tail", private ids. */
    public static List<String> complete() {
        return COMPLETE;
    }

    /** The triples incomplete lacks. */
    public static List<String> removed() {
        return REMOVED;
    }

    /** The entities' text labels, entity i at i - 1. */
    public static final List<String> LABELS = List.of("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida");

    public static List<Question> questions() {
        Question q1 = new Question("q1", "Who is the grandparent of 1?", "1", "grandparent", "head", List.of("3"), "3",
                COMPOSITION, "composition", new Question.Grounding(List.of(List.of("1", "parent", "2"),
                        List.of("2", "parent", "3")), List.of("1", "grandparent", "3")), null, "test");
        Question q2 = new Question("q2", "Who is the sibling of 5?", "5", "sibling", "head", List.of("6"), "6", SYMMETRY,
                "symmetry", new Question.Grounding(List.of(List.of("6", "sibling", "5")), List.of("5", "sibling", "6")),
                null, "test");
        Question.Grounding step1 = new Question.Grounding(List.of(List.of("1", "parent", "2"), List.of("2", "parent", "3")),
                List.of("1", "grandparent", "3"));
        Question.Grounding step2 = new Question.Grounding(List.of(List.of("1", "grandparent", "3"),
                List.of("3", "parent", "9")), List.of("1", "greatgrandparent", "9"));
        Question q3 = new Question("q3", "Who is the great-grandparent of 1?", "1", "greatgrandparent", "head",
                List.of("9"), "9", GREAT, "composition", step2, null, "test", 2,
                List.of(new Question.ProofStep(COMPOSITION, step1), new Question.ProofStep(GREAT, step2)));
        Question q4 = new Question("q4", "Who is the wife of 8?", "8", "wife", "head", List.of("7"), "7", INVERSION,
                "inversion", new Question.Grounding(List.of(List.of("7", "husband", "8")), List.of("8", "wife", "7")),
                null, "test");
        return List.of(q1, q2, q3, q4);
    }

    /** Writes the folder into {@code dir} and returns it. */
    public static Path write(Path dir) {
        try {
            Files.createDirectories(dir.resolve("kg"));
            Files.createDirectories(dir.resolve("questions"));
            Files.writeString(dir.resolve("summary.json"), "{\"format\": 1, \"kg\": \"handmade\", \"base\":"
                    + " \"https://lacuna.dev/\", \"triples\": {\"complete\": 11, \"incomplete\": 7, \"removed\": 4},"
                    + " \"questions\": {\"total\": 4}}\n");
            StringBuilder entities = new StringBuilder("private_id\tsource_id\tlabel\n");
            for (int i = 1; i <= 9; i++) {
                entities.append(i).append("\te").append(i).append('\t').append(LABELS.get(i - 1)).append('\n');
            }
            Files.writeString(dir.resolve("entities.tsv"), entities.toString());
            StringBuilder rules = new StringBuilder("Rule\tHead Coverage\tStandard Confidence\tPca Confidence\tSupport"
                    + "\tBody Size\tPca Body Size\tFunctional Variable\n");
            for (String r : List.of(COMPOSITION, GREAT, SYMMETRY, INVERSION)) {
                rules.append(r).append("\t0.5\t0.5\t0.5\t2\t4\t4\t-2\n");
            }
            Files.writeString(dir.resolve("rules.tsv"), rules.toString());
            Files.writeString(dir.resolve("kg/complete.tsv"), String.join("\n", COMPLETE) + "\n");
            Files.writeString(dir.resolve("kg/removed.tsv"), String.join("\n", REMOVED) + "\n");
            Files.writeString(dir.resolve("kg/incomplete.tsv"), String.join("\n",
                    COMPLETE.stream().filter(t -> !REMOVED.contains(t)).toList()) + "\n");
            StringBuilder test = new StringBuilder();
            for (Question q : questions()) {
                test.append(JSON.writeValueAsString(q)).append('\n');
            }
            Files.writeString(dir.resolve("questions/test.jsonl"), test.toString());
            Files.writeString(dir.resolve("questions/valid.jsonl"), "");
            Files.writeString(dir.resolve("questions/train.jsonl"), "");
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
