package dev.lacuna.serve;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.AtomicFiles;
import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;
import dev.lacuna.Warnings;

/**
 * The {@code --keep-updates} file of a writable run: written when the endpoint starts (no change yet), again after
 * every update that changed something, and a last time at stop, each time whole and atomically
 * ({@link AtomicFiles}: the old text or the new, never half). Writing it only at stop lost every change of a run
 * when that one write failed. Writes after updates run on a thread of their own, at most one at a time and one
 * waiting, so a burst of updates costs one write, not one each. A write that fails is warned about and tried again
 * at the next change; the last one, at stop, falls back to a file in the temporary folder, named in the warning.
 */
final class KeepFile {
    private static final Logger LOG = LoggerFactory.getLogger(KeepFile.class);

    private final Path file;
    private final Supplier<String> text;
    private final ExecutorService writer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "lacuna-keep-updates");
        t.setDaemon(true);
        return t;
    });
    private final AtomicBoolean pending = new AtomicBoolean();
    /** The last failure warned about, so that one broken disk is not warned about at every update. */
    private String failure;

    private KeepFile(Path file, Supplier<String> text) {
        this.file = file;
        this.text = text;
    }

    /** Writes the file now; one that cannot be written is bad input (exit 2), found before anything is served. */
    static KeepFile start(Path file, Supplier<String> text) {
        KeepFile keep = new KeepFile(file, text);
        try {
            AtomicFiles.writeString(file, text.get());
        } catch (LacunaException e) {
            keep.writer.shutdownNow();
            throw new BadInputException(file.toString(), -1, -1, "--keep-updates " + file + " cannot be written: "
                    + e.getMessage() + "; nothing was served");
        }
        LOG.info("the run's changes are kept in {}, written again after every update that changes something", file);
        return keep;
    }

    /** Something changed: the file is written again soon, on the writer's thread. */
    void changed() {
        if (pending.compareAndSet(false, true)) {
            writer.execute(() -> {
                pending.set(false);
                write();
            });
        }
    }

    private synchronized boolean write() {
        try {
            AtomicFiles.writeString(file, text.get());
            if (failure != null) {
                LOG.info("{} written again", file);
                failure = null;
            }
            return true;
        } catch (RuntimeException e) {
            if (!String.valueOf(e.getMessage()).equals(failure)) {
                failure = String.valueOf(e.getMessage());
                Warnings.warn("could not write the run's changes to --keep-updates {}: {}; trying again at the next"
                        + " update and at stop", file, failure);
            }
            return false;
        }
    }

    /**
     * The last write, after the last update: returns the file written, the fallback in the temporary folder when
     * the file could not be written, or null when neither could (said in an error line with the reason).
     */
    Path finish() {
        writer.shutdown();
        try {
            if (!writer.awaitTermination(1, TimeUnit.MINUTES)) {
                LOG.warn("a write of {} still runs after a minute; writing it once more", file);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (write()) {
            return file;
        }
        Path fallback = Path.of(System.getProperty("java.io.tmpdir"), "lacuna-keep-updates-"
                + ProcessHandle.current().pid() + ".ru");
        try {
            AtomicFiles.writeString(fallback, text.get());
            Warnings.warn("--keep-updates {} could not be written at stop ({}): this run's changes are in {} instead",
                    file, failure, fallback);
            return fallback;
        } catch (RuntimeException e) {
            LOG.error("this run's changes could be written neither to {} ({}) nor to {} ({}){}", file, failure,
                    fallback, e.getMessage(), Files.exists(file) ? "; " + file + " holds them as last written" : "");
            return null;
        }
    }
}
