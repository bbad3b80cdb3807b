package dev.lacuna.tog;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.lacuna.LacunaException;

/**
 * ToG's prompts and the way it reads the replies (prompt_list.py, freebase_func.py, utils.py of Think-on-Graph,
 * Sun et al., ICLR 2024). The prompt texts are ToG's own, kept byte for byte in {@code /tog/*.txt}, and assembled
 * exactly as ToG assembles them, seams included: the answer prompt ends in ToG's unfilled {@code Q: {}} line before
 * the question, the "enough?" prompt runs its last example into the question without a {@code Q: }, and the
 * triplets run into {@code A: } without a line break. A model then sees what it sees under ToG.
 */
final class TogPrompts {
    static final String SYSTEM = "You are an AI assistant that helps people find information.";
    private static final String EXTRACT_RELATION = resource("extract-relation-prompt.txt");
    private static final String SCORE_ENTITIES = resource("score-entity-candidates-prompt.txt");
    private static final String ANSWER = resource("answer-prompt.txt");
    private static final String EVALUATE = resource("prompt-evaluate.txt");
    private static final String COT = resource("cot-prompt.txt");
    private static final Pattern RELATION_SCORE =
            Pattern.compile("\\{\\s*(?<relation>[^()]+)\\s+\\(Score:\\s+(?<score>[0-9.]+)\\)}");
    private static final Pattern DECIMAL = Pattern.compile("\\d+\\.\\d+");

    private TogPrompts() {
    }

    /** {@code construct_relation_prune_prompt}. */
    static String relations(String question, String entityName, List<String> relations, int width) {
        return EXTRACT_RELATION.replaceFirst("%s", Integer.toString(width)).replaceFirst("%s", Integer.toString(width))
                + question + "\nTopic Entity: " + entityName + "\nRelations: " + String.join("; ", relations) + "\nA: ";
    }

    /** {@code construct_entity_score_prompt}: the template's two {@code {}} filled by Python's str.format. */
    static String entities(String question, String relation, List<String> names) {
        int first = SCORE_ENTITIES.indexOf("{}");
        int second = SCORE_ENTITIES.indexOf("{}", first + 2);
        return SCORE_ENTITIES.substring(0, first) + question + SCORE_ENTITIES.substring(first + 2, second) + relation
                + SCORE_ENTITIES.substring(second + 2) + String.join("; ", names) + "\nScore: ";
    }

    /** {@code reasoning}'s prompt: are these triplets enough? */
    static String enough(String question, List<List<List<String>>> chains) {
        return EVALUATE + question + "\nKnowledge Triplets: " + triplets(chains) + "A: ";
    }

    /** {@code generate_answer}'s prompt. */
    static String answer(String question, List<List<List<String>>> chains) {
        return ANSWER + question + "\n" + "\nKnowledge Triplets: " + triplets(chains) + "A: ";
    }

    /** {@code generate_without_explored_paths}'s prompt. */
    static String withoutPaths(String question) {
        return COT + "\n\nQ: " + question + "\nA:";
    }

    /**
     * The triplets as ToG lays them out: each depth's chains on one line as Python prints its tuples,
     * {@code ('head', 'relation', 'tail'), (...)}, one line per depth; a depth whose chains all scored 0 is an empty
     * list to ToG, which adds no line.
     */
    static String triplets(List<List<List<String>>> chains) {
        List<String> lines = new ArrayList<>();
        for (List<List<String>> depth : chains) {
            if (!depth.isEmpty()) {
                lines.add(String.join(", ", depth.stream().map(PythonRepr::tuple).toList()));
            }
        }
        return String.join("\n", lines);
    }

    /** A relation the model chose, with its score. */
    record Scored(String relation, double score) {
    }

    /**
     * {@code clean_relations}: every {@code {relation (Score: x)}} of the reply, relations with a ';' skipped; an
     * unreadable score or no relation at all gives none, as ToG then keeps no relation for that entity.
     */
    static List<Scored> relationScores(String reply) {
        List<Scored> out = new ArrayList<>();
        Matcher m = RELATION_SCORE.matcher(reply);
        while (m.find()) {
            String relation = m.group("relation").strip();
            if (relation.contains(";")) {
                continue;
            }
            try {
                out.add(new Scored(relation, Double.parseDouble(m.group("score"))));
            } catch (NumberFormatException e) {
                return List.of();
            }
        }
        return out;
    }

    /** {@code clean_scores}: the reply's decimals if there is one per entity, else an even share. */
    static List<Double> entityScores(String reply, int entities) {
        List<Double> scores = new ArrayList<>();
        Matcher m = DECIMAL.matcher(reply);
        while (m.find()) {
            scores.add(Double.parseDouble(m.group()));
        }
        if (scores.size() == entities) {
            return scores;
        }
        return java.util.Collections.nCopies(entities, 1.0 / entities);
    }

    /** {@code extract_answer} then {@code if_true}: is the text between the first '{' and the first '}' "yes"? */
    static boolean saysYes(String reply) {
        int start = reply.indexOf('{');
        int end = reply.indexOf('}');
        String inside = start != -1 && end != -1 && end > start ? reply.substring(start + 1, end).strip() : "";
        return inside.toLowerCase(java.util.Locale.ROOT).strip().replace(" ", "").equals("yes");
    }

    private static String resource(String name) {
        try (InputStream in = TogPrompts.class.getResourceAsStream("/tog/" + name)) {
            if (in == null) {
                throw new LacunaException("ToG prompt /tog/" + name + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new LacunaException("cannot read ToG prompt /tog/" + name + ": " + e.getMessage(), e);
        }
    }
}
