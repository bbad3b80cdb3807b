package dev.lacuna.eval;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * A depth's entry in report.json's {@code by_depth}: its scores and {@code few}, true when the depth holds too few
 * questions for its figures to mean much ({@link DepthCharts#FEW_QUESTIONS}, the threshold the Markdown and HTML
 * reports mark "(few)"), so a reader of the JSON need not know the threshold.
 */
record DepthScores(@JsonUnwrapped Scores scores) {
    @JsonProperty("few")
    boolean few() {
        return scores.questions() < DepthCharts.FEW_QUESTIONS;
    }
}
