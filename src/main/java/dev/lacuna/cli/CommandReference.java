package dev.lacuna.cli;

import java.util.List;

import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

import dev.lacuna.ExitCodes;

/**
 * The command-line reference (docs/reference/commands.md) rendered from the commands' own option definitions, so
 * the page cannot drift from what {@code lacuna COMMAND --help} says: a test compares the file with this rendering.
 */
public final class CommandReference {
    private CommandReference() {
    }

    /** The whole page for these commands, in their help order. */
    public static String render(List<Command> commands) {
        StringBuilder md = new StringBuilder();
        md.append("# Command reference\n\n");
        md.append("Generated from the options each command defines (the same text as `lacuna COMMAND --help`); do not ")
                .append("edit by hand. `CommandReferenceTest` fails when this page and the code differ, and rewrites it with ")
                .append("`./mvnw -B -q test -Dtest=CommandReferenceTest -Dreference.write=true`.\n\n");
        md.append("Every command also takes `-h`/`--help`. An option given twice is refused unless its description ")
                .append("says it may be repeated.\n\n");
        md.append("| command | what it does |\n|---|---|\n");
        for (Command c : commands) {
            md.append("| [`").append(c.name()).append("`](#lacuna-").append(c.name()).append(") | ")
                    .append(cell(c.summary())).append(" |\n");
        }
        md.append("\n## Exit codes\n\n");
        md.append("| code | meaning |\n|---:|---|\n");
        md.append("| ").append(ExitCodes.OK).append(" | success |\n");
        md.append("| ").append(ExitCodes.FAILURE).append(" | failure: the command could not do its work (a store or ")
                .append("network error, a check that did not pass) |\n");
        md.append("| ").append(ExitCodes.USAGE).append(" | usage or bad input: a wrong option, a file that cannot be read ")
                .append("or does not parse (named with its line), an output that would overwrite an input or land in a ")
                .append("store or benchmark folder; nothing was ")
                .append("changed |\n");
        md.append("\n## Streams\n\n");
        md.append("Every command prints its report on standard output: what was asked for (tables, summaries, the ")
                .append("paths it wrote; `evaluate` without `--output` the report alone, so it can be piped). ")
                .append("Everything else goes to standard error: progress, log lines, error messages and warnings. A ")
                .append("warning has one form, `warning: <text>`, and the run goes on.\n");
        for (Command c : commands) {
            md.append('\n').append(section(c));
        }
        return md.toString();
    }

    private static String section(Command c) {
        Options options = new Options();
        c.addOptions(options);
        StringBuilder md = new StringBuilder();
        md.append("## lacuna ").append(c.name()).append("\n\n");
        md.append(c.summary()).append("\n\n");
        md.append("```\nlacuna ").append(c.name()).append(' ').append(c.usage()).append("\n```\n\n");
        if (options.getOptions().isEmpty()) {
            md.append("No options besides `--help`.\n");
            return md.toString();
        }
        md.append("| option | value | description |\n|---|---|---|\n");
        for (Option o : options.getOptions()) {
            md.append("| ").append(names(o)).append(" | ")
                    .append(o.hasArg() ? "`" + (o.getArgName() == null ? "VALUE" : o.getArgName()) + "`" : "")
                    .append(" | ").append(cell(o.getDescription() == null ? "" : o.getDescription()))
                    .append(c.repeatable().contains(o.getLongOpt()) ? " (may be repeated)" : "")
                    .append(o.isRequired() ? " (required)" : "").append(" |\n");
        }
        return md.toString();
    }

    private static String names(Option o) {
        StringBuilder s = new StringBuilder();
        if (o.getOpt() != null) {
            s.append("`-").append(o.getOpt()).append('`');
        }
        if (o.getLongOpt() != null) {
            s.append(s.length() > 0 ? ", " : "").append("`--").append(o.getLongOpt()).append('`');
        }
        return s.toString();
    }

    /** Text made safe inside a Markdown table cell. */
    private static String cell(String text) {
        return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ");
    }
}
