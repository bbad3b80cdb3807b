package dev.lacuna.eval;

import java.util.Collection;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The strict metrics averaged over a set of questions (section 4.3). HHR = Hits@Hard / Hits@Any is
 * undefined when Hits@Any is 0 (also when there are no questions): then {@code hhr} is null and
 * {@code hhr_defined} false, never a division by zero.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"questions", "hits_at_any", "precision", "recall", "f1", "hits_at_hard", "hhr", "hhr_defined"})
public record Scores(
        @JsonProperty("questions") int questions,
        @JsonProperty("hits_at_any") double hitsAtAny,
        @JsonProperty("precision") double precision,
        @JsonProperty("recall") double recall,
        @JsonProperty("f1") double f1,
        @JsonProperty("hits_at_hard") double hitsAtHard,
        @JsonProperty("hhr") Double hhr) {

    @JsonProperty("hhr_defined")
    public boolean hhrDefined() {
        return hhr != null;
    }

    /** Averages per-question scores: each question weighs the same. */
    public static Scores average(Collection<QuestionScore> scores) {
        int n = scores.size();
        if (n == 0) {
            return new Scores(0, 0, 0, 0, 0, 0, null);
        }
        long any = 0;
        long hard = 0;
        double precision = 0;
        double recall = 0;
        double f1 = 0;
        for (QuestionScore s : scores) {
            any += s.hitsAtAny();
            hard += s.hitsAtHard();
            precision += s.precision();
            recall += s.recall();
            f1 += s.f1();
        }
        // HHR from the counts: (hard/n) / (any/n) = hard/any, without a rounding step in between
        Double hhr = any == 0 ? null : (double) hard / any;
        return new Scores(n, (double) any / n, precision / n, recall / n, f1 / n, (double) hard / n, hhr);
    }
}
