package dev.lacuna.eval;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The scores of one predictions file against the benchmark: strict metrics overall and broken down by
 * rule type, split and relation (and by depth, for a benchmark built with {@code build --depth}; Trap Rate and
 * the answers lost to noise, for one built with {@code build --break}/{@code --noise}), the permissive (RoG-style) metrics overall, how well the file
 * covered the questions, and, where the file says what the system retrieved, where it broke ({@link Diagnosis}).
 */
@JsonPropertyOrder({"file", "coverage", "strict", "broken", "by_rule_type", "by_depth", "by_split", "by_relation", "permissive",
        "diagnosis"})
public record RunResult(
        @JsonProperty("file") String file,
        @JsonProperty("coverage") Coverage coverage,
        @JsonProperty("strict") Scores strict,
        @JsonProperty("by_rule_type") Map<String, Scores> byRuleType,
        @JsonProperty("by_split") Map<String, Scores> bySplit,
        @JsonProperty("by_relation") Map<String, Scores> byRelation,
        @JsonProperty("permissive") PermissiveScores permissive,
        @JsonIgnore List<QuestionScore> perQuestion,
        @JsonIgnore Map<String, Scores> byDepth,
        @JsonProperty("broken") @JsonInclude(JsonInclude.Include.NON_NULL) BrokenScores broken,
        @JsonProperty("diagnosis") @JsonInclude(JsonInclude.Include.NON_NULL) Diagnosis diagnosis) {

    /** Scores without the retrieval-vs-reasoning breakdown. */
    public RunResult(String file, Coverage coverage, Scores strict, Map<String, Scores> byRuleType,
                     Map<String, Scores> bySplit, Map<String, Scores> byRelation, PermissiveScores permissive,
                     List<QuestionScore> perQuestion, Map<String, Scores> byDepth, BrokenScores broken) {
        this(file, coverage, strict, byRuleType, bySplit, byRelation, permissive, perQuestion, byDepth, broken, null);
    }

    /** These scores with the run's retrieval-vs-reasoning breakdown. */
    public RunResult withDiagnosis(Diagnosis d) {
        return new RunResult(file, coverage, strict, byRuleType, bySplit, byRelation, permissive, perQuestion, byDepth,
                broken, d);
    }

    /** {@code by_depth} as report.json writes it: each depth's scores, marked {@code few} where they are. */
    @JsonProperty("by_depth")
    @JsonInclude(JsonInclude.Include.NON_NULL)
    Map<String, DepthScores> byDepthReported() {
        if (byDepth == null) {
            return null;
        }
        Map<String, DepthScores> reported = new LinkedHashMap<>();
        byDepth.forEach((depth, scores) -> reported.put(depth, new DepthScores(scores)));
        return reported;
    }

    /** Scores of a benchmark without broken graphs (no {@code broken}). */
    public RunResult(String file, Coverage coverage, Scores strict, Map<String, Scores> byRuleType,
                     Map<String, Scores> bySplit, Map<String, Scores> byRelation, PermissiveScores permissive,
                     List<QuestionScore> perQuestion, Map<String, Scores> byDepth) {
        this(file, coverage, strict, byRuleType, bySplit, byRelation, permissive, perQuestion, byDepth, null);
    }

    /** Scores of a benchmark whose questions are all of depth 1 (no {@code by_depth}). */
    public RunResult(String file, Coverage coverage, Scores strict, Map<String, Scores> byRuleType,
                     Map<String, Scores> bySplit, Map<String, Scores> byRelation, PermissiveScores permissive,
                     List<QuestionScore> perQuestion) {
        this(file, coverage, strict, byRuleType, bySplit, byRelation, permissive, perQuestion, null);
    }

    /**
     * @param records         records in the file
     * @param matched         records whose id is a question of the evaluated split
     * @param missing         questions of the split without a record: scored as empty predictions
     * @param missingExamples a few of the missing question ids
     * @param otherSplit      records for questions of other splits: ignored
     * @param resolution      how many predicted answers name an entity of the KG; null without entities.tsv
     */
    @JsonPropertyOrder({"records", "matched", "missing", "missing_examples", "other_split", "resolution"})
    public record Coverage(
            @JsonProperty("records") int records,
            @JsonProperty("matched") int matched,
            @JsonProperty("missing") int missing,
            @JsonProperty("missing_examples") List<String> missingExamples,
            @JsonProperty("other_split") int otherSplit,
            @JsonProperty("resolution") Resolution resolution) {
    }
}
