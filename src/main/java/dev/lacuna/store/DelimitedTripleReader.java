package dev.lacuna.store;

import java.io.IOException;
import java.io.InputStream;

import dev.lacuna.BadInputException;

/**
 * {@code head<TAB>relation<TAB>tail} lines (or comma-separated): exactly three non-empty fields each.
 * A TSV field that starts or ends with whitespace is refused with its line and column rather than trimmed:
 * in TSV every character is part of the id, so "a " and "a" would silently be two entities, and trimming
 * would silently merge ids that another tool keeps apart; the user decides. CSV trims unquoted fields, as
 * is usual for CSV after a comma, and keeps a quoted field as written.
 */
final class DelimitedTripleReader {
    private final String source;
    private final boolean csv;

    DelimitedTripleReader(String source, boolean csv) {
        this.source = source;
        this.csv = csv;
    }

    void read(InputStream in, RawTripleSink sink) throws IOException {
        new DelimitedLines(source, csv).read(in, (fields, line) -> {
            if (fields.length != 3) {
                throw new BadInputException(source, line, -1, "expected 3 " + (csv ? "comma" : "tab")
                        + "-separated fields (head, relation, tail), found " + fields.length);
            }
            int column = 1;
            for (int f = 0; f < 3; f++) {
                String what = f == 0 ? "head" : f == 1 ? "relation" : "tail";
                if (fields[f].isEmpty()) {
                    throw new BadInputException(source, line, column, "empty " + what + " field");
                }
                if (!csv && Character.isWhitespace(fields[f].charAt(0))) {
                    throw new BadInputException(source, line, column, what + " field starts with whitespace"
                            + (fields[f].isBlank() ? " only" : "") + "; ids are taken as written: remove it");
                }
                int last = fields[f].length() - 1;
                if (!csv && Character.isWhitespace(fields[f].charAt(last))) {
                    throw new BadInputException(source, line, column + last, what
                            + " field ends with whitespace; ids are taken as written: remove it");
                }
                if (csv && fields[f].isBlank()) {
                    throw new BadInputException(source, line, column, "empty " + what + " field");
                }
                column += fields[f].length() + 1;
            }
            sink.accept(fields[0], fields[1], fields[2], null, line);
        });
    }
}
