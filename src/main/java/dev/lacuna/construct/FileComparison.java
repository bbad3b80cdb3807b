package dev.lacuna.construct;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link Writer} that compares what is written to it, line by line, with a folder's file, as the store's
 * content is written out: verify never writes a second copy of a large graph to disk. The first differing line
 * is named with its number, as {@code name:line}; everything written after it is ignored. Lines end at LF only
 * and are compared with their line end, so a CR added before an LF, or a missing last LF, is a difference (a
 * {@link java.io.BufferedReader} takes CRLF and a bare CR as line ends and would hide both).
 */
final class FileComparison extends Writer {
    private final String name;
    private final Path file;
    private Reader reader;
    private final char[] buffer = new char[1 << 16];
    private int position;
    private int limit;
    private final StringBuilder line = new StringBuilder(128);
    private final List<String> failures = new ArrayList<>();
    private long lines;
    private boolean done;

    FileComparison(String name, Path file) {
        this.name = name;
        this.file = file;
        try {
            reader = new InputStreamReader(Files.newInputStream(file), StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT));
        } catch (NoSuchFileException e) {
            fail(name + ": missing");
        } catch (IOException e) {
            fail(name + ": cannot read: " + e.getMessage());
        }
    }

    @Override
    public void write(char[] chars, int off, int len) throws IOException {
        for (int i = off; i < off + len && !done; i++) {
            char c = chars[i];
            line.append(c);
            if (c == '\n') {
                compareLine();
            }
        }
    }

    @Override
    public void write(String s, int off, int len) throws IOException {
        for (int i = off; i < off + len && !done; i++) {
            char c = s.charAt(i);
            line.append(c);
            if (c == '\n') {
                compareLine();
            }
        }
    }

    private void compareLine() {
        String want = line.toString();
        line.setLength(0);
        String got = readLine();
        if (done) {
            return;
        }
        lines++;
        if (got == null) {
            fail(name + ":" + lines + ": file ends early; the store has more, from '" + shorten(want) + "'");
        } else if (!got.equals(want)) {
            fail(name + ":" + lines + ": '" + shorten(got) + "' differs from the store's '" + shorten(want) + "'"
                    + (strip(got).equals(strip(want)) ? " (in its line end)" : ""));
        }
    }

    /** The file's next line with its LF, if it has one; null at the end of the file. */
    private String readLine() {
        if (reader == null) {
            return null;
        }
        try {
            StringBuilder out = null;
            while (true) {
                if (position == limit) {
                    limit = reader.read(buffer, 0, buffer.length);
                    position = 0;
                    if (limit <= 0) {
                        limit = 0;
                        return out == null ? null : out.toString();
                    }
                }
                int start = position;
                while (position < limit && buffer[position] != '\n') {
                    position++;
                }
                boolean ended = position < limit;
                if (ended) {
                    position++;
                }
                if (out == null) {
                    out = new StringBuilder(position - start + 16);
                }
                out.append(buffer, start, position - start);
                if (ended) {
                    return out.toString();
                }
            }
        } catch (MalformedInputException e) {
            fail(name + ":" + (lines + 1) + ": not valid UTF-8");
        } catch (IOException e) {
            fail(name + ": cannot read: " + e.getMessage());
        }
        return null;
    }

    private void fail(String message) {
        failures.add(message);
        done = true;
    }

    @Override
    public void flush() {
    }

    /** Ends the comparison: a last line without a newline, then whatever the file has beyond the store's lines. */
    @Override
    public void close() {
        if (!done && line.length() > 0) {
            compareLine();
        }
        if (!done) {
            String got = readLine();
            if (!done && got != null) {
                lines++;
                fail(name + ":" + lines + ": line '" + shorten(got) + "' and what follows are not in the store");
            }
        }
        done = true;
        if (reader != null) {
            try {
                reader.close();
            } catch (IOException ignored) {
                // the verdict is already known
            }
        }
    }

    /** The check, after {@link #close}. */
    Verifier.Check check() {
        return new Verifier.Check(name + " matches the store", lines, List.copyOf(failures));
    }

    Path file() {
        return file;
    }

    private static String shorten(String s) {
        String shown = strip(s).replace("\r", "\\r");
        return shown.length() <= 120 ? shown : shown.substring(0, 117) + "...";
    }

    /** The line without its LF. */
    private static String strip(String s) {
        return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
    }
}
