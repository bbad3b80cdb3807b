package dev.lacuna.folder;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

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
    public static Map<Long, String[]> rows(KgGraphs kg, Collection<Statement> labels) {
        Map<Long, String[]> entities = new HashMap<>();
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
                String[] row = id >= 0 ? entities.get(id) : null;
                if (row != null) {
                    row[1] = clean(st.getObject().stringValue());
                }
            }
        }
        // Sorted once at the end: a tree map kept sorted through 2.7M inserts was most of writing entities.tsv (JFR).
        long[] ids = entities.keySet().stream().mapToLong(Long::longValue).sorted().toArray();
        Map<Long, String[]> sorted = new LinkedHashMap<>(2 * ids.length);
        for (long id : ids) {
            sorted.put(id, entities.get(id));
        }
        return sorted;
    }

    private static String clean(String s) {
        return s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
    }
}
