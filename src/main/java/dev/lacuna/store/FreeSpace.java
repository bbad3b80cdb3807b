package dev.lacuna.store;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.sail.SailRepository;

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
        File dir = repository instanceof SailRepository sail ? sail.getSail().getDataDir() : null;
        if (dir == null) {
            return;
        }
        long needed = statements * BYTES_PER_STATEMENT + MARGIN;
        long free;
        try {
            free = Files.getFileStore(dir.toPath()).getUsableSpace();
        } catch (IOException e) {
            return; // unknown: the write itself will report a full disk
        }
        if (free < needed) {
            throw new LacunaException(String.format("not enough free disk space for %s: %,d statements need about %,d MB"
                    + " in %s, which has %,d MB free; the store was not changed", what, statements, needed >> 20, dir, free >> 20));
        }
    }
}
