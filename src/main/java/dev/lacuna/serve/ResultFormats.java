package dev.lacuna.serve;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.rdf4j.common.lang.FileFormat;
import org.eclipse.rdf4j.query.resultio.BooleanQueryResultFormat;
import org.eclipse.rdf4j.query.resultio.TupleQueryResultFormat;
import org.eclipse.rdf4j.rio.RDFFormat;

/**
 * Picks the result format of a query: first from the {@code format}, {@code output} or {@code results}
 * parameter (what SPARQLWrapper and Virtuoso-era clients send: "json", "xml", a MIME type), then from the
 * Accept header with q-values, else the default (SPARQL JSON for SELECT/ASK, Turtle for CONSTRUCT/DESCRIBE).
 * Lenient on purpose: an unknown format never fails a query, since KG-RAG clients send odd Accept lists.
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
            Map.entry("text/boolean", BooleanQueryResultFormat.TEXT),
            Map.entry("text/plain", BooleanQueryResultFormat.TEXT),
            Map.entry("text/csv", BooleanQueryResultFormat.TEXT),
            Map.entry("text/tab-separated-values", BooleanQueryResultFormat.TEXT));

    private static final Map<String, BooleanQueryResultFormat> BOOLEAN_BY_WORD = Map.of(
            "json", BooleanQueryResultFormat.JSON, "srj", BooleanQueryResultFormat.JSON,
            "xml", BooleanQueryResultFormat.SPARQL, "srx", BooleanQueryResultFormat.SPARQL,
            "csv", BooleanQueryResultFormat.TEXT, "tsv", BooleanQueryResultFormat.TEXT,
            "text", BooleanQueryResultFormat.TEXT);

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

    private ResultFormats() {
    }

    static FileFormat choose(Kind kind, String formatParam, String accept) {
        return switch (kind) {
            case TUPLE -> pick(TUPLE_BY_WORD, TUPLE_BY_MIME, TupleQueryResultFormat.JSON, formatParam, accept);
            case BOOLEAN -> pick(BOOLEAN_BY_WORD, BOOLEAN_BY_MIME, BooleanQueryResultFormat.JSON, formatParam, accept);
            case GRAPH -> pick(GRAPH_BY_WORD, GRAPH_BY_MIME, RDFFormat.TURTLE, formatParam, accept);
        };
    }

    /** The Content-Type header for a format. */
    static String contentType(FileFormat format) {
        String mime = format.getDefaultMIMEType();
        return format.hasCharset() ? mime + "; charset=utf-8" : mime;
    }

    private static <F extends FileFormat> F pick(Map<String, F> byWord, Map<String, F> byMime, F fallback,
            String formatParam, String accept) {
        if (formatParam != null && !formatParam.isBlank()) {
            String p = formatParam.trim().toLowerCase(Locale.ROOT);
            F f = byWord.get(p);
            if (f == null) {
                f = byMime.get(stripParameters(p));
            }
            if (f != null) {
                return f;
            }
        }
        if (accept != null && !accept.isBlank()) {
            for (String range : byPreference(accept)) {
                if (range.equals("*/*") || range.equals("application/*")) {
                    return fallback;
                }
                F f = byMime.get(range);
                if (f != null) {
                    return f;
                }
            }
        }
        return fallback;
    }

    /** Media ranges of an Accept header, most preferred first (q descending, then the client's order); q=0 dropped. */
    static List<String> byPreference(String accept) {
        record Range(String type, double q, int order) {
        }
        List<Range> ranges = new ArrayList<>();
        String[] parts = accept.split(",");
        for (int i = 0; i < parts.length; i++) {
            String[] pieces = parts[i].split(";");
            String type = pieces[0].trim().toLowerCase(Locale.ROOT);
            if (type.isEmpty()) {
                continue;
            }
            double q = 1.0;
            for (int j = 1; j < pieces.length; j++) {
                String param = pieces[j].trim();
                if (param.startsWith("q=")) {
                    try {
                        q = Double.parseDouble(param.substring(2).trim());
                    } catch (NumberFormatException e) {
                        q = 0.5;
                    }
                }
            }
            if (q > 0) {
                ranges.add(new Range(type, q, i));
            }
        }
        ranges.sort(Comparator.comparingDouble(Range::q).reversed().thenComparingInt(Range::order));
        return ranges.stream().map(Range::type).toList();
    }

    private static String stripParameters(String mime) {
        int semi = mime.indexOf(';');
        return (semi < 0 ? mime : mime.substring(0, semi)).trim();
    }
}
