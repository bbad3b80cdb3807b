package dev.lacuna.folder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import dev.lacuna.BadInputException;

/**
 * What a folder must be before any of its files is opened: every entry a folder or a regular file (through
 * symbolic links) that this user may read. A FIFO opened for reading blocks until someone writes to it, for good
 * if no one does; a device reads without end; a file without read permission fails halfway through a check.
 * Each is bad input naming the file, found before anything is read.
 */
public final class RegularFiles {
    /** Deeper than any benchmark folder; a link loop or a planted tree stops here. */
    private static final int MAX_DEPTH = 8;

    private RegularFiles() {
    }

    /** Refuses (exit 2, naming it) the first entry of {@code dir} that is neither a folder nor a readable regular file. */
    public static void require(Path dir) {
        List<Path> entries;
        try (Stream<Path> walk = Files.walk(dir, MAX_DEPTH)) {
            entries = walk.sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            IOException cause = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
            throw new BadInputException(dir.toString(), -1, -1, "cannot list the folder: " + cause);
        }
        for (Path p : entries) {
            if (Files.isDirectory(p)) {
                if (!Files.isReadable(p) || !Files.isExecutable(p)) {
                    throw new BadInputException(p.toString(), -1, -1, "cannot read this folder (permissions)");
                }
            } else if (!Files.isRegularFile(p)) {
                throw new BadInputException(p.toString(), -1, -1, "not a regular file (a FIFO, device, socket or "
                        + "broken link): a benchmark folder holds plain files only");
            } else if (!Files.isReadable(p)) {
                throw new BadInputException(p.toString(), -1, -1, "cannot read this file (permissions)");
            }
        }
    }
}
