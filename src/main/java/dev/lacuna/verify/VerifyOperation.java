package dev.lacuna.verify;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.eclipse.rdf4j.repository.Repository;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.folder.BuildRecord;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreCheck;

/**
 * What {@code lacuna verify} does: the folder's checks ({@link Verifier}) and the store's index check
 * ({@link StoreCheck}), both from one scan of the store. The index check counts the scan's statements on the scan's
 * thread, while another sorts them into the graphs the folder is compared with ({@link GraphScan}, through a
 * {@link StatementPipe}) beside the check's lookups by subject; then the folder's checks run beside the index
 * check's counts by predicate, both through the {@link CheckRunner}. At 20M triples, reading the graphs one by one beside the index check's own scan took
 * 210 s of verify's 304 s.
 */
public final class VerifyOperation {
    private static final Logger LOG = LoggerFactory.getLogger(VerifyOperation.class);
    /** Both reports; the folder's first, as they are printed. */
    public record Result(Verifier.Report folder, StoreCheck.Report store) {
        public void print(PrintStream out) {
            folder.print(out);
            store.print(out);
        }

        /** Throws, naming the failed checks, unless both passed. */
        public void requirePassed() {
            folder.requirePassed();
            store.requirePassed();
        }
    }

    private VerifyOperation() {
    }

    /**
     * Verifies the folder at {@code dir} against {@code repository}. A folder that cannot be read is reported (bad
     * input) before the store is read; a store behind HTTP is read graph by graph and its index check is skipped.
     */
    public static Result run(Repository repository, Path dir) {
        BenchmarkFolder folder = Verifier.folder(dir);
        KgGraphs kg = folder.summary().kgGraphs();
        Result result = run(repository, dir, folder, kg);
        // Said first, and instead of a guess from a leftover folder: the store knows a build was interrupted.
        return BuildRecord.interrupted(repository, kg)
                .map(i -> new Result(interruptedBuild(result.folder(), i), result.store())).orElse(result);
    }

    /**
     * The report with the store's own word first: a build of the folder's KG was interrupted after its commit, so
     * the store's graphs are that build's, unverified. It replaces the guess {@link RecordChecks#interruptedRename}
     * makes from a leftover folder (which called a folder that failed its verify "finished").
     */
    static Verifier.Report interruptedBuild(Verifier.Report report, BuildRecord.Interrupted interrupted) {
        List<Verifier.Check> checks = new ArrayList<>();
        checks.add(new Verifier.Check("no build of KG '" + interrupted.kg() + "' was interrupted after its commit", 1,
                List.of(interrupted.message())));
        report.checks().stream().filter(c -> !c.name().equals(Verifier.LEFTOVER_CHECK)).forEach(checks::add);
        return new Verifier.Report(checks);
    }

    private static Result run(Repository repository, Path dir, BenchmarkFolder folder, KgGraphs kg) {
        List<GraphRole> brokenRoles = BrokenGraphCheck.roles(folder.summary());
        try (StoreCheck.Pass pass = StoreCheck.start(repository)) {
            if (pass.skipped()) {
                return new Result(Verifier.verify(VerifyInput.fromStore(repository, dir)), pass.finish());
            }
            long started = System.nanoTime();
            GraphScan graphs = new GraphScan(kg, brokenRoles);
            try (StatementPipe pipe = new StatementPipe(graphs)) {
                pass.scan(pipe);
                pipe.finish();
            }
            GraphScan.Result read = graphs.finish();
            LOG.info("verify: one scan of the store read {} statements of the folder's graphs in {} s", graphs.statements(),
                    Reads.seconds(started));
            // The index check's counts by predicate beside the folder's checks, one more task of the same runner.
            List<Object> both = CheckRunner.all(List.<Callable<Object>>of(
                    () -> Verifier.verify(VerifyInput.scanned(repository, dir, read)), pass::finish));
            return new Result((Verifier.Report) both.get(0), (StoreCheck.Report) both.get(1));
        }
    }
}
