package dev.lacuna.serve;

import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

import org.eclipse.rdf4j.query.QueryInterruptedException;

/**
 * Admission and limits: at most {@code workers} operations evaluate at once and {@code queue} more wait; beyond
 * that a request is answered 503 at once. An admitted operation runs on the thread that read its request, under a
 * {@link QueryBudget}: handing it to a pool thread and back cost two thread wake-ups per query, a third of what the
 * endpoint adds to one of ToG's one-pattern queries on a busy machine. A watchdog keeps the time limit whatever the
 * operation does: at the deadline it flags the budget (the evaluation stops at its next store read) and answers
 * 503 through the caller's callback, so a query that computes for long without reading the store is still
 * answered on time. A flagged operation keeps its place in the count until its thread is free, so cancelled
 * queries cannot pile up behind the limit.
 */
final class Admission implements AutoCloseable {
    /**
     * The stack of a thread that parses or evaluates (the HTTP threads do both). RDF4J's parser, optimizers and
     * evaluation recurse once per link of a UNION or join chain; on the JVM's default 1 MiB a query of 2,000 UNIONs
     * (which {@link QueryNesting} lets through) overflowed before the JIT had compiled those methods. The stack is
     * reserved, not committed: a thread that never recurses deep uses no more memory.
     */
    static final long WORKER_STACK_BYTES = 16L << 20;
    private final int workers;
    private final int queue;
    private final Duration timeout;
    private final long memoryBytes;
    private final Semaphore evaluating;
    private final ScheduledThreadPoolExecutor watchdog;
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile boolean closed;

    Admission(int workers, int queue, Duration timeout, long memoryBytes) {
        this.workers = workers;
        this.queue = queue;
        this.timeout = timeout;
        this.memoryBytes = memoryBytes;
        this.evaluating = new Semaphore(workers, true);
        this.watchdog = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "lacuna-watchdog");
            t.setDaemon(true);
            return t;
        });
        watchdog.setRemoveOnCancelPolicy(true);
    }

    /**
     * Runs the work on this thread within the time and memory budget; every way of failing it is an HttpError.
     * At the deadline, if the work is still waiting or running, {@code onDeadline} gets the 503 from the watchdog's
     * thread: the caller answers with it then, and drops whatever the work returns or throws later.
     */
    <T> T run(Function<QueryBudget, T> work, Consumer<HttpError> onDeadline) {
        if (closed) {
            throw new HttpError(503, "server stopping");
        }
        if (inFlight.incrementAndGet() > workers + queue) {
            inFlight.decrementAndGet();
            throw new HttpError(503, "server busy: " + workers + " queries running and " + queue
                    + " waiting; retry later");
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        QueryBudget budget = new QueryBudget(deadline, memoryBytes);
        ScheduledFuture<?> alarm;
        try {
            alarm = watchdog.schedule(() -> {
                budget.cancel("time limit");
                onDeadline.accept(overBudget(budget));
            }, timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            inFlight.decrementAndGet();
            throw new HttpError(503, "server stopping");
        }
        try {
            if (!evaluating.tryAcquire(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                budget.cancel("time limit");
                throw overBudget(budget);
            }
            try {
                if (closed) {
                    throw new HttpError(503, "server stopping");
                }
                budget.enter();
                return work.apply(budget);
            } finally {
                budget.exit();
                evaluating.release();
            }
        } catch (InterruptedException e) {
            budget.cancel("server stopping");
            Thread.currentThread().interrupt();
            throw new HttpError(503, "server stopping");
        } catch (RuntimeException e) {
            boolean stopped = interrupted(e) || e instanceof HttpError h && h.status() == 503;
            if (stopped && budget.cancelledBecause() != null) {
                throw overBudget(budget);
            }
            throw e;
        } finally {
            alarm.cancel(false);
            inFlight.decrementAndGet();
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

    /** Operations admitted and not yet finished on their thread (cancelled ones included). */
    int inFlight() {
        return inFlight.get();
    }

    @Override
    public void close() {
        // Nothing is interrupted: an interrupted FileChannel read closes the NativeStore's file; running work stops
        // at its deadline. New work is refused.
        closed = true;
        watchdog.shutdownNow();
    }
}
