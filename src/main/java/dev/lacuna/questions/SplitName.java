package dev.lacuna.questions;

import com.fasterxml.jackson.annotation.JsonValue;

import dev.lacuna.Choice;

/** The three parts of the 8:1:1 split, in the order the folder and the reports list them. */
public enum SplitName implements Choice {
    TRAIN("train"),
    VALID("valid"),
    TEST("test");

    private final String label;

    SplitName(String label) {
        this.label = label;
    }

    /** The word in a question's {@code split} field and in its file name, {@code questions/LABEL.jsonl}. */
    @Override
    @JsonValue
    public String label() {
        return label;
    }

    /** The label, so that messages and reports name the split as the user wrote it. */
    @Override
    public String toString() {
        return label;
    }

    public static SplitName parse(String text) {
        return Choice.parse(SplitName.class, "split", text);
    }
}
