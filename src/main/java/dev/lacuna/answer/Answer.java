package dev.lacuna.answer;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import dev.lacuna.view.LabelMode;

/**
 * One line of a predictions file as {@code lacuna evaluate} reads it: either a structured {@code prediction} or the
 * {@code raw_output} of a generator, which the evaluator splits and normalises like any other system's text;
 * {@code retrieved}, where the responder retrieved anything, the facts its reader was given.
 * {@code benchmark_id} names the benchmark the answer was made for ({@code folder.BenchmarkIdentity}), so that
 * {@code evaluate} refuses to score it against another. {@code entities} says how the answers name entities (the words
 * of {@code evaluate --entities} and of export.json's {@code system_output}: private, source or text), so the naming
 * travels with the file rather than being guessed from it; {@code answers_digest} binds that statement to the
 * answers as written ({@link #digest}), so that a record whose answers were rewritten afterwards (mapped to source ids,
 * say) no longer vouches for its naming, and {@code evaluate} asks for one instead of scoring the wrong names.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"id", "prediction", "raw_output", "retrieved", "benchmark_id", "entities", "answers_digest"})
public record Answer(
        @JsonProperty("id") String id,
        @JsonProperty("prediction") List<String> prediction,
        @JsonProperty("raw_output") String rawOutput,
        @JsonProperty("retrieved") List<List<String>> retrieved,
        @JsonProperty("benchmark_id") String benchmarkId,
        @JsonProperty("entities") String entities,
        @JsonProperty("answers_digest") String answersDigest) {

    /** The record's field naming how its answers name entities. */
    public static final String ENTITIES = "entities";
    /** The record's field binding {@link #ENTITIES} to its answers. */
    public static final String DIGEST = "answers_digest";
    private static final int HEX_BYTES = 16;

    public Answer(String id, List<String> prediction, String rawOutput) {
        this(id, prediction, rawOutput, null, null, null, null);
    }

    /**
     * This answer as a predictions file carries it: made for the benchmark of that identity, its answers named as
     * {@code naming} says, and the digest that binds the two.
     */
    public Answer written(String identity, LabelMode naming) {
        String entities = naming.label();
        return new Answer(id, prediction, rawOutput, retrieved, identity, entities,
                digest(identity, id, entities, prediction, prediction == null ? rawOutput : null));
    }

    /**
     * This answer with what the responder retrieved for it (the facts its reader was given, each
     * {@code [head, relation, tail]}), which {@code evaluate} holds against the question's alternative paths.
     */
    public Answer withRetrieved(List<List<String>> facts) {
        return new Answer(id, prediction, rawOutput, List.copyOf(facts), benchmarkId, entities, answersDigest);
    }

    public static Answer of(String id, List<String> prediction) {
        return new Answer(id, List.copyOf(prediction), null);
    }

    public static Answer raw(String id, String rawOutput) {
        return new Answer(id, null, rawOutput);
    }

    /**
     * The first 16 bytes (hex) of the SHA-256 of a record's benchmark, id, naming and answers (the {@code prediction}
     * items in order, or else the {@code raw_output}), each field length-prefixed so that no two records share an input.
     * Any field may be null.
     */
    public static String digest(String benchmarkId, String id, String entities, List<String> prediction, String rawOutput) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        update(sha, "lacuna-answer/1");
        update(sha, benchmarkId);
        update(sha, id);
        update(sha, entities);
        if (prediction != null) {
            update(sha, "prediction " + prediction.size());
            prediction.forEach(p -> update(sha, p));
        } else {
            update(sha, "raw_output");
            update(sha, rawOutput);
        }
        return HexFormat.of().formatHex(sha.digest(), 0, HEX_BYTES);
    }

    private static void update(MessageDigest sha, String field) {
        byte[] bytes = field == null ? new byte[0] : field.getBytes(StandardCharsets.UTF_8);
        sha.update(((field == null ? "-" : Integer.toString(bytes.length)) + ":").getBytes(StandardCharsets.UTF_8));
        sha.update(bytes);
    }
}
