package dev.lacuna.eval;

import java.util.List;

/**
 * What a system retrieved for one question, as its own output states it. {@code chains} is the evidence its reader
 * was given, each item a chain {@code [e0, r1, e1, ..., rn, en]} in the system's names (a triple is a chain of one
 * step) walked in the order the system went, so that each step stands for its triple in either direction: ToG writes
 * a chain from the entity it stood on whichever way the relation points, and RoG's paths cross an undirected graph.
 * {@code fetched}, when the output has it, is every triple the system's queries brought back, kept or not, as
 * {@code [subject, relation, object]} in the endpoint's ids ({@code lacuna tog}'s trace); null otherwise.
 *
 * @param chains  the evidence the reader was given (empty: it was given none)
 * @param fetched every triple fetched, directed, in endpoint ids; null when the output does not list them
 */
public record Retrieval(List<List<String>> chains, List<List<String>> fetched) {
    public Retrieval {
        chains = List.copyOf(chains);
        fetched = fetched == null ? null : List.copyOf(fetched);
    }

    public static Retrieval of(List<List<String>> chains) {
        return new Retrieval(chains, null);
    }

    /** This retrieval with the triples its system fetched. */
    public Retrieval withFetched(List<List<String>> triples) {
        return new Retrieval(chains, triples);
    }
}
