package dev.lacuna.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Writer;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * verify compares what the store writes with a folder's file as it is written: every kind of difference is named
 * by its first line, as {@code name:line}, and only a byte-equal file passes. The comparison is of bytes a block
 * at a time: differences at and across a block's ends, and chars split across writes, are named as any other.
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

    private static final int BLOCK = FileComparison.BLOCK;

    /** TSV-like lines of varied length, ASCII, more than {@code bytes} long: block ends fall anywhere in a line. */
    private static String lines(int bytes) {
        StringBuilder out = new StringBuilder(bytes + 64);
        for (int i = 0; out.length() <= bytes; i++) {
            out.append(i * 7919L % 100_003).append("\t/r/").append("x".repeat(i % 13)).append('\t').append(i).append('\n');
        }
        return out.toString();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** The text cut into writes of {@code size} chars. */
    private static String[] chunks(String text, int size) {
        String[] out = new String[(text.length() + size - 1) / size];
        for (int i = 0; i < out.length; i++) {
            out[i] = text.substring(i * size, Math.min(text.length(), (i + 1) * size));
        }
        return out;
    }

    private static int lineNumber(String text, int at) {
        return (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }

    /** The line of {@code text} that holds {@code at}, without its LF. */
    private static String lineAround(String text, int at) {
        int end = text.indexOf('\n', at);
        return text.substring(text.lastIndexOf('\n', at - 1) + 1, end < 0 ? text.length() : end);
    }

    /** Compares the file with what {@code write} writes, through the writer's own methods. */
    private Verifier.Check compare(byte[] file, WriteTo write) throws IOException {
        Path f = dir.resolve("f.tsv");
        Files.write(f, file);
        FileComparison c = new FileComparison("f.tsv", f);
        try (c) {
            write.to(c);
        }
        return c.check();
    }

    @FunctionalInterface
    private interface WriteTo {
        void to(Writer w) throws IOException;
    }

    @Test
    void equalTextOfManyBlocksPassesWithItsLinesCounted() throws IOException {
        String text = lines(3 * BLOCK + 100);
        long count = text.chars().filter(c -> c == '\n').count();
        for (int size : new int[] {1, 4097, BLOCK, text.length()}) {
            Verifier.Check c = compare(ascii(text), chunks(text, size));
            assertEquals(List.of(), c.failures(), "writes of " + size);
            assertEquals(count, c.checked(), "writes of " + size);
        }
        Verifier.Check appended = compare(ascii(text), w -> {
            for (String line : text.split("(?<=\n)")) {
                w.append(new StringBuilder(line));
            }
        });
        assertEquals(List.of(), appended.failures());
        assertEquals(count, appended.checked());
        assertEquals(List.of(), compare(ascii(text), w -> w.append(CharBuffer.wrap(text))).failures());
        assertEquals(List.of(), compare(ascii(text), w -> w.write(text.toCharArray(), 0, text.length())).failures());
    }

    @Test
    void aDifferenceAtOrNextToABlockEndIsNamedWithItsLine() throws IOException {
        String text = lines(3 * BLOCK);
        for (int at : new int[] {BLOCK - 1, BLOCK, BLOCK + 1, 2 * BLOCK, text.indexOf('\n', BLOCK)}) {
            byte[] file = ascii(text);
            file[at] = 'X';
            String changed = new String(file, StandardCharsets.US_ASCII);
            String expected = "f.tsv:" + lineNumber(text, at) + ": '" + lineAround(changed, at)
                    + "' differs from the store's '" + lineAround(text, at) + "'";
            for (int size : new int[] {1, 1000, text.length()}) {
                Verifier.Check c = compare(file, chunks(text, size));
                assertEquals(List.of(expected), c.failures(), "byte " + at + ", writes of " + size);
                assertEquals(lineNumber(text, at), c.checked());
            }
        }
    }

    @Test
    void aLineLongerThanABlockIsComparedWhole() throws IOException {
        String line = "a".repeat(3 * BLOCK + 17);
        String text = "head\n" + line + "\nz\n";
        assertEquals(List.of(), compare(ascii(text), text).failures());
        assertEquals(3, compare(ascii(text), chunks(text, 1000)).checked());
        String shown = "a".repeat(117) + "...";
        byte[] changed = ascii(text);
        changed[5 + 2 * BLOCK + 5] = 'b';
        assertEquals(List.of("f.tsv:2: '" + shown + "' differs from the store's '" + shown + "'"),
                compare(changed, chunks(text, 1000)).failures());
        assertEquals(List.of("f.tsv:2: '" + shown + "' differs from the store's '" + shown + "' (in its line end)"),
                compare(ascii("head\n" + line), "head\n" + line + "\n").failures());
        assertEquals(List.of("f.tsv:3: 'z' differs from the store's 'y'"), compare(ascii(text), "head\n" + line + "\ny\n").failures());
        // A file line without an LF, longer than what is kept of it, is still named.
        assertEquals(List.of("f.tsv:2: '" + "x".repeat(117) + "...' differs from the store's 'y'"),
                compare(ascii("a\n" + "x".repeat(3 << 20)), "a\ny\n").failures());
    }

    @Test
    void charsOfManyBytesMatchHoweverTheyAreSplitAcrossWrites() throws IOException {
        String line = "a\uD83D\uDE00\u00E9\u6771\n";
        byte[] file = line.getBytes(StandardCharsets.UTF_8);
        assertEquals(List.of(), compare(file, "a\uD83D", "\uDE00\u00E9", "\u6771\n").failures());
        assertEquals(List.of(), compare(file, w -> line.chars().forEach(c -> write(w, c))).failures());
        assertEquals(List.of("f.tsv:1: 'a\uD83D\uDE00' differs from the store's 'a\uD83D\uDE01'"),
                compare("a\uD83D\uDE00\n", "a\uD83D", "\uDE01\n").failures());
        assertEquals(List.of("f.tsv:1: 'caf\u00E9' differs from the store's 'caf\u00E8'"),
                compare("caf\u00E9\n", "caf\u00E8\n").failures());
        // Pairs and 3-byte chars land on every offset of the encoding buffer's end, written at once and a char at a time.
        StringBuilder many = new StringBuilder();
        for (int i = 0; many.length() < 3 * BLOCK; i++) {
            many.append("x".repeat(i % 5)).append("\uD83D\uDE00\u00E9\u6771\n");
        }
        String text = many.toString();
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assertEquals(List.of(), compare(bytes, text).failures());
        assertEquals(List.of(), compare(bytes, w -> text.chars().forEach(c -> write(w, c))).failures());
        assertEquals(List.of(), compare(bytes, chunks(text, 4097)).failures());
    }

    @Test
    void aSurrogateWithoutItsPairNeverMatches() throws IOException {
        assertEquals(List.of("f.tsv:1: 'a?' differs from the store's 'a\uFFFD'"), compare("a?\n", "a\uD83D\n").failures());
        assertEquals(List.of("f.tsv:1: not valid UTF-8"), compare(new byte[] {'a', (byte) 0xFF, '\n'}, "a\uD83D\n").failures());
        assertEquals(List.of("f.tsv:2: not valid UTF-8"), compare(new byte[] {'b', '\n', 'a', (byte) 0xFF}, "b\na\uD83D").failures());
        assertEquals(List.of("f.tsv:1: not valid UTF-8"), compare(new byte[] {'a', (byte) 0xFF, '\n'}, "a\uDE00\n").failures());
    }

    @Test
    void aFileLongerOrShorterByOneByteFails() throws IOException {
        String text = lines(2 * BLOCK + 50);
        int n = lineNumber(text, text.length() - 1);
        String last = lineAround(text, text.length() - 1);
        assertEquals(List.of("f.tsv:" + (n + 1) + ": line 'x' and what follows are not in the store"),
                compare(ascii(text + "x"), chunks(text, 777)).failures());
        assertEquals(List.of("f.tsv:" + n + ": '" + last + "' differs from the store's '" + last + "' (in its line end)"),
                compare(ascii(text.substring(0, text.length() - 1)), chunks(text, 777)).failures());
        assertEquals(List.of("f.tsv:" + (n + 1) + ": file ends early; the store has more, from 'x'"),
                compare(ascii(text), chunks(text + "x", 777)).failures());
        assertEquals(List.of("f.tsv:" + n + ": '" + last + "' differs from the store's '" + last + "' (in its line end)"),
                compare(ascii(text), chunks(text.substring(0, text.length() - 1), 777)).failures());
    }

    @Test
    void aCrBeforeAnLfAfterManyBlocksIsNamed() throws IOException {
        String text = lines(3 * BLOCK);
        int lf = text.indexOf('\n', 2 * BLOCK + 3);
        String crlf = text.substring(0, lf) + "\r" + text.substring(lf);
        assertEquals(List.of("f.tsv:" + lineNumber(text, lf) + ": '" + lineAround(text, lf) + "\\r' differs from the store's '"
                + lineAround(text, lf) + "'"), compare(ascii(crlf), chunks(text, 1000)).failures());
        // Every line ended by CRLF: the first line is named.
        assertEquals(List.of("f.tsv:1: '" + lineAround(text, 0) + "\\r' differs from the store's '" + lineAround(text, 0) + "'"),
                compare(ascii(text.replace("\n", "\r\n")), text).failures());
    }

    @Test
    void invalidUtf8IsNamedAtItsLine() throws IOException {
        String text = lines(2 * BLOCK + 10);
        int start = text.indexOf('\n', BLOCK + 5) + 1;
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.write(ascii(text), 0, start);
        file.write(new byte[] {(byte) 0xC3, '('}, 0, 2);
        file.write(ascii(text), start, text.length() - start);
        assertEquals(List.of("f.tsv:" + lineNumber(text, start) + ": not valid UTF-8"),
                compare(file.toByteArray(), chunks(text, 1000)).failures());
        // Where the store has a char of two bytes and the file its first byte only.
        assertEquals(List.of("f.tsv:2: not valid UTF-8"),
                compare(new byte[] {'a', '\n', 'b', (byte) 0xC3, '(', '\n'}, "a\nb\u00E9\n").failures());
        // A difference on an earlier line is named first.
        byte[] changed = file.toByteArray();
        changed[10] = 'X';
        String before = new String(changed, 0, start, StandardCharsets.US_ASCII);
        assertEquals(List.of("f.tsv:" + lineNumber(text, 10) + ": '" + lineAround(before, 10)
                        + "' differs from the store's '" + lineAround(text, 10) + "'"),
                compare(changed, chunks(text, 1000)).failures());
    }

    @Test
    void aFileThatCannotBeReadIsNamed() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("d.tsv"));
        FileComparison c = new FileComparison("d.tsv", folder);
        try (c) {
            c.write("a\n");
        }
        List<String> failures = c.check().failures();
        assertEquals(1, failures.size());
        assertTrue(failures.get(0).startsWith("d.tsv: cannot read: "), failures.get(0));
    }

    private static void write(Writer w, int c) {
        try {
            w.write(c);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
