package dev.lacuna.cli;

import java.io.PrintStream;

/** What a command may use besides its parsed line: where to print. Kept explicit so tests can capture output. */
public record CliContext(PrintStream out, PrintStream err) {
    public static CliContext system() {
        return new CliContext(System.out, System.err);
    }
}
