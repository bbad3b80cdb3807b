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
 * @param diagnosis  how misses are told apart into retrieval and reasoning failures
 */
@JsonPropertyOrder({"split", "entities", "delimiters", "field", "diagnosis"})
public record EvaluationSettings(
        @JsonProperty("split") SplitChoice split,
        @JsonProperty("entities") EntityForm entities,
        @JsonProperty("delimiters") Delimiters delimiters,
        @JsonProperty("field") PredictionField field,
        @JsonProperty("diagnosis") DiagnosisSettings diagnosis) {

    /** Settings with the breakdown's defaults. */
    public EvaluationSettings(SplitChoice split, EntityForm entities, Delimiters delimiters, PredictionField field) {
        this(split, entities, delimiters, field, DiagnosisSettings.defaults());
    }

    public static EvaluationSettings defaults() {
        return new EvaluationSettings(SplitChoice.TEST, EntityForm.PRIVATE, Delimiters.AUTO, PredictionField.AUTO);
    }

    public EvaluationSettings withSplit(SplitChoice s) {
        return new EvaluationSettings(s, entities, delimiters, field, diagnosis);
    }

    public EvaluationSettings withEntities(EntityForm e) {
        return new EvaluationSettings(split, e, delimiters, field, diagnosis);
    }

    public EvaluationSettings withDelimiters(Delimiters d) {
        return new EvaluationSettings(split, entities, d, field, diagnosis);
    }

    public EvaluationSettings withDiagnosis(DiagnosisSettings d) {
        return new EvaluationSettings(split, entities, delimiters, field, d);
    }
}
