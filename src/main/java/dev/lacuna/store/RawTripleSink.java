package dev.lacuna.store;

import org.eclipse.rdf4j.model.Literal;

/** Receives the triples of an input file in file order, before entity ids are assigned. */
@FunctionalInterface
public interface RawTripleSink {
    /**
     * @param subject   the subject's source id (a TSV field, or an IRI / _:blank id for RDF input)
     * @param relation  the relation's source name (a TSV field, or the predicate IRI for RDF input)
     * @param object    the object's source id, or null when the object is a literal
     * @param literal   the literal object, or null
     * @param line      1-based line of the triple in its file, -1 when unknown
     */
    void accept(String subject, String relation, String object, Literal literal, long line);
}
