package dev.lacuna.store;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.rdf4j.repository.Repository;

import dev.lacuna.LacunaException;

/**
 * A check before a large write into an embedded store: a NativeStore that runs out of disk halfway through a
 * commit is left unopenable ("Trying to remove largest value from an empty node"), older KGs included, so a
 * write that cannot fit is refused before the store is touched. The estimate is generous: measured, a
 * NativeStore grows by about 75 bytes per statement (two indexes and the values) and an LMDB store by less.
 */
public final class FreeSpace {
    static final long BYTES_PER_STATEMENT = 150;
    private static final long MARGIN = 1L << 20;

    private FreeSpace() {
    }

    /** Refuses when the store's file system has less room than {@code statements} need; no-op for other stores. */
    public static void require(Repository repository, long statements, String what) {
        File dir = dataDir(repository);
        long free = free(dir);
        long needed = needed(statements);
        if (dir != null && free >= 0 && free < needed) {
            throw new LacunaException(String.format("not enough free disk space for %s: %,d statements need about %s"
                    + " in %s, which has %s free; the store was not changed", what, statements, size(needed), dir,
                    size(free)));
        }
    }

    /**
     * After a write of about {@code statements} into the store failed: "No space left on device" with the store's
     * folder and its free space, when the failure says so or the disk, looked at now, has less room than the write
     * needed (LMDB reports a full disk at commit as "Input/output error"); else the failure's own deepest message.
     */
    public static String explain(Repository repository, long statements, Throwable failure) {
        File dir = dataDir(repository);
        long free = free(dir);
        boolean saysFull = false;
        String root = null;
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            saysFull |= String.valueOf(t.getMessage()).contains("No space left on device");
            root = t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
        }
        if (dir != null && (saysFull || free >= 0 && free < needed(statements))) {
            return "No space left on device: the store's folder " + dir + " has " + (free < 0 ? "an unknown amount"
                    : size(free)) + " free after the failed write (of " + String.format("%,d", statements)
                    + " statements, about " + size(needed(statements)) + ")";
        }
        return root;
    }

    /** The folder of an embedded store, or null for a memory or remote one. */
    private static File dataDir(Repository repository) {
        return StoreKinds.config(repository).folder().map(Path::toFile).orElse(null);
    }

    private static long free(File dir) {
        try {
            return dir == null ? -1 : Files.getFileStore(dir.toPath()).getUsableSpace();
        } catch (IOException e) {
            return -1; // unknown: the write itself reports a full disk
        }
    }

    private static long needed(long statements) {
        return statements * BYTES_PER_STATEMENT + MARGIN;
    }

    private static String size(long bytes) {
        return bytes >= 10L << 20 ? String.format("%,d MB", bytes >> 20) : String.format("%,d KB", bytes >> 10);
    }
}
