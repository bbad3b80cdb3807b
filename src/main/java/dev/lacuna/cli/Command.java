package dev.lacuna.cli;

import java.util.Set;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * One subcommand of {@code lacuna}. Subcommands stay thin over the stage code, never call
 * System.exit, and report problems by throwing: {@link Main} maps exceptions to exit codes
 * (BadInputException and UsageException: 2; LacunaException and anything else: 1).
 */
public interface Command {

    /** The word after {@code lacuna}, e.g. "load". */
    String name();

    /** Usage after the command name, e.g. "[--kg NAME] FILE...". */
    String usage();

    /** One line for the command list. */
    String summary();

    /** Adds this command's options; shared groups come from {@link CommonOptions}. */
    void addOptions(Options options);

    /** Runs the command; returns the exit code (normally 0). */
    int run(CommandLine line, CliContext context) throws Exception;

    /**
     * Long names of the options that may be given more than once; any other option given twice is refused,
     * because Commons CLI would silently keep the first value.
     */
    default Set<String> repeatable() {
        return Set.of();
    }
}
