package dev.lacuna.store;

import dev.lacuna.Choice;

/**
 * The two KG graphs a user picks between (for {@code --graph} and {@code --expose}): the KG as loaded and the KG
 * with the benchmark's removed triples deleted. Their IRIs come from {@link KgGraphs#graph(GraphRole)}.
 */
public enum GraphRole implements Choice {
    COMPLETE("complete"),
    INCOMPLETE("incomplete");

    private final String label;

    GraphRole(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** @param what names the choice in the error, e.g. "--graph" */
    public static GraphRole parse(String text, String what) {
        return Choice.parse(GraphRole.class, what, text);
    }

    public static GraphRole parse(String text) {
        return parse(text, "graph");
    }
}
