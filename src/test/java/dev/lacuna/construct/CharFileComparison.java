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
 * The char by char comparison that {@link FileComparison} replaced, kept only for {@link FileComparisonBench} to
 * measure the two side by side on the same machine at the same time: it decodes the file with a Reader and compares
 * each char written with the file's next one.
 */
final class CharFileComparison extends Writer {
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
    /** This line's characters that equal the file's, from its start; all of them until one differs. */
    private int matched;
    private boolean mismatch;
    /** The file's character where this line first differed, or -1 where the file had ended. */
    private int differing;

    CharFileComparison(String name, Path file) {
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
            put(chars[i]);
        }
    }

    @Override
    public void write(String s, int off, int len) throws IOException {
        for (int i = off; i < off + len && !done; i++) {
            put(s.charAt(i));
        }
    }

    /**
     * One character of the store's text, compared with the file's next one as it comes: no line is copied into a
     * string of its own unless it differs (at 20M triples, 57M lines compared).
     */
    private void put(char c) {
        line.append(c);
        if (!mismatch) {
            int f = nextChar();
            if (done) {
                return;
            }
            if (f == c) {
                matched++;
            } else {
                mismatch = true;
                differing = f;
            }
        }
        if (c == '\n') {
            endLine();
        }
    }

    /** Ends a line of the store's text (its LF written, or the text's end): equal, or the first difference named. */
    private void endLine() {
        if (done) {
            return;
        }
        lines++;
        if (mismatch) {
            String want = line.toString();
            String got = fileLine();
            if (done) {
                return;
            }
            if (got == null) {
                fail(name + ":" + lines + ": file ends early; the store has more, from '" + shorten(want) + "'");
            } else {
                fail(name + ":" + lines + ": '" + shorten(got) + "' differs from the store's '" + shorten(want) + "'"
                        + (strip(got).equals(strip(want)) ? " (in its line end)" : ""));
            }
        }
        line.setLength(0);
        matched = 0;
    }

    /**
     * The file's line at which this line differed, with its LF if it has one: the characters that matched, the one
     * that differed and the rest of its line; null when the file had ended before the line began.
     */
    private String fileLine() {
        if (differing < 0) {
            return matched == 0 ? null : line.substring(0, matched);
        }
        StringBuilder got = new StringBuilder(line.length() + 16).append(line, 0, matched).append((char) differing);
        if (differing != '\n') {
            rest(got);
        }
        return got.toString();
    }

    /** The rest of the file's current line, up to and with its LF, appended to {@code out}. */
    private void rest(StringBuilder out) {
        for (int f = nextChar(); f >= 0 && !done; f = nextChar()) {
            out.append((char) f);
            if (f == '\n') {
                return;
            }
        }
    }

    /** The file's next character; -1 at its end or when it cannot be read (then the comparison has failed). */
    private int nextChar() {
        if (reader == null) {
            return -1;
        }
        if (position == limit) {
            try {
                limit = reader.read(buffer, 0, buffer.length);
            } catch (MalformedInputException e) {
                limit = 0;
                fail(name + ":" + (lines + 1) + ": not valid UTF-8");
                return -1;
            } catch (IOException e) {
                limit = 0;
                fail(name + ": cannot read: " + e.getMessage());
                return -1;
            }
            position = 0;
            if (limit <= 0) {
                limit = 0;
                return -1;
            }
        }
        return buffer[position++];
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
            // A last line without LF equals the file's only if the file ends right there.
            if (!mismatch) {
                int f = nextChar();
                if (f >= 0) {
                    mismatch = true;
                    differing = f;
                }
            }
            endLine();
        }
        if (!done) {
            int f = nextChar();
            if (!done && f >= 0) {
                StringBuilder got = new StringBuilder().append((char) f);
                if (f != '\n') {
                    rest(got);
                }
                lines++;
                fail(name + ":" + lines + ": line '" + shorten(got.toString()) + "' and what follows are not in the store");
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
