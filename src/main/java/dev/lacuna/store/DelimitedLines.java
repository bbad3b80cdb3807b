package dev.lacuna.store;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

import dev.lacuna.BadInputException;
import dev.lacuna.LineReader;

/**
 * Streams tab- (or comma-) separated lines as fields, over the one reader of text files from outside
 * ({@link LineReader}: strict UTF-8 named by line and column, CRLF, a byte order mark dropped, a line longer than
 * {@link #MAX_LINE_BYTES} refused with its number). Blank lines and lines starting with '#' are skipped.
 */
final class DelimitedLines {
    interface Sink {
        void accept(String[] fields, long line);
    }

    static final int MAX_LINE_BYTES = LineReader.MAX_LINE_BYTES;

    private final String source;
    private final boolean csv;
    private final int maxLineBytes;

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
        LineReader lines = new LineReader(in, source, maxLineBytes, "");
        while (lines.next()) {
            if (lines.length() == 0) {
                continue;
            }
            String text = lines.text();
            if (text.charAt(0) == '#' || text.isBlank()) {
                continue;
            }
            long lineNo = lines.lineNumber();
            List<String> fields = csv ? splitCsv(text, lineNo) : splitTabs(text);
            sink.accept(fields.toArray(new String[0]), lineNo);
        }
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

    /** The text without whitespace at either end, Unicode's too ({@link SourceNames#isSpace}: a no-break space). */
    static String strip(String text) {
        int from = 0;
        int to = text.length();
        while (from < to && SourceNames.isSpace(text.codePointAt(from))) {
            from += Character.charCount(text.codePointAt(from));
        }
        while (to > from && SourceNames.isSpace(text.codePointBefore(to))) {
            to -= Character.charCount(text.codePointBefore(to));
        }
        return text.substring(from, to);
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
                fields.add(wasQuoted ? field.toString() : strip(field.toString()));
                field.setLength(0);
                wasQuoted = false;
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            throw new BadInputException(source, lineNo, text.length(), "unterminated quoted field");
        }
        fields.add(wasQuoted ? field.toString() : strip(field.toString()));
        return fields;
    }

}
