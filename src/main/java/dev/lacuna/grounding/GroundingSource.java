package dev.lacuna.grounding;

import dev.lacuna.Choice;
import dev.lacuna.rules.sparql.SparqlRuleRunner;

/** Where a build draws its groundings: both give the same groundings in the same order, hence the same folder. */
public enum GroundingSource implements Choice {
    /** Joined on the integer index of complete (the miner's when it mined over this graph), keyed in Java. */
    INDEX,
    /** One SPARQL query per rule ({@link SparqlRuleRunner#sampleGroundings}), the reference path. */
    SPARQL;

    /** Parses the word of {@code --groundings}. */
    public static GroundingSource parse(String word) {
        return Choice.parse(GroundingSource.class, "--groundings", word);
    }
}
