package dev.lacuna.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.lacuna.BadInputException;

/**
 * Streams tab- (or comma-) separated lines as fields. Reads bytes itself and decodes
 * each line strictly, so invalid UTF-8 is reported with its exact line and column rather than a
 * reader's read-ahead position. CRLF is tolerated; blank lines and lines starting with '#' are skipped;
 * a UTF-8 byte order mark at the start is dropped (else it became part of the first entity's id). A line
 * longer than {@link #MAX_LINE_BYTES} is refused with its number: without a limit an endless line (a
 * binary file, a stream without newlines) grew the buffer until NegativeArraySizeException or
 * OutOfMemoryError.
 */
final class DelimitedLines {
    interface Sink {
        void accept(String[] fields, long line);
    }

    /** 16 MiB: far beyond any triple or label line, small enough to fail long before the heap is gone. */
    static final int MAX_LINE_BYTES = 16 << 20;

    private final String source;
    private final boolean csv;
    private final int maxLineBytes;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    DelimitedLines(String source) {
        this(source, false);
    }

    DelimitedLines(String source, boolean csv) {
        this(source, csv, MAX_LINE_BYTES);
    }

    DelimitedLines(String source, boolean csv, int maxLineBytes) {
        this.source = source;
        this.csv = csv;
        this.maxLineBytes = maxLineBytes;
    }

    void read(InputStream in, Sink sink) throws IOException {
        byte[] buf = new byte[1 << 16];
        byte[] line = new byte[256];
        int lineLen = 0;
        long lineNo = 0;
        int n;
        boolean first = true;
        while ((n = in.read(buf)) > 0) {
            int i = 0;
            if (first) {
                first = false;
                if (n < 3) {
                    n += in.readNBytes(buf, n, 3 - n);
                }
                if (n >= 3 && (buf[0] & 0xff) == 0xEF && (buf[1] & 0xff) == 0xBB && (buf[2] & 0xff) == 0xBF) {
                    i = 3;
                }
            }
            for (; i < n; i++) {
                byte b = buf[i];
                if (b == '\n') {
                    lineNo++;
                    handle(line, lineLen, lineNo, sink);
                    lineLen = 0;
                } else {
                    if (lineLen == line.length) {
                        if (lineLen >= maxLineBytes) {
                            throw new BadInputException(source, lineNo + 1, -1, "line longer than " + maxLineBytes
                                    + " bytes: not a line-based " + (csv ? "CSV" : "TSV") + " file?");
                        }
                        line = Arrays.copyOf(line, Math.min(maxLineBytes, line.length * 2));
                    }
                    line[lineLen++] = b;
                }
            }
        }
        if (lineLen > 0) {
            handle(line, lineLen, lineNo + 1, sink);
        }
    }

    private void handle(byte[] bytes, int len, long lineNo, Sink sink) {
        if (len > 0 && bytes[len - 1] == '\r') {
            len--;
        }
        if (len == 0) {
            return;
        }
        String text = decode(bytes, len, lineNo);
        if (text.charAt(0) == '#' || text.isBlank()) {
            return;
        }
        List<String> fields = csv ? splitCsv(text, lineNo) : splitTabs(text);
        sink.accept(fields.toArray(new String[0]), lineNo);
    }

    private String decode(byte[] bytes, int len, long lineNo) {
        try {
            CharBuffer chars = decoder.reset().decode(ByteBuffer.wrap(bytes, 0, len));
            return chars.toString();
        } catch (CharacterCodingException e) {
            int col = firstBadByte(bytes, len);
            String what = col > 0 ? " (byte 0x" + Integer.toHexString(bytes[col - 1] & 0xff) + ")" : "";
            throw new BadInputException(source, lineNo, col, "invalid UTF-8" + what);
        }
    }

    /**
     * 1-based byte column of the first byte that starts an invalid UTF-8 sequence, or -1 if this simple
     * scan (lead byte and continuation bytes only) cannot place what the strict decoder rejected.
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

    private static List<String> splitTabs(String text) {
        List<String> fields = new ArrayList<>(3);
        int start = 0;
        int tab;
        while ((tab = text.indexOf('\t', start)) >= 0) {
            fields.add(text.substring(start, tab));
            start = tab + 1;
        }
        fields.add(text.substring(start));
        return fields;
    }

    /** RFC 4180 fields on one line: quotes around a field, "" for a quote inside. */
    private List<String> splitCsv(String text, long lineNo) {
        List<String> fields = new ArrayList<>(3);
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean wasQuoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    field.append(c);
                }
            } else if (c == '"' && field.length() == 0 && !wasQuoted) {
                quoted = true;
                wasQuoted = true;
            } else if (c == ',') {
                fields.add(wasQuoted ? field.toString() : field.toString().trim());
                field.setLength(0);
                wasQuoted = false;
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw new BadInputException(source, lineNo, text.length(), "unterminated quoted field");
        }
        fields.add(wasQuoted ? field.toString() : field.toString().trim());
        return fields;
    }

}
