package dev.lacuna.tog;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import dev.lacuna.JsonStrings;

/**
 * A response body read as a stream that ends at the request's deadline and at a number of bytes, whatever the
 * endpoint does. The JDK client's own request timeout stops at the headers, and its string handler gathers the whole
 * body in its selector thread: an endpoint that sends a byte every two seconds held a run for ever, and one that sent
 * a gigabyte ran the process out of memory. Here the body is asked for one part at a time (so at most one part waits
 * in memory), each wait ends at the deadline, and a read past the cap or the deadline cancels the exchange, which
 * closes the connection.
 *
 * <p>Also refuses JSON nested deeper than {@link #MAX_NESTING}: SPARQL results nest five deep, and the parser keeps
 * a frame per open bracket, so nesting is what would otherwise grow with the bytes. Only brackets outside strings
 * count; UTF-8 never uses an ASCII byte inside a multi-byte character, so the count runs on bytes.
 */
final class BoundedBody extends InputStream implements HttpResponse.BodySubscriber<InputStream> {
    /** Deepest JSON nesting read; SPARQL JSON results need 5 (RDF-star values a few more). */
    static final int MAX_NESTING = 32;

    /** Why a body was not read to its end: the message names the bound. */
    static final class Refused extends IOException {
        Refused(String message) {
            super(message);
        }
    }

    private static final Object END = new Object();

    private final BlockingQueue<Object> arrivals = new LinkedBlockingQueue<>();
    private final long deadline;
    private final long maxBytes;
    private final String timeoutText;
    private volatile Flow.Subscription subscription;
    private Iterator<ByteBuffer> parts = List.<ByteBuffer>of().iterator();
    private ByteBuffer current = ByteBuffer.allocate(0);
    private long bytes;
    private boolean ended;
    private final JsonStrings strings = new JsonStrings();
    private int depth;

    /**
     * @param deadline    {@link System#nanoTime()} by which the whole body must have arrived
     * @param maxBytes    the most bytes read
     * @param timeoutText the timeout as the message names it ("5 s")
     */
    BoundedBody(long deadline, long maxBytes, String timeoutText) {
        this.deadline = deadline;
        this.maxBytes = maxBytes;
        this.timeoutText = timeoutText;
    }

    @Override
    public CompletionStage<InputStream> getBody() {
        return CompletableFuture.completedFuture(this);
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        s.request(1);
    }

    @Override
    public void onNext(List<ByteBuffer> item) {
        arrivals.add(item);
    }

    @Override
    public void onError(Throwable throwable) {
        arrivals.add(throwable);
    }

    @Override
    public void onComplete() {
        arrivals.add(END);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(len, current.remaining());
        current.get(b, off, n);
        bytes += n;
        if (bytes > maxBytes) {
            cancel();
            throw new Refused("sent an answer longer than " + maxBytes + " bytes (--max-response)");
        }
        nesting(b, off, n);
        return n;
    }

    /** Makes {@code current} hold bytes; false at the body's end. */
    private boolean fill() throws IOException {
        while (!current.hasRemaining()) {
            if (parts.hasNext()) {
                current = parts.next();
                continue;
            }
            if (ended) {
                return false;
            }
            Object next;
            try {
                long wait = deadline - System.nanoTime();
                next = wait <= 0 ? null : arrivals.poll(wait, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                cancel();
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while reading the answer");
            }
            if (next == null) {
                cancel();
                throw new Refused("sent no complete answer within " + timeoutText + " (--timeout, which covers the whole answer)");
            }
            if (next == END) {
                ended = true;
                return false;
            }
            if (next instanceof Throwable t) {
                ended = true;
                throw t instanceof IOException io ? io : new IOException(t.getMessage(), t);
            }
            @SuppressWarnings("unchecked")
            List<ByteBuffer> list = (List<ByteBuffer>) next;
            parts = list.iterator();
            subscription.request(1);
        }
        return true;
    }

    private void nesting(byte[] b, int off, int n) throws Refused {
        for (int i = off; i < off + n; i++) {
            byte c = b[i];
            if (strings.next(c) != JsonStrings.Place.OUTSIDE) {
                continue;
            }
            if (c == '[' || c == '{') {
                if (++depth > MAX_NESTING) {
                    cancel();
                    throw new Refused("sent JSON nested deeper than " + MAX_NESTING + " levels, which SPARQL results never need");
                }
            } else if (c == ']' || c == '}') {
                depth--;
            }
        }
    }

    /** Stops the exchange: the client closes the connection rather than reading the rest. */
    private void cancel() {
        ended = true;
        Flow.Subscription s = subscription;
        if (s != null) {
            s.cancel();
        }
    }

    @Override
    public void close() {
        if (!ended) {
            cancel();
        }
    }
}
