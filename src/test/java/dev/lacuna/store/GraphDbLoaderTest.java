package dev.lacuna.store;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.lacuna.testing.GraphDb;

/** The loader suite against a real GraphDB (--repository URL), a fresh repository without inference per test. */
@ExtendWith(GraphDb.class)
class GraphDbLoaderTest extends AbstractLoaderTest {
    private static GraphDb server;

    @BeforeAll
    static void server(GraphDb s) {
        server = s;
    }

    private String id;

    @Override
    protected StoreConfig config(Path folder) {
        id = server.createRepository("loader");
        return server.storeConfig(id);
    }

    @AfterEach
    void drop() {
        if (id != null) {
            server.deleteRepository(id);
        }
    }
}
