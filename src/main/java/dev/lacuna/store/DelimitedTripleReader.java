package dev.lacuna.store;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.lacuna.BadInputException;
import dev.lacuna.Messages;

/**
 * {@code head<TAB>relation<TAB>tail} lines (or comma-separated): exactly three non-empty fields each.
 * A TSV field that starts or ends with whitespace (Unicode's too: a no-break space) is refused with its line and
 * column rather than trimmed: in TSV every character is part of the id, so "a " and "a" would silently be two
 * entities, and trimming would silently merge ids that another tool keeps apart; the user decides. CSV trims unquoted
 * fields, as is usual for CSV after a comma, and keeps a quoted field as written. A name that no name may be, or a
 * relation name that no rule file can hold ({@link SourceNames}), is refused at its column.
 */
final class DelimitedTripleReader {
    /**
     * The words that name a column, per column, as a header line writes them: {@code head relation tail},
     * {@code subject predicate object}, {@code source edge target}, {@code from rel to}, {@code h r t},
     * {@code s p o}, ... in any case, quoted or not, with or without an {@code _id} / {@code id} suffix.
     */
    private static final List<Set<String>> HEADER_WORDS = List.of(
            Set.of("head", "subject", "source", "from", "subj", "src", "h", "s"),
            Set.of("relation", "predicate", "property", "edge", "rel", "relationship", "pred", "prop", "r", "p"),
            Set.of("tail", "object", "target", "to", "obj", "tgt", "dst", "destination", "t", "o"));

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
                String field = fields[f];
                if (field.isEmpty() || (csv && field.isBlank())) {
                    throw new BadInputException(source, line, column, "empty " + what + " field");
                }
                if (!csv && SourceNames.isSpace(field.codePointAt(0))) {
                    throw new BadInputException(source, line, column, what + " field starts with whitespace"
                            + (field.codePoints().allMatch(SourceNames::isSpace) ? " only" : "")
                            + "; ids are taken as written: remove it");
                }
                int last = field.offsetByCodePoints(field.length(), -1);
                if (!csv && SourceNames.isSpace(field.codePointAt(last))) {
                    throw new BadInputException(source, line, column + last, what
                            + " field ends with whitespace; ids are taken as written: remove it");
                }
                SourceNames.Problem problem = f == 1 ? SourceNames.relationProblem(field)
                        : SourceNames.nameProblem(field);
                if (problem != null) {
                    throw new BadInputException(source, line, csv ? -1 : column + problem.index(),
                            (f == 1 ? "relation '" : what + " '") + Messages.echo(field) + "' " + problem.text());
                }
                column += field.length() + 1;
            }
            sink.accept(fields[0], fields[1], fields[2], null, line);
        });
    }

    /**
     * A first line that names the columns is a header, not a triple: loaded, it added a relation named "relation".
     * Refused rather than skipped, so that no line of the user's file is dropped without their word; the message
     * says how to keep it as a comment. A line counts as a header when each of its three fields is a column word of
     * its column ({@link #HEADER_WORDS}).
     */
    private void refuseHeader(String[] fields, long line) {
        if (fields.length != 3) {
            return;
        }
        for (int f = 0; f < 3; f++) {
            if (!HEADER_WORDS.get(f).contains(columnWord(fields[f]))) {
                return;
            }
        }
        String sep = csv ? "," : "<TAB>";
        throw new BadInputException(source, line, 1, "this line looks like a header (" + Messages.echo(
                String.join(sep, fields)) + "), not a triple: the file holds triples only; make it a comment by"
                + " starting it with '#' (or delete it)");
    }

    /** A field as a column word: outer quotes and whitespace off, lower case, an id suffix ({@code _id}, {@code Id}) off. */
    static String columnWord(String field) {
        String w = field.strip();
        if (w.length() >= 2 && (w.startsWith("\"") && w.endsWith("\"") || w.startsWith("'") && w.endsWith("'"))) {
            w = w.substring(1, w.length() - 1).strip();
        }
        w = w.toLowerCase(Locale.ROOT);
        for (String suffix : new String[] {"_id", "-id", " id", "id"}) {
            if (w.endsWith(suffix) && w.length() > suffix.length()) {
                String stem = w.substring(0, w.length() - suffix.length());
                for (Set<String> words : HEADER_WORDS) {
                    if (words.contains(stem)) {
                        return stem;
                    }
                }
            }
        }
        return w;
    }
}
