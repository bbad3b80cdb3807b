package dev.lacuna.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.eclipse.rdf4j.model.util.Values;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.http.HTTPRepository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The shared RDF4J Server starts, creates repositories of both kinds, stores data and deletes them. */
@ExtendWith(Rdf4jServer.class)
class Rdf4jServerTest {

    @Test
    void createsUsesAndDeletesRepositories(Rdf4jServer server) {
        for (Rdf4jServer.StoreKind kind : Rdf4jServer.StoreKind.values()) {
            String id = server.createRepository("smoke", kind);
            HTTPRepository repository = server.repository(id);
            try (RepositoryConnection c = repository.getConnection()) {
                c.add(Values.iri("urn:a"), Values.iri("urn:p"), Values.iri("urn:b"), Values.iri("urn:g"));
                assertEquals(1, c.size(Values.iri("urn:g")));
                assertEquals(0, c.size(Values.iri("urn:other")));
            } finally {
                repository.shutDown();
            }
            server.deleteRepository(id);
            assertThrows(IllegalStateException.class, () -> server.deleteRepository(id + "-missing"));
        }
    }
}
