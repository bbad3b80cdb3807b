package dev.lacuna;

import java.io.PrintStream;

import org.slf4j.helpers.MessageFormatter;

/**
 * The one form of a warning, in every command and stage: a line {@code warning: <text>} on standard error, never
 * on standard output, which holds only what the user asked for (docs/architecture.md, "Streams"). A warning tells
 * the user something to act on (a store that infers, labels of unknown entities, a server reachable from other
 * machines); the run goes on.
 */
public final class Warnings {
    /** How every warning line starts. */
    public static final String PREFIX = "warning: ";

    private Warnings() {
    }

    /**
     * Warns on the process's standard error, looked up at each call so that the credential guard {@code cli.Main}
     * installs applies. {@code {}} in {@code text} takes the next argument, as in a log line.
     */
    public static void warn(String text, Object... arguments) {
        warn(System.err, text, arguments);
    }

    /** Warns on {@code err}: a command's own standard error. */
    public static void warn(PrintStream err, String text, Object... arguments) {
        err.println(line(text, arguments));
    }

    /** The warning's line as printed: the input's control characters escaped ({@link Messages#printable}). */
    public static String line(String text, Object... arguments) {
        String message = arguments.length == 0 ? text : MessageFormatter.arrayFormat(text, arguments).getMessage();
        return PREFIX + Messages.printable(message);
    }
}
