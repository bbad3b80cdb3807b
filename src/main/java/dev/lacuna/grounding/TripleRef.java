package dev.lacuna.grounding;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;

import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/**
 * A triple's node in the benchmark graph ({@code lacuna:TripleRef}), named by a hash of the triple: the selected
 * groundings ({@link dev.lacuna.construct.Provenance}) and the proofs of deeper questions name one triple by one node.
 */
public final class TripleRef {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private TripleRef() {
    }

    /** Adds the triple's node to the model, marked removed when it is, and returns it. */
    public static IRI add(Model m, KgGraphs kg, Triple t, boolean removed) {
        String key = t.tsv();
        IRI node = VF.createIRI(kg.prefix() + "triple/" + HexFormat.of().formatHex(
                sha256(key.getBytes(StandardCharsets.UTF_8)), 0, 12));
        m.add(node, RDF.TYPE, LacunaVocab.TRIPLE_REF);
        m.add(node, LacunaVocab.SUBJECT, kg.entity(t.head()));
        m.add(node, LacunaVocab.PREDICATE, kg.relation(t.relation()));
        m.add(node, LacunaVocab.OBJECT, kg.entity(t.tail()));
        if (removed) {
            m.add(node, LacunaVocab.REMOVED, VF.createLiteral(true));
        }
        return node;
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
