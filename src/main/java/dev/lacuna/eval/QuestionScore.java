package dev.lacuna.eval;

import java.util.Set;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The strict metrics of one question (section 4.3), from the normalised prediction set P and gold set A.
 * Precision of an empty P is 0 (not NaN); recall and F1 of an empty A are 0 (a well-formed benchmark
 * has none).
 *
 * @param predicted    |P|
 * @param gold         |A|
 * @param correct      |P ∩ A|
 * @param hitsAtAny    1 when P ∩ A is not empty
 * @param precision    |P ∩ A| / |P|
 * @param recall       |P ∩ A| / |A|
 * @param f1           2 |P ∩ A| / (|P| + |A|)
 * @param hitsAtHard   1 when the normalised hard answer is in P
 * @param missing      the system gave no record for this question (scored as an empty prediction)
 */
@JsonPropertyOrder({"id", "predicted", "gold", "correct", "hits_at_any", "precision", "recall", "f1", "hits_at_hard",
        "missing"})
public record QuestionScore(
        @JsonProperty("id") String id,
        @JsonProperty("predicted") int predicted,
        @JsonProperty("gold") int gold,
        @JsonProperty("correct") int correct,
        @JsonProperty("hits_at_any") int hitsAtAny,
        @JsonProperty("precision") double precision,
        @JsonProperty("recall") double recall,
        @JsonProperty("f1") double f1,
        @JsonProperty("hits_at_hard") int hitsAtHard,
        @JsonProperty("missing") boolean missing) {

    /** Scores normalised sets; {@code hard} is the normalised hard answer (may be null: no hard answer). */
    public static QuestionScore of(String id, Set<String> predicted, Set<String> gold, String hard, boolean missing) {
        int correct = 0;
        // iterate the smaller set: the intersection size is symmetric
        Set<String> small = predicted.size() <= gold.size() ? predicted : gold;
        Set<String> large = small == predicted ? gold : predicted;
        for (String p : small) {
            if (large.contains(p)) {
                correct++;
            }
        }
        int p = predicted.size();
        int a = gold.size();
        double precision = p == 0 ? 0.0 : (double) correct / p;
        double recall = a == 0 ? 0.0 : (double) correct / a;
        double f1 = p + a == 0 ? 0.0 : 2.0 * correct / (p + a);
        int hard1 = hard != null && predicted.contains(hard) ? 1 : 0;
        return new QuestionScore(id, p, a, correct, correct > 0 ? 1 : 0, precision, recall, f1, hard1, missing);
    }
}
