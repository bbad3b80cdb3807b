package dev.lacuna.questions;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonValue;

import dev.lacuna.Choice;

/** Which questions a command reads ({@code --split}): one part of the split or all three. */
public enum SplitChoice implements Choice {
    TRAIN("train", List.of(SplitName.TRAIN)),
    VALID("valid", List.of(SplitName.VALID)),
    TEST("test", List.of(SplitName.TEST)),
    ALL("all", List.of(SplitName.values()));

    private final String label;
    private final List<SplitName> parts;

    SplitChoice(String label, List<SplitName> parts) {
        this.label = label;
        this.parts = parts;
    }

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

    /** The parts read, in split order. */
    public List<SplitName> parts() {
        return parts;
    }

    public static SplitChoice parse(String text) {
        return Choice.parse(SplitChoice.class, "split", text);
    }
}
