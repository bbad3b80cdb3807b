package dev.lacuna;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @Test
    void aFailedWriteKeepsTheOldFileAndLeavesNoTemporary(@TempDir Path dir) throws IOException {
        Path report = Files.writeString(dir.resolve("report.md"), "old report");
        // an unpaired surrogate cannot be encoded: the write fails after it started, like a full disk
        assertThrows(LacunaException.class, () -> AtomicFiles.writeString(report, "new\n\uD800 report"));
        assertEquals("old report", Files.readString(report));
        try (var files = Files.list(dir)) {
            assertEquals(List.of(report), files.toList());
        }
        Path fresh = dir.resolve("fresh.md");
        assertThrows(LacunaException.class, () -> AtomicFiles.writeString(fresh, "\uD800"));
        assertFalse(Files.exists(fresh), "no 0-byte report");
        AtomicFiles.writeString(fresh, "ok");
        assertEquals("ok", Files.readString(fresh));
    }

    /**
     * A file moved into place has the permissions a plain write would leave: the umask's for a new file (whatever
     * the umask, found by a plain create beside it), the old file's for one replaced; never the 0600 of a temporary
     * file.
     */
    @Test
    void aFileMovedIntoPlaceHasThePermissionsOfAPlainWrite(@TempDir Path dir) throws IOException {
        Set<PosixFilePermission> plain = Files.getPosixFilePermissions(Files.createFile(dir.resolve("plain.txt")));
        Path fresh = dir.resolve("fresh.md");
        AtomicFiles.writeString(fresh, "new");
        assertEquals(plain, Files.getPosixFilePermissions(fresh));
        Path kept = Files.writeString(dir.resolve("kept.md"), "old");
        Set<PosixFilePermission> groupRead = PosixFilePermissions.fromString("rw-r-----");
        Files.setPosixFilePermissions(kept, groupRead);
        AtomicFiles.writeString(kept, "new");
        assertEquals(groupRead, Files.getPosixFilePermissions(kept));
        assertEquals("new", Files.readString(kept));
    }

    @Test
    void sameFileThroughLinksAndRelativePaths(@TempDir Path dir) throws IOException {
        Path p = Files.writeString(dir.resolve("p.jsonl"), "{}");
        Path link = Files.createSymbolicLink(dir.resolve("link.jsonl"), p);
        assertTrue(AtomicFiles.sameFile(p, link));
        assertTrue(AtomicFiles.sameFile(p, dir.resolve("sub/../p.jsonl")));
        assertTrue(AtomicFiles.sameFile(p, Path.of("").toAbsolutePath().relativize(p)));
        assertFalse(AtomicFiles.sameFile(p, dir.resolve("other.jsonl")));
        assertThrows(BadInputException.class, () -> OutputGuard.refuseInputs("--output", link, List.of(p)));
    }
}
