package dev.lacuna.eval;

import java.util.List;

/**
 * One record of a predictions file: the system's answer to one question, either a structured
 * {@code prediction} list or a {@code raw_output} string (or both; {@link PredictionField} picks).
 *
 * @param id         question id
 * @param prediction the structured answers, or null when the record has none
 * @param rawOutput  the raw generated text, or null
 * @param line       1-based line of the record in its file (for messages)
 * @param retrieval  what the system says it retrieved for the question, or null when the record does not say
 */
public record SystemOutput(String id, List<String> prediction, String rawOutput, long line, Retrieval retrieval) {
    public SystemOutput {
        prediction = prediction == null ? null : List.copyOf(prediction);
    }

    /** A record that says nothing of what was retrieved. */
    public SystemOutput(String id, List<String> prediction, String rawOutput, long line) {
        this(id, prediction, rawOutput, line, null);
    }

    /** This record with what its system retrieved. */
    public SystemOutput withRetrieval(Retrieval r) {
        return new SystemOutput(id, prediction, rawOutput, line, r);
    }
}
