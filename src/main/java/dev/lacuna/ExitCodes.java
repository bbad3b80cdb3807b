package dev.lacuna;

/**
 * The process exit codes, in one place that the CLI's commands and Lacuna's exceptions both use: a command returns
 * {@link #OK}, {@link LacunaException} maps to {@link #FAILURE} and {@link BadInputException} to {@link #USAGE}.
 */
public final class ExitCodes {
    public static final int OK = 0;
    public static final int FAILURE = 1;
    /** A usage error or bad input: the user can fix it. */
    public static final int USAGE = 2;

    private ExitCodes() {
    }
}
