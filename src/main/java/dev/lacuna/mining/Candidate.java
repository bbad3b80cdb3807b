package dev.lacuna.mining;

/**
 * A rule as the breadth-first search in {@link Miner} carries it, whatever the rule language: its atoms as ints
 * ({@code [s, r, o]} per atom, atom 0 the head), its support, a canonical key (equal for rules equal up to
 * variable renaming and body order) and what the search learns about it in its generation.
 *
 * @param <K> the key type of the language's encoding
 */
abstract class Candidate<K extends Comparable<K>> {
    final int[] atoms;
    final long support;
    final K key;
    final boolean closed;

    long bodySize;
    long pcaBodySize;
    /** False when counting stopped early because the rule cannot reach the PCA threshold. */
    boolean exact = true;
    double pca;
    double std;
    boolean output;

    Candidate(int[] atoms, long support, K key, boolean closed) {
        this.atoms = atoms;
        this.support = support;
        this.key = key;
        this.closed = closed;
    }

    final int length() {
        return atoms.length / 3;
    }

    final int headRelation() {
        return atoms[1];
    }

    /** How often a relation occurs in the rule, head included (AMIE3's recursivity limit counts this). */
    final int relationOccurrences(int relation) {
        int n = 0;
        for (int i = 1; i < atoms.length; i += 3) {
            if (atoms[i] == relation) {
                n++;
            }
        }
        return n;
    }

    final boolean containsAtom(int s, int r, int o) {
        for (int i = 0; i < atoms.length; i += 3) {
            if (atoms[i] == s && atoms[i + 1] == r && atoms[i + 2] == o) {
                return true;
            }
        }
        return false;
    }

    /** Sets the body sizes and both confidences from them. */
    final void measured(long body, long pcaBody, boolean complete) {
        bodySize = body;
        pcaBodySize = pcaBody;
        exact = complete;
        pca = pcaBody == 0 ? 0.0 : (double) support / pcaBody;
        std = body == 0 ? 0.0 : (double) support / body;
    }
}
