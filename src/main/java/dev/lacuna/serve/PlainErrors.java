package dev.lacuna.serve;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/** Errors Jetty answers before the handler runs (a URL over the limit, a malformed request) as one plain-text line. */
final class PlainErrors extends ErrorHandler {
    /** Jetty's reasons for a request line whose version it cannot read, or that has none. */
    private static final java.util.Set<String> NO_VERSION = java.util.Set.of("Unknown Version", "HTTP/0.9 not supported");

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        int status = response.getStatus();
        if (status == 505 && NO_VERSION.contains(String.valueOf(request.getAttribute(ERROR_MESSAGE)))) {
            // A version that is no HTTP version at all ("HTTP/1.x1"), or none (what Jetty takes for HTTP/0.9), is a
            // malformed request line, the client's mistake; 505 stays for a well-formed version this server does
            // not speak (HTTP/2.0 in clear text).
            status = 400;
            response.setStatus(status);
            request.setAttribute(ERROR_MESSAGE, "malformed request line: no HTTP version such as HTTP/1.1 at its end");
        }
        String message = switch (status) {
            case 414, 431 -> "request URL or headers over the limit: send long queries by POST "
                    + "(Content-Type application/sparql-query, or a form with query=...)";
            default -> {
                Object m = request.getAttribute(ERROR_MESSAGE);
                yield "bad request" + (m == null ? "" : ": " + m);
            }
        };
        byte[] body = (message + "\n").getBytes(StandardCharsets.UTF_8);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain; charset=utf-8");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
        return true;
    }
}
