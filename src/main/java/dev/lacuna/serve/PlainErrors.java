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
    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        int status = response.getStatus();
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
