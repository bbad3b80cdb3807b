package dev.lacuna.folder;

import java.util.Collection;
import java.util.TreeMap;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.vocabulary.RDFS;

import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * The rows of a folder's entities.tsv from the statements of the labels graph: private id to {source id, text
 * label}, tabs and line breaks made blanks. {@code build} judges questions by the same rows its folder holds, so
 * that {@code verify}, reading entities.tsv, judges them alike.
 */
public final class EntityTable {
    private EntityTable() {
    }

    /** Every entity with a source id, by private id in ascending order; a missing label is the empty string. */
    public static TreeMap<Long, String[]> rows(KgGraphs kg, Collection<Statement> labels) {
        TreeMap<Long, String[]> entities = new TreeMap<>();
        for (Statement st : labels) {
            if (st.getPredicate().equals(LacunaVocab.SOURCE_ID)) {
                long id = kg.privateId((IRI) st.getSubject());
                if (id >= 0) {
                    entities.computeIfAbsent(id, k -> new String[] {"", ""})[0] = clean(st.getObject().stringValue());
                }
            }
        }
        for (Statement st : labels) {
            if (st.getPredicate().equals(RDFS.LABEL)) {
                long id = st.getSubject() instanceof IRI iri ? kg.privateId(iri) : -1;
                if (id >= 0 && entities.containsKey(id)) {
                    entities.get(id)[1] = clean(st.getObject().stringValue());
                }
            }
        }
        return entities;
    }

    private static String clean(String s) {
        return s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
    }
}
