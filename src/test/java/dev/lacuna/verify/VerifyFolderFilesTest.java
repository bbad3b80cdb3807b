package dev.lacuna.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import dev.lacuna.BadInputException;
import dev.lacuna.ExitCodes;

/**
 * Every file of a benchmark is held byte for byte, the order of the question lines included; a file verify cannot
 * read as a plain file (a FIFO, which would block the read for good, a folder, a file without read permission)
 * is bad input naming it, before anything is read.
 */
class VerifyFolderFilesTest extends TamperedFolderTest {
    @Test
    void twoSwappedQuestionLinesFail() throws Exception {
        Path dir = copy();
        edit(dir.resolve("questions/train.jsonl"), lines -> {
            String first = lines.get(0);
            lines.set(0, lines.get(1));
            lines.set(1, first);
            return lines;
        });
        fails(dir, "questions/train.jsonl");
    }

    @Test
    void aFifoInPlaceOfAQuestionFileIsRefusedAtOnce() throws Exception {
        Path dir = copy();
        Path valid = dir.resolve("questions/valid.jsonl");
        Files.delete(valid);
        Process mkfifo = new ProcessBuilder("mkfifo", valid.toString()).start();
        Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo is not available");
        BadInputException e = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> assertThrows(BadInputException.class, () -> Verifier.verify(repository, dir)));
        assertEquals(ExitCodes.USAGE, e.exitCode());
        assertTrue(e.getMessage().contains(valid.toString()) && e.getMessage().contains("not a regular file"), e.getMessage());
    }

    @Test
    void aFolderInPlaceOfAFileIsRefused() throws Exception {
        Path dir = copy();
        Path test = dir.resolve("questions/test.jsonl");
        Files.delete(test);
        Files.createDirectory(test);
        BadInputException e = assertThrows(BadInputException.class, () -> Verifier.verify(repository, dir));
        assertTrue(e.getMessage().contains(test.toString()), e.getMessage());
    }

    @Test
    void anUnreadableFileIsRefusedByName() throws Exception {
        Assumptions.assumeFalse("root".equals(System.getProperty("user.name")), "root reads any file");
        for (String name : new String[] {"questions/train.jsonl", "kg/removed.tsv", "summary.json"}) {
            Path dir = copy(name.replace('/', '-'));
            Path file = dir.resolve(name);
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("-w-------"));
            BadInputException e = assertThrows(BadInputException.class, () -> Verifier.verify(repository, dir));
            assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        }
    }
}
