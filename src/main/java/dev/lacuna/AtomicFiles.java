package dev.lacuna;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.security.SecureRandom;

/**
 * Writes a file whole or not at all: the text goes to a temporary sibling that is moved over the target
 * only when written and flushed, so a full disk or a failed write leaves the old file (or none), never a
 * 0-byte or half report. The sibling gets the permissions a plain write would leave: those of the file it replaces,
 * or for a new file what the umask gives ({@link #newSibling}); {@code Files.createTempFile} makes 0600 files, and a
 * benchmark's rules.tsv was 0600 among 0644 files.
 */
public final class AtomicFiles {
    private static final SecureRandom NAMES = new SecureRandom();

    private AtomicFiles() {
    }

    /**
     * A new empty file in {@code target}'s folder, named {@code .NAME.RANDOM.tmp}, to be written and moved over the
     * target: created as a plain create makes a file (mode 0666 less the umask), then given the target's permissions
     * when the target exists, so that moving it into place changes no permission.
     */
    public static Path newSibling(Path target) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path parent = absolute.getParent();
        for (int attempt = 0; ; attempt++) {
            Path temp = parent.resolve("." + absolute.getFileName() + "." + Long.toUnsignedString(NAMES.nextLong(), 36)
                    + ".tmp");
            try {
                Files.createFile(temp);
            } catch (FileAlreadyExistsException e) {
                if (attempt < 100) {
                    continue;
                }
                throw e;
            }
            try {
                if (Files.isRegularFile(absolute) && Files.getFileStore(temp).supportsFileAttributeView(PosixFileAttributeView.class)) {
                    Files.setPosixFilePermissions(temp, Files.getPosixFilePermissions(absolute));
                }
            } catch (IOException | UnsupportedOperationException e) {
                // the umask's permissions stay: the write itself is what matters
            }
            return temp;
        }
    }

    public static void writeString(Path file, String text) {
        Path absolute = file.toAbsolutePath();
        Path parent = absolute.getParent();
        Path temp = null;
        try {
            Files.createDirectories(parent);
            temp = newSibling(absolute);
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
