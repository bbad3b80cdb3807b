package dev.lacuna.serve;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.query.Dataset;
import org.eclipse.rdf4j.query.impl.SimpleDataset;
import org.eclipse.jetty.server.Request;

/**
 * One SPARQL 1.1 Protocol request, read from GET parameters, a form POST or a direct POST
 * ({@code application/sparql-query}, {@code application/sparql-update}). Unknown parameters are kept and ignored.
 */
final class SparqlRequest {
    private final Map<String, List<String>> params;
    private final String query;
    private final String update;

    private SparqlRequest(Map<String, List<String>> params, String query, String update) {
        this.params = params;
        this.query = query;
        this.update = update;
    }

    /** Reads a request on a served path; a method other than GET, HEAD or POST is a 405 naming the allowed ones. */
    static SparqlRequest read(Request request, long maxBodyBytes, ProtocolHandler.Body body) {
        Map<String, List<String>> params = new LinkedHashMap<>();
        parseForm(request.getHttpURI().getQuery(), params);
        String method = request.getMethod();
        String query = null;
        String update = null;
        if (method.equals("POST")) {
            String contentType = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
            String mime = contentType == null ? "" : contentType.split(";")[0].trim().toLowerCase(Locale.ROOT);
            String text = bodyText(request, maxBodyBytes, body);
            switch (mime) {
                case "application/x-www-form-urlencoded", "" -> parseForm(text, params);
                case "application/sparql-query" -> query = text;
                case "application/sparql-update" -> update = text;
                default -> throw new HttpError(415, "unsupported Content-Type '" + contentType
                        + "': send application/x-www-form-urlencoded, application/sparql-query or application/sparql-update");
            }
        } else if (!method.equals("GET") && !method.equals("HEAD")) {
            throw HttpError.methodNotAllowed("method " + method + " not allowed: use GET or POST", ProtocolHandler.ALLOW);
        }
        if (query == null) {
            query = first(params, "query");
        }
        if (update == null) {
            update = first(params, "update");
        }
        if (query != null && update != null) {
            throw new HttpError(400, "give either a query or an update, not both");
        }
        return new SparqlRequest(params, query, update);
    }

    String query() {
        return query;
    }

    String update() {
        return update;
    }

    /** The first non-blank value of the first of the names that has one (format, output, results ...). */
    String param(String... names) {
        for (String name : names) {
            String v = first(params, name);
            if (v != null && !v.isBlank()) {
                return v;
            }
        }
        return null;
    }

    List<String> all(String name) {
        return params.getOrDefault(name, List.of());
    }

    /**
     * default-graph-uri / named-graph-uri, as the protocol says, for the one target without a fixed dataset
     * ({@code --expose all}); none means the query's own dataset.
     */
    Dataset dataset() {
        List<String> defaults = all("default-graph-uri");
        List<String> named = all("named-graph-uri");
        if (defaults.isEmpty() && named.isEmpty()) {
            return null;
        }
        SimpleDataset d = new SimpleDataset();
        try {
            defaults.forEach(g -> d.addDefaultGraph(SimpleValueFactory.getInstance().createIRI(g)));
            named.forEach(g -> d.addNamedGraph(SimpleValueFactory.getInstance().createIRI(g)));
        } catch (IllegalArgumentException e) {
            throw new HttpError(400, "bad graph IRI in default-graph-uri/named-graph-uri: " + e.getMessage());
        }
        if (named.isEmpty()) {
            d.addNamedGraph(LacunaEndpoint.NO_NAMED_GRAPHS);
        }
        return d;
    }

    private static String first(Map<String, List<String>> params, String name) {
        List<String> values = params.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    private static String bodyText(Request request, long maxBodyBytes, ProtocolHandler.Body body) {
        long length = request.getLength();
        if (length > maxBodyBytes) {
            throw new HttpError(413, "request body of " + length + " bytes is over the limit of " + maxBodyBytes + " bytes");
        }
        if (body.bytes() == null || body.bytes().length > maxBodyBytes) {
            if (body.failure() != null && !(body.failure() instanceof IllegalArgumentException)) {
                throw new HttpError(400, "request body not read: " + body.failure());
            }
            throw new HttpError(413, "request body is over the limit of " + maxBodyBytes + " bytes");
        }
        return new String(body.bytes(), StandardCharsets.UTF_8);
    }

    /** True when the request names no parameter at all: a GET of the endpoint URL, answered with its description. */
    boolean bare() {
        return params.isEmpty() && query == null && update == null;
    }

    private static void parseForm(String form, Map<String, List<String>> into) {
        if (form == null || form.isEmpty()) {
            return;
        }
        for (String pair : form.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            into.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new HttpError(400, "malformed percent-encoding in request parameters: " + e.getMessage());
        }
    }
}
