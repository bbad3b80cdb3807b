package dev.lacuna.rules.sparql;

import dev.lacuna.Choice;

/** Which queries {@code lacuna compile} writes for each rule. */
public enum CompileKind implements Choice {
    /** The rule's groundings (body and head hold), optionally a seeded sample. */
    GROUNDINGS("groundings"),
    /** What the body predicts for the head, optionally for one topic entity. */
    PREDICTIONS("predictions"),
    /** An ASK whether the body holds, optionally with ?a or ?b bound. */
    BODY("body"),
    /** The support count. */
    SUPPORT("support"),
    /** Support, body size and PCA body size. */
    COUNTS("counts");

    private final String label;

    CompileKind(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    public static CompileKind parse(String text) {
        return Choice.parse(CompileKind.class, "--kind", text);
    }
}
