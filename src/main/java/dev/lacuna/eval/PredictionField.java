package dev.lacuna.eval;

import java.util.Locale;

import dev.lacuna.BadInputException;

/** Which field of a predictions record holds the system's answer. */
public enum PredictionField {
    /** {@code prediction} when the record has it, else {@code raw_output}. */
    AUTO,
    /** The structured list {@code prediction} (a string there is treated as raw output, as RoG does). */
    PREDICTION,
    /** The raw generated text {@code raw_output}. */
    RAW_OUTPUT;

    @com.fasterxml.jackson.annotation.JsonValue
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static PredictionField parse(String word) {
        for (PredictionField f : values()) {
            if (f.word().equals(word)) {
                return f;
            }
        }
        throw new BadInputException("unknown field '" + word + "': expected auto, prediction or raw_output");
    }
}
