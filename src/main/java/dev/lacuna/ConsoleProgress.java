package dev.lacuna;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * The one {@link Progress} implementation that shows anything: a progress bar on a terminal; otherwise (CI logs, pipes, files) one log line when
 * the work starts, one when it ends, and between them one line every {@link #LOG_EVERY} only for work
 * that takes that long. The bar library's logging consumer printed its 0% and its 100% line twice each.
 */
final class ConsoleProgress implements Progress {
    private static final Logger LOG = LoggerFactory.getLogger("lacuna.progress");
    static final Duration LOG_EVERY = Duration.ofSeconds(30);
    private final ProgressBar bar;
    private final LogLines lines;

    private ConsoleProgress(ProgressBar bar, LogLines lines) {
        this.bar = bar;
        this.lines = lines;
    }

    /** A progress display for {@code total} units (-1 when unknown); off a terminal, lines to the log. */
    static Progress start(String task, long total, String unit) {
        return start(task, total, unit, LOG::info);
    }

    /** As {@link #start(String, long, String)}, with the lines written to {@code lines} off a terminal. */
    static Progress start(String task, long total, String unit, Consumer<String> lines) {
        boolean terminal = System.console() != null && System.getenv("CI") == null;
        if (!terminal) {
            return new ConsoleProgress(null, new LogLines(task, total, unit, lines));
        }
        ProgressBarBuilder b = new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(total)
                .setUnit(" " + unit, 1)
                .showSpeed()
                .continuousUpdate()
                .setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK)
                .setConsumer(new ConsoleProgressBarConsumer(System.err));
        return new ConsoleProgress(b.build(), null);
    }

    /** Progress written to a log sink, for when standard error is not a terminal; visible for tests. */
    static Progress logging(String task, long total, String unit, Consumer<String> sink) {
        return new ConsoleProgress(null, new LogLines(task, total, unit, sink));
    }

    @Override
    public void step(long n) {
        if (bar != null) {
            bar.stepBy(n);
        } else {
            lines.set(lines.done.addAndGet(n));
        }
    }

    @Override
    public void set(long n) {
        if (bar != null) {
            bar.stepTo(n);
        } else {
            lines.done.set(n);
            lines.set(n);
        }
    }

    @Override
    public void max(long total) {
        if (bar != null) {
            bar.maxHint(total);
        } else {
            lines.total = total;
        }
    }

    @Override
    public void message(String extra) {
        if (bar != null) {
            bar.setExtraMessage(extra);
        } else {
            lines.extra = extra;
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        } else {
            lines.close();
        }
    }

    /** The log-line form: thread-safe, since workers step one bar from several threads. */
    private static final class LogLines {
        final String task;
        final String unit;
        final Consumer<String> sink;
        final AtomicLong done = new AtomicLong();
        final AtomicLong lastLine = new AtomicLong();
        final AtomicBoolean closed = new AtomicBoolean();
        final long started = System.nanoTime();
        volatile long total;
        volatile String extra;

        LogLines(String task, long total, String unit, Consumer<String> sink) {
            this.task = task;
            this.total = total;
            this.unit = unit;
            this.sink = sink;
            lastLine.set(started);
            sink.accept(task + ": started" + (total >= 0 ? String.format(Locale.ROOT, ", %,d %s", total, unit) : ""));
        }

        void set(long n) {
            long now = System.nanoTime();
            long last = lastLine.get();
            if (now - last >= LOG_EVERY.toNanos() && lastLine.compareAndSet(last, now)) {
                sink.accept(task + ": " + amount(n) + " after " + seconds(now));
            }
        }

        void close() {
            if (closed.compareAndSet(false, true)) {
                long now = System.nanoTime();
                double s = (now - started) / 1e9;
                sink.accept(task + ": done, " + amount(done.get()) + " in " + seconds(now)
                        + (s > 0 ? String.format(Locale.ROOT, " (%,.1f %s/s)", done.get() / s, unit) : ""));
            }
        }

        private String amount(long n) {
            String t = total >= 0 ? String.format(Locale.ROOT, "%,d/%,d %s", n, total, unit)
                    : String.format(Locale.ROOT, "%,d %s", n, unit);
            return extra == null ? t : t + " " + extra;
        }

        private String seconds(long now) {
            return String.format(Locale.ROOT, "%.1f s", (now - started) / 1e9);
        }
    }
}
