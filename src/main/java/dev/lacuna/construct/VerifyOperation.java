package dev.lacuna.construct;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.store.StoreCheck;

/**
 * What {@code lacuna verify} does: the folder's checks ({@link Verifier}) and the store's index check
 * ({@link StoreCheck}) at the same time. They are two independent reads of the store, each about one core's work (at
 * 20M triples, minutes each); LMDB's readers do not wait for each other, so each runs on a core of its own.
 */
public final class VerifyOperation {
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
     * Verifies the folder at {@code dir} against {@code repository}. Should the folder's checks fail to run (bad
     * input), their error is thrown at once; the index check's thread is a daemon and ends with the store.
     */
    public static Result run(Repository repository, Path dir) {
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
        Verifier.Report folder = Verifier.verify(repository, dir);
        return new Result(folder, joined(check));
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
