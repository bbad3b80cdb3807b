package dev.lacuna.grounding;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.rdf4j.model.util.Values;

import dev.lacuna.mining.KgIndex;
import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.rules.sparql.RuleCompiler;
import dev.lacuna.store.KgGraphs;

/**
 * A rule's seeded sample of groundings drawn from the integer index of complete instead of SPARQL, with
 * exactly the result of {@code SparqlRuleRunner.sampleGroundings}: the same set (every binding of the rule's
 * variables under which head and body hold, minus those that use the head triple as a body triple of the
 * head's relation, see {@link RuleCompiler#groundings}), ordered by the same key (the MD5 of
 * {@link RuleCompiler#samplingKey}, ties by the bindings' IRIs), cut to k. Every grounding still has its key
 * computed, since a key cannot be bounded before the last variable is bound; what makes it fast is that
 * nothing is parsed or boxed: the join runs on integer ids (most bound atom first, the smallest fan-out
 * among equals), each entity's bytes of the key are made once, the digest of the key's prefix is kept per
 * bound variable, and only a grounding that beats the k-th best so far is kept.
 * The index must hold exactly the triples of complete with entities named by IRI
 * ({@link KgIndex#fromRepository}); the builder checks the triple count before using it.
 */
public final class IndexGroundings {
    private final KgIndex index;
    private final KgGraphs kg;
    private final Map<String, Integer> relationIds = new HashMap<>();
    /** Per entity e: " " + its IRI in UTF-8, at keyBytes[keyOffsets[e] .. keyOffsets[e + 1]). */
    private final byte[] keyBytes;
    private final int[] keyOffsets;
    private final long[] privateIds;
    private Map<String, Integer> entityIds;

