package dev.lacuna.eval;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * How predictions are read and compared; written into every report so a number can be reproduced.
 *
 * @param split      train, valid, test or all
 * @param entities   how the system writes entities
 * @param delimiters split(.) policy for raw outputs
 * @param field      which record field holds the answer
 */
@JsonPropertyOrder({"split", "entities", "delimiters", "field"})
public record EvaluationSettings(
        @JsonProperty("split") String split,
        @JsonProperty("entities") EntityForm entities,
        @JsonProperty("delimiters") Delimiters delimiters,
        @JsonProperty("field") PredictionField field) {

    public static EvaluationSettings defaults() {
        return new EvaluationSettings("test", EntityForm.PRIVATE, Delimiters.AUTO, PredictionField.AUTO);
    }

    public EvaluationSettings withSplit(String s) {
        return new EvaluationSettings(s, entities, delimiters, field);
    }

    public EvaluationSettings withEntities(EntityForm e) {
        return new EvaluationSettings(split, e, delimiters, field);
    }

    public EvaluationSettings withDelimiters(Delimiters d) {
        return new EvaluationSettings(split, entities, d, field);
    }
}
