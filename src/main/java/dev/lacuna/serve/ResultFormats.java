package dev.lacuna.serve;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.rdf4j.common.lang.FileFormat;
import org.eclipse.rdf4j.common.lang.service.FileFormatServiceRegistry;
import org.eclipse.rdf4j.query.resultio.BooleanQueryResultFormat;
import org.eclipse.rdf4j.query.resultio.BooleanQueryResultWriterRegistry;
import org.eclipse.rdf4j.query.resultio.TupleQueryResultFormat;
import org.eclipse.rdf4j.query.resultio.TupleQueryResultWriterRegistry;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.RDFWriterRegistry;

/**
 * Picks the result format of a query: first from the {@code format}, {@code output} or {@code results}
 * parameter (what SPARQLWrapper and Virtuoso-era clients send: "json", "xml", a MIME type), then from the
 * Accept header with q-values and wildcards, else the default (SPARQL JSON for SELECT/ASK, Turtle for
 * CONSTRUCT/DESCRIBE). Nothing is guessed: a format word nobody knows is 400, a format or an Accept header that
 * cannot carry this kind of result is 406 naming the types that can.
 *
 * <p>A media type is resolved as RDF4J's server resolves it, by the writer registry of the result's kind
 * ({@code FileFormatServiceRegistry.getFileFormatForMIMEType}), so the types a format answers to are the ones its
 * writer declares. The endpoint then keeps to SPARQL 1.1's standard formats of each kind ({@link Kind#offered}):
 * RDF4J's binary and RDF-star writers are on the classpath too, but no system under test reads them. ASK answers
 * in RDF4J's text/boolean only when that media type is named: CSV and TSV have no boolean form, and a wildcard or a
 * format word never picks it.
 */
final class ResultFormats {

    /** The three result kinds of a SPARQL query, each with its writers and the formats the endpoint offers. */
    enum Kind {
        TUPLE("a SELECT result", TupleQueryResultWriterRegistry.getInstance(),
                List.of(TupleQueryResultFormat.JSON, TupleQueryResultFormat.SPARQL, TupleQueryResultFormat.CSV,
                        TupleQueryResultFormat.TSV),
                Set.of(), SPARQL_RESULTS_ALIASES),
        BOOLEAN("an ASK result", BooleanQueryResultWriterRegistry.getInstance(),
                List.of(BooleanQueryResultFormat.JSON, BooleanQueryResultFormat.SPARQL),
                Set.of(BooleanQueryResultFormat.TEXT), SPARQL_RESULTS_ALIASES),
        GRAPH("a CONSTRUCT or DESCRIBE result", RDFWriterRegistry.getInstance(),
                List.of(RDFFormat.TURTLE, RDFFormat.NTRIPLES, RDFFormat.JSONLD, RDFFormat.RDFXML),
                Set.of(), Map.of("application/json", "application/ld+json"));

        private final String description;
        private final FileFormatServiceRegistry<? extends FileFormat, ?> writers;
        /** The standard formats, the default first, in the order a wildcard range picks them. */
        private final List<FileFormat> offered;
        /** Formats sent only when their own media type is asked for. */
        private final Set<FileFormat> byTypeOnly;
        /** Media types clients send that the writers do not declare, and the declared type each stands for. */
        private final Map<String, String> aliases;

        Kind(String description, FileFormatServiceRegistry<? extends FileFormat, ?> writers, List<FileFormat> offered,
                Set<FileFormat> byTypeOnly, Map<String, String> aliases) {
            this.description = description;
            this.writers = writers;
            this.offered = offered;
            this.byTypeOnly = byTypeOnly;
            this.aliases = aliases;
        }

        /** The offered format with this media type (lower case, no parameters), or null. */
        FileFormat format(String mime, boolean byType) {
            Optional<? extends FileFormat> f = writers.getFileFormatForMIMEType(aliases.getOrDefault(mime, mime));
            if (f.isEmpty()) {
                return null;
            }
            return offered.contains(f.get()) || (byType && byTypeOnly.contains(f.get())) ? f.get() : null;
        }

        private List<String> offeredTypes() {
            return offered.stream().map(FileFormat::getDefaultMIMEType).toList();
        }
    }

    /**
     * JavaScript and text/xml types that older SPARQL clients send for the SPARQL result formats; RDF4J's writers
     * declare only application/json and application/xml beside the standard types.
     */
    private static final Map<String, String> SPARQL_RESULTS_ALIASES = Map.of(
            "text/javascript", "application/sparql-results+json",
            "application/javascript", "application/sparql-results+json",
            "text/xml", "application/sparql-results+xml");

