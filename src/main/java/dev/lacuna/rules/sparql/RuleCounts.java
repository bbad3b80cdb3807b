package dev.lacuna.rules.sparql;

/** AMIE3's three counts of a rule in one graph, as computed by the compiled SPARQL. */
public record RuleCounts(long support, long bodySize, long pcaBodySize) {
}
