package dev.lacuna.serve;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import org.eclipse.rdf4j.query.QueryInterruptedException;

/**
 * Admission and limits: at most {@code workers} operations evaluate at once and {@code queue} more wait; beyond
 * that a request is answered 503 at once. Each admitted operation runs on a worker under a {@link QueryBudget};
 * the request's own thread is the watchdog: at the deadline it answers 503 and flags the budget, and the worker
 * stops at its next store read. A flagged operation keeps its place in the count until its worker is free, so
 * cancelled queries cannot pile up behind the limit.
 */
final class Admission implements AutoCloseable {
    /**
     * The stack of a worker (and of the HTTP threads, which parse). RDF4J's parser, optimizers and evaluation
     * recurse once per link of a UNION or join chain; on the JVM's default 1 MiB a query of 2,000 UNIONs (which
     * {@link QueryNesting} lets through) overflowed before the JIT had compiled those methods. The stack is
     * reserved, not committed: a thread that never recurses deep uses no more memory.
     */
    static final long WORKER_STACK_BYTES = 16L << 20;
    private final int workers;
    private final int queue;
    private final Duration timeout;
    private final long memoryBytes;
    private final ThreadPoolExecutor pool;
    private final AtomicInteger inFlight = new AtomicInteger();

    Admission(int workers, int queue, Duration timeout, long memoryBytes) {
        this.workers = workers;
        this.queue = queue;
        this.timeout = timeout;
        this.memoryBytes = memoryBytes;
        AtomicInteger n = new AtomicInteger();
        this.pool = new ThreadPoolExecutor(workers, workers, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(null, r, "lacuna-query-" + n.incrementAndGet(), WORKER_STACK_BYTES);
            t.setDaemon(true);
            return t;
        });
    }

    /** Runs the work on a worker within the time and memory budget; every way of failing it is an HttpError. */
    <T> T run(Function<QueryBudget, T> work) {
        if (inFlight.incrementAndGet() > workers + queue) {
            inFlight.decrementAndGet();
            throw new HttpError(503, "server busy: " + workers + " queries running and " + queue
                    + " waiting; retry later");
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        QueryBudget budget = new QueryBudget(deadline, memoryBytes);
        Future<T> future;
        try {
            future = pool.submit(() -> {
                try {
                    if (budget.cancelledBecause() != null) {
                        return null;
                    }
                    budget.enter();
                    return work.apply(budget);
                } finally {
                    budget.exit();
                    inFlight.decrementAndGet();
                }
            });
        } catch (RejectedExecutionException e) {
            inFlight.decrementAndGet();
            throw new HttpError(503, "server stopping");
        }
        try {
            return future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            budget.cancel("time limit");
            throw overBudget(budget);
        } catch (InterruptedException e) {
            budget.cancel("server stopping");
            Thread.currentThread().interrupt();
            throw new HttpError(503, "server stopping");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            boolean stopped = interrupted(cause) || cause instanceof HttpError h && h.status() == 503;
            if (stopped && budget.cancelledBecause() != null) {
                throw overBudget(budget);
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }

    /**
     * Whether the budget's interruption stopped the work: RDF4J sometimes hands it on wrapped (a join or an
     * iteration's close rethrows it as a QueryEvaluationException), and a cancelled query must still answer 503.
     */
    private static boolean interrupted(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof QueryInterruptedException) {
                return true;
            }
        }
        return false;
    }

    private HttpError overBudget(QueryBudget budget) {
        if ("memory budget".equals(budget.cancelledBecause())) {
            return new HttpError(503, "query exceeded its memory budget of " + EndpointSettings.mib(memoryBytes)
                    + "; narrow it (add a LIMIT or bind more terms)");
        }
        return new HttpError(503, "query exceeded the time limit of " + QueryRunner.describe(timeout)
                + "; narrow it (add a LIMIT or bind more terms) or ask the operator for a longer --timeout");
    }

    /** Operations admitted and not yet finished on their worker (cancelled ones included). */
    int inFlight() {
        return inFlight.get();
    }

    @Override
    public void close() {
        // Not shutdownNow: an interrupted FileChannel read closes the NativeStore's file; running work stops at its deadline.
        pool.shutdown();
    }
}
