package dev.lacuna.build;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;

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

    private OutputFolder() {
    }

    /** Refuses an existing folder unless force; checked before any work starts. */
    public static void checkTarget(Path dir, boolean force) {
        if (Files.exists(dir) && !force) {
            throw new BadInputException(dir.toString(), -1, -1, "output folder exists; use --force to replace it");
        }
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new BadInputException(dir.toString(), -1, -1, "output path exists and is not a folder");
        }
    }

    public static void write(Path dir, boolean force, Writer writer) {
        checkTarget(dir, force);
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
