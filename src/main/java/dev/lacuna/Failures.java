package dev.lacuna;

/**
 * What a task on another thread failed with, to throw on the thread that waited for it. The task's own unchecked
 * exception is thrown as it was, so that bad input keeps its exit code and message wherever it was found; an error
 * stays an error; anything else (a checked exception) is wrapped, its message after {@code what}.
 */
public final class Failures {
    private Failures() {
    }

    /** The exception to throw for {@code cause}; throws {@code cause} itself if it is an {@link Error}. */
    public static RuntimeException rethrown(Throwable cause, String what) {
        if (cause instanceof RuntimeException r) {
            return r;
        }
        if (cause instanceof Error e) {
            throw e;
        }
        return new LacunaException(what + ": " + cause.getMessage(), cause);
    }
}
