package dev.lacuna.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.ExitCodes;
import dev.lacuna.store.StoreCheck;
import dev.lacuna.store.Stores;

/** {@code lacuna check}: the store's indexes agree, per named graph and per predicate; exit 1 if not. */
public final class CheckCommand implements Command {
    @Override
    public String name() {
        return "check";
    }

    @Override
    public String usage() {
        return "[store options]";
    }

    @Override
    public String summary() {
        return "check that the store's indexes agree, per graph and predicate (damage after a crash)";
    }

    @Override
    public void addOptions(Options options) {
        CommonOptions.addStore(options);
    }

    @Override
    public int run(CommandLine line, CliContext context) {
        if (!line.getArgList().isEmpty()) {
            throw new UsageException("check takes no arguments, got " + line.getArgList());
        }
        Repository repository = CommonOptions.openStore(line);
        try {
            StoreCheck.Report report = StoreCheck.check(repository);
            context.out().println("check store:");
            report.print(context.out());
            report.requirePassed();
        } finally {
            Stores.close(repository);
        }
        return ExitCodes.OK;
    }
}
