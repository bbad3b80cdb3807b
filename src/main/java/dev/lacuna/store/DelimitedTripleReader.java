package dev.lacuna.store;

import java.io.IOException;
import java.io.InputStream;

import dev.lacuna.BadInputException;

/** {@code head<TAB>relation<TAB>tail} lines (or comma-separated): exactly three non-empty fields each. */
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
                if (fields[f].isBlank()) {
                    throw new BadInputException(source, line, column,
                            "empty " + (f == 0 ? "head" : f == 1 ? "relation" : "tail") + " field");
                }
                column += fields[f].length() + 1;
            }
            sink.accept(fields[0], fields[1], fields[2], null, line);
        });
    }
}
