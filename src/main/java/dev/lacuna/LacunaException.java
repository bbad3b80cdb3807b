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

    /** The process exit code that this failure maps to. */
    public int exitCode() {
        return ExitCodes.FAILURE;
    }
}
