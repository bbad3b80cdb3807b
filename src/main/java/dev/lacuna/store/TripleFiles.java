package dev.lacuna.store;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

import dev.lacuna.BadInputException;

/**
 * The one way a KG file is read, by {@code lacuna load} and {@code lacuna mine --input} alike: gzip by
 * extension, TSV/CSV through {@link DelimitedTripleReader} (UTF-8 byte order mark stripped, '#' comment
 * lines skipped, CRLF accepted, spaces around a TSV field rejected with line and column, a line length
 * limit), RDF through RDF4J's parsers, and every read error mapped to a message naming the file.
 *
 * <p>Files are opened as plain {@link FileInputStream}s, not NIO channels: a channel's {@code available()}
 * asks for the file's size and position, which on a pipe or {@code /dev/stdin} fails with "Illegal seek".
 */
public final class TripleFiles {
    private TripleFiles() {
    }

    /** Reads every triple of the file into the sink, in file order. */
    public static void read(Path file, TripleFormat format, RawTripleSink sink) {
        String source = file.toString();
        try (InputStream in = open(file)) {
            if (format.isDelimited()) {
                new DelimitedTripleReader(source, format == TripleFormat.CSV).read(in, sink);
            } else {
                new RdfTripleReader(source, format.rdfFormat()).read(in, sink);
            }
        } catch (NoSuchFileException | FileNotFoundException e) {
            throw new BadInputException(source, -1, -1, Files.exists(file) ? "cannot read file: " + e.getMessage()
                    : "no such file");
        } catch (AccessDeniedException e) {
            throw new BadInputException(source, -1, -1, "cannot read file: permission denied");
        } catch (ZipException e) {
            throw new BadInputException(source, -1, -1, "not a valid gzip file: " + e.getMessage());
        } catch (EOFException e) {
            throw new BadInputException(source, -1, -1, "file ends early (truncated gzip?): " + e.getMessage());
        } catch (IOException e) {
            throw new BadInputException(source, -1, -1, "cannot read file: " + e.getMessage(), e);
        }
    }

    /** The format by extension, and TSV (AMIE3's input) for a name without a known one, such as a pipe. */
    public static TripleFormat formatOrTsv(Path file, TripleFormat forced) {
        if (forced != null) {
            return TripleFormat.of(file, forced);
        }
        try {
            return TripleFormat.of(file, null);
        } catch (BadInputException e) {
            return TripleFormat.TSV;
        }
    }

    /** A buffered stream over the file, gunzipped when its name ends in .gz; works on pipes. */
    public static InputStream open(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IOException("is a folder, not a file");
        }
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString());
        }
        InputStream in = new BufferedInputStream(new FileInputStream(file.toFile()), 1 << 16);
        return TripleFormat.isGzip(file) ? new GZIPInputStream(in, 1 << 16) : in;
    }
}
