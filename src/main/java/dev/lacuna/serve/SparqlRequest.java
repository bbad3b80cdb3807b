package dev.lacuna.serve;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;

/**
 * One SPARQL 1.1 Protocol request, read from GET parameters, a form POST or a direct POST
 * ({@code application/sparql-query}, {@code application/sparql-update}), strictly: whatever could be read two
 * ways is refused with a 4xx and a one-line reason instead of read one way. Two values of a one-valued parameter
 * ({@code query}, {@code update}, {@code format}, {@code version}, ...), the operation both in the URL and in the
 * body, a POST without Content-Type, a charset other than UTF-8, bytes that are not UTF-8, a GET with a body:
 * each is a 400 or 415. Parameters the protocol does not define are ignored, as the protocol leaves them to the
 * service (clients add their own, such as SPARQLWrapper's {@code output} and {@code results}).
 */
final class SparqlRequest {
    static final String FORM = "application/x-www-form-urlencoded";
    static final String QUERY_TYPE = "application/sparql-query";
    static final String UPDATE_TYPE = "application/sparql-update";
    /** Parameters that take one value; a second one is ambiguous. */
    private static final Set<String> SINGLE = Set.of("query", "update", "format", "output", "results", "version");
    /** Graph parameters: of a query (default-graph-uri, named-graph-uri) and of an update (using-...). */
    static final List<String> QUERY_GRAPHS = List.of("default-graph-uri", "named-graph-uri");
    static final List<String> UPDATE_GRAPHS = List.of("using-graph-uri", "using-named-graph-uri");
    /** The SPARQL versions this endpoint's parser reads (the SPARQL 1.2 Protocol's version parameter). */
    static final Set<String> VERSIONS = Set.of("1.1");

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
        String method = request.getMethod();
        if (!method.equals("GET") && !method.equals("HEAD") && !method.equals("POST")) {
            throw HttpError.methodNotAllowed("method " + method + " not allowed: use GET or POST", ProtocolHandler.ALLOW);
        }
        Map<String, List<String>> params = new LinkedHashMap<>();
        parseForm(request.getHttpURI().getQuery(), params, "the URL");
        String contentType = single(request, HttpHeader.CONTENT_TYPE);
        String query = null;
        String update = null;
        if (method.equals("POST")) {
            MediaType type = contentType(contentType);
            String text = bodyText(request, maxBodyBytes, body);
            for (String name : List.of("query", "update")) {
                if (params.containsKey(name)) {
                    throw new HttpError(400, "'" + name + "' in the URL of a POST: send the operation in the body only");
                }
            }
            switch (type.mime()) {
                case FORM -> parseForm(text, params, "the form body");
                case QUERY_TYPE -> query = text;
                case UPDATE_TYPE -> update = text;
                default -> throw new HttpError(415, "unsupported Content-Type '" + MediaType.shorten(contentType)
                        + "': send " + FORM + ", " + QUERY_TYPE + " or " + UPDATE_TYPE);
            }
        } else {
            if (request.getLength() > 0 || request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING)) {
                throw new HttpError(400, "a " + method + " request carries no body: send the query in the URL, or POST it");
            }
            if (contentType != null) {
                contentType(contentType);
            }
        }
        for (Map.Entry<String, List<String>> e : params.entrySet()) {
            if (e.getValue().size() > 1 && SINGLE.contains(e.getKey())) {
                throw new HttpError(400, "parameter '" + e.getKey() + "' given " + e.getValue().size()
                        + " times: give it once");
            }
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
        SparqlRequest out = new SparqlRequest(params, query, update);
        out.checkParameters();
        return out;
    }

    /** The Content-Type of a request: one type, UTF-8 if a charset is named, no other parameter. 415 otherwise. */
    private static MediaType contentType(String header) {
        if (header == null) {
            throw new HttpError(415, "a POST needs a Content-Type: " + FORM + ", " + QUERY_TYPE + " or " + UPDATE_TYPE);
        }
        MediaType type;
        try {
            type = MediaType.parse(header);
        } catch (IllegalArgumentException e) {
            throw new HttpError(415, "malformed Content-Type: " + e.getMessage());
        }
        for (String name : type.params().keySet()) {
            if (!name.equals("charset")) {
                throw new HttpError(415, "unsupported parameter '" + MediaType.shorten(name) + "' in Content-Type '"
                        + MediaType.shorten(header) + "'");
            }
        }
        if (type.charset() != null && !type.charset().equals("utf-8")) {
            throw new HttpError(415, "charset '" + MediaType.shorten(type.params().get("charset"))
                    + "' is not supported: SPARQL requests are UTF-8");
        }
        return type;
    }

    /** Values the protocol defines, checked before anything runs. */
    private void checkParameters() {
        String version = first(params, "version");
        if (version != null && !VERSIONS.contains(version.strip())) {
            throw new HttpError(400, "version '" + MediaType.shorten(version) + "' is not supported: this endpoint "
                    + "reads SPARQL " + String.join(", ", VERSIONS));
        }
        List<String> formats = new ArrayList<>();
        for (String name : List.of("format", "output", "results")) {
            String v = first(params, name);
            if (v != null) {
                if (v.isBlank()) {
                    throw new HttpError(400, "parameter '" + name + "' is empty");
                }
                formats.add(v.strip());
            }
        }
        if (formats.stream().distinct().count() > 1) {
            throw new HttpError(400, "format, output and results name different formats (" + String.join(", ", formats)
                    + "): give one");
        }
        List<String> wrong = update != null ? QUERY_GRAPHS : query != null ? UPDATE_GRAPHS : List.of();
        for (String name : wrong) {
            if (params.containsKey(name)) {
                throw new HttpError(400, "'" + name + "' belongs to " + (update != null ? "queries" : "updates")
                        + ", not to " + (update != null ? "updates" : "queries"));
            }
        }
        for (String name : List.of("default-graph-uri", "named-graph-uri", "using-graph-uri", "using-named-graph-uri")) {
            for (String iri : all(name)) {
                if (!absoluteIri(iri)) {
                    throw new HttpError(400, "'" + name + "' needs an absolute IRI, got '" + MediaType.shorten(iri) + "'");
                }
            }
        }
    }

    private static boolean absoluteIri(String s) {
        if (s.isEmpty() || s.chars().anyMatch(c -> c <= 0x20 || "<>\"{}|^`\\".indexOf(c) >= 0)) {
            return false;
        }
        try {
            return new URI(s).isAbsolute();
        } catch (URISyntaxException e) {
            return false;
        }
    }

    String query() {
        return query;
    }

    String update() {
        return update;
    }

    /** The format parameter (format, output or results: checked to agree), or null. */
    String format() {
        for (String name : List.of("format", "output", "results")) {
            String v = first(params, name);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    List<String> all(String name) {
        return params.getOrDefault(name, List.of());
    }

    private static String first(Map<String, List<String>> params, String name) {
        List<String> values = params.get(name);
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    /** The one value of a header that may appear once; two lines of it are a 400. */
    static String single(Request request, HttpHeader header) {
        List<String> values = request.getHeaders().getValuesList(header);
        if (values.size() > 1) {
            throw new HttpError(400, "header " + header.asString() + " given " + values.size() + " times: give it once");
        }
        return values.isEmpty() ? null : values.get(0);
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
        return utf8(body.bytes(), "the request body");
    }

    /** True when the request names no parameter at all: a GET of the endpoint URL, answered with its description. */
    boolean bare() {
        return params.isEmpty() && query == null && update == null;
    }

    /** Decodes name=value pairs (percent-encoded UTF-8, '+' for space); a malformed escape or byte is a 400. */
    private static void parseForm(String form, Map<String, List<String>> into, String where) {
        if (form == null || form.isEmpty()) {
            return;
        }
        for (String pair : form.split("&", -1)) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq), where);
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1), where);
            into.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
    }

    private static String decode(String s, String where) {
        // Every character of a URL is ASCII: one byte each, three for the rare one that is not.
        byte[] bytes = new byte[s.length() * 3];
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '+') {
                bytes[n++] = ' ';
            } else if (c == '%') {
                int hi = i + 2 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
                int lo = i + 2 < s.length() ? Character.digit(s.charAt(i + 2), 16) : -1;
                if (hi < 0 || lo < 0) {
                    throw new HttpError(400, "malformed percent-encoding in " + where + " at '"
                            + MediaType.shorten(s.substring(i, Math.min(s.length(), i + 3))) + "'");
                }
                bytes[n++] = (byte) (hi * 16 + lo);
                i += 2;
            } else if (c < 0x80) {
                bytes[n++] = (byte) c;
            } else {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                if (Character.isHighSurrogate(c) && i + 1 < s.length()) {
                    b = s.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
                    i++;
                }
                System.arraycopy(b, 0, bytes, n, b.length);
                n += b.length;
            }
        }
        return utf8(bytes, n, where);
    }

    private static String utf8(byte[] bytes, String where) {
        return utf8(bytes, bytes.length, where);
    }

    /** The first n bytes as UTF-8, refused when they are not; ASCII (nearly every query) without a decoder. */
    private static String utf8(byte[] bytes, int n, String where) {
        boolean ascii = true;
        for (int i = 0; i < n && ascii; i++) {
            ascii = bytes[i] >= 0;
        }
        if (ascii) {
            return new String(bytes, 0, n, StandardCharsets.US_ASCII);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, 0, n)).toString();
        } catch (CharacterCodingException e) {
            throw new HttpError(400, where + " is not UTF-8: SPARQL requests are UTF-8");
        }
    }
}
