package dev.lacuna.folder;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import dev.lacuna.store.KgGraphs;

/**
 * summary.json of a benchmark folder: what a build produced, bound field by field. No times or dates: the same
 * inputs and seed must give the same bytes. {@link #FORMAT} changes whenever a field changes meaning or goes
 * away, so that a reader refuses a folder it would misread (see {@link BenchmarkFolder#summary()}).
 * Counts are boxed: a folder written by hand (a test fixture, a user's own) may leave a part out, and the
 * reader that needs a count says so. {@code give_away} counts, by reason, the questions left out because they
 * would give their answer away ({@code questions.GiveAway}); a folder written before it existed has none.
 * {@code depths} is written by {@code build --depth} 2 or more only; {@code broken_graphs} by {@code build --break}
 * or {@code --noise} only. {@code benchmark_id} is the folder's {@link BenchmarkIdentity} (a digest of its question
 * files); a folder written before it existed has none, and readers compute it from the question files.
 * The relation choice of {@code build} ({@code --vocabulary}, {@code --head-target-relations}, ...) adds its
 * {@code parameters} and {@code rules.left_out_by_relation_choice} only where it kept a relation of the KG out or was
 * given: a folder without them was built with nothing left out, whether before the choice existed or after. Optional
 * fields added so do not change {@link #FORMAT}: no field changed meaning.
 */
@JsonPropertyOrder({"format", "kg", "base", "benchmark_id", "parameters", "rules", "groundings", "triples", "questions", "give_away", "depths",
        "broken_graphs"})