    /** Made once per build and then shared by the threads that draw rules: read-only after this constructor. */
    public IndexGroundings(KgIndex index, KgGraphs kg) {
        this.index = index;
        this.kg = kg;
        for (int r = 0; r < index.relationCount(); r++) {
            relationIds.put(index.relationName(r), r);
        }
        int n = index.entityCount();
        this.keyOffsets = new int[n + 1];
        this.privateIds = new long[n];
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int e = 0; e < n; e++) {
            String name = index.entityName(e);
            bytes.writeBytes((" " + name).getBytes(StandardCharsets.UTF_8));
            keyOffsets[e + 1] = bytes.size();
            privateIds[e] = privateId(kg, name);
        }
        this.keyBytes = bytes.toByteArray();
    }

    /** A rule's sample and how many groundings it has in all (the number whose key was computed). */
    public record Sample(List<Grounding> groundings, long total) {
    }

    /** Up to k groundings of the rule (the {@code ruleIndex}-th of the build) drawn with the seed, in key order. */
    public Sample sample(int ruleIndex, MinedRule mined, int k, long seed) {
        Rule rule = mined.rule();
        RuleCompiler.requireCompilable(rule, kg);
        Enumeration e = new Enumeration(rule, k, seed);
        if (e.possible) {
            e.search(0);
        }
        List<Grounding> out = new ArrayList<>(e.size);
        for (int i = 0; i < e.size; i++) {
            int[] b = e.bindings[i];
            List<Triple> body = new ArrayList<>(rule.body().size());
            for (int a = 1; a < e.atoms; a++) {
                body.add(triple(e, a, b));
            }
            out.add(new Grounding(ruleIndex, mined, body, triple(e, 0, b)));
        }
        return new Sample(out, e.total);
    }

    /** How many groundings the rule has, without keying them: to measure what a draw costs. */
    long count(MinedRule mined) {
        Enumeration e = new Enumeration(mined.rule(), 0, 0);
        if (e.possible) {
            e.search(0);
        }
        return e.total;
    }

    private Triple triple(Enumeration e, int atom, int[] b) {
        return new Triple(privateId(e.term(atom, true, b)), e.relationNames[atom], privateId(e.term(atom, false, b)));
    }

    /** As the SPARQL path converts a binding: the KG's private id of an entity IRI, else -1. */
    private static long privateId(KgGraphs kg, String name) {
        try {
            return kg.privateId(Values.iri(name));
        } catch (IllegalArgumentException notAnIri) {
            return -1;
        }
    }

    private long privateId(int entity) {
        return privateIds[entity];
    }

    private synchronized int entityId(String iri) {
        if (entityIds == null) {
            entityIds = new HashMap<>();
            for (int e = 0; e < index.entityCount(); e++) {
                entityIds.put(index.entityName(e), e);
            }
        }
        return entityIds.getOrDefault(iri, -1);
    }

    /** The search for one rule: atom 0 is the head, 1.. the body in rule order. */
    private final class Enumeration {
        final int atoms;
        final int[] relation;
        final String[] relationNames;
        /** Per atom and side: the variable, or -1 for a constant. */
        final int[] subjectVar;
        final int[] objectVar;
        /** Per atom and side: the constant's entity id (when the variable is -1). */
        final int[] subjectConst;
        final int[] objectConst;
        /** Body atoms that must not be the head triple: same relation, not the head atom itself. */
        final int[] differFromHead;
        final boolean possible;
        final int variables;
        final int[] values;
        final boolean[] done;

        final int k;
        int size;
        long[] keyHigh;
        long[] keyLow;
        int[][] bindings;
        long total;

        /** prefix[j]: the digest after the seed and the first j variables' bytes, for the values in cached[0..j-1]. */
        final MessageDigest[] prefix;
        final int[] cached;
        /** The first variable whose value changed at the last grounding, and that grounding's MD5. */
        int lastChanged = -1;
        final byte[] digest = new byte[16];

        Enumeration(Rule rule, int k, long seed) {
            List<Atom> all = new ArrayList<>();
            all.add(rule.head());
            all.addAll(rule.body());
            atoms = all.size();
            relation = new int[atoms];
            relationNames = new String[atoms];
            subjectVar = new int[atoms];
            objectVar = new int[atoms];
            subjectConst = new int[atoms];
            objectConst = new int[atoms];
            boolean ok = true;
            List<Integer> differ = new ArrayList<>();
            for (int a = 0; a < atoms; a++) {
                Atom atom = all.get(a);
                relationNames[a] = atom.relation();
                Integer r = relationIds.get(atom.relation());
                relation[a] = r == null ? -1 : r;
                ok &= r != null;
                subjectVar[a] = atom.subjectConstant() == null ? atom.subject() : -1;
                objectVar[a] = atom.objectConstant() == null ? atom.object() : -1;
                subjectConst[a] = atom.subjectConstant() == null ? -1 : entityId(atom.subjectConstant());
                objectConst[a] = atom.objectConstant() == null ? -1 : entityId(atom.objectConstant());
                ok &= (atom.subjectConstant() == null || subjectConst[a] >= 0)
                        && (atom.objectConstant() == null || objectConst[a] >= 0);
                if (a > 0 && atom.relation().equals(rule.head().relation()) && !sameTerms(atom, rule.head())) {
                    differ.add(a);
                }
            }
            differFromHead = differ.stream().mapToInt(Integer::intValue).toArray();
            possible = ok;
            variables = rule.variableCount();
            values = new int[variables];
            Arrays.fill(values, -1);
            done = new boolean[atoms];
            this.k = k;
            int capacity = Math.max(1, Math.min(k, 64));
            keyHigh = new long[capacity];
            keyLow = new long[capacity];
            bindings = new int[capacity][];
            prefix = new MessageDigest[Math.max(1, variables)];
            prefix[0] = md5();
            prefix[0].update(Long.toString(seed).getBytes(StandardCharsets.UTF_8));
            cached = new int[variables];
            Arrays.fill(cached, -1);
        }

        /** Same variables and constants on both sides: the atom is the head itself, and no filter applies. */
        private static boolean sameTerms(Atom a, Atom b) {
            return a.subject() == b.subject() && a.object() == b.object()
                    && Objects.equals(a.subjectConstant(), b.subjectConstant())
                    && Objects.equals(a.objectConstant(), b.objectConstant());
        }

        int term(int atom, boolean subject, int[] b) {
            int v = subject ? subjectVar[atom] : objectVar[atom];
            return v >= 0 ? b[v] : (subject ? subjectConst[atom] : objectConst[atom]);
        }

        private int bound(int atom, boolean subject) {
            return term(atom, subject, values);
        }

        void search(int depth) {
            if (depth == atoms) {
                leaf();
                return;
            }
            // Checks first (both ends bound), then the bound atom with the smallest fan-out, then the smallest relation.
            int best = -1;
            long bestCost = Long.MAX_VALUE;
            for (int a = 0; a < atoms; a++) {
                if (done[a]) {
                    continue;
                }
                int s = bound(a, true);
                int o = bound(a, false);
                long cost;
                if (s >= 0 && o >= 0) {
                    cost = -1;
                } else if (s >= 0) {
                    cost = index.outCount(s, relation[a]);
                } else if (o >= 0) {
                    cost = index.inCount(o, relation[a]);
                } else {
                    cost = (1L << 32) + index.size(relation[a]);
                }
                if (cost < bestCost) {
                    best = a;
                    bestCost = cost;
                }
            }
            int a = best;
            int r = relation[a];
            int s = bound(a, true);
            int o = bound(a, false);
            done[a] = true;
            if (s >= 0 && o >= 0) {
                if (index.holds(s, r, o)) {
                    search(depth + 1);
                }
            } else if (s >= 0) {
                int v = objectVar[a];
                for (int x : index.objectsOf(s, r)) {
                    values[v] = x;
                    search(depth + 1);
                }
                values[v] = -1;
            } else if (o >= 0) {
                int v = subjectVar[a];
                for (int x : index.subjectsOf(o, r)) {
                    values[v] = x;
                    search(depth + 1);
                }
                values[v] = -1;
            } else {
                int sv = subjectVar[a];
                int ov = objectVar[a];
                int n = index.size(r);
                for (int i = 0; i < n; i++) {
                    int fs = index.factSubject(r, i);
                    int fo = index.factObject(r, i);
                    if (sv == ov && fs != fo) {
                        continue;
                    }
                    values[sv] = fs;
                    values[ov] = fo;
                    search(depth + 1);
                }
                values[sv] = -1;
                values[ov] = -1;
            }
            done[a] = false;
        }

        private void leaf() {
            int hs = bound(0, true);
            int ho = bound(0, false);
            for (int a : differFromHead) {
                if (bound(a, true) == hs && bound(a, false) == ho) {
                    return;
                }
            }
            total++;
            if (k == 0) {
                return;
            }
            digest();
            long high = longAt(digest, 0);
            long low = longAt(digest, 8);
            if (size == k && compare(high, low, values, size - 1) >= 0) {
                return;
            }
            if (size == keyHigh.length && size < k) {
                int grown = (int) Math.min(k, 2L * size);
                keyHigh = Arrays.copyOf(keyHigh, grown);
                keyLow = Arrays.copyOf(keyLow, grown);
                bindings = Arrays.copyOf(bindings, grown);
            }
            // binary search for the first slot the new key sorts before, then shift the tail by one
            int lo = 0;
            int hi = size;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (compare(high, low, values, mid) < 0) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            int at = lo;
            int[] reuse = size == k ? bindings[k - 1] : null;
            int moved = (size == k ? k - 1 : size) - at;
            System.arraycopy(keyHigh, at, keyHigh, at + 1, moved);
            System.arraycopy(keyLow, at, keyLow, at + 1, moved);
            System.arraycopy(bindings, at, bindings, at + 1, moved);
            keyHigh[at] = high;
            keyLow[at] = low;
            int[] copy = reuse != null ? reuse : new int[variables];
            System.arraycopy(values, 0, copy, 0, variables);
            bindings[at] = copy;
            if (size < k) {
                size++;
            }
        }

        /** MD5 of the sampling key, from the longest prefix whose variables still hold the same values. */
        private void digest() {
            int j = 0;
            while (j < variables - 1 && cached[j] == values[j]) {
                j++;
            }
            boolean sameLoop = j == lastChanged;
            lastChanged = j;
            try {
                if (sameLoop && j < variables - 1) {
                    // Inside the innermost loop over variable j, the prefixes after j change at every grounding:
                    // keeping them would cost a clone each that no later grounding reuses.
                    MessageDigest md = (MessageDigest) prefix[j].clone();
                    for (int m = j; m < variables; m++) {
                        update(md, values[m]);
                    }
                    cached[j] = -1;
                    md.digest(digest, 0, digest.length);
                    return;
                }
                for (int m = j; m < variables - 1; m++) {
                    MessageDigest next = (MessageDigest) prefix[m].clone();
                    update(next, values[m]);
                    prefix[m + 1] = next;
                    cached[m] = values[m];
                }
                MessageDigest last = (MessageDigest) prefix[variables - 1].clone();
                update(last, values[variables - 1]);
                last.digest(digest, 0, digest.length);
            } catch (CloneNotSupportedException | DigestException e) {
                throw new IllegalStateException("the JDK's MD5 can be cloned and writes 16 bytes", e);
            }
        }

        /** The hex key's order is the digest's unsigned byte order; equal digests fall back to the IRIs. */
        private int compare(long high, long low, int[] b, int slot) {
            int c = Long.compareUnsigned(high, keyHigh[slot]);
            if (c == 0) {
                c = Long.compareUnsigned(low, keyLow[slot]);
            }
            for (int v = 0; c == 0 && v < variables; v++) {
                c = index.entityName(b[v]).compareTo(index.entityName(bindings[slot][v]));
            }
            return c;
        }
    }

    private void update(MessageDigest md5, int entity) {
        md5.update(keyBytes, keyOffsets[entity], keyOffsets[entity + 1] - keyOffsets[entity]);
    }

    private static long longAt(byte[] b, int from) {
        long v = 0;
        for (int i = from; i < from + 8; i++) {
            v = (v << 8) | (b[i] & 0xff);
        }
        return v;
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK always has MD5", e);
        }
    }
}
