package dev.lacuna.eval;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import dev.lacuna.questions.SplitChoice;

/**
 * How predictions are read and compared; written into every report so a number can be reproduced.
 *
 * @param split      which questions are scored
 * @param entities   how the system writes entities
 * @param delimiters split(.) policy for raw outputs
 * @param field      which record field holds the answer
 */
@JsonPropertyOrder({"split", "entities", "delimiters", "field"})
public record EvaluationSettings(
        @JsonProperty("split") SplitChoice split,
        @JsonProperty("entities") EntityForm entities,
        @JsonProperty("delimiters") Delimiters delimiters,
        @JsonProperty("field") PredictionField field) {

    public static EvaluationSettings defaults() {
        return new EvaluationSettings(SplitChoice.TEST, EntityForm.PRIVATE, Delimiters.AUTO, PredictionField.AUTO);
    }

    public EvaluationSettings withSplit(SplitChoice s) {
        return new EvaluationSettings(s, entities, delimiters, field);
    }

    public EvaluationSettings withEntities(EntityForm e) {
        return new EvaluationSettings(split, e, delimiters, field);
    }

    public EvaluationSettings withDelimiters(Delimiters d) {
        return new EvaluationSettings(split, entities, d, field);
    }
}
