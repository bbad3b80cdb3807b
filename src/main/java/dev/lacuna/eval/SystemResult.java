package dev.lacuna.eval;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One system's results: a run per setting (complete, incomplete, or single) and, when it was run on
 * both graphs, the drop from complete to incomplete.
 */
@JsonPropertyOrder({"name", "runs", "drop"})
public record SystemResult(
        @JsonProperty("name") String name,
        @JsonProperty("runs") Map<RunSetting, RunResult> runs,
        @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("drop") Drop drop) {

    public RunResult run(RunSetting setting) {
        return runs.get(setting);
    }

    /**
     * Complete minus incomplete for each strict metric (positive = worse without the deleted triples). The
     * HHR drop is what the paper's figure 2 shows; it is null when HHR is undefined in either setting.
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @JsonPropertyOrder({"hits_at_any", "precision", "recall", "f1", "hits_at_hard", "hhr_complete", "hhr_incomplete", "hhr"})
    public record Drop(
            @JsonProperty("hits_at_any") double hitsAtAny,
            @JsonProperty("precision") double precision,
            @JsonProperty("recall") double recall,
            @JsonProperty("f1") double f1,
            @JsonProperty("hits_at_hard") double hitsAtHard,
            @JsonProperty("hhr_complete") Double hhrComplete,
            @JsonProperty("hhr_incomplete") Double hhrIncomplete,
            @JsonProperty("hhr") Double hhr) {

        public static Drop between(Scores complete, Scores incomplete) {
            Double hhr = complete.hhr() == null || incomplete.hhr() == null ? null : complete.hhr() - incomplete.hhr();
            return new Drop(complete.hitsAtAny() - incomplete.hitsAtAny(), complete.precision() - incomplete.precision(),
                    complete.recall() - incomplete.recall(), complete.f1() - incomplete.f1(),
                    complete.hitsAtHard() - incomplete.hitsAtHard(), complete.hhr(), incomplete.hhr(), hhr);
        }
    }

    public static SystemResult of(String name, Map<RunSetting, RunResult> runs) {
        RunResult c = runs.get(RunSetting.COMPLETE);
        RunResult i = runs.get(RunSetting.INCOMPLETE);
        return new SystemResult(name, runs, c != null && i != null ? Drop.between(c.strict(), i.strict()) : null);
    }
}
