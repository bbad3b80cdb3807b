package dev.lacuna.store;

import java.nio.file.Path;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.lacuna.testing.Rdf4jServer;

/** The loader suite against a real RDF4J Server over its REST protocol (--repository URL), a fresh repository per test. */
@ExtendWith(Rdf4jServer.class)
class RemoteLoaderTest extends AbstractLoaderTest {
    private static Rdf4jServer server;

    @BeforeAll
    static void server(Rdf4jServer s) {
        server = s;
    }

    @Override
    protected StoreConfig config(Path folder) {
        return StoreSpec.repository(server.repositoryUrl(server.createRepository("loader")));
    }
}