public record Summary(
        @JsonProperty("format") Integer format,
        @JsonProperty("kg") String kg,
        @JsonProperty("base") String base,
        @JsonProperty("parameters") Map<String, String> parameters,
        @JsonProperty("rules") Rules rules,
        @JsonProperty("groundings") Groundings groundings,
        @JsonProperty("triples") Triples triples,
        @JsonProperty("questions") Questions questions,
        @JsonProperty("give_away") @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Long> giveAway,
        @JsonProperty("depths") @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, Depth> depths,
        @JsonProperty("broken_graphs") @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, BrokenGraph> brokenGraphs,
        @JsonProperty("benchmark_id") @JsonInclude(JsonInclude.Include.NON_NULL) String benchmarkId) {
    /** The version of this layout; 1 is the first folder with a format field. */
    public static final int FORMAT = 1;

    /** A summary without {@code benchmark_id} (a folder written before it existed, a test fixture). */
    public Summary(Integer format, String kg, String base, Map<String, String> parameters, Rules rules,
                   Groundings groundings, Triples triples, Questions questions, Map<String, Long> giveAway,
                   Map<String, Depth> depths, Map<String, BrokenGraph> brokenGraphs) {
        this(format, kg, base, parameters, rules, groundings, triples, questions, giveAway, depths, brokenGraphs, null);
    }

    /** This summary with its folder's identity. */
    public Summary withBenchmarkId(String id) {
        return new Summary(format, kg, base, parameters, rules, groundings, triples, questions, giveAway, depths,
                brokenGraphs, id);
    }

    /** A summary without the later, optional parts (a folder written before they existed, a test fixture). */
    public Summary(Integer format, String kg, String base, Map<String, String> parameters, Rules rules,
                   Groundings groundings, Triples triples, Questions questions) {
        this(format, kg, base, parameters, rules, groundings, triples, questions, null, null, null);
    }

    /** A summary without {@code broken_graphs}. */
    public Summary(Integer format, String kg, String base, Map<String, String> parameters, Rules rules,
                   Groundings groundings, Triples triples, Questions questions, Map<String, Long> giveAway,
                   Map<String, Depth> depths) {
        this(format, kg, base, parameters, rules, groundings, triples, questions, giveAway, depths, null);
    }

    /**
     * One broken graph of {@code build --break}/{@code --noise}, keyed by its name (replaced, noisy): its triples
     * (the lines of kg/NAME.tsv); for replaced, the questions given a trap and those for which none was found; for
     * noisy, the share asked for, the triples left out, and the answers other than the hard ones whose triple was
     * among them (each question lists its own in {@code noise_lost}).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"triples", "traps", "without_trap", "share", "removed", "answers_lost"})
    public record BrokenGraph(
            @JsonProperty("triples") Long triples,
            @JsonProperty("traps") Long traps,
            @JsonProperty("without_trap") Long withoutTrap,
            @JsonProperty("share") Double share,
            @JsonProperty("removed") Long removed,
            @JsonProperty("answers_lost") Long answersLost) {
    }

    /**
     * One rung of {@code build --depth}'s ladder: what the search looked at ({@code candidates}: at every depth the
     * triples of complete a rule derives, each looked at for a derivation of that depth), those with no
     * exact-depth derivation ({@code shallower}), the triples of complete with one ({@code exact}: the bound the
     * proofs kept are counted against), the proofs kept; the questions of this depth that went into balancing (all
     * depths are balanced together), and those asked after it, by the last step's rule type. For depth 1 the proofs
     * are the paper's groundings (candidates drawn, selected) and {@code exact} is left out.
     */
    @JsonPropertyOrder({"candidates", "shallower", "exact", "proofs", "before_balancing", "questions", "by_rule_type"})
    public record Depth(
            @JsonProperty("candidates") Long candidates,
            @JsonProperty("shallower") Long shallower,
            @JsonProperty("exact") @JsonInclude(JsonInclude.Include.NON_NULL) Long exact,
            @JsonProperty("proofs") Long proofs,
            @JsonProperty("before_balancing") Long beforeBalancing,
            @JsonProperty("questions") Long questions,
            @JsonProperty("by_rule_type") Map<String, Long> byRuleType) {
    }

    /**
     * The rules built from, by the paper's types (Table 1); {@code left_out_by_relation_choice}, written only when
     * some were, counts the rules given (a {@code --rules} file's) that concluded or used a relation the relation choice
     * keeps out ({@code build --vocabulary}, {@code --head-excluded-relations}, ...): they are not among the total.
     */
    @JsonPropertyOrder({"total", "by_type", "left_out_by_relation_choice"})
    public record Rules(@JsonProperty("total") Long total, @JsonProperty("by_type") Map<String, Long> byType,
                        @JsonProperty("left_out_by_relation_choice") @JsonInclude(JsonInclude.Include.NON_NULL)
                        Long leftOutByRelationChoice) {
        /** The rules without a count left out (none were, or a folder written before the relation choice existed). */
        public Rules(Long total, Map<String, Long> byType) {
            this(total, byType, null);
        }
    }

    /** Groundings drawn and what the selection did with them. */
    @JsonPropertyOrder({"candidates", "selected", "skipped_head_is_body_of_selected", "skipped_body_uses_deleted_head",
            "skipped_head_in_own_body"})
    public record Groundings(
            @JsonProperty("candidates") Long candidates,
            @JsonProperty("selected") Long selected,
            @JsonProperty("skipped_head_is_body_of_selected") Long headIsBodyOfSelected,
            @JsonProperty("skipped_body_uses_deleted_head") Long bodyUsesDeletedHead,
            @JsonProperty("skipped_head_in_own_body") Long headInOwnBody) {
    }

    /** Triples of kg/complete.tsv, kg/incomplete.tsv and kg/removed.tsv. */
    @JsonPropertyOrder({"complete", "incomplete", "removed"})
    public record Triples(
            @JsonProperty("complete") Long complete,
            @JsonProperty("incomplete") Long incomplete,
            @JsonProperty("removed") Long removed) {
    }

    /** How the questions came about, and the split sizes (Table 3). */
    @JsonPropertyOrder({"candidates", "dropped_by_leak_check", "regenerated", "duplicates_merged", "before_balancing",
            "removed_by_balancing", "downsampled_answers", "train", "valid", "test", "total"})
    public record Questions(
            @JsonProperty("candidates") Long candidates,
            @JsonProperty("dropped_by_leak_check") Long droppedByLeakCheck,
            @JsonProperty("regenerated") Long regenerated,
            @JsonProperty("duplicates_merged") Long duplicatesMerged,
            @JsonProperty("before_balancing") Long beforeBalancing,
            @JsonProperty("removed_by_balancing") Long removedByBalancing,
            @JsonProperty("downsampled_answers") Long downsampledAnswers,
            @JsonProperty("train") Long train,
            @JsonProperty("valid") Long valid,
            @JsonProperty("test") Long test,
            @JsonProperty("total") Long total) {
    }

    /** The graphs of the KG the folder was built from (the default base when the folder names none). */
    public KgGraphs kgGraphs() {
        return new KgGraphs(base == null ? KgGraphs.DEFAULT_BASE : base, kg);
    }
}
