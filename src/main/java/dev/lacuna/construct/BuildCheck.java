package dev.lacuna.construct;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.LacunaException;
import dev.lacuna.folder.OutputFolder;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.verify.Verifier;

/**
 * The build's own verify as the gate of its publication: it runs after the store's commit and before the folder is
 * renamed to {@code --out}, on the finished folder. A build that fails it publishes nothing: the store is put back
 * to the previous build ({@link PreviousBuild}, kept before the commit), the folder at {@code --out} (if any) is
 * left as it was, and the failed folder is kept beside it as {@code NAME.failed}, with a file saying why, for a
 * user to inspect; it is no benchmark ({@code verify} refuses it for that file).
 */
final class BuildCheck {
    private static final Logger LOG = LoggerFactory.getLogger(BuildCheck.class);
    /** The file in a failed folder that says why it is one. */
    static final String FAILED_NOTE = "VERIFY-FAILED.txt";

    private final PrintStream out;
    /** For tests only: a failure added to the verify's report, as a check of the build may fail; else null. */
    private final Verifier.Check injected;

    BuildCheck(PrintStream out) {
        this(out, null);
    }

    BuildCheck(PrintStream out, Verifier.Check injected) {
        this.out = out;
        this.injected = injected;
    }

    /** Before the publication writes anything: what the store holds now, to put back on failure. */
    PreviousBuild keepPrevious(Repository repository, KgGraphs kg, Collection<Statement> newIncomplete) {
        return PreviousBuild.read(repository, kg, newIncomplete);
    }

    /** The folder that failed the last check is kept here, beside {@code out}. */
    static Path failedFolder(Path out) {
        Path absolute = out.toAbsolutePath().normalize();
        return absolute.resolveSibling(absolute.getFileName() + ".failed");
    }

    /**
     * After the commit, with the finished folder at {@code dir} (not yet at {@code target}): prints the report and the
     * verify; on failure puts {@code previous} back into the store, keeps the folder aside and throws.
     */
    void run(Repository repository, PreviousBuild previous, Path dir, Path target, BuildReport report,
             Supplier<Verifier.Report> verify) {
        report.print(out);
        out.println();
        out.println("verify " + target + ":");
        Verifier.Report result = verify.get();
        if (injected != null) {
            List<Verifier.Check> checks = new ArrayList<>(result.checks());
            checks.add(injected);
            result = new Verifier.Report(checks);
        }
        result.print(out);
        if (result.passed()) {
            return;
        }
        String failures;
        try {
            result.requirePassed();
            failures = "verification failed";
        } catch (LacunaException e) {
            failures = e.getMessage();
        }
        LOG.error("{}; putting the previous build back into the store", failures);
        previous.restore(repository);
        Path aside = failedFolder(target);
        try {
            if (Files.exists(aside)) {
                if (!Files.isRegularFile(aside.resolve(FAILED_NOTE))) {
                    throw new LacunaException(failures + ". Nothing was published: the store holds the previous build"
                            + " again; the failed folder was deleted, as " + aside + " exists and is not a failed build's folder");
                }
                OutputFolder.deleteTree(aside);
            }
            Files.writeString(dir.resolve(FAILED_NOTE), "This folder failed its build's verify and is no benchmark;"
                    + " the store holds the build before it.\n" + failures + "\n");
            Files.move(dir, aside);
        } catch (IOException e) {
            throw new LacunaException(failures + ". Nothing was published: the store holds the previous build again;"
                    + " the failed folder could not be kept aside: " + e.getMessage(), e);
        }
        throw new LacunaException(failures + ". Nothing was published: the store holds the previous build again, "
                + (Files.exists(target) ? target + " is as it was" : "nothing is at " + target)
                + ", and the failed folder is kept at " + aside + " for inspection");
    }
}
