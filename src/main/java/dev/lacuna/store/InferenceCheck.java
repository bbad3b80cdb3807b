package dev.lacuna.store;

import java.util.UUID;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;

/**
 * Whether a store infers statements. Lacuna reads explicit statements only ({@link Explicit}), so inference never
 * reaches what it builds, verifies or serves; but whoever queries an inferring repository directly (not through
 * {@code lacuna serve}) sees inferred triples, among them triples the build deleted from incomplete. So {@code load}
 * and {@code build} say so.
 *
 * <p>The probe asks the store itself rather than reading its configuration (GraphDB's ruleset, an RDF4J sail type):
 * any ruleset, custom or built in, that applies rdfs:subClassOf shows. Inside one transaction it adds
 * {@code A rdfs:subClassOf B} and {@code x rdf:type A} to a scratch graph of a fresh name, asks whether
 * {@code x rdf:type B} is now there counting inferred statements, and rolls back: nothing stays in the store.
 */
public final class InferenceCheck {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private InferenceCheck() {
    }

    /** Whether the store infers rdf:type through rdfs:subClassOf; the store is left as it was. */
    public static boolean infers(Repository repository) {
        String probe = "urn:lacuna:inference-probe:" + UUID.randomUUID() + ":";
        IRI graph = VF.createIRI(probe + "graph");
        IRI a = VF.createIRI(probe + "A");
        IRI b = VF.createIRI(probe + "B");
        IRI x = VF.createIRI(probe + "x");
        try (RepositoryConnection c = repository.getConnection()) {
            c.begin();
            try {
                c.add(a, RDFS.SUBCLASSOF, b, graph);
                c.add(x, RDF.TYPE, a, graph);
                return c.hasStatement(x, RDF.TYPE, b, true);
            } finally {
                c.rollback();
            }
        }
    }

    /**
     * The warning for an inferring store, or null when the store does not infer or its kind never does (Lacuna creates
     * embedded stores without inference; only a repository someone else configured may infer).
     */
    public static String warning(StoreConfig config, Repository repository) {
        if (!config.mayInfer() || !infers(repository)) {
            return null;
        }
        return config.describe() + " infers statements (an rdfs:subClassOf pair added in a scratch transaction,"
                + " rolled back, gave an inferred rdf:type). Lacuna reads, builds, verifies and serves explicit"
                + " statements only, so the benchmark is not affected; but a system or user querying the repository"
                + " directly, not through lacuna serve, sees inferred triples as well (which can bring back triples the"
                + " build deleted from the incomplete graph), besides the complete graph and the benchmark's answers."
                + " Use a repository without inference: on GraphDB, ruleset \"empty\" (docker/graphdb-repository.ttl);"
                + " on RDF4J Server, a store without an inferencer.";
    }
}
