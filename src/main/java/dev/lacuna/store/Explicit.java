package dev.lacuna.store;

import org.eclipse.rdf4j.query.BooleanQuery;
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
        TupleQuery q = c.prepareTupleQuery(QueryLanguage.SPARQL, text);
        q.setIncludeInferred(false);
        return q;
    }

    public static BooleanQuery booleanQuery(RepositoryConnection c, String text) {
        BooleanQuery q = c.prepareBooleanQuery(QueryLanguage.SPARQL, text);
        q.setIncludeInferred(false);
        return q;
    }

    /** A query of any form (SELECT, ASK, CONSTRUCT, DESCRIBE), as the endpoint receives them. */
    public static Query query(RepositoryConnection c, String text) {
        Query q = c.prepareQuery(QueryLanguage.SPARQL, text);
        q.setIncludeInferred(false);
        return q;
    }

    /** An update whose WHERE clause matches explicit statements only (a graph copy must not copy inferred ones). */
    public static Update update(RepositoryConnection c, String text) {
        Update u = c.prepareUpdate(QueryLanguage.SPARQL, text);
        u.setIncludeInferred(false);
        return u;
    }
}
