/**
 * Horn rules compiled to SPARQL 1.1, so that grounding, checking and answer completion run on any store.
 *
 * <p>{@link dev.lacuna.rules.sparql.RuleCompiler} turns a {@link dev.lacuna.rules.Rule} and a named graph into
 * query text (built with RDF4J's SparqlBuilder; fixed queries come from {@code sparql/*.rq}):
 * groundings (all, or a seeded sample), predictions and derivations (optionally for one topic entity),
 * the body check of a head pair (ASK), answer completion, and AMIE3's support, body size and PCA body size.
 * {@link dev.lacuna.rules.sparql.SparqlRuleRunner} runs them on an RDF4J repository (embedded or remote)
 * and returns {@link dev.lacuna.rules.sparql.GroundingRow}s, triples, entity lists and counts.
 *
 * <p>Semantics follow AMIE3 3.5.1: variables are not injective and counts are over distinct head pairs.
 * A grounding never uses its own head triple as a body triple (the paper's condition). Every pattern names
 * its graph with {@code GRAPH <g>}: GraphDB's default graph is the union of all graphs.
 */
package dev.lacuna.rules.sparql;
