package dev.lacuna.serve;

/** A request the endpoint answers with an error status and a plain-text message. */
final class HttpError extends RuntimeException {
    private final int status;

    HttpError(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    int status() {
        return status;
    }
}
