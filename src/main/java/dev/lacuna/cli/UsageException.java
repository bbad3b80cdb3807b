package dev.lacuna.cli;

import dev.lacuna.BadInputException;

/** The command line itself is wrong: unknown option, missing argument. Exit code 2. */
public class UsageException extends BadInputException {
    public UsageException(String message) {
        super(message);
    }
}
