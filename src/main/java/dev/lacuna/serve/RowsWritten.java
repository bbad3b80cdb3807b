package dev.lacuna.serve;

import java.util.List;

import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.TupleQueryResultHandler;
import org.eclipse.rdf4j.query.TupleQueryResultHandlerException;
import org.eclipse.rdf4j.query.resultio.TupleQueryResultWriter;

/**
 * Rows from a store's result handed straight to the answer's writer, at most maxRows of them. At the row limit or
 * the deadline it stops the store's client by throwing {@link Stop}, which the client may hand back wrapped: the
 * response still being read is then abandoned rather than read to its end.
 */
final class RowsWritten implements TupleQueryResultHandler {
    /** Thrown to stop reading a result; not an error. */
    static final class Stop extends TupleQueryResultHandlerException {
        private static final long serialVersionUID = 1L;

        Stop() {
            super("stop reading", null);
        }
    }

    private final TupleQueryResultWriter writer;
    private final long maxRows;
    private final long deadline;
    private long count;
    private boolean started;
    private boolean truncated;
    private boolean timedOut;

    RowsWritten(TupleQueryResultWriter writer, long maxRows, long deadline) {
        this.writer = writer;
        this.maxRows = maxRows;
        this.deadline = deadline;
    }

    @Override
    public void startQueryResult(List<String> bindingNames) {
        started = true;
        writer.startQueryResult(bindingNames);
    }

    @Override
    public void handleSolution(BindingSet row) {
        if (count >= maxRows) {
            truncated = true;
            throw new Stop();
        }
        writer.handleSolution(row);
        if ((++count & 1023) == 0 && System.nanoTime() > deadline) {
            timedOut = true;
            throw new Stop();
        }
    }

    @Override
    public void endQueryResult() {
        // the answer is ended by end(), also after a stop
    }

    @Override
    public void handleBoolean(boolean value) {
        // a tuple result has no boolean
    }

    @Override
    public void handleLinks(List<String> linkUrls) {
        // links of a result are not passed on
    }

    /** Whether this failure is (or wraps) this handler's own stop. */
    boolean stopped(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof Stop) {
                return true;
            }
        }
        return false;
    }

    void end() {
        if (!started) {
            writer.startQueryResult(List.of());
        }
        writer.endQueryResult();
    }

    long count() {
        return count;
    }

    boolean truncated() {
        return truncated;
    }

    boolean timedOut() {
        return timedOut;
    }
}
