package dev.lacuna.serve;

import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.store.StoreKinds;

/**
 * Connections to the served stores in this process, kept open between queries and lent to one query at a time. A
 * connection per query cost LMDB more than the evaluation of one of ToG's one-pattern queries: closing a
 * connection frees the calling thread's pool of native buffers and the next query allocates them again. Only a
 * connection whose query ended normally is lent again; every other one is closed. A remote store gets a new
 * connection per query (its HTTP connections are pooled by its client).
 */
final class ReadConnections implements AutoCloseable {
    private final int keep;
    private final Map<Repository, Deque<RepositoryConnection>> idle = new ConcurrentHashMap<>();
    private volatile boolean closed;

    /** @param keep idle connections kept per store at most (the queries that may run at once) */
    ReadConnections(int keep) {
        this.keep = keep;
    }

    /** One query's use of a connection: {@link #end} gives it back or closes it. */
    final class Lease {
        private final Repository repository;
        private final RepositoryConnection connection;
        private final boolean kept;

        private Lease(Repository repository, RepositoryConnection connection, boolean kept) {
            this.repository = repository;
            this.connection = connection;
            this.kept = kept;
        }

        RepositoryConnection connection() {
            return connection;
        }

        /** @param clean whether the query ended normally, leaving nothing open on the connection */
        void end(boolean clean) {
            Deque<RepositoryConnection> pool = kept && clean && !closed ? idle.get(repository) : null;
            if (pool == null || pool.size() >= keep) {
                connection.close();
                return;
            }
            pool.offerFirst(connection);
            if (closed && pool.remove(connection)) {
                connection.close();
            }
        }
    }

    Lease lease(Repository repository) {
        if (!StoreKinds.config(repository).embedded()) {
            return new Lease(repository, repository.getConnection(), false);
        }
        RepositoryConnection c = idle.computeIfAbsent(repository, r -> new ConcurrentLinkedDeque<>()).pollFirst();
        return new Lease(repository, c != null ? c : repository.getConnection(), true);
    }

    /** Closes the idle connections; one still lent is closed when its query ends. */
    @Override
    public void close() {
        closed = true;
        for (Deque<RepositoryConnection> pool : idle.values()) {
            for (RepositoryConnection c; (c = pool.pollFirst()) != null; ) {
                c.close();
            }
        }
    }
}
