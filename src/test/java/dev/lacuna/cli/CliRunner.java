package dev.lacuna.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs {@code lacuna} in-process and captures what it prints; for tests of commands and exit codes. */
public final class CliRunner {
    /** Exit code and captured output of one run. */
    public record Run(int code, String out, String err) {
        @Override
        public String toString() {
            return "exit " + code + "\n--- out\n" + out + "--- err\n" + err;
        }
    }

    private CliRunner() {
    }

    /** A command line: the command, then a store's options ({@code --repository URL --credentials FILE}, say), then the rest. */
    public static String[] with(String command, String[] store, String... rest) {
        String[] out = new String[1 + store.length + rest.length];
        out[0] = command;
        System.arraycopy(store, 0, out, 1, store.length);
        System.arraycopy(rest, 0, out, 1 + store.length, rest.length);
        return out;
    }

    public static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            int code = new Main(Main.allCommands()).run(args, new CliContext(o, e));
            return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        }
    }

    /** Runs {@code lacuna} and fails, showing everything it printed, unless it exits 0. */
    public static Run succeed(String... args) {
        Run run = run(args);
        if (run.code() != 0) {
            throw new AssertionError("lacuna " + String.join(" ", args) + " failed:\n" + run);
        }
        return run;
    }
}
