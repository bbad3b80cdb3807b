package dev.lacuna.eval;

import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * How many of a run's predicted answers name an entity of the KG, as {@code --entities} writes entities: the
 * id coverage says whether the records matched the questions, this says whether the answers matched the KG's
 * names. Answers are counted after split and normalisation, once per question (the set P), over the questions
 * that have a record.
 *
 * @param entities  the entity form the answers were resolved in
 * @param predicted predicted answers (sum of |P| over the questions with a record)
 * @param resolved  of those, the answers that are some entity's name in that form
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"entities", "predicted", "resolved", "share"})
public record Resolution(
        @JsonProperty("entities") EntityForm entities,
        @JsonProperty("predicted") long predicted,
        @JsonProperty("resolved") long resolved) {

    /** resolved / predicted, or null when nothing was predicted. */
    @JsonProperty("share")
    public Double share() {
        return predicted == 0 ? null : (double) resolved / predicted;
    }

    /** "12 of 40 (30.0%)". */
    public String describe() {
        return String.format(Locale.ROOT, "%,d of %,d (%s)", resolved, predicted,
                share() == null ? "n/a" : String.format(Locale.ROOT, "%.1f%%", 100 * share()));
    }
}
