package dev.lacuna;

import java.util.function.Consumer;

/**
 * Progress of one long task, the one channel every stage reports through (load, mine, build, answer, export):
 * a bar on a terminal, log lines in CI and pipes ({@link ConsoleProgress}), nothing in tests that ask for
 * {@link #NONE}. Safe to step from several threads.
 */
public interface Progress extends AutoCloseable {
    /** Shows nothing. */
    Progress NONE = new Progress() {
        @Override
        public void step(long n) {
        }

        @Override
        public void set(long n) {
        }

        @Override
        public void max(long total) {
        }

        @Override
        public void message(String extra) {
        }

        @Override
        public void close() {
        }
    };

    /** Where a stage's tasks report: code that runs several tasks (the miner's generations) is given one. */
    @FunctionalInterface
    interface Channel {
        /** Starts a task of {@code total} units (-1 when unknown). */
        Progress start(String task, long total, String unit);

        /** The terminal or CI display of {@link ConsoleProgress}. */
        Channel CONSOLE = ConsoleProgress::start;
        /** Shows nothing. */
        Channel SILENT = (task, total, unit) -> NONE;

        /** A bar on a terminal; elsewhere the log-line form written to {@code lines} (a command's own stderr). */
        static Channel console(Consumer<String> lines) {
            return (task, total, unit) -> ConsoleProgress.start(task, total, unit, lines);
        }
    }

    /** A task on the {@link Channel#CONSOLE console channel}. */
    static Progress start(String task, long total, String unit) {
        return Channel.CONSOLE.start(task, total, unit);
    }

    /** {@code n} more units done. */
    void step(long n);

    /** {@code n} units done in all. */
    void set(long n);

    /** The total turned out to be {@code total}. */
    void max(long total);

    /** A short note shown beside the count. */
    void message(String extra);

    @Override
    void close();
}
