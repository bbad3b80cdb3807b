package dev.lacuna;

import java.time.Duration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress of long work: a progress bar on a terminal, a log line every few seconds otherwise
 * (CI logs and pipes get readable lines instead of carriage-return noise).
 */
public final class Progress implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger("lacuna.progress");
    private final ProgressBar bar;

    private Progress(ProgressBar bar) {
        this.bar = bar;
    }

    /** A progress display for {@code total} units (-1 when unknown). */
    public static Progress start(String task, long total, String unit) {
        boolean terminal = System.console() != null && System.getenv("CI") == null;
        ProgressBarBuilder b = new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(total)
                .setUnit(" " + unit, 1)
                .showSpeed()
                .continuousUpdate();
        if (terminal) {
            b.setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK).setConsumer(new ConsoleProgressBarConsumer(System.err));
        } else {
            b.setStyle(ProgressBarStyle.ASCII)
                    .setUpdateIntervalMillis((int) Duration.ofSeconds(5).toMillis())
                    .setConsumer(new DelegatingProgressBarConsumer(LOG::info));
        }
        return new Progress(b.build());
    }

    public void step(long n) {
        bar.stepBy(n);
    }

    public void set(long n) {
        bar.stepTo(n);
    }

    public void max(long total) {
        bar.maxHint(total);
    }

    public void message(String extra) {
        bar.setExtraMessage(extra);
    }

    @Override
    public void close() {
        bar.close();
    }
}
