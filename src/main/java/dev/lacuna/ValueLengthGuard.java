package dev.lacuna;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * Caps the length of one JSON string or number as the text streams past, before a parser holds it: Jackson keeps a
 * whole value in memory (a 100 MB prediction array's one string, or a 1 MB number it then parses in quadratic time),
 * and the version RDF4J brings has no limits of its own. Counts lines too, for the message.
 */
public final class ValueLengthGuard extends FilterReader {
    /** Thrown when one value passes its cap; the reader's caller turns it into file:line: problem. */
    public static final class TooLong extends IOException {
        private final long line;

        TooLong(long line, String problem) {
            super(problem);
            this.line = line;
        }

        public long line() {
            return line;
        }
    }

    private final int maxString;
    private final int maxNumber;
    private final JsonStrings strings = new JsonStrings();
    private long run;
    private boolean inNumber;
    private long line = 1;

    public ValueLengthGuard(Reader in, int maxString, int maxNumber) {
        super(in);
        this.maxString = maxString;
        this.maxNumber = maxNumber;
    }

    @Override
    public int read() throws IOException {
        int c = super.read();
        if (c >= 0) {
            see((char) c);
        }
        return c;
    }

    @Override
    public int read(char[] buf, int off, int len) throws IOException {
        int n = super.read(buf, off, len);
        for (int i = off; i < off + Math.max(n, 0); i++) {
            see(buf[i]);
        }
        return n;
    }

    private void see(char c) throws TooLong {
        if (c == '\n') {
            line++;
        }
        switch (strings.next(c)) {
            case INSIDE -> {
                if (++run > maxString) {
                    throw new TooLong(line, String.format(java.util.Locale.ROOT,
                            "a string longer than %,d characters: one value is capped there so that reading stays in bounded memory",
                            maxString));
                }
                return;
            }
            case CLOSING -> {
                return;
            }
            case OPENING -> {
                inNumber = false;
                run = 0;
                return;
            }
            case OUTSIDE -> {
                // a number's characters are counted below
            }
        }
        boolean numeric = (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
        if (!numeric) {
            inNumber = false;
            return;
        }
        if (!inNumber) {
            inNumber = true;
            run = 0;
        }
        if (++run > maxNumber) {
            throw new TooLong(line, String.format(java.util.Locale.ROOT,
                    "a number longer than %,d characters: no answer is a number that long, and reading one costs more than"
                            + " linear time", maxNumber));
        }
    }
}
