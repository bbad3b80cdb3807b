package dev.lacuna;

import java.io.Closeable;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The lines of a text file from outside (a KG file, a label file, a rule file, a phrase file), read the same way
 * everywhere: a line ends at LF (a CR before it is dropped), a UTF-8 byte order mark at the start is dropped, each
 * line is decoded strictly on its own, so that invalid UTF-8 is named by its line and byte column rather than by a
 * decoder's read-ahead, and a line longer than a cap is refused with its number before it is held. Without the cap
 * an endless line (a binary file, a pipe that never sends a newline) grew a buffer until
 * {@code NegativeArraySizeException} or {@code OutOfMemoryError}, and a 50 MB line was echoed whole into an error
 * message. Works on pipes: the stream is read, never sized or positioned.
 */
public final class LineReader implements Closeable {
    /** 16 MiB: far beyond any line of a KG, label or rule file, small enough to fail long before the heap is gone. */
    public static final int MAX_LINE_BYTES = 16 << 20;

    private final InputStream in;
    private final String source;
    private final int maxLineBytes;
    private final String encodingHint;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int limit;
    private boolean started;
    private boolean ended;
    private byte[] line = new byte[256];
    private int lineLength;
    private long lineNumber;

    /** Lines of {@code in}, named {@code source} in messages, capped at {@link #MAX_LINE_BYTES}. */
    public LineReader(InputStream in, String source) {
        this(in, source, MAX_LINE_BYTES, "");
    }

    /**
     * @param maxLineBytes the longest line, in bytes without its line end
     * @param encodingHint appended to the message about invalid UTF-8 (how to convert such a file), or ""
     */
    public LineReader(InputStream in, String source, int maxLineBytes, String encodingHint) {
        if (maxLineBytes < 1) {
            throw new IllegalArgumentException("line cap " + maxLineBytes);
        }
        this.in = in;
        this.source = source;
        this.maxLineBytes = maxLineBytes;
        this.encodingHint = encodingHint;
    }

    /**
     * The file's lines; a missing file or a folder is an error naming it (exit 2). Opened as a plain
     * {@link FileInputStream}: a NIO channel asks for the size and position, which fails on pipes with "Illegal seek".
     */
    public static LineReader open(Path file) throws IOException {
        return open(file, "");
    }

    /** As {@link #open(Path)}, with a hint for a file that is not UTF-8. */
    public static LineReader open(Path file, String encodingHint) throws IOException {
        if (Files.isDirectory(file)) {
            throw new BadInputException(file.toString(), -1, -1, "is a folder, not a file");
        }
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString());
        }
        return new LineReader(new FileInputStream(file.toFile()), file.toString(), MAX_LINE_BYTES, encodingHint);
    }

    /** The file or other source the lines come from, as messages name it. */
    public String source() {
        return source;
    }

    /** 1-based number of the line last read (0 before the first). */
    public long lineNumber() {
        return lineNumber;
    }

    /**
     * Reads the next line's bytes, without its line end: false at the end of the input. The bytes are
     * {@link #bytes()}[0 .. {@link #length()}), valid until the next call.
     */
    public boolean next() throws IOException {
        if (ended) {
            return false;
        }
        lineLength = 0;
        boolean any = false;
        while (true) {
            if (pos == limit && !fill()) {
                ended = true;
                if (!any) {
                    return false;
                }
                break;
            }
            int from = pos;
            int newline = -1;
            for (int i = pos; i < limit; i++) {
                if (buf[i] == '\n') {
                    newline = i;
                    break;
                }
            }
            int end = newline < 0 ? limit : newline;
            any |= newline >= 0 || end > from;
            append(from, end - from);
            pos = newline < 0 ? limit : newline + 1;
            if (newline >= 0) {
                break;
            }
        }
        lineNumber++;
        if (lineLength > 0 && line[lineLength - 1] == '\r') {
            lineLength--;
        }
        return true;
    }

    /** The bytes of the line last read by {@link #next()}; only the first {@link #length()} are the line's. */
    public byte[] bytes() {
        return line;
    }

    public int length() {
        return lineLength;
    }

    /** The next line as text, or null at the end of the input; invalid UTF-8 is named by line and byte column. */
    public String readLine() throws IOException {
        return next() ? text() : null;
    }

    /** The line last read by {@link #next()}, decoded strictly. */
    public String text() {
        try {
            return decoder.reset().decode(ByteBuffer.wrap(line, 0, lineLength)).toString();
        } catch (CharacterCodingException e) {
            int col = firstBadByte(line, lineLength);
            String what = col > 0 ? " (byte 0x" + Integer.toHexString(line[col - 1] & 0xff) + ")" : "";
            throw new BadInputException(source, lineNumber, col, "invalid UTF-8" + what + encodingHint);
        }
    }

    private void append(int from, int n) {
        if (n == 0) {
            return;
        }
        if (lineLength + (long) n > maxLineBytes) {
            throw new BadInputException(source, lineNumber + 1, -1, "line longer than " + maxLineBytes
                    + " bytes: not a line-based text file?");
        }
        if (lineLength + n > line.length) {
            line = Arrays.copyOf(line, (int) Math.min(maxLineBytes, Math.max(lineLength + (long) n, line.length * 2L)));
        }
        System.arraycopy(buf, from, line, lineLength, n);
        lineLength += n;
    }

    private boolean fill() throws IOException {
        int n = in.read(buf);
        if (n <= 0) {
            return false;
        }
        pos = 0;
        limit = n;
        if (!started) {
            started = true;
            if (limit < 3) {
                limit += Math.max(0, in.readNBytes(buf, limit, 3 - limit));
            }
            if (limit >= 3 && (buf[0] & 0xff) == 0xEF && (buf[1] & 0xff) == 0xBB && (buf[2] & 0xff) == 0xBF) {
                pos = 3;
            }
        }
        return true;
    }

    /**
     * 1-based byte column of the first byte that starts an invalid UTF-8 sequence, or -1 if this simple scan (lead
     * byte and continuation bytes only) cannot place what the strict decoder rejected.
     */
    static int firstBadByte(byte[] b, int len) {
        int i = 0;
        while (i < len) {
            int c = b[i] & 0xff;
            int need;
            if (c < 0x80) {
                i++;
                continue;
            } else if (c >= 0xC2 && c <= 0xDF) {
                need = 1;
            } else if (c >= 0xE0 && c <= 0xEF) {
                need = 2;
            } else if (c >= 0xF0 && c <= 0xF4) {
                need = 3;
            } else {
                return i + 1;
            }
            for (int k = 1; k <= need; k++) {
                if (i + k >= len || (b[i + k] & 0xC0) != 0x80) {
                    return i + 1;
                }
            }
            i += need + 1;
        }
        return -1;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
