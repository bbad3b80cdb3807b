package dev.lacuna;

/**
 * Bad input from the user: a malformed file, an unknown option value, an unknown rule.
 * Like RDF4J's RDFParseException it carries the source (a file name, or null), the line and the
 * column, each -1 when unknown, so every message names where the problem is. Exit code 2.
 */
public class BadInputException extends LacunaException {
    private final String source;
    private final long line;
    private final long column;
    private final String problem;

    public BadInputException(String problem) {
        this(null, -1, -1, problem, null);
    }

    public BadInputException(String source, long line, long column, String problem) {
        this(source, line, column, problem, null);
    }

    public BadInputException(String source, long line, long column, String problem, Throwable cause) {
        super(format(source, line, column, problem), cause);
        this.source = source;
        this.line = line;
        this.column = column;
        this.problem = problem;
    }

    private static String format(String source, long line, long column, String problem) {
        StringBuilder where = new StringBuilder();
        if (source != null) {
            where.append(source);
        }
        if (line >= 0) {
            where.append(where.length() > 0 ? ":" : "line ").append(line);
            if (column >= 0) {
                where.append(':').append(column);
            }
        }
        return where.length() == 0 ? problem : where + ": " + problem;
    }

    /** The file (or other source) the problem is in, or null. */
    public String source() {
        return source;
    }

    /** 1-based line number, or -1 when unknown. */
    public long line() {
        return line;
    }

    /** 1-based column number, or -1 when unknown. */
    public long column() {
        return column;
    }

    /** The problem without the location prefix. */
    public String problem() {
        return problem;
    }

    @Override
    public int exitCode() {
        return ExitCodes.USAGE;
    }
}
