package dev.lacuna.cli;

import java.nio.file.Path;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.ExitCodes;
import dev.lacuna.verify.VerifyOperation;
import dev.lacuna.store.Stores;

/** {@code lacuna verify DIR}: the build's checks, each with a count; exit 1 with the offending ids on failure. */
public final class VerifyCommand implements Command {
    @Override
    public String name() {
        return "verify";
    }

    @Override
    public String usage() {
        return "DIR [store options]";
    }

    @Override
    public String summary() {
        return "check a benchmark folder against its store: deletions, inferability, answers, split, checksum";
    }

    @Override
    public void addOptions(Options options) {
        CommonOptions.addStore(options);
    }

    @Override
    public int run(CommandLine line, CliContext context) {
        if (line.getArgList().size() != 1) {
            throw new UsageException("give exactly one benchmark folder");
        }
        Path dir = Path.of(line.getArgList().get(0));
        Repository repository = CommonOptions.openExistingStore(line);
        try {
            VerifyOperation.Result result = VerifyOperation.run(repository, dir);
            context.out().println("verify " + dir + ":");
            result.print(context.out());
            result.requirePassed();
        } finally {
            Stores.close(repository);
        }
        return ExitCodes.OK;
    }
}
