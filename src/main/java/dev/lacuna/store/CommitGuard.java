package dev.lacuna.store;

import java.util.concurrent.locks.ReentrantLock;

import org.eclipse.rdf4j.repository.RepositoryConnection;

/**
 * Lets a commit that has started finish before the JVM exits on SIGTERM or SIGINT (Ctrl-C). A NativeStore
 * writes a transaction's change set into its B-tree files during commit, page by page, with no write-ahead
 * log: a process that exits halfway through leaves pages of older KGs half written (a CoDEx-M load stopped
 * by SIGTERM during its commit lost Family statements). A shutdown hook takes the same lock as every commit,
 * so exit waits for a running commit and no new commit starts after it. SIGKILL cannot be caught: only LMDB,
 * which commits by switching one page, is safe against it (docs/explanation/store-safety.md).
 */
public final class CommitGuard {
    private static final ReentrantLock LOCK = new ReentrantLock();
    private static volatile boolean hooked;

    private CommitGuard() {
    }

    /** Commits the connection's transaction, never interrupted by a graceful shutdown. */
    public static void commit(RepositoryConnection conn) {
        hook();
        LOCK.lock();
        try {
            conn.commit();
        } finally {
            LOCK.unlock();
        }
    }

    private static synchronized void hook() {
        if (hooked) {
            return;
        }
        hooked = true;
        // Keeps the lock until the JVM is gone: a commit that would start during shutdown waits instead.
        Runtime.getRuntime().addShutdownHook(new Thread(LOCK::lock, "lacuna-commit-guard"));
    }
}
