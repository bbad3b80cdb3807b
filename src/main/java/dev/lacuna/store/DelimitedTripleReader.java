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
    /** The words of a header line: {@code head relation tail}, {@code subject predicate object}, in any case. */
    private static final java.util.List<java.util.Set<String>> HEADER_WORDS = java.util.List.of(
            java.util.Set.of("head", "subject", "source", "from"),
            java.util.Set.of("relation", "predicate", "property", "edge", "rel"),
            java.util.Set.of("tail", "object", "target", "to"));

    private final String source;
    private final boolean csv;

    DelimitedTripleReader(String source, boolean csv) {
        this.source = source;
        this.csv = csv;
    }

    void read(InputStream in, RawTripleSink sink) throws IOException {
        boolean[] first = {true};
        new DelimitedLines(source, csv).read(in, (fields, line) -> {
            if (first[0]) {
                first[0] = false;
                refuseHeader(fields, line);
            }
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

    /**
     * A first line that names the columns is a header, not a triple: loaded, it added a relation named "relation".
     * Refused rather than skipped, so that no line of the user's file is dropped without their word.
     */
    private void refuseHeader(String[] fields, long line) {
        if (fields.length != 3) {
            return;
        }
        for (int f = 0; f < 3; f++) {
            if (!HEADER_WORDS.get(f).contains(fields[f].strip().toLowerCase(java.util.Locale.ROOT))) {
                return;
            }
        }
        String sep = csv ? "," : "<TAB>";
        throw new BadInputException(source, line, 1, "this line looks like a header (" + String.join(sep, fields)
                + "), not a triple: the file holds triples only; delete the line or make it a comment by starting it with '#'");
    }
}
