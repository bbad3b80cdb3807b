package dev.lacuna.eval;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * What a run shows about the broken graphs of {@code build --break}/{@code --noise}, for a benchmark whose
 * questions carry a {@code trap} or {@code noise_lost}. Trap Rate is the share of the questions with a trap whose
 * prediction holds it: on the graph {@code replaced} a system that reads the graph's fact falls into it, one that
 * reasons from the rules' evidence does not. The answers other than the hard one that the noisy graph lost are
 * scored apart: how many there are and the share of them predicted all the same.
 *
 * @param trapQuestions      questions with a trap (null when none has one)
 * @param trapRate           share of them whose prediction holds the trap
 * @param trapRateByRuleType the same by the question's rule type
 * @param lostAnswers        answers the noisy graph lost, over all questions (null when no question records them)
 * @param lostAnswersFound   share of the lost answers predicted (null when none was lost)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"trap_questions", "trap_rate", "trap_rate_by_rule_type", "lost_answers", "lost_answers_found"})
public record BrokenScores(
        @JsonProperty("trap_questions") Integer trapQuestions,
        @JsonProperty("trap_rate") Double trapRate,
        @JsonProperty("trap_rate_by_rule_type") Map<String, Double> trapRateByRuleType,
        @JsonProperty("lost_answers") Integer lostAnswers,
        @JsonProperty("lost_answers_found") Double lostAnswersFound) {

    /** One question's part: its rule type, the normalised trap (or null), its normalised lost answers (or null). */
    record Gold(String ruleType, String trap, List<String> lost) {
    }

    /** Null when no question has a trap or records lost answers: the report then shows nothing of it. */
    static BrokenScores of(List<Gold> gold, List<Set<String>> predicted) {
        int traps = 0;
        int fell = 0;
        Map<String, int[]> byType = new TreeMap<>();
        Integer lost = null;
        int found = 0;
        for (int i = 0; i < gold.size(); i++) {
            Gold g = gold.get(i);
            Set<String> p = predicted.get(i);
            if (g.trap() != null) {
                traps++;
                int hit = p.contains(g.trap()) ? 1 : 0;
                fell += hit;
                int[] c = byType.computeIfAbsent(g.ruleType() == null ? "unknown" : g.ruleType(), k -> new int[2]);
                c[0]++;
                c[1] += hit;
            }
            if (g.lost() != null) {
                lost = (lost == null ? 0 : lost) + g.lost().size();
                for (String a : g.lost()) {
                    found += p.contains(a) ? 1 : 0;
                }
            }
        }
        if (traps == 0 && lost == null) {
            return null;
        }
        Map<String, Double> rates = null;
        if (traps > 0) {
            rates = new TreeMap<>();
            for (Map.Entry<String, int[]> e : byType.entrySet()) {
                rates.put(e.getKey(), (double) e.getValue()[1] / e.getValue()[0]);
            }
        }
        return new BrokenScores(traps == 0 ? null : traps, traps == 0 ? null : (double) fell / traps, rates, lost,
                lost == null || lost == 0 ? null : (double) found / lost);
    }
}