    /**
     * The words of the format parameter, each the media type it stands for; "json" and "xml" are the SPARQL results
     * formats for SELECT and ASK and JSON-LD and RDF/XML for CONSTRUCT, as their types resolve by kind. "text" was
     * once ASK's text/boolean: it still names that type, which no word picks, so it is refused with 406, not 400.
     */
    private static final Map<String, String> WORDS = Map.ofEntries(
            Map.entry("json", "application/json"), Map.entry("srj", "application/sparql-results+json"),
            Map.entry("xml", "application/xml"), Map.entry("srx", "application/sparql-results+xml"),
            Map.entry("csv", "text/csv"), Map.entry("tsv", "text/tab-separated-values"),
            Map.entry("text", "text/boolean"),
            Map.entry("turtle", "text/turtle"), Map.entry("ttl", "text/turtle"),
            Map.entry("ntriples", "application/n-triples"), Map.entry("n-triples", "application/n-triples"),
            Map.entry("nt", "application/n-triples"),
            Map.entry("jsonld", "application/ld+json"), Map.entry("json-ld", "application/ld+json"),
            Map.entry("rdfxml", "application/rdf+xml"));

    /** Formats chosen from Accept lines, by kind and line; bounded, as the lines come from clients. */
    private static final Map<String, FileFormat> CHOSEN = new ConcurrentHashMap<>();
    private static final int CHOSEN_MAX = 256;

    private ResultFormats() {
    }

    /**
     * The format for a result of this kind.
     *
     * @param accept the request's Accept header (its lines joined), or null when it sent none
     */
    static FileFormat choose(Kind kind, String formatParam, String accept) {
        if (formatParam != null) {
            return fromParameter(kind, formatParam);
        }
        if (accept == null) {
            return kind.offered.get(0);
        }
        // A client sends the same Accept line with every query, and each query reads it twice (before it takes a
        // worker and when its answer is written): read once per line instead.
        String key = kind.ordinal() + accept;
        FileFormat known = CHOSEN.get(key);
        if (known == null) {
            known = fromAccept(kind, accept);
            if (CHOSEN.size() >= CHOSEN_MAX) {
                CHOSEN.clear();
            }
            CHOSEN.put(key, known);
        }
        return known;
    }

    /** The Content-Type header for a format. */
    static String contentType(FileFormat format) {
        String mime = format.getDefaultMIMEType();
        return format.hasCharset() ? mime + "; charset=utf-8" : mime;
    }

    private static FileFormat fromParameter(Kind kind, String formatParam) {
        String p = formatParam.strip().toLowerCase(Locale.ROOT);
        String word = WORDS.get(p);
        String mime = word != null ? word : stripParameters(p);
        FileFormat f = kind.format(mime, word == null);
        if (f != null) {
            return f;
        }
        if (!known(mime)) {
            throw new HttpError(400, "unknown result format '" + MediaType.shorten(formatParam)
                    + "': use json, xml, csv, tsv, turtle, ntriples, jsonld or a media type");
        }
        throw new HttpError(406, "format '" + MediaType.shorten(formatParam) + "' cannot carry " + kind.description
                + "; this one is answered as " + String.join(", ", kind.offeredTypes()));
    }

    private static FileFormat fromAccept(Kind kind, String accept) {
        List<MediaType.Range> ranges;
        try {
            ranges = MediaType.accept(accept);
        } catch (IllegalArgumentException e) {
            throw new HttpError(400, "malformed Accept header: " + e.getMessage());
        }
        for (MediaType.Range range : ranges) {
            if (range.mime().equals("*/*")) {
                return kind.offered.get(0);
            }
            if (range.mime().endsWith("/*")) {
                for (FileFormat offered : kind.offered) {
                    if (range.matches(offered.getDefaultMIMEType())) {
                        return offered;
                    }
                }
                continue;
            }
            FileFormat f = kind.format(range.mime(), true);
            if (f != null) {
                return f;
            }
        }
        throw new HttpError(406, "nothing in 'Accept: " + MediaType.shorten(accept) + "' can carry " + kind.description
                + "; send one of " + String.join(", ", kind.offeredTypes()) + " (or */*)");
    }

    /** Whether some kind of result is answered in this media type. */
    private static boolean known(String mime) {
        for (Kind kind : Kind.values()) {
            if (kind.format(mime, true) != null) {
                return true;
            }
        }
        return false;
    }

    private static String stripParameters(String mime) {
        int semi = mime.indexOf(';');
        return (semi < 0 ? mime : mime.substring(0, semi)).trim();
    }
}
