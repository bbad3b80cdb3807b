package dev.lacuna.store;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.rio.RDFFormat;

/**
 * RDF4J's own plain path, {@link LoadBench}'s yardstick, as a process of its own: one
 * {@code RepositoryConnection.add} of an N-Triples file into one graph, in one transaction.
 * Arguments: {@code lmdb|native DIR FILE.nt GRAPH-IRI none|default} (the isolation level: NONE or the store's own).
 */
public final class PlainAdd {
    private PlainAdd() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[1]);
        StoreConfig config = args[0].equals("native") ? new StoreConfig.NativeStoreConfig(dir) : new StoreConfig.LmdbStoreConfig(dir);
        IRI graph = SimpleValueFactory.getInstance().createIRI(args[3]);
        Repository repo = Stores.open(config);
        try (RepositoryConnection conn = repo.getConnection()) {
            if (args[4].equals("none")) {
                conn.begin(IsolationLevels.NONE);
            } else {
                conn.begin();
            }
            conn.add(Path.of(args[2]).toFile(), RDFFormat.NTRIPLES, graph);
            conn.commit();
            System.out.println("triples " + conn.size(graph));
        } finally {
            repo.shutDown();
        }
    }
}
