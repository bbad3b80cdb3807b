package dev.lacuna.folder;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.function.Predicate;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;
import dev.lacuna.OutputGuard;

/**
 * Writes an output folder all at once: everything goes to a hidden sibling folder first, which is renamed
 * into place only when complete. A build killed midway leaves at most a stale {@code .DIR.partial-*}
 * folder (removed by the next run), never a half-written DIR.
 */
public final class OutputFolder {

    /** Fills the folder it is given. */
    @FunctionalInterface
    public interface Writer {
        void write(Path folder) throws IOException;
    }

    /**
     * Which existing folder {@code --force} may replace: one that the same kind of command wrote, recognised by
     * {@code test}; {@code what} names it in the refusal.
     */
    public record Replaceable(String what, Predicate<Path> test) {
    }

    private OutputFolder() {
    }

    /**
     * Refuses an existing folder unless force, and with force replaces only a folder that is a Lacuna
     * benchmark: {@code --force --out .} once deleted the working folder with the store in it, and
     * {@code --force} emptied any folder at all. The output may also never be, hold or sit inside one of
     * {@code protectedFolders} (the store's folder) nor be the current folder or one of its ancestors,
     * because replacing it would delete what the build is reading from or running in.
     */
    public static void checkTarget(Path dir, boolean force, List<Path> protectedFolders,
                                   Replaceable replaceable) {
        Path target = real(dir);
        Path cwd = real(Path.of(""));
        if (cwd.startsWith(target)) {
            throw new BadInputException(dir.toString(), -1, -1,
                    "output folder is the current folder or one of its ancestors; choose a new folder for --out");
        }
        for (Path p : protectedFolders) {
            Path store = real(p);
            if (store.startsWith(target) || target.startsWith(store)) {
                throw new BadInputException(dir.toString(), -1, -1, "output folder " + (store.startsWith(target)
                        ? "holds the store " + p : "lies inside the store " + p) + "; choose another folder for --out");
            }
        }
        if (!Files.exists(dir)) {
            return;
        }
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(dir.toString(), -1, -1, "output path exists and is not a folder");
        }
        if (!force) {
            throw new BadInputException(dir.toString(), -1, -1, "output folder exists; use --force to replace it");
        }
        if (!replaceable.test().test(dir)) {
            throw new BadInputException(dir.toString(), -1, -1, "output folder exists and is not " + replaceable.what()
                    + "; --force replaces only such a folder, so remove it yourself or choose another folder");
        }
    }

    /** The real path of the deepest existing ancestor, with the rest appended: symlinks and .. resolved. */
    static Path real(Path p) {
        return OutputGuard.real(p);
    }

    public static void write(Path dir, boolean force, Replaceable replaceable, Writer writer) {
        checkTarget(dir, force, List.of(), replaceable);
        Path absolute = dir.toAbsolutePath().normalize();
        Path parent = absolute.getParent();
        String name = absolute.getFileName().toString();
        try {
            Files.createDirectories(parent);
            removeStale(parent, name);
            Path partial = parent.resolve("." + name + ".partial-" + ProcessHandle.current().pid());
            Files.createDirectories(partial);
            try {
                writer.write(partial);
            } catch (IOException | RuntimeException e) {
                deleteTree(partial);
                throw e;
            }
            Path old = null;
            if (Files.exists(absolute)) {
                old = parent.resolve("." + name + ".old-" + ProcessHandle.current().pid());
                move(absolute, old);
            }
            move(partial, absolute);
            if (old != null) {
                deleteTree(old);
            }
        } catch (IOException e) {
            throw new LacunaException("cannot write output folder " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The finished folders that runs writing {@code dir} left beside it, {@code .NAME.partial-PID} holding a
     * summary.json: a run killed between its last step and the rename into place leaves one (the next run removes it).
     */
    public static List<Path> leftovers(Path dir) {
        Path absolute = dir.toAbsolutePath().normalize();
        Path parent = absolute.getParent();
        if (parent == null || absolute.getFileName() == null || !Files.isDirectory(parent)) {
            return List.of();
        }
        String prefix = "." + absolute.getFileName() + ".partial-";
        try (var entries = Files.list(parent)) {
            return entries.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .filter(p -> Files.isRegularFile(p.resolve("summary.json"))).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to);
        }
    }

    private static void removeStale(Path parent, String name) throws IOException {
        try (var entries = Files.list(parent)) {
            for (Path p : entries.toList()) {
                String n = p.getFileName().toString();
                if (n.startsWith("." + name + ".partial-") || n.startsWith("." + name + ".old-")) {
                    deleteTree(p);
                }
            }
        }
    }

    public static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
                if (exc != null) {
                    throw exc;
                }
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }

}
