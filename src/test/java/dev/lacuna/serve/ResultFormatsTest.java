package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.rdf4j.common.lang.FileFormat;
import org.eclipse.rdf4j.query.resultio.BooleanQueryResultFormat;
import org.eclipse.rdf4j.query.resultio.BooleanQueryResultWriterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What each format parameter and Accept header is answered with, kind by kind: the media type served (with its
 * charset parameter), or the status of the refusal. The rows are what the endpoint answered when each kind kept
 * its own maps of media types, and still answers with the types resolved by RDF4J's writer registries.
 */
class ResultFormatsTest {

    @ParameterizedTest(name = "{0} format={1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            TUPLE   | json                      | application/sparql-results+json; charset=utf-8
            TUPLE   | ' JSON '                  | application/sparql-results+json; charset=utf-8
            TUPLE   | srj                       | application/sparql-results+json; charset=utf-8
            TUPLE   | xml                       | application/sparql-results+xml; charset=utf-8
            TUPLE   | srx                       | application/sparql-results+xml; charset=utf-8
            TUPLE   | csv                       | text/csv; charset=utf-8
            TUPLE   | tsv                       | text/tab-separated-values; charset=utf-8
            TUPLE   | turtle                    | 406
            TUPLE   | text                      | 406
            TUPLE   | txt                       | 400
            TUPLE   | brt                       | 400
            TUPLE   | ''                        | 400
            TUPLE   | application/json          | application/sparql-results+json; charset=utf-8
            TUPLE   | text/javascript           | application/sparql-results+json; charset=utf-8
            TUPLE   | application/javascript    | application/sparql-results+json; charset=utf-8
            TUPLE   | application/xml           | application/sparql-results+xml; charset=utf-8
            TUPLE   | text/xml                  | application/sparql-results+xml; charset=utf-8
            TUPLE   | text/csv;q=0.5            | text/csv; charset=utf-8
            TUPLE   | Application/SPARQL-Results+JSON; charset=utf-8 | application/sparql-results+json; charset=utf-8
            TUPLE   | text/boolean              | 406
            TUPLE   | text/plain                | 406
            TUPLE   | application/x-binary-rdf-results-table | 400
            TUPLE   | application/x-sparqlstar-results+xml   | 400
            TUPLE   | text/*                    | 400
            TUPLE   | text/html                 | 400
            BOOLEAN | json                      | application/sparql-results+json; charset=utf-8
            BOOLEAN | xml                       | application/sparql-results+xml; charset=utf-8
            BOOLEAN | csv                       | 406
            BOOLEAN | tsv                       | 406
            BOOLEAN | text                      | 406
            BOOLEAN | text/boolean              | text/boolean; charset=utf-8
            BOOLEAN | text/javascript           | application/sparql-results+json; charset=utf-8
            BOOLEAN | text/xml                  | application/sparql-results+xml; charset=utf-8
            BOOLEAN | text/csv                  | 406
            BOOLEAN | application/x-sparqlstar-results+json | application/sparql-results+json; charset=utf-8
            GRAPH   | json                      | application/ld+json; charset=utf-8
            GRAPH   | xml                       | application/rdf+xml; charset=utf-8
            GRAPH   | turtle                    | text/turtle; charset=utf-8
            GRAPH   | ttl                       | text/turtle; charset=utf-8
            GRAPH   | ntriples                  | application/n-triples; charset=utf-8
            GRAPH   | n-triples                 | application/n-triples; charset=utf-8
            GRAPH   | nt                        | application/n-triples; charset=utf-8
            GRAPH   | jsonld                    | application/ld+json; charset=utf-8
            GRAPH   | json-ld                   | application/ld+json; charset=utf-8
            GRAPH   | rdfxml                    | application/rdf+xml; charset=utf-8
            GRAPH   | srj                       | 406
            GRAPH   | csv                       | 406
            GRAPH   | rdf                       | 400
            GRAPH   | trig                      | 400
            GRAPH   | application/json          | application/ld+json; charset=utf-8
            GRAPH   | application/xml           | application/rdf+xml; charset=utf-8
            GRAPH   | text/xml                  | application/rdf+xml; charset=utf-8
            GRAPH   | application/x-turtle      | text/turtle; charset=utf-8
            GRAPH   | text/plain                | application/n-triples; charset=utf-8
            GRAPH   | 'text/turtle ;'           | text/turtle; charset=utf-8
            GRAPH   | text/javascript           | 406
            GRAPH   | application/trig          | 400
            GRAPH   | application/n-quads       | 400
            GRAPH   | application/x-binary-rdf  | 400
            GRAPH   | application/x-sparqlstar-results+json | 406
            """)
    void formatParameter(ResultFormats.Kind kind, String format, String expected) {
        assertEquals(expected, answer(kind, format, null));
    }

    @ParameterizedTest(name = "{0} Accept: {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            TUPLE   | -                                  | application/sparql-results+json; charset=utf-8
            TUPLE   | */*                                | application/sparql-results+json; charset=utf-8
            TUPLE   | application/*                      | application/sparql-results+json; charset=utf-8
            TUPLE   | text/*                             | text/csv; charset=utf-8
            TUPLE   | Application/JSON                   | application/sparql-results+json; charset=utf-8
            TUPLE   | text/javascript                    | application/sparql-results+json; charset=utf-8
            TUPLE   | text/xml                           | application/sparql-results+xml; charset=utf-8
            TUPLE   | text/tab-separated-values          | text/tab-separated-values; charset=utf-8
            TUPLE   | 'application/sparql-results+xml;q=0.5, application/json' | application/sparql-results+json; charset=utf-8
            TUPLE   | 'foo/bar, text/tab-separated-values' | text/tab-separated-values; charset=utf-8
            TUPLE   | 'text/html, */*;q=0.1'             | application/sparql-results+json; charset=utf-8
            TUPLE   | text/boolean                       | 406
            TUPLE   | application/x-binary-rdf-results-table | 406
            TUPLE   | text/x-tab-separated-values-star   | 406
            TUPLE   | text/csv;q=0                       | 406
            TUPLE   | ''                                 | 406
            TUPLE   | image/*                            | 406
            TUPLE   | ;                                  | 400
            TUPLE   | bad                                | 400
            BOOLEAN | -                                  | application/sparql-results+json; charset=utf-8
            BOOLEAN | application/*                      | application/sparql-results+json; charset=utf-8
            BOOLEAN | text/boolean                       | text/boolean; charset=utf-8
            BOOLEAN | text/*                             | 406
            BOOLEAN | text/csv                           | 406
            BOOLEAN | 'text/csv;q=0.5, text/*'           | 406
            BOOLEAN | application/x-sparqlstar-results+json | application/sparql-results+json; charset=utf-8
            GRAPH   | -                                  | text/turtle; charset=utf-8
            GRAPH   | */*                                | text/turtle; charset=utf-8
            GRAPH   | text/*                             | text/turtle; charset=utf-8
            GRAPH   | application/*                      | application/n-triples; charset=utf-8
            GRAPH   | application/json                   | application/ld+json; charset=utf-8
            GRAPH   | text/xml                           | application/rdf+xml; charset=utf-8
            GRAPH   | 'text/plain;q=1.0, application/n-triples;q=0.9' | application/n-triples; charset=utf-8
            GRAPH   | '*/*;q=0.5, application/json'      | application/ld+json; charset=utf-8
            GRAPH   | text/turtle; charset=utf-8         | text/turtle; charset=utf-8
            GRAPH   | text/javascript                    | 406
            GRAPH   | application/trig                   | 406
            GRAPH   | text/x-nquads                      | 406
            GRAPH   | application/x-binary-rdf           | 406
            """)
    void acceptHeader(ResultFormats.Kind kind, String accept, String expected) {
        assertEquals(expected, answer(kind, null, accept.equals("-") ? null : accept));
    }

    /** The format parameter wins over the Accept header, whatever the header says. */
    @Test
    void formatParameterBeforeAccept() {
        assertEquals("text/csv; charset=utf-8", answer(ResultFormats.Kind.TUPLE, "csv", "text/turtle"));
        assertEquals("application/ld+json; charset=utf-8", answer(ResultFormats.Kind.GRAPH, "json", "bad"));
    }

    /** A refusal names the standard types of the kind, in the order a wildcard picks them. */
    @Test
    void refusalsNameTheOfferedTypes() {
        assertEquals("406 nothing in 'Accept: text/csv' can carry an ASK result; send one of "
                        + "application/sparql-results+json, application/sparql-results+xml (or */*)",
                refusal(ResultFormats.Kind.BOOLEAN, null, "text/csv"));
        assertEquals("406 format 'csv' cannot carry a CONSTRUCT or DESCRIBE result; this one is answered as "
                        + "text/turtle, application/n-triples, application/ld+json, application/rdf+xml",
                refusal(ResultFormats.Kind.GRAPH, "csv", null));
    }

    /**
     * The one type answered now and refused before the registries: RDF4J's SPARQL JSON boolean writer declares
     * application/x-sparqlstar-results+json (RDF4J's own clients put it in an ASK's Accept list), so an ASK asked
     * for it is answered in SPARQL JSON, as an RDF4J server answers it.
     */
    @Test
    void anAskAnswersEveryTypeItsWriterDeclares() {
        List<String> refused = new ArrayList<>();
        for (BooleanQueryResultFormat f : List.of(BooleanQueryResultFormat.JSON, BooleanQueryResultFormat.SPARQL,
                BooleanQueryResultFormat.TEXT)) {
            assertTrue(BooleanQueryResultWriterRegistry.getInstance().has(f));
            for (String mime : f.getMIMETypes()) {
                if (!answer(ResultFormats.Kind.BOOLEAN, null, mime).startsWith(f.getDefaultMIMEType())) {
                    refused.add(mime);
                }
            }
        }
        assertEquals(List.of(), refused);
    }

    private static String answer(ResultFormats.Kind kind, String format, String accept) {
        try {
            FileFormat f = ResultFormats.choose(kind, format, accept);
            return ResultFormats.contentType(f);
        } catch (HttpError e) {
            return String.valueOf(e.status());
        }
    }

    private static String refusal(ResultFormats.Kind kind, String format, String accept) {
        try {
            return "answered as " + ResultFormats.contentType(ResultFormats.choose(kind, format, accept));
        } catch (HttpError e) {
            return e.status() + " " + e.getMessage();
        }
    }
}
