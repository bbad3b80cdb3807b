package dev.lacuna.store;

import java.nio.charset.StandardCharsets;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;

/**
 * An order-independent digest of a set of triples: the count plus the sum (mod 2^64) of a 64-bit hash of
 * each triple's N-Triples terms. Load records it for complete; verify recomputes it to prove that
 * complete was never modified. Not cryptographic: it guards against accidents, not attacks.
 */
public final class GraphChecksum {
    private long count;
    private long sum;

    public void add(String subject, String predicate, String object) {
        sum += hash(subject, predicate, object);
        count++;
    }

    private static long hash(String subject, String predicate, String object) {
        long h = 0x9E3779B97F4A7C15L;
        h = mix(h, subject);
        h = mix(h, predicate);
        h = mix(h, object);
        return finish(h);
    }

    /** Takes one triple out again: the digest of a graph minus some of its triples, without the store. */
    public void remove(String subject, String predicate, String object) {
        sum -= hash(subject, predicate, object);
        count--;
    }

    public void add(Statement st) {
        addHash(hash(st));
    }

    /** The triple's share of the digest: computed once, it can be added to the digests of several graphs. */
    public static long hash(Statement st) {
        return hash(st.getSubject().stringValue(), st.getPredicate().stringValue(), st.getObject().toString());
    }

    /** Adds a triple by its {@link #hash(Statement)}. */
    public void addHash(long hash) {
        sum += hash;
        count++;
    }

    /** Recomputes the digest of one named graph from the store. */
    public static String of(RepositoryConnection connection, IRI graph) {
        return compute(connection, graph).value();
    }

    /** The digest of one named graph, to read or to take triples out of. */
    public static GraphChecksum compute(RepositoryConnection connection, IRI graph) {
        GraphChecksum c = new GraphChecksum();
        try (RepositoryResult<Statement> it = connection.getStatements(null, null, null, false, graph)) {
            for (Statement st : it) {
                c.add(st);
            }
        }
        return c;
    }

    /** An independent digest with the same content. */
    public GraphChecksum copy() {
        GraphChecksum c = new GraphChecksum();
        c.count = count;
        c.sum = sum;
        return c;
    }

    /** {@code <count>:<hex sum>}. */
    public String value() {
        return count + ":" + Long.toHexString(sum);
    }

    private static long mix(long h, String s) {
        // IRIs are ASCII almost always, and then the chars are the UTF-8 bytes: no byte array per term.
        long start = h;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                return mixBytes(start, s);
            }
            h ^= c;
            h *= 0x100000001B3L;
        }
        h ^= 0xff;
        h *= 0x100000001B3L;
        return h;
    }

    private static long mixBytes(long h, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        for (byte b : bytes) {
            h ^= (b & 0xff);
            h *= 0x100000001B3L;
        }
        h ^= 0xff; // separator, so ("ab","c") and ("a","bc") differ
        h *= 0x100000001B3L;
        return h;
    }

    private static long finish(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }
}
