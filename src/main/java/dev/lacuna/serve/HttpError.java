package dev.lacuna.serve;

/** A request the endpoint answers with an error status and a plain-text message. */
final class HttpError extends RuntimeException {
    private final int status;
    private final String allow;

    HttpError(int status, String message) {
        this(status, message, null);
    }

    private HttpError(int status, String message, String allow) {
        super(message, null, false, false);
        this.status = status;
        this.allow = allow;
    }

    /** 405 with the methods the resource does take, for the Allow header. */
    static HttpError methodNotAllowed(String message, String allow) {
        return new HttpError(405, message, allow);
    }

    int status() {
        return status;
    }

    /** The Allow header of a 405, or null. */
    String allow() {
        return allow;
    }
}
