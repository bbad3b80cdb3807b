package dev.lacuna.cli;

import java.util.List;

import dev.lacuna.Redaction;

/**
 * The one entry point of {@code lacuna}: the list of commands, run by a {@link Dispatcher} that maps every
 * exception to an exit code (0 success, 1 failure, 2 usage or bad input). Only {@link #main} exits.
 */
public final class Main {
    private final Dispatcher dispatcher;

    public Main(List<Command> commands) {
        this.dispatcher = new Dispatcher(commands);
    }

    /** Every subcommand, in the order the help lists them. Add new commands here. */
    public static List<Command> allCommands() {
        return List.of(
                // one line per command, in help order
                new DemoCommand(),
                new LoadCommand(),
                new StatsCommand(),
                new MineCommand(),
                new RulesCommand(),
                new CompileCommand(),
                new BuildCommand(),
                new VerifyCommand(),
                new CheckCommand(),
                new AnswerCommand(),
                new EvaluateCommand(),
                new ServeCommand(),
                new ExportCommand(),
                new GenerateCommand(),
                new TogCommand()
        );
    }

    public static void main(String[] args) {
        if (System.getenv("LACUNA_DEBUG") != null) {
            // before the first logger exists: simplelogger.properties silences the store's own stack traces
            System.setProperty("org.slf4j.simpleLogger.log.org.eclipse.rdf4j.sail.lmdb.LmdbSailStore", "warn");
        }
        // Every log line and message goes to standard error; no credential reaches it (HttpClient logs headers).
        System.setErr(Redaction.guard(System.err));
        int code = new Main(allCommands()).run(args, CliContext.system());
        System.exit(code);
    }

    /** Runs one command line; never exits. */
    public int run(String[] args, CliContext context) {
        return dispatcher.run(args, context);
    }

    public static String version() {
        return Dispatcher.version();
    }
}
