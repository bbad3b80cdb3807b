package dev.lacuna.eval;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The PERMISSIVE metrics of the paper's appendix I, computed the way RoG's
 * {@code qa_prediction/evaluate_results.py} computes them, to show how much they inflate a score. They are
 * not the protocol. Per question:
 * <ul>
 *   <li>the prediction list is the {@code prediction} array with duplicates removed, or the raw output split
 *       on line breaks only (empty lines kept, as Python's {@code str.split("\n")} keeps them);</li>
 *   <li>an answer "matches" when its normalised form is a <em>substring</em> of the normalised prediction
 *       list joined by spaces (so gold "12" matches a prediction "123", and "not Obama" matches "Obama");</li>
 *   <li>Hits@1 = 1 if any answer matches (no ranking at all, despite the name);</li>
 *   <li>precision = matched answers / length of the prediction list (it can exceed 1 when one line holds
 *       several answers: RoG does not cap it, neither do we), recall = matched / |answers|, F1 their harmonic
 *       mean; all 0 for an empty prediction list.</li>
 * </ul>
 */
@JsonPropertyOrder({"questions", "hits_at_1", "precision", "recall", "f1"})
public record PermissiveScores(
        @JsonProperty("questions") int questions,
        @JsonProperty("hits_at_1") double hitsAt1,
        @JsonProperty("precision") double precision,
        @JsonProperty("recall") double recall,
        @JsonProperty("f1") double f1) {

    /** RoG's per-question values. */
    public record Single(double hit, double precision, double recall, double f1) {
    }

    /** RoG's prediction list: a structured prediction without duplicates, or the raw output's lines. */
    public static List<String> rogList(List<String> prediction, String rawOutput) {
        if (prediction != null) {
            return new ArrayList<>(new LinkedHashSet<>(prediction));
        }
        if (rawOutput == null) {
            return List.of();
        }
        return List.of(rawOutput.split("\n", -1));
    }

    /** One question: {@code answers} are the gold answers as the system writes entities, not yet normalised. */
    public static Single score(List<String> predictionList, Collection<String> answers) {
        return scoreNormalised(predictionList, answers.stream().map(AnswerNormalizer::rog).toList());
    }

    /** As {@link #score}, with the answers already passed through {@link AnswerNormalizer#rog}. */
    public static Single scoreNormalised(List<String> predictionList, List<String> rogAnswers) {
        List<String> answers = rogAnswers;
        String joined = AnswerNormalizer.rog(String.join(" ", predictionList));
        int matched = 0;
        for (String a : answers) {
            if (joined.contains(a)) {
                matched++;
            }
        }
        double hit = matched > 0 ? 1 : 0;
        if (predictionList.isEmpty()) {
            return new Single(hit, 0, 0, 0);
        }
        double precision = (double) matched / predictionList.size();
        double recall = answers.isEmpty() ? 0 : (double) matched / answers.size();
        double f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall);
        return new Single(hit, precision, recall, f1);
    }

    public static PermissiveScores average(Collection<Single> scores) {
        int n = scores.size();
        if (n == 0) {
            return new PermissiveScores(0, 0, 0, 0, 0);
        }
        double hit = 0;
        double p = 0;
        double r = 0;
        double f = 0;
        for (Single s : scores) {
            hit += s.hit();
            p += s.precision();
            r += s.recall();
            f += s.f1();
        }
        return new PermissiveScores(n, hit / n, p / n, r / n, f / n);
    }
}
