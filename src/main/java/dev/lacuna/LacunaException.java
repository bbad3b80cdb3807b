package dev.lacuna;

/**
 * A failure that Lacuna reports to the user as a message rather than a stack trace.
 * The CLI maps it to exit code 1; {@link BadInputException} (exit 2) is the user's-fault subclass.
 */
public class LacunaException extends RuntimeException {
    public LacunaException(String message) {
        super(message);
    }

    public LacunaException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * The process exit code that this failure maps to: a failure's own, unless it reports a Lacuna failure beneath
     * it, whose code it keeps (a build that could not write because the store refused the user's credentials is
     * bad input, exit 2, though the build says "could not write the graphs").
     */
    public int exitCode() {
        for (Throwable t = getCause(); t != null && t != t.getCause(); t = t.getCause()) {
            if (t instanceof LacunaException cause) {
                return cause.exitCode();
            }
        }
        return ExitCodes.FAILURE;
    }
}
