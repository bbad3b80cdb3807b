package dev.lacuna;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file whole or not at all: the text goes to a temporary sibling that is moved over the target
 * only when written and flushed, so a full disk or a failed write leaves the old file (or none), never a
 * 0-byte or half report.
 */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    public static void writeString(Path file, String text) {
        Path absolute = file.toAbsolutePath();
        Path parent = absolute.getParent();
        Path temp = null;
        try {
            Files.createDirectories(parent);
            temp = Files.createTempFile(parent, "." + absolute.getFileName() + ".", ".tmp");
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            try (var channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            try {
                Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
            temp = null;
        } catch (IOException e) {
            throw new LacunaException("cannot write " + file + ": " + e.getMessage(), e);
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // the write already failed; that error is the one to report
                }
            }
        }
    }

    /**
     * Whether two paths name the same file, through symbolic links, relative paths and hard links; a path
     * that does not exist yet is compared by its real parent folder and name.
     */
    public static boolean sameFile(Path a, Path b) {
        try {
            if (Files.exists(a) && Files.exists(b)) {
                return Files.isSameFile(a, b);
            }
        } catch (IOException e) {
            // fall through to comparing names
        }
        return real(a).equals(real(b));
    }

    private static Path real(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        try {
            return parent != null && Files.exists(parent) ? parent.toRealPath().resolve(abs.getFileName()) : abs;
        } catch (IOException e) {
            return abs;
        }
    }
}
