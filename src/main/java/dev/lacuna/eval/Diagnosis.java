package dev.lacuna.eval;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Where one run breaks (the paper's section 5.5 and appendix J): per question, whether the system retrieved a whole
 * path that supports the hard answer (evidence), and of the questions whose hard answer it missed, which are
 * Retrieval Failures (no such path retrieved) and which Reasoning Failures (one retrieved, the answer still wrong);
 * overall, by rule type and by depth, with a few questions of each kind as the paper's Table 4 shows them.
 *
 * @param retrieval            what of the system's output was read as its retrieval
 * @param recordsWithRetrieval records that say what was retrieved (the others are not classified)
 * @param paths                the alternative paths the questions were held against
 * @param overall              every question of the split
 * @param byRuleType           by the rule type of the question's rule
 * @param byDepth              by depth, for a benchmark with deeper questions; null otherwise
 * @param cases                case studies: a few questions of each failure kind, chosen by the seed
 * @param perQuestion          each classified question's verdict by id, for {@code evaluate --per-question}
 */
@JsonPropertyOrder({"retrieval", "records_with_retrieval", "paths", "overall", "by_rule_type", "by_depth", "cases"})
public record Diagnosis(
        @JsonProperty("retrieval") String retrieval,
        @JsonProperty("records_with_retrieval") int recordsWithRetrieval,
        @JsonProperty("paths") Paths paths,
        @JsonProperty("overall") EvidenceScores overall,
        @JsonProperty("by_rule_type") Map<String, EvidenceScores> byRuleType,
        @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("by_depth") Map<String, EvidenceScores> byDepth,
        @JsonProperty("cases") List<CaseStudy> cases,
        @JsonIgnore Map<String, Verdict> perQuestion) {

    /**
     * One question's place in the breakdown.
     *
     * @param evidence whether a whole supporting path was retrieved
     * @param partial  the share of the best path's triples retrieved
     * @param fetched  whether a whole supporting path was fetched; null without fetched triples
     * @param kind     retrieval_failure, reasoning_failure or unsupported_miss for a miss; null for a hit
     */
    @JsonPropertyOrder({"evidence", "partial_evidence", "fetched", "failure"})
    public record Verdict(
            @JsonProperty("evidence") boolean evidence,
            @JsonProperty("partial_evidence") double partial,
            @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("fetched") Boolean fetched,
            @JsonProperty("failure") String kind) {
    }

    /** The paper's ratio of Retrieval to Reasoning Failures, averaged over its datasets and systems (appendix J). */
    public static final String PAPER_RATIO = "7:3";

    /**
     * @param graph              the graph the paths are in: the one the run was made on
     * @param maxPerQuestion     the paths kept per question (the bound on hubs)
     * @param questionsTruncated questions with more distinct paths than the bound
     * @param meanPaths          paths kept per question, on average
     * @param meanDerivations    derivations of the hard-answer triple per question, on average (all counted)
     * @param unsupported        questions whose graph holds no path and not the hard-answer triple either
     */
    @JsonPropertyOrder({"graph", "max_per_question", "questions_truncated", "mean_paths", "mean_derivations", "unsupported"})
    public record Paths(
            @JsonProperty("graph") String graph,
            @JsonProperty("max_per_question") int maxPerQuestion,
            @JsonProperty("questions_truncated") int questionsTruncated,
            @JsonProperty("mean_paths") double meanPaths,
            @JsonProperty("mean_derivations") double meanDerivations,
            @JsonProperty("unsupported") int unsupported) {
    }

    /**
     * The breakdown over a group of questions. Shares are over the questions whose record says what was retrieved
     * ({@code classified}); a share of none is null.
     *
     * @param questions                  questions of the group
     * @param classified                 of those, with a record that says what was retrieved
     * @param evidence                   classified questions with a whole supporting path retrieved: an alternative
     *                                   path, or the hard-answer triple itself where the graph still states it
     * @param evidenceRecall             evidence / classified
     * @param partialEvidence            the share of a best path's triples retrieved, averaged over the classified
     * @param fetched                    classified questions with a whole supporting path among the triples the
     *                                   system fetched, kept or not (lacuna tog's trace); null without a trace
     * @param hitsAtHardWithEvidence     Hits@Hard among the questions with evidence
     * @param hitsAtHardWithoutEvidence  Hits@Hard among the classified questions without it
     * @param misses                     classified questions whose prediction lacks the hard answer
     * @param retrievalFailures          misses without evidence, where the graph holds a supporting path
     * @param reasoningFailures          misses with evidence
     * @param unsupportedMisses          misses whose graph holds no supporting path at all (neither kind)
     * @param retrievalShare             retrievalFailures / (retrievalFailures + reasoningFailures)
     * @param ratio                      the two kinds as parts of ten, "7.0:3.0", beside the paper's 7:3
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"questions", "classified", "evidence", "evidence_recall", "partial_evidence", "fetched",
            "hits_at_hard_with_evidence", "hits_at_hard_without_evidence", "misses", "retrieval_failures",
            "reasoning_failures", "unsupported_misses", "retrieval_share", "ratio", "paper_ratio"})
    public record EvidenceScores(
            @JsonProperty("questions") int questions,
            @JsonProperty("classified") int classified,
            @JsonProperty("evidence") int evidence,
            @JsonProperty("evidence_recall") Double evidenceRecall,
            @JsonProperty("partial_evidence") Double partialEvidence,
            @JsonProperty("fetched") Integer fetched,
            @JsonProperty("hits_at_hard_with_evidence") Double hitsAtHardWithEvidence,
            @JsonProperty("hits_at_hard_without_evidence") Double hitsAtHardWithoutEvidence,
            @JsonProperty("misses") int misses,
            @JsonProperty("retrieval_failures") int retrievalFailures,
            @JsonProperty("reasoning_failures") int reasoningFailures,
            @JsonProperty("unsupported_misses") int unsupportedMisses,
            @JsonProperty("retrieval_share") Double retrievalShare,
            @JsonProperty("ratio") String ratio) {

        @JsonProperty("paper_ratio")
        public String paperRatio() {
            return PAPER_RATIO;
        }
    }

    /**
     * One question as the paper's Table 4 shows it.
     *
     * @param kind           retrieval_failure or reasoning_failure
     * @param id             the question
     * @param question       its text
     * @param topic          the topic entity, named as the system names entities
     * @param hardAnswer     the hard answer, named so
     * @param expectedPath   the supporting path best retrieved (the first where none is), as {@code r(head, tail)}
     * @param rules          the rules that path applies
     * @param retrieved      what the system retrieved, the steps of the expected path first, at most a few
     * @param retrievedTotal how many chains it retrieved in all
     * @param answered       what it answered
     */
    @JsonPropertyOrder({"kind", "id", "question", "topic", "hard_answer", "expected_path", "rules", "retrieved",
            "retrieved_total", "answered"})
    public record CaseStudy(
            @JsonProperty("kind") String kind,
            @JsonProperty("id") String id,
            @JsonProperty("question") String question,
            @JsonProperty("topic") String topic,
            @JsonProperty("hard_answer") String hardAnswer,
            @JsonProperty("expected_path") List<String> expectedPath,
            @JsonProperty("rules") List<String> rules,
            @JsonProperty("retrieved") List<String> retrieved,
            @JsonProperty("retrieved_total") int retrievedTotal,
            @JsonProperty("answered") String answered) {
    }
}
