package dev.lacuna.answer;

import dev.lacuna.Choice;

/** The reference responders of {@code lacuna answer}. */
public enum ResponderKind implements Choice {
    /** Direct triples only: finds what the graph states. */
    LOOKUP("lookup"),
    /** The mined rules run as SPARQL: finds what the rules infer. */
    RULES("rules"),
    /** A chat model over the topic's k-hop neighbourhood. */
    LLM("llm"),
    /** A chat model given the question's alternative paths and rules only (appendix H): needs no store. */
    GUIDED("guided");

    private final String label;

    ResponderKind(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    public static ResponderKind parse(String text) {
        return Choice.parse(ResponderKind.class, "responder", text);
    }
}
