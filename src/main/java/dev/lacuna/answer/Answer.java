package dev.lacuna.answer;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One line of a predictions file as {@code lacuna evaluate} reads it: either a structured
 * {@code prediction} (private ids) or the {@code raw_output} of a generator, which the evaluator splits and
 * normalises like any other system's text.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"id", "prediction", "raw_output"})
public record Answer(
        @JsonProperty("id") String id,
        @JsonProperty("prediction") List<String> prediction,
        @JsonProperty("raw_output") String rawOutput) {

    public static Answer of(String id, List<String> prediction) {
        return new Answer(id, List.copyOf(prediction), null);
    }

    public static Answer raw(String id, String rawOutput) {
        return new Answer(id, null, rawOutput);
    }
}
