package dev.lacuna.rules.chain;

/**
 * Facts of one graph as a rule matcher asks for them: r(s, o) holds, or every o (every s) with r(s, o).
 * Entities are private ids; the arrays returned are not modified by the caller.
 */
public interface Facts {
    long[] NONE = new long[0];

    boolean holds(long s, String relation, long o);

    long[] objects(String relation, long s);

    long[] subjects(String relation, long o);
}
