package dev.lacuna.eval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Retrieval as systems write it in text. Lacuna's predictions format has a field of its own for it,
 * {@value #FIELD}; RoG shows its reader the paths it found in the prompt it writes into each record's {@code input}.
 */
public final class RetrievalText {
    /** The predictions field that lists what a system retrieved for the question: chains of entity, relation, entity. */
    public static final String FIELD = "retrieved";
    /** RoG's build_qa_input.py: {@code GRAPH_CONTEXT = "Reasoning Paths:\n{context}\n\n"}, put before the question. */
    static final String ROG_HEADER = "Reasoning Paths:\n";
    /** RoG's utils.path_to_string joins a path's entities and relations with this. */
    static final String ROG_ARROW = " -> ";

    private RetrievalText() {
    }

    /**
     * The paths of RoG's prompt: the lines between {@code Reasoning Paths:} and the blank line before the question,
     * each {@code A -> r -> B -> r2 -> C} as utils.path_to_string writes it, as chains. Null when the prompt has no such
     * block (predict_answer.py without {@code --add_rule}, or with {@code --model_name no-llm}, whose {@code input} is
     * the bare question): the record says nothing of what was retrieved. A line that does not split into entity,
     * relation, entity, ... (an entity name holding " -> ") is left out.
     */
    public static List<List<String>> rogReasoningPaths(String input) {
        int at = input.indexOf(ROG_HEADER);
        if (at < 0) {
            return null;
        }
        int start = at + ROG_HEADER.length();
        int end = input.indexOf("\n\n", start);
        String block = input.substring(start, end < 0 ? input.length() : end);
        List<List<String>> chains = new ArrayList<>();
        for (String line : block.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            String[] parts = line.split(ROG_ARROW, -1);
            if (parts.length >= 3 && parts.length % 2 == 1) {
                chains.add(List.copyOf(Arrays.asList(parts)));
            }
        }
        return chains;
    }
}
