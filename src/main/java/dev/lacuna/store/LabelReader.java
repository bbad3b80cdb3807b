package dev.lacuna.store;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

import dev.lacuna.BadInputException;

/** Reads {@code id<TAB>label} files (the labels of {@code lacuna load --labels}), strictly UTF-8. */
final class LabelReader {
    interface Sink {
        void accept(String id, String label, long line);
    }

    private final String source;

    LabelReader(String source) {
        this.source = source;
    }

    void read(InputStream in, Sink sink) throws IOException {
        // Reuse the strict line reader: a label file is a two-column delimited file.
        new DelimitedLines(source).read(in, (fields, line) -> {
            if (fields.length < 2) {
                throw new BadInputException(source, line, -1, "expected id<TAB>label, found 1 field");
            }
            if (fields[0].isBlank()) {
                throw new BadInputException(source, line, 1, "empty id field");
            }
            // A label may itself contain tabs: everything after the first tab is the label.
            String label = String.join("\t", Arrays.copyOfRange(fields, 1, fields.length)).trim();
            sink.accept(fields[0], label, line);
        });
    }
}
