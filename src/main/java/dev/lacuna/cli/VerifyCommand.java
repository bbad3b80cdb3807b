package dev.lacuna.cli;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.ExitCodes;
import dev.lacuna.construct.Verifier;
import dev.lacuna.store.StoreCheck;
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
            // The index check reads the whole store on connections of its own while the folder's checks run: two
            // independent reads, each about one core's work (at 20M triples, minutes each), on the machine's cores.
            CompletableFuture<StoreCheck.Report> check = new CompletableFuture<>();
            Thread checking = new Thread(() -> {
                try {
                    check.complete(StoreCheck.check(repository));
                } catch (Throwable e) {
                    check.completeExceptionally(e);
                }
            }, "lacuna-store-check");
            checking.setDaemon(true);
            checking.start();
            Verifier.Report report = Verifier.verify(repository, dir);
            context.out().println("verify " + dir + ":");
            report.print(context.out());
            StoreCheck.Report store = joined(check);
            store.print(context.out());
            report.requirePassed();
            store.requirePassed();
        } finally {
            Stores.close(repository);
        }
        return ExitCodes.OK;
    }

    private static StoreCheck.Report joined(CompletableFuture<StoreCheck.Report> check) {
        try {
            return check.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }
}
