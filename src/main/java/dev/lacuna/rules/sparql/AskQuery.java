package dev.lacuna.rules.sparql;

import org.eclipse.rdf4j.sparqlbuilder.core.query.OuterQuery;

/**
 * SPARQL ASK, which RDF4J's SparqlBuilder lacks: everything but the query form is the builder's own
 * WHERE rendering, so the pattern is never pasted together by hand.
 */
final class AskQuery extends OuterQuery<AskQuery> {
    @Override
    protected String getQueryActionString() {
        return "ASK";
    }
}
