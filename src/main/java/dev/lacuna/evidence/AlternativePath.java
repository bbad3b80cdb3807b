package dev.lacuna.evidence;

import java.util.List;

import dev.lacuna.grounding.Triple;

/**
 * One alternative path of a question in one graph: the facts of that graph a derivation of the hard-answer triple
 * rests on (a rule grounding's body; for a deeper question, the leaves of a proof, every triple no earlier step
 * derives), sorted, and the rules it applies in the order they are applied. Every triple holds in the graph.
 *
 * @param triples the leaf facts, sorted
 * @param rules   the rules applied, in AMIE3's printed form, each once, first applied first
 */
public record AlternativePath(List<Triple> triples, List<String> rules) {
    public AlternativePath {
        triples = List.copyOf(triples);
        rules = List.copyOf(rules);
    }
}
