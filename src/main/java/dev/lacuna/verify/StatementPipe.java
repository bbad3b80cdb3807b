package dev.lacuna.verify;

import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;

import dev.lacuna.Failures;
import dev.lacuna.LacunaException;

/**
 * Hands a scan's statements, in batches, to a consumer on a thread of the {@link CheckRunner}'s pool, so that reading
 * the store and what is done with each statement take a core each: at 20M triples, sorting verify's graphs out of the
 * store's scan on the scan's own thread made the scan 145 s instead of 81 s. When no pool thread is free the consumer
 * is called on the scan's thread instead, slower but never waiting on a thread that will not come. The consumer sees
 * the statements in the scan's order.
 */
final class StatementPipe implements Consumer<Statement>, AutoCloseable {
    private static final int BATCH = 8192;
    private static final Statement[] END = new Statement[0];

    private final BlockingQueue<Statement[]> queue = new ArrayBlockingQueue<>(32);
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private final Consumer<Statement> consumer;
    /** Whether the consumer runs on a pool thread; else each statement is handed to it at once. */
    private final boolean aside;
    /** Set when the scan failed before {@link #finish}: the consumer stops. */
    private volatile boolean stopped;
    private Statement[] batch = new Statement[BATCH];
    private int size;
    private boolean ended;

    StatementPipe(Consumer<Statement> consumer) {
        this.consumer = consumer;
        this.aside = CheckRunner.fork(() -> {
            try {
                while (!stopped) {
                    Statement[] b = queue.poll(100, TimeUnit.MILLISECONDS);
                    if (b == END) {
                        break;
                    }
                    for (int i = 0; b != null && i < b.length; i++) {
                        consumer.accept(b[i]);
                    }
                }
                done.complete(null);
            } catch (Throwable e) {
                done.completeExceptionally(e);
            }
        });
    }

    /**
     * Every statement of the store, nothing bound, read on this thread and handed to {@code consumer} on another:
     * the one scan both of verify's reads of an embedded store make.
     */
    static void scan(RepositoryConnection conn, Consumer<Statement> consumer) {
        try (StatementPipe pipe = new StatementPipe(consumer);
             RepositoryResult<Statement> it = conn.getStatements(null, null, null, false)) {
            for (Statement st : it) {
                pipe.accept(st);
            }
            pipe.finish();
        }
    }

    @Override
    public void accept(Statement st) {
        if (!aside) {
            consumer.accept(st);
            return;
        }
        batch[size++] = st;
        if (size == BATCH) {
            put(batch);
            batch = new Statement[BATCH];
            size = 0;
        }
    }

    /** Waits until the consumer has taken every statement; throws what the consumer threw. */
    void finish() {
        if (!aside) {
            ended = true;
            return;
        }
        put(Arrays.copyOf(batch, size));
        put(END);
        ended = true;
        try {
            done.join();
        } catch (CompletionException e) {
            throw Failures.rethrown(e.getCause(), "verify");
        }
    }

    /** Hands a batch over, unless the consumer has stopped (it failed): then its failure is thrown here. */
    private void put(Statement[] b) {
        try {
            while (!queue.offer(b, 100, TimeUnit.MILLISECONDS)) {
                if (done.isDone()) {
                    done.join();
                    throw new LacunaException("verify: the reader of the store's statements stopped");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LacunaException("verify interrupted", e);
        } catch (CompletionException e) {
            throw Failures.rethrown(e.getCause(), "verify");
        }
    }

    /** Stops the consumer should the scan have failed before {@link #finish}. */
    @Override
    public void close() {
        if (!ended) {
            stopped = true;
        }
    }
}
