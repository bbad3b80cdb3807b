package dev.lacuna.eval;

import java.util.Locale;

import dev.lacuna.Choice;

/** Which field of a predictions record holds the system's answer. */
public enum PredictionField implements Choice {
    /** {@code prediction} when the record has it, else {@code raw_output}. */
    AUTO,
    /** The structured list {@code prediction} (a string there is treated as raw output, as RoG does). */
    PREDICTION,
    /** The raw generated text {@code raw_output}. */
    RAW_OUTPUT;

    @com.fasterxml.jackson.annotation.JsonValue
    @Override
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static PredictionField parse(String word) {
        return Choice.parse(PredictionField.class, "field", word);
    }
}
