package dev.lacuna.tog;

import java.time.Duration;

/**
 * How far {@code lacuna tog} trusts its endpoint: each request's whole exchange, answer included, ends at
 * {@code timeout}, and an answer is read up to {@code maxResponseBytes}. Rows are cut at each query's own LIMIT and
 * names at {@link #MAX_NAME} characters, which need no setting.
 *
 * @param timeout          per request, from connecting to the answer's last byte
 * @param maxResponseBytes the most bytes of one answer read
 */
public record ClientLimits(Duration timeout, long maxResponseBytes) {
    /** Seconds a request may take by default. */
    public static final long TIMEOUT_SECONDS = 60;
    /** The longest timeout: a day. */
    public static final long MAX_TIMEOUT_SECONDS = 86_400;
    /**
     * Bytes of one answer by default: 16 MiB. An answer of ToG's is at most 10,000 rows of one IRI each (about 1 MB as
     * Virtuoso writes it), or one name.
     */
    public static final long MAX_RESPONSE_BYTES = 16L << 20;
    /** The longest name kept whole, in characters (code points); a longer one is cut and ends in {@link #CUT_MARK}. */
    public static final int MAX_NAME = 1000;
    /** What ends a name cut at {@link #MAX_NAME}. */
    public static final String CUT_MARK = "\u2026";

    public ClientLimits {
        if (timeout.isNegative() || timeout.isZero() || timeout.getSeconds() > MAX_TIMEOUT_SECONDS
                || maxResponseBytes < 1) {
            throw new IllegalArgumentException("a timeout of 1 s to a day and a positive byte cap: " + timeout + ", "
                    + maxResponseBytes);
        }
    }

    public static ClientLimits defaults() {
        return new ClientLimits(Duration.ofSeconds(TIMEOUT_SECONDS), MAX_RESPONSE_BYTES);
    }
}
