package dev.lacuna.serve;

import java.lang.management.ManagementFactory;

import org.eclipse.rdf4j.query.QueryInterruptedException;

import com.sun.management.ThreadMXBean;

/**
 * The time and memory one query may use, checked by the thread that evaluates it each time it reads the store
 * (see {@link BudgetedEvaluation}). A watchdog only flags a query; the evaluating thread itself then throws and
 * closes its own iterations. Closing them from another thread (RDF4J's own time limit does) races with the
 * reader: the NativeStore then logs "id must be larger than 0 ... triples-spoc.dat". Interrupting the thread is
 * no better: an interrupted FileChannel read closes the store's file.
 */
final class QueryBudget {
    private static final ThreadLocal<QueryBudget> CURRENT = new ThreadLocal<>();
    private static final ThreadMXBean THREADS =
            (ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final long deadlineNanos;
    private final long memoryBytes;
    private volatile String cancelled;
    private long startAllocated;
    private long peakAllocated;
    private int reads;

    QueryBudget(long deadlineNanos, long memoryBytes) {
        this.deadlineNanos = deadlineNanos;
        this.memoryBytes = memoryBytes;
    }

    /** Binds this budget to the calling thread, which evaluates the query. */
    void enter() {
        startAllocated = THREADS.getCurrentThreadAllocatedBytes();
        CURRENT.set(this);
    }

    void exit() {
        CURRENT.remove();
    }

    static QueryBudget current() {
        return CURRENT.get();
    }

    /** From any thread: the evaluating thread stops at its next read of the store. */
    void cancel(String why) {
        if (cancelled == null) {
            cancelled = why;
        }
    }

    String cancelledBecause() {
        return cancelled;
    }

    /** Bytes allocated by the evaluating thread so far (the most seen at a check). */
    long allocated() {
        return peakAllocated;
    }

    /** Called by the evaluating thread on each store read; throws once the query is over its budget. */
    void check() {
        if (cancelled == null && (++reads & 255) == 0) {
            if (System.nanoTime() > deadlineNanos) {
                cancel("time limit");
            } else {
                peakAllocated = THREADS.getCurrentThreadAllocatedBytes() - startAllocated;
                if (peakAllocated > memoryBytes) {
                    cancel("memory budget");
                }
            }
        }
        if (cancelled != null) {
            throw new QueryInterruptedException("query cancelled: " + cancelled);
        }
    }
}
