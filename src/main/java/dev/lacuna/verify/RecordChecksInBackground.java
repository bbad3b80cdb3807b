package dev.lacuna.verify;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.BadInputException;
import dev.lacuna.Failures;
import dev.lacuna.LacunaException;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.questions.Splitter;
import dev.lacuna.store.KgGraphs;

/**
 * The checks of verify that hold the folder to the store's records ({@link FolderChecks#questionsMatchStore},
 * {@link RecordChecks}, {@link FolderChecks#summaryCounts}), run on a thread and connection of their own while verify
 * asks the store about triples and rules: they read the benchmark graph and the files, the other checks the KG
 * graphs, and neither waits for the other. At FB15k-237 each side is seconds of one core's work. The checks and
 * their order in the report are those of running them in turn; an error they meet is thrown by {@link #checks()}.
 */
final class RecordChecksInBackground {
    private final CompletableFuture<List<Verifier.Check>> result = new CompletableFuture<>();

    private RecordChecksInBackground() {
    }

    static RecordChecksInBackground start(Repository repository, KgGraphs kg, BenchmarkFolder folder, Splitter.Split split,
                                          long removed) {
        RecordChecksInBackground background = new RecordChecksInBackground();
        Thread thread = new Thread(() -> {
            try {
                background.result.complete(run(repository, kg, folder, split, removed));
            } catch (Throwable e) {
                background.result.completeExceptionally(e);
            }
        }, "lacuna-verify-records");
        thread.setDaemon(true); // ends with the JVM should verify's own thread fail before it asks for the result
        thread.start();
        return background;
    }

    private static List<Verifier.Check> run(Repository repository, KgGraphs kg, BenchmarkFolder folder,
                                            Splitter.Split split, long removed) {
        List<Verifier.Check> checks = new ArrayList<>();
        try (RepositoryConnection conn = repository.getConnection()) {
            checks.add(FolderChecks.questionsMatchStore(conn, kg, split));
            checks.addAll(RecordChecks.all(conn, kg, folder, split));
            try {
                checks.add(FolderChecks.summaryCounts(conn, kg, folder, split, removed));
            } catch (IOException e) {
                throw new BadInputException(folder.summaryFile().toString(), -1, -1, "cannot read: " + e.getMessage());
            }
        }
        return checks;
    }

    /** The finished checks, in the order they ran; waits for them. */
    List<Verifier.Check> checks() {
        try {
            return result.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LacunaException("verify interrupted", e);
        } catch (ExecutionException e) {
            throw Failures.rethrown(e.getCause(), "verify");
        }
    }
}
