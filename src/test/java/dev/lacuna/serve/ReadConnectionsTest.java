package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;

/** Which connections the endpoint lends again, and that none stays open once it stops. */
class ReadConnectionsTest {
    @Test
    void aConnectionIsLentAgainOnlyAfterAQueryThatEndedNormally(@TempDir Path dir) {
        Repository lmdb = Stores.open(StoreSpec.parse("lmdb:" + dir.resolve("store")));
        try {
            ReadConnections connections = new ReadConnections(1);
            ReadConnections.Lease first = connections.lease(lmdb);
            RepositoryConnection c = first.connection();
            first.end(true);
            ReadConnections.Lease again = connections.lease(lmdb);
            assertSame(c, again.connection(), "an idle connection is lent again");
            ReadConnections.Lease second = connections.lease(lmdb);
            assertNotSame(c, second.connection(), "a lent connection is never lent twice at once");
            again.end(false);
            assertFalse(c.isOpen(), "a connection whose query failed is closed");
            RepositoryConnection other = second.connection();
            second.end(true);
            ReadConnections.Lease third = connections.lease(lmdb);
            assertSame(other, third.connection());
            ReadConnections.Lease fourth = connections.lease(lmdb);
            fourth.end(true);
            third.end(true);
            assertFalse(other.isOpen(), "more idle connections than the endpoint's queries at once are closed");
            assertTrue(fourth.connection().isOpen());
            connections.close();
            assertFalse(fourth.connection().isOpen(), "stopping closes the idle connections");
        } finally {
            Stores.close(lmdb);
        }
    }
}
