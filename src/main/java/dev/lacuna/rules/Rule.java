package dev.lacuna.rules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An immutable Horn rule {@code B1 ^ ... ^ Bn => H} over variables, always in one canonical form so that
 * rules equal up to variable renaming and body order are {@link #equals equal}:
 * <ul>
 * <li>the head is {@code (0, r, 1)}, i.e. {@code ?a r ?b}; with AMIE3's constants it may instead be
 *     {@code ?a r C} or {@code C r ?a} (see {@link #of});</li>
 * <li>the other variables are numbered 2, 3, ... and the body atoms sorted by relation, subject, object;
 *     among all numberings of the non-head variables the one whose sorted body is smallest wins.</li>
 * </ul>
 * Trying every numbering is cheap because rules are short (AMIE3 mines up to a handful of variables).
 * Atoms are never reflexive ({@code r(x, x)}) and never repeated, as in AMIE3. An argument may be a constant
 * (an entity name; see {@link Atom}); every atom keeps at least one variable.
 */
public final class Rule {
    private static final int MAX_FREE_VARIABLES = 7;

    private final List<Atom> body;
    private final Atom head;
    private final int variableCount;
    private final int hash;

    private Rule(List<Atom> body, Atom head, int variableCount) {
        this.body = body;
        this.head = head;
        this.variableCount = variableCount;
        this.hash = Objects.hash(body, head);
    }

    /**
     * The canonical rule for a body and head given with any variable numbers. The head has two variables, or
     * (AMIE3's instantiated heads) one variable and one constant: its variable is then {@code ?a} whichever side
     * it is on ({@code ?a r C} or {@code C r ?a}) and the other variables are numbered from 1, so that variables
     * are always numbered densely from 0 (groundings and queries index them so).
     */
    public static Rule of(List<Atom> body, Atom head) {
        Objects.requireNonNull(head, "head");
        if (head.subjectConstant() == null && head.objectConstant() == null && head.subject() == head.object()) {
            throw new IllegalArgumentException("reflexive head atom: " + head);
        }
        Map<Integer, Integer> rename = new LinkedHashMap<>();
        if (head.subjectConstant() == null) {
            rename.put(head.subject(), 0);
        }
        if (head.objectConstant() == null) {
            rename.put(head.object(), rename.size());
        }
        int headVariables = rename.size();
        List<Integer> free = new ArrayList<>();
        for (Atom a : body) {
            if (a.subjectConstant() == null && a.objectConstant() == null && a.subject() == a.object()) {
                throw new IllegalArgumentException("reflexive atom: " + a);
            }
            for (int v : new int[] {a.subject(), a.object()}) {
                if (v >= 0 && !rename.containsKey(v)) {
                    rename.put(v, -1);
                    free.add(v);
                }
            }
        }
        if (free.size() > MAX_FREE_VARIABLES) {
            throw new IllegalArgumentException("too many variables: " + (free.size() + headVariables));
        }
        int maxVar = 1;
        for (int v : rename.keySet()) {
            maxVar = Math.max(maxVar, v);
        }
        int[] map = new int[maxVar + 1];
        for (Map.Entry<Integer, Integer> e : rename.entrySet()) {
            map[e.getKey()] = e.getValue();
        }
        Atom newHead = head.renamed(map);
        int k = free.size();
        int[] perm = new int[k];
        for (int i = 0; i < k; i++) {
            perm[i] = i;
        }
        Atom[] best = null;
        Atom[] candidate = new Atom[body.size()];
        do {
            for (int i = 0; i < k; i++) {
                map[free.get(i)] = headVariables + perm[i];
            }
            for (int i = 0; i < candidate.length; i++) {
                candidate[i] = body.get(i).renamed(map);
            }
            Arrays.sort(candidate);
            if (best == null || compare(candidate, best) < 0) {
                best = candidate.clone();
            }
        } while (Permutations.next(perm));
        for (int i = 1; i < best.length; i++) {
            if (best[i].equals(best[i - 1])) {
                throw new IllegalArgumentException("duplicate atom: " + best[i]);
            }
        }
        if (Arrays.asList(best).contains(newHead)) {
            throw new IllegalArgumentException("the head atom appears in the body: " + head);
        }
        return new Rule(Collections.unmodifiableList(Arrays.asList(best)), newHead, k + headVariables);
    }

    private static int compare(Atom[] x, Atom[] y) {
        for (int i = 0; i < x.length; i++) {
            int c = x[i].compareTo(y[i]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }


    /** Body atoms in canonical order (relation, subject, object). */
    public List<Atom> body() {
        return body;
    }

    /** The head: {@code ?a r ?b}, or with a constant {@code ?a r C} / {@code C r ?a}. */
    public Atom head() {
        return head;
    }

    /** Number of atoms including the head (AMIE3's {@code -maxad} counts the same way). */
    public int length() {
        return body.size() + 1;
    }

    /** Number of distinct variables, head variables included; they are numbered 0 .. variableCount-1. */
    public int variableCount() {
        return variableCount;
    }

    /** True if some atom has a constant argument (AMIE3's {@code -const} rules). */
    public boolean hasConstants() {
        if (head.hasConstant()) {
            return true;
        }
        for (Atom a : body) {
            if (a.hasConstant()) {
                return true;
            }
        }
        return false;
    }

    /** True if every variable occurs in at least two atoms (AMIE3's closed rules; constants do not count). */
    public boolean isClosed() {
        int[] count = new int[variableCount];
        count(head, count);
        for (Atom a : body) {
            count(a, count);
        }
        for (int v = 0; v < variableCount; v++) {
            if (count[v] == 1) {
                return false;
            }
        }
        return true;
    }

    private static void count(Atom a, int[] count) {
        if (a.subjectConstant() == null) {
            count[a.subject()]++;
        }
        if (a.objectConstant() == null) {
            count[a.object()]++;
        }
    }

    /** True if all atoms are linked to the head through shared variables. */
    public boolean isConnected() {
        boolean[] reached = new boolean[variableCount + 1];
        reached[Math.max(head.subject(), 0)] = head.subjectConstant() == null;
        reached[Math.max(head.object(), 0)] |= head.objectConstant() == null;
        boolean changed = true;
        boolean[] used = new boolean[body.size()];
        while (changed) {
            changed = false;
            for (int i = 0; i < body.size(); i++) {
                Atom a = body.get(i);
                boolean s = a.subjectConstant() == null && reached[a.subject()];
                boolean o = a.objectConstant() == null && reached[a.object()];
                if (!used[i] && (s || o)) {
                    used[i] = true;
                    if (a.subjectConstant() == null) {
                        reached[a.subject()] = true;
                    }
                    if (a.objectConstant() == null) {
                        reached[a.object()] = true;
                    }
                    changed = true;
                }
            }
        }
        for (boolean u : used) {
            if (!u) {
                return false;
            }
        }
        return true;
    }

    /**
     * The rule as AMIE3 prints it: body atoms, then {@code "   => "}, then the head; two spaces between
     * tokens, e.g. {@code ?a  r1  ?c  ?c  r2  ?b   => ?a  r3  ?b}. Body atoms are printed sorted by
     * relation, then object, then subject, as AMIE3 does.
     */
    public String toAmie() {
        List<Atom> printed = new ArrayList<>(body);
        printed.sort((x, y) -> {
            int c = x.relation().compareTo(y.relation());
            if (c != 0) {
                return c;
            }
            c = compareForPrinting(x.object(), x.objectConstant(), y.object(), y.objectConstant());
            return c != 0 ? c : compareForPrinting(x.subject(), x.subjectConstant(), y.subject(), y.subjectConstant());
        });
        StringBuilder sb = new StringBuilder();
        for (Atom a : printed) {
            if (sb.length() > 0) {
                sb.append("  ");
            }
            sb.append(a.toAmie());
        }
        return sb.append("   => ").append(head.toAmie()).toString();
    }

    /** Variables by number; a constant against anything by its printed token, as AMIE3 sorts by name. */
    private static int compareForPrinting(int v, String constant, int w, String otherConstant) {
        if (constant == null && otherConstant == null) {
            return Integer.compare(v, w);
        }
        String x = constant != null ? constant : variableName(v);
        String y = otherConstant != null ? otherConstant : variableName(w);
        return x.compareTo(y);
    }

    /** 0 -> ?a, 1 -> ?b, ..., 25 -> ?z, 26 -> ?a1 ... */
    public static String variableName(int v) {
        if (v < 0) {
            throw new IllegalArgumentException("negative variable " + v);
        }
        char letter = (char) ('a' + v % 26);
        return v < 26 ? "?" + letter : "?" + letter + (v / 26);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Rule r && hash == r.hash && head.equals(r.head) && body.equals(r.body);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return toAmie();
    }
}
