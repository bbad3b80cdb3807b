package dev.lacuna.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;

import dev.lacuna.Redaction;
import dev.lacuna.ExitCodes;
import dev.lacuna.LacunaException;
import dev.lacuna.Messages;

/**
 * Runs one command line over a set of commands: finds the subcommand, parses its options and maps every
 * exception to an exit code of {@link ExitCodes}. Never exits. {@link Main} runs it over every command; a
 * command that runs others ({@code demo}) runs it over those, so no command needs {@link Main}.
 */
final class Dispatcher {
    private final Map<String, Command> commands = new LinkedHashMap<>();

    Dispatcher(List<Command> commands) {
        for (Command c : commands) {
            this.commands.put(c.name(), c);
        }
    }

    /** Runs one command line; never exits. */
    public int run(String[] args, CliContext context) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            printCommands(context);
            return args.length == 0 ? ExitCodes.USAGE : ExitCodes.OK;
        }
        if (args[0].equals("--version")) {
            context.out().println("lacuna " + version());
            return ExitCodes.OK;
        }
        Command command = commands.get(args[0]);
        if (command == null) {
            error(context, "lacuna: unknown command '" + args[0] + "'; commands: " + String.join(", ", commands.keySet()));
            return ExitCodes.USAGE;
        }
        Options options = new Options();
        command.addOptions(options);
        options.addOption(Option.builder("h").longOpt("help").desc("show this help").get());
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        try {
            CommandLine line = DefaultParser.builder().get().parse(options, rest);
            if (line.hasOption("help")) {
                printHelp(command, options, context);
                return ExitCodes.OK;
            }
            refuseRepeated(line, command);
            return command.run(line, context);
        } catch (ParseException e) {
            error(context, "lacuna " + command.name() + ": " + e.getMessage());
            context.err().println("usage: lacuna " + command.name() + " " + command.usage() + "   (--help for options)");
            return ExitCodes.USAGE;
        } catch (LacunaException e) {
            error(context, "lacuna " + command.name() + ": " + e.getMessage());
            return e.exitCode();
        } catch (Exception e) {
            error(context, "lacuna " + command.name() + ": failed: " + describe(e));
            if (System.getenv("LACUNA_DEBUG") != null) {
                e.printStackTrace(context.err());
            }
            return ExitCodes.FAILURE;
        }
    }

    /**
     * Prints an error message: the one place every command's failure reaches the terminal, so credentials are blanked
     * and the input's control characters escaped here, whoever wrote the message ({@link Messages#printable}).
     */
    private static void error(CliContext context, String message) {
        context.err().println(Messages.printable(Redaction.redact(message)));
    }

    private static void refuseRepeated(CommandLine line, Command command) {
        Set<String> seen = new HashSet<>();
        for (Option o : line.getOptions()) {
            String key = o.getLongOpt() != null ? o.getLongOpt() : o.getOpt();
            if (!seen.add(key) && !command.repeatable().contains(key)) {
                throw new UsageException("--" + key + " is given more than once; give it once");
            }
        }
    }

    private static String describe(Throwable e) {
        StringBuilder sb = new StringBuilder(e.getClass().getSimpleName());
        if (e.getMessage() != null) {
            sb.append(": ").append(e.getMessage());
        }
        Throwable cause = e.getCause();
        if (cause != null && cause != e && cause.getMessage() != null && !String.valueOf(e.getMessage()).contains(cause.getMessage())) {
            sb.append(" (caused by ").append(cause.getMessage()).append(')');
        }
        return sb.toString();
    }

    private void printCommands(CliContext context) {
        context.out().println("usage: lacuna COMMAND [options]   (lacuna COMMAND --help for its options)");
        context.out().println();
        for (Command c : commands.values()) {
            context.out().printf("  %-9s %s%n", c.name(), c.summary());
        }
        context.out().println();
        context.out().println("Exit codes: 0 success, 1 failure, 2 usage or bad input.");
    }

    private static void printHelp(Command command, Options options, CliContext context) {
        HelpFormatter help = HelpFormatter.builder().get();
        PrintWriter w = new PrintWriter(context.out());
        help.printHelp(w, 100, "lacuna " + command.name() + " " + command.usage(), command.summary(), options,
                2, 2, null, false);
        w.flush();
    }

    public static String version() {
        String v = Dispatcher.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
