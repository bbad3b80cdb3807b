package dev.lacuna.verify;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.Failures;
import dev.lacuna.LacunaException;
import dev.lacuna.Progress;

/**
 * Runs verify's checks, and is verify's one way of doing work at once. Its pool is bounded by the machine's cores
 * (and by 4, what a remote endpoint is asked to bear) and has no queue: work goes to a free pool thread or is done by
 * the thread that asks, so a task waiting on another task never waits on work that has not started, and a check may
 * itself run its parts through {@link #all} (the rules' queries, the files written again from the store).
 * <p>
 * {@link #run} loads the reads the checks declare {@linkplain Read#beforeChecks before them} (the store scan, while
 * the cores are free), then runs the checks in list order on the caller and the pool's free threads, each read loaded
 * once and shared ({@link Reads}); the report keeps the list's order whatever order the checks finish in.
 */
final class CheckRunner {
    private static final Logger LOG = LoggerFactory.getLogger(CheckRunner.class);

    /** Pool threads besides the caller's. */
    static final int THREADS = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));

    private static final AtomicInteger NAMED = new AtomicInteger();
    private static final ThreadPoolExecutor POOL = new ThreadPoolExecutor(0, THREADS, 30, TimeUnit.SECONDS,
            new SynchronousQueue<>(), r -> {
                Thread t = new Thread(r, "lacuna-verify-" + NAMED.incrementAndGet());
                t.setDaemon(true); // ends with the JVM should the caller fail before its tasks do
                return t;
            });

    private CheckRunner() {
    }

    /** Runs {@code task} on a free pool thread and says true, or says false when every pool thread is busy. */
    static boolean fork(Runnable task) {
        try {
            POOL.execute(task);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    /**
     * The results of {@code tasks}, in their order, the tasks done at once by the caller and the pool's free threads,
     * each starting in list order. The first failure in list order is thrown once every task has ended.
     */
    static <T> List<T> all(List<? extends Callable<? extends T>> tasks) {
        return all(tasks, i -> { });
    }

    /** As {@link #all(List)}, {@code finished} told the index of each task that ends, as it ends. */
    static <T> List<T> all(List<? extends Callable<? extends T>> tasks, IntConsumer finished) {
        int n = tasks.size();
        Object[] results = new Object[n];
        Throwable[] failures = new Throwable[n];
        AtomicInteger next = new AtomicInteger();
        CountDownLatch ended = new CountDownLatch(n);
        Runnable worker = () -> {
            for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
                try {
                    results[i] = tasks.get(i).call();
                } catch (Throwable e) {
                    failures[i] = e;
                }
                try {
                    finished.accept(i);
                } finally {
                    ended.countDown();
                }
            }
        };
        for (int k = 1; k < n && k <= THREADS && fork(worker); k++) {
            // each forked worker takes tasks until none is left
        }
        worker.run();
        try {
            ended.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LacunaException("verify interrupted", e);
        }
        for (Throwable f : failures) {
            if (f != null) {
                throw Failures.rethrown(f, "verify");
            }
        }
        List<T> out = new ArrayList<>(n);
        for (Object r : results) {
            @SuppressWarnings("unchecked")
            T t = (T) r;
            out.add(t);
        }
        return out;
    }

    /** Every check of {@code checks}, their lines of the report in list order; progress on {@code channel}. */
    static List<Verifier.Check> run(List<VerifyCheck> checks, Reads reads, Progress.Channel channel) {
        long started = System.nanoTime();
        Set<Read<?>> first = new LinkedHashSet<>();
        checks.forEach(c -> c.reads().stream().filter(Read::isBeforeChecks).forEach(first::add));
        try (Progress progress = channel.start("verify", checks.size(), "checks")) {
            for (Read<?> read : first.stream().sorted(Comparator.comparingInt(Read::order)).toList()) {
                progress.message("reading " + read.name());
                reads.get(read);
            }
            List<Callable<List<Verifier.Check>>> tasks = new ArrayList<>();
            for (VerifyCheck check : checks) {
                Reads own = reads.of(check);
                tasks.add(() -> {
                    List<Verifier.Check> done = check.run(own);
                    // A 20M-triple folder takes minutes to verify: each result is told as it comes.
                    for (Verifier.Check c : done) {
                        LOG.info("verify: {} ({} checked, {}) after {} s", c.name(), c.checked(),
                                c.passed() ? "ok" : c.failures().size() + " failures", Reads.seconds(started));
                    }
                    return done;
                });
            }
            List<List<Verifier.Check>> lines = all(tasks, i -> {
                progress.step(1);
                progress.message(checks.get(i).name());
            });
            List<Verifier.Check> out = new ArrayList<>();
            lines.forEach(out::addAll);
            return out;
        }
    }
}
