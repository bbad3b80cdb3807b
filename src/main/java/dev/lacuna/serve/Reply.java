package dev.lacuna.serve;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one answer to one request. The thread that evaluates the query and the {@link Admission} watchdog may both try
 * to answer (the watchdog with 503 at the deadline); the first wins and the other's answer is dropped. Everything
 * set on the response after evaluation began is therefore set here, by the winner. Writes one access-log line
 * (logger {@code dev.lacuna.serve.access}).
 */
final class Reply {
    private static final Logger ACCESS = LoggerFactory.getLogger("dev.lacuna.serve.access");
    static final String PLAIN = "text/plain; charset=utf-8";

    private final Request request;
    private final Response response;
    private final Callback callback;
    private final boolean accessLog;
    private final long start = System.nanoTime();
    private final AtomicBoolean sent = new AtomicBoolean();

    Reply(Request request, Response response, Callback callback, boolean accessLog) {
        this.request = request;
        this.response = response;
        this.callback = callback;
        this.accessLog = accessLog;
    }

    /** Answers unless an answer went out already. */
    void send(int status, String type, byte[] body, String note) {
        if (claim()) {
            write(status, type, body, note);
        }
    }

    /** Answers with a query's rendered answer, marked when the row limit cut it. */
    void answer(QueryRunner.Answer answer, long maxRows) {
        if (!claim()) {
            return;
        }
        String note = " rows=" + answer.rows();
        if (answer.truncated()) {
            response.getHeaders().put("X-Lacuna-Truncated", "max rows " + maxRows);
            note += " (truncated)";
        }
        write(answer.status(), answer.contentType(), answer.body(), note);
    }

    /** Answers with an error's status and one-line reason. */
    void fail(HttpError e) {
        if (!claim()) {
            return;
        }
        if (!request.getMethod().equals("POST")
                && (request.getLength() > 0 || request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING))) {
            // a body nobody read: the connection cannot carry the client's next request
            response.getHeaders().put(HttpHeader.CONNECTION, "close");
        }
        if (e.allow() != null) {
            response.getHeaders().put(HttpHeader.ALLOW, e.allow());
        } else if (e.status() == 503) {
            response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
        }
        write(e.status(), PLAIN, (e.getMessage() + "\n").getBytes(StandardCharsets.UTF_8), " " + e.getMessage());
    }

    private boolean claim() {
        return sent.compareAndSet(false, true);
    }

    private void write(int status, String type, byte[] body, String note) {
        response.setStatus(status);
        String method = request.getMethod();
        boolean noBody = body.length == 0 || status == 204 || method.equals("HEAD");
        if (status != 204) {
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        }
        response.write(true, noBody ? null : ByteBuffer.wrap(body), callback);
        if (accessLog) {
            ACCESS.info("{} {} {} {} {}B {}ms{}", Request.getRemoteAddr(request), escaped(method),
                    escaped(Request.getPathInContext(request)), status, body.length,
                    (System.nanoTime() - start) / 1_000_000, escaped(oneLine(note)));
        }
    }

    /** Access-log notes stay on one line and short, whatever the parser said. */
    private static String oneLine(String note) {
        String s = note.replaceAll("\\s+", " ");
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }

    /**
     * A client's text as one log line shows it: control, format (U+202E turns a terminal line around) and line or
     * paragraph separator characters written as \\uXXXX, the rest as it came.
     */
    static String escaped(String text) {
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int type = Character.getType(c);
            boolean hidden = type == Character.CONTROL || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR || type == Character.SURROGATE && !validPair(text, i);
            if (hidden) {
                if (out == null) {
                    out = new StringBuilder(text.length() + 16).append(text, 0, i);
                }
                out.append(String.format("\\u%04x", (int) c));
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }

    private static boolean validPair(String text, int i) {
        char c = text.charAt(i);
        return Character.isHighSurrogate(c) ? i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))
                : i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
    }
}
