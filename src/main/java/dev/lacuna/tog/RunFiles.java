package dev.lacuna.tog;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.lacuna.LacunaException;
import dev.lacuna.folder.OutputFolder;

/**
 * A run's files (ToG's file, its trace, timings and run.json), written all or nothing into a folder that may hold
 * other runs: all are written in full into {@code .RUN.partial-PID} inside the folder first, then an earlier run's
 * files are moved aside into {@code .RUN.old-PID} and the new ones moved into place. A failure at any step puts the
 * earlier run's files back, so a folder never holds a new ToG file beside an earlier run's trace. A process killed
 * during the moves (a few renames) leaves both hidden folders; the next run into the folder finds them and puts the
 * earlier run's files back before it writes.
 */
final class RunFiles {
    /** In the partial folder: the names of the run's files, one a line, for the recovery after a kill. */
    private static final String NAMES = ".names";

    private RunFiles() {
    }

    /** Writes {@code files} (name to UTF-8 text) into {@code folder} as one run called {@code run}. */
    static void replace(Path folder, String run, Map<String, String> files) {
        Path dir = folder.toAbsolutePath().normalize();
        long pid = ProcessHandle.current().pid();
        Path partial = dir.resolve("." + run + ".partial-" + pid);
        Path old = dir.resolve("." + run + ".old-" + pid);
        try {
            Files.createDirectories(dir);
            recover(dir, run);
            Files.createDirectory(partial);
            write(partial.resolve(NAMES), String.join("\n", files.keySet()) + "\n");
            for (Map.Entry<String, String> f : files.entrySet()) {
                write(partial.resolve(f.getKey()), f.getValue());
            }
        } catch (IOException e) {
            delete(partial);
            throw new LacunaException("cannot write " + folder + ": " + e.getMessage(), e);
        }
        List<String> asideOld = new ArrayList<>();
        List<String> placed = new ArrayList<>();
        try {
            Files.createDirectory(old);
            for (String name : files.keySet()) {
                if (Files.exists(dir.resolve(name), LinkOption.NOFOLLOW_LINKS)) {
                    move(dir.resolve(name), old.resolve(name));
                    asideOld.add(name);
                }
            }
            for (String name : files.keySet()) {
                move(partial.resolve(name), dir.resolve(name));
                placed.add(name);
            }
        } catch (IOException e) {
            try {
                for (String name : placed) {
                    Files.delete(dir.resolve(name));
                }
                for (String name : asideOld) {
                    move(old.resolve(name), dir.resolve(name));
                }
            } catch (IOException again) {
                e.addSuppressed(again);
                throw new LacunaException("cannot write " + folder + " (" + e.getMessage() + "), and cannot put the "
                        + "earlier run's files back from " + old + ": " + again.getMessage(), e);
            }
            delete(partial);
            delete(old);
            throw new LacunaException("cannot write " + folder + ": " + e.getMessage() + " (the earlier run's files "
                    + "are kept)", e);
        }
        // The partial folder goes first: an old folder without one means the moves finished.
        delete(partial);
        delete(old);
    }

    /**
     * Puts back what a run killed during its moves left: where {@code .RUN.old-PID} still has its
     * {@code .RUN.partial-PID}, the moves did not finish, so the new files that made it are taken out and the earlier
     * ones moved back. Folders of a process that is still running are left alone.
     */
    static void recover(Path dir, String run) throws IOException {
        String oldPrefix = "." + run + ".old-";
        String partialPrefix = "." + run + ".partial-";
        List<Path> entries;
        try (var list = Files.list(dir)) {
            entries = list.toList();
        }
        for (Path p : entries) {
            String name = p.getFileName().toString();
            if (name.startsWith(oldPrefix) && !running(name.substring(oldPrefix.length()))) {
                Path partial = dir.resolve(partialPrefix + name.substring(oldPrefix.length()));
                Path names = partial.resolve(NAMES);
                if (Files.isRegularFile(names)) {
                    for (String file : Files.readAllLines(names, StandardCharsets.UTF_8)) {
                        if (file.isEmpty() || file.contains("/")) {
                            continue;
                        }
                        if (Files.exists(p.resolve(file), LinkOption.NOFOLLOW_LINKS)) {
                            Files.move(p.resolve(file), dir.resolve(file), StandardCopyOption.REPLACE_EXISTING);
                        } else if (!Files.exists(partial.resolve(file), LinkOption.NOFOLLOW_LINKS)) {
                            Files.deleteIfExists(dir.resolve(file));
                        }
                    }
                }
                delete(partial);
                delete(p);
            }
        }
        for (Path p : entries) {
            String name = p.getFileName().toString();
            if (name.startsWith(partialPrefix) && !running(name.substring(partialPrefix.length()))) {
                delete(p);
            }
        }
    }

    /** Whether the process of that id (a folder's suffix) is running and is not this one. */
    private static boolean running(String pid) {
        try {
            long id = Long.parseLong(pid);
            return id != ProcessHandle.current().pid() && ProcessHandle.of(id).map(ProcessHandle::isAlive).orElse(false);
        } catch (NumberFormatException e) {
            return true;
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    private static void delete(Path p) {
        try {
            OutputFolder.deleteTree(p);
        } catch (IOException e) {
            // Left behind for the next run to remove; the run's outcome does not depend on it.
        }
    }
}
