package dev.lacuna.serve;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.rdf4j.common.lang.FileFormat;
import org.eclipse.rdf4j.query.resultio.BooleanQueryResultFormat;
import org.eclipse.rdf4j.query.resultio.TupleQueryResultFormat;
import org.eclipse.rdf4j.rio.RDFFormat;

/**
 * Picks the result format of a query: first from the {@code format}, {@code output} or {@code results}
 * parameter (what SPARQLWrapper and Virtuoso-era clients send: "json", "xml", a MIME type), then from the
 * Accept header with q-values and wildcards, else the default (SPARQL JSON for SELECT/ASK, Turtle for
 * CONSTRUCT/DESCRIBE). Nothing is guessed: a format word nobody knows is 400, a format or an Accept header that
 * cannot carry this kind of result is 406 naming the types that can. ASK answers only in the SPARQL result formats
 * (JSON, XML) and RDF4J's text/boolean when asked by name: CSV and TSV have no boolean form.
 */
final class ResultFormats {

    /** The three result kinds of a SPARQL query. */
    enum Kind {
        TUPLE, BOOLEAN, GRAPH
    }

    private static final Map<String, TupleQueryResultFormat> TUPLE_BY_MIME = Map.ofEntries(
            Map.entry("application/sparql-results+json", TupleQueryResultFormat.JSON),
            Map.entry("application/json", TupleQueryResultFormat.JSON),
            Map.entry("text/javascript", TupleQueryResultFormat.JSON),
            Map.entry("application/javascript", TupleQueryResultFormat.JSON),
            Map.entry("application/sparql-results+xml", TupleQueryResultFormat.SPARQL),
            Map.entry("application/xml", TupleQueryResultFormat.SPARQL),
            Map.entry("text/xml", TupleQueryResultFormat.SPARQL),
            Map.entry("text/csv", TupleQueryResultFormat.CSV),
            Map.entry("text/tab-separated-values", TupleQueryResultFormat.TSV));

    private static final Map<String, TupleQueryResultFormat> TUPLE_BY_WORD = Map.of(
            "json", TupleQueryResultFormat.JSON, "srj", TupleQueryResultFormat.JSON,
            "xml", TupleQueryResultFormat.SPARQL, "srx", TupleQueryResultFormat.SPARQL,
            "csv", TupleQueryResultFormat.CSV, "tsv", TupleQueryResultFormat.TSV);

    private static final Map<String, BooleanQueryResultFormat> BOOLEAN_BY_MIME = Map.ofEntries(
            Map.entry("application/sparql-results+json", BooleanQueryResultFormat.JSON),
            Map.entry("application/json", BooleanQueryResultFormat.JSON),
            Map.entry("text/javascript", BooleanQueryResultFormat.JSON),
            Map.entry("application/javascript", BooleanQueryResultFormat.JSON),
            Map.entry("application/sparql-results+xml", BooleanQueryResultFormat.SPARQL),
            Map.entry("application/xml", BooleanQueryResultFormat.SPARQL),
            Map.entry("text/xml", BooleanQueryResultFormat.SPARQL),
            Map.entry("text/boolean", BooleanQueryResultFormat.TEXT));

    private static final Map<String, BooleanQueryResultFormat> BOOLEAN_BY_WORD = Map.of(
            "json", BooleanQueryResultFormat.JSON, "srj", BooleanQueryResultFormat.JSON,
            "xml", BooleanQueryResultFormat.SPARQL, "srx", BooleanQueryResultFormat.SPARQL);

    private static final Map<String, RDFFormat> GRAPH_BY_MIME = Map.ofEntries(
            Map.entry("text/turtle", RDFFormat.TURTLE),
            Map.entry("application/x-turtle", RDFFormat.TURTLE),
            Map.entry("application/n-triples", RDFFormat.NTRIPLES),
            Map.entry("text/plain", RDFFormat.NTRIPLES),
            Map.entry("application/ld+json", RDFFormat.JSONLD),
            Map.entry("application/json", RDFFormat.JSONLD),
            Map.entry("application/rdf+xml", RDFFormat.RDFXML),
            Map.entry("application/xml", RDFFormat.RDFXML),
            Map.entry("text/xml", RDFFormat.RDFXML));

    private static final Map<String, RDFFormat> GRAPH_BY_WORD = Map.of(
            "turtle", RDFFormat.TURTLE, "ttl", RDFFormat.TURTLE,
            "ntriples", RDFFormat.NTRIPLES, "n-triples", RDFFormat.NTRIPLES, "nt", RDFFormat.NTRIPLES,
            "jsonld", RDFFormat.JSONLD, "json-ld", RDFFormat.JSONLD, "json", RDFFormat.JSONLD,
            "xml", RDFFormat.RDFXML, "rdfxml", RDFFormat.RDFXML);

