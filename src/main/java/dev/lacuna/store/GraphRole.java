package dev.lacuna.store;

import dev.lacuna.Choice;

/**
 * The KG graphs a user picks between (for {@code --graph} and {@code --expose}): the KG as loaded, the KG with the
 * benchmark's removed triples deleted, and the two broken graphs a build makes on request ({@code build --break
 * replace}: each hard triple replaced by a wrong one; {@code build --noise P}: incomplete minus a random share of
 * its other triples). Their IRIs come from {@link KgGraphs#graph(GraphRole)}.
 */
public enum GraphRole implements Choice {
    COMPLETE("complete"),
    INCOMPLETE("incomplete"),
    REPLACED("replaced"),
    NOISY("noisy");

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

    /** Whether a build makes this graph only when asked to ({@code --break}, {@code --noise}). */
    public boolean broken() {
        return this == REPLACED || this == NOISY;
    }

    public static GraphRole parse(String text) {
        return parse(text, "graph");
    }
}
