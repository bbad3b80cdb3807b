package dev.lacuna.answer;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One line of a predictions file as {@code lacuna evaluate} reads it: either a structured
 * {@code prediction} (private ids) or the {@code raw_output} of a generator, which the evaluator splits and
 * normalises like any other system's text; {@code retrieved}, where the responder retrieved anything, the facts its
 * reader was given. {@code benchmark_id} names the benchmark the answer was made for
 * ({@code folder.BenchmarkIdentity}), so that {@code evaluate} refuses to score it against another.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"id", "prediction", "raw_output", "retrieved", "benchmark_id"})
public record Answer(
        @JsonProperty("id") String id,
        @JsonProperty("prediction") List<String> prediction,
        @JsonProperty("raw_output") String rawOutput,
        @JsonProperty("retrieved") List<List<String>> retrieved,
        @JsonProperty("benchmark_id") String benchmarkId) {

    public Answer(String id, List<String> prediction, String rawOutput) {
        this(id, prediction, rawOutput, null, null);
    }

    /** This answer marked as made for the benchmark of that identity. */
    public Answer forBenchmark(String identity) {
        return new Answer(id, prediction, rawOutput, retrieved, identity);
    }

    /**
     * This answer with what the responder retrieved for it (the facts its reader was given, each
     * {@code [head, relation, tail]}), which {@code evaluate} holds against the question's alternative paths.
     */
    public Answer withRetrieved(List<List<String>> facts) {
        return new Answer(id, prediction, rawOutput, List.copyOf(facts), benchmarkId);
    }

    public static Answer of(String id, List<String> prediction) {
        return new Answer(id, List.copyOf(prediction), null);
    }

    public static Answer raw(String id, String rawOutput) {
        return new Answer(id, null, rawOutput);
    }
}
