package dev.lacuna.eval;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The six numbers of BRINK's official evaluator (boschresearch/brink, evaluation/evaluate_brink.py), computed
 * as it computes them, so that {@code lacuna evaluate --from brink} can print them next to the strict protocol:
 * raw outputs split on commas and line breaks (its default, without --split-on-spaces); answers lower-cased,
 * {@code <pad>} removed, ASCII punctuation (Python's string.punctuation) deleted, the tokens a/an/the dropped;
 * gold answers that normalise to nothing dropped; a question without a prediction scores 0; metrics averaged
 * over the gold questions; HHR = mean Hits@Hard / mean Hits@Any, and 0 (not undefined) when Hits@Any is 0.
 * It differs from Lacuna's strict protocol only there: HHR 0 instead of undefined, and Unicode punctuation kept.
 */
@JsonPropertyOrder({"num_examples", "num_missing_predictions", "hits_at_any", "precision", "recall", "f1", "hits_at_hard", "hhr"})
public record BrinkScores(
        @JsonProperty("num_examples") int examples,
        @JsonProperty("num_missing_predictions") int missing,
        @JsonProperty("hits_at_any") double hitsAtAny,
        @JsonProperty("precision") double precision,
        @JsonProperty("recall") double recall,
        @JsonProperty("f1") double f1,
        @JsonProperty("hits_at_hard") double hitsAtHard,
        @JsonProperty("hhr") double hhr) {

    private static final String PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
    private static final Pattern SPLIT = Pattern.compile("[,\\n\\r]+");
    private static final Set<String> ARTICLES = Set.of("a", "an", "the");

    /** One gold question: its answers and hard answer as written (normalised here). */
    public record Gold(String id, List<String> answers, String hardAnswer) {
    }

    /** evaluate_brink.py normalize_answer. */
    public static String normalize(String text) {
        String s = text.toLowerCase(Locale.ROOT).replace("<pad>", " ");
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (PUNCTUATION.indexOf(c) < 0) {
                b.append(c);
            }
        }
        List<String> tokens = new ArrayList<>();
        for (String t : b.toString().trim().split("\\s+")) {
            if (!t.isEmpty() && !ARTICLES.contains(t)) {
                tokens.add(t);
            }
        }
        return String.join(" ", tokens);
    }

    /** evaluate_brink.py process_prediction: split, normalise, drop empties, keep first occurrences. */
    public static Set<String> prediction(String rawOutput) {
        Set<String> out = new LinkedHashSet<>();
        if (rawOutput == null || rawOutput.strip().isEmpty()) {
            return out;
        }
        for (String part : SPLIT.split(rawOutput.strip())) {
            String n = normalize(part.strip());
            if (!n.isEmpty()) {
                out.add(n);
            }
        }
        return out;
    }

    /** Scores raw outputs (by question id; the last record of an id wins, as in a Python dict) against gold. */
    public static BrinkScores score(List<Gold> gold, List<SystemOutput> outputs) {
        Map<String, Set<String>> predictions = new HashMap<>();
        for (SystemOutput o : outputs) {
            predictions.put(o.id(), o.rawOutput() != null ? prediction(o.rawOutput())
                    : prediction(o.prediction() == null ? "" : String.join(",", o.prediction())));
        }
        double any = 0;
        double precision = 0;
        double recall = 0;
        double f1 = 0;
        double hard = 0;
        int missing = 0;
        for (Gold g : gold) {
            Set<String> pred = predictions.get(g.id());
            if (pred == null) {
                missing++;
                pred = Set.of();
            }
            Set<String> answers = new LinkedHashSet<>();
            for (String a : g.answers()) {
                String n = normalize(a);
                if (!n.isEmpty()) {
                    answers.add(n);
                }
            }
            int overlap = 0;
            for (String p : pred) {
                if (answers.contains(p)) {
                    overlap++;
                }
            }
            any += overlap > 0 ? 1 : 0;
            hard += pred.contains(normalize(g.hardAnswer())) ? 1 : 0;
            precision += pred.isEmpty() ? 0 : (double) overlap / pred.size();
            recall += answers.isEmpty() ? 0 : (double) overlap / answers.size();
            f1 += pred.size() + answers.size() > 0 ? 2.0 * overlap / (pred.size() + answers.size()) : 0;
        }
        int n = gold.size();
        double hitsAny = any / n;
        double hitsHard = hard / n;
        return new BrinkScores(n, missing, hitsAny, precision / n, recall / n, f1 / n, hitsHard,
                hitsAny > 0 ? hitsHard / hitsAny : 0.0);
    }
}
