package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * verify compares what the store writes with a folder's file as it is written: every kind of difference is named
 * by its first line, as {@code name:line}, and only a byte-equal file passes.
 */
class FileComparisonTest {
    @TempDir
    Path dir;

    private Verifier.Check compare(byte[] file, String... writes) throws IOException {
        Path f = dir.resolve("f.tsv");
        Files.write(f, file);
        FileComparison c = new FileComparison("f.tsv", f);
        try (c) {
            for (String w : writes) {
                c.write(w);
            }
        }
        return c.check();
    }

    private Verifier.Check compare(String file, String... writes) throws IOException {
        return compare(file.getBytes(StandardCharsets.UTF_8), writes);
    }

    @Test
    void equalTextPassesHoweverItIsWritten() throws IOException {
        Verifier.Check c = compare("a\tb\nccc\n", "a", "\tb\nc", "cc\n");
        assertEquals(List.of(), c.failures());
        assertEquals(2, c.checked());
        assertEquals(List.of(), compare("a\nlast", "a\nlast").failures());
        assertEquals(List.of(), compare("", "").failures());
    }

    @Test
    void aChangedLineIsNamedWithBothTexts() throws IOException {
        assertEquals(List.of("f.tsv:2: 'cXc' differs from the store's 'ccc'"),
                compare("a\ncXc\nd\n", "a\nccc\nd\n").failures());
        assertEquals(List.of("f.tsv:1: 'ab' differs from the store's 'abc'"), compare("ab\n", "abc\n").failures());
        assertEquals(List.of("f.tsv:1: 'abcd' differs from the store's 'abc'"), compare("abcd\n", "abc\n").failures());
    }

    @Test
    void lineEndsAreCompared() throws IOException {
        assertEquals(List.of("f.tsv:1: 'a\\r' differs from the store's 'a'"), compare("a\r\nb\n", "a\nb\n").failures());
        assertEquals(List.of("f.tsv:2: 'b' differs from the store's 'b' (in its line end)"),
                compare("a\nb", "a\nb\n").failures());
        assertEquals(List.of("f.tsv:2: 'b' differs from the store's 'b' (in its line end)"),
                compare("a\nb\n", "a\nb").failures());
    }

    @Test
    void aShorterOrLongerFileIsNamed() throws IOException {
        assertEquals(List.of("f.tsv:2: file ends early; the store has more, from 'b'"),
                compare("a\n", "a\nb\nc\n").failures());
        assertEquals(List.of("f.tsv:3: line 'c' and what follows are not in the store"),
                compare("a\nb\nc\nd\n", "a\nb\n").failures());
        assertEquals(List.of("f.tsv:2: line '' and what follows are not in the store"),
                compare("a\n\n", "a\n").failures());
    }

    @Test
    void aMissingOrUnreadableFileFails() throws IOException {
        // The file is decoded a buffer at a time: the line named is where that buffer's lines begin.
        List<String> invalid = compare(new byte[] {'a', '\n', (byte) 0xC3, '(', '\n'}, "a\nb\n").failures();
        assertEquals(1, invalid.size());
        assertTrue(invalid.get(0).matches("f\\.tsv:\\d+: not valid UTF-8"), invalid.get(0));
        FileComparison c = new FileComparison("g.tsv", dir.resolve("g.tsv"));
        try (c) {
            c.write("a\n");
        }
        assertEquals(List.of("g.tsv: missing"), c.check().failures());
    }
}