    /** The standard types of each kind, in the order a wildcard range picks them. */
    private static final Map<Kind, List<String>> OFFERED = Map.of(
            Kind.TUPLE, List.of("application/sparql-results+json", "application/sparql-results+xml", "text/csv",
                    "text/tab-separated-values"),
            Kind.BOOLEAN, List.of("application/sparql-results+json", "application/sparql-results+xml"),
            Kind.GRAPH, List.of("text/turtle", "application/n-triples", "application/ld+json", "application/rdf+xml"));

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
        if (formatParam != null || accept == null) {
            return pick(kind, formatParam, accept);
        }
        // A client sends the same Accept line with every query, and each query reads it twice (before it takes a
        // worker and when its answer is written): read once per line instead.
        String key = kind.ordinal() + accept;
        FileFormat known = CHOSEN.get(key);
        if (known == null) {
            known = pick(kind, null, accept);
            if (CHOSEN.size() >= CHOSEN_MAX) {
                CHOSEN.clear();
            }
            CHOSEN.put(key, known);
        }
        return known;
    }

    private static FileFormat pick(Kind kind, String formatParam, String accept) {
        return switch (kind) {
            case TUPLE -> pick(kind, TUPLE_BY_WORD, TUPLE_BY_MIME, TupleQueryResultFormat.JSON, formatParam, accept);
            case BOOLEAN -> pick(kind, BOOLEAN_BY_WORD, BOOLEAN_BY_MIME, BooleanQueryResultFormat.JSON, formatParam, accept);
            case GRAPH -> pick(kind, GRAPH_BY_WORD, GRAPH_BY_MIME, RDFFormat.TURTLE, formatParam, accept);
        };
    }

    /** The Content-Type header for a format. */
    static String contentType(FileFormat format) {
        String mime = format.getDefaultMIMEType();
        return format.hasCharset() ? mime + "; charset=utf-8" : mime;
    }

    private static <F extends FileFormat> F pick(Kind kind, Map<String, F> byWord, Map<String, F> byMime, F fallback,
            String formatParam, String accept) {
        if (formatParam != null) {
            String p = formatParam.strip().toLowerCase(Locale.ROOT);
            F f = byWord.get(p);
            if (f == null) {
                f = byMime.get(stripParameters(p));
            }
            if (f != null) {
                return f;
            }
            if (!known(p)) {
                throw new HttpError(400, "unknown result format '" + MediaType.shorten(formatParam)
                        + "': use json, xml, csv, tsv, turtle, ntriples, jsonld or a media type");
            }
            throw new HttpError(406, "format '" + MediaType.shorten(formatParam) + "' cannot carry " + describe(kind)
                    + "; this one is answered as " + String.join(", ", OFFERED.get(kind)));
        }
        if (accept == null) {
            return fallback;
        }
        List<MediaType.Range> ranges;
        try {
            ranges = MediaType.accept(accept);
        } catch (IllegalArgumentException e) {
            throw new HttpError(400, "malformed Accept header: " + e.getMessage());
        }
        for (MediaType.Range range : ranges) {
            if (range.mime().equals("*/*")) {
                return fallback;
            }
            if (range.mime().endsWith("/*")) {
                for (String offered : OFFERED.get(kind)) {
                    if (range.matches(offered)) {
                        return byMime.get(offered);
                    }
                }
                continue;
            }
            F f = byMime.get(range.mime());
            if (f != null) {
                return f;
            }
        }
        throw new HttpError(406, "nothing in 'Accept: " + MediaType.shorten(accept) + "' can carry " + describe(kind)
                + "; send one of " + String.join(", ", OFFERED.get(kind)) + " (or */*)");
    }

    private static boolean known(String p) {
        String mime = stripParameters(p);
        return TUPLE_BY_WORD.containsKey(p) || BOOLEAN_BY_WORD.containsKey(p) || GRAPH_BY_WORD.containsKey(p)
                || TUPLE_BY_MIME.containsKey(mime) || BOOLEAN_BY_MIME.containsKey(mime) || GRAPH_BY_MIME.containsKey(mime)
                || p.equals("csv") || p.equals("tsv") || p.equals("text");
    }

    private static String describe(Kind kind) {
        return switch (kind) {
            case TUPLE -> "a SELECT result";
            case BOOLEAN -> "an ASK result";
            case GRAPH -> "a CONSTRUCT or DESCRIBE result";
        };
    }

    private static String stripParameters(String mime) {
        int semi = mime.indexOf(';');
        return (semi < 0 ? mime : mime.substring(0, semi)).trim();
    }
}
