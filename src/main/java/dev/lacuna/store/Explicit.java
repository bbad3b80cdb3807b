package dev.lacuna.store;

import org.eclipse.rdf4j.query.BooleanQuery;
import org.eclipse.rdf4j.query.Operation;
import org.eclipse.rdf4j.query.Query;
import org.eclipse.rdf4j.query.QueryLanguage;
import org.eclipse.rdf4j.query.TupleQuery;
import org.eclipse.rdf4j.query.Update;
import org.eclipse.rdf4j.repository.RepositoryConnection;

/**
 * Queries and updates that see explicit statements only. RDF4J includes inferred statements unless told not to, and
 * a store that infers (GraphDB with an inferring ruleset, an RDF4J repository with an RDFS inferencer) can re-derive
 * a triple that the build deleted from incomplete, or add triples to complete that the KG never had. Every query and
 * update Lacuna prepares goes through here, as every {@code getStatements}/{@code hasStatement} passes
 * {@code includeInferred=false}; a store that infers is reported by {@link InferenceCheck}.
 */
public final class Explicit {
    private Explicit() {
    }

    public static TupleQuery tupleQuery(RepositoryConnection c, String text) {
        return explicit(c.prepareTupleQuery(QueryLanguage.SPARQL, text));
    }

    public static BooleanQuery booleanQuery(RepositoryConnection c, String text) {
        return explicit(c.prepareBooleanQuery(QueryLanguage.SPARQL, text));
    }

    /** A query of any form (SELECT, ASK, CONSTRUCT, DESCRIBE), as the endpoint receives them. */
    public static Query query(RepositoryConnection c, String text) {
        return explicit(c.prepareQuery(QueryLanguage.SPARQL, text));
    }

    /** An update whose WHERE clause matches explicit statements only (a graph copy must not copy inferred ones). */
    public static Update update(RepositoryConnection c, String text) {
        return explicit(c.prepareUpdate(QueryLanguage.SPARQL, text));
    }

    /** An operation prepared another way (from a parsed query, say) made to match explicit statements only. */
    public static <T extends Operation> T explicit(T operation) {
        operation.setIncludeInferred(false);
        return operation;
    }
}
