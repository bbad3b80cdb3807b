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
 * <li>the head is {@code (0, r, 1)}, i.e. {@code ?a r ?b};</li>
 * <li>the other variables are numbered 2, 3, ... and the body atoms sorted by relation, subject, object;
 *     among all numberings of the non-head variables the one whose sorted body is smallest wins.</li>
 * </ul>
 * Trying every numbering is cheap because rules are short (AMIE3 mines up to a handful of variables).
 * Atoms are never reflexive ({@code r(x, x)}) and never repeated, as in AMIE3.
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

    /** The canonical rule for a body and head given with any variable numbers. */
    public static Rule of(List<Atom> body, Atom head) {
        Objects.requireNonNull(head, "head");
        if (head.subject() == head.object()) {
            throw new IllegalArgumentException("reflexive head atom: " + head);
        }
        Map<Integer, Integer> rename = new LinkedHashMap<>();
        rename.put(head.subject(), 0);
        rename.put(head.object(), 1);
        List<Integer> free = new ArrayList<>();
        for (Atom a : body) {
            if (a.subject() == a.object()) {
                throw new IllegalArgumentException("reflexive atom: " + a);
            }
            for (int v : new int[] {a.subject(), a.object()}) {
                if (!rename.containsKey(v)) {
                    rename.put(v, -1);
                    free.add(v);
                }
            }
        }
        if (free.size() > MAX_FREE_VARIABLES) {
            throw new IllegalArgumentException("too many variables: " + (free.size() + 2));
        }
        Atom newHead = new Atom(0, head.relation(), 1);
        int k = free.size();
        int[] perm = new int[k];
        for (int i = 0; i < k; i++) {
            perm[i] = i;
        }
        Atom[] best = null;
        Atom[] candidate = new Atom[body.size()];
        do {
            for (int i = 0; i < k; i++) {
                rename.put(free.get(i), 2 + perm[i]);
            }
            for (int i = 0; i < candidate.length; i++) {
                Atom a = body.get(i);
                candidate[i] = new Atom(rename.get(a.subject()), a.relation(), rename.get(a.object()));
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
        return new Rule(Collections.unmodifiableList(Arrays.asList(best)), newHead, k + 2);
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

    /** The head, always {@code ?a r ?b}. */
    public Atom head() {
        return head;
    }

    /** Number of atoms including the head (AMIE3's {@code -maxad} counts the same way). */
    public int length() {
        return body.size() + 1;
    }

    /** Number of distinct variables, head variables included. */
    public int variableCount() {
        return variableCount;
    }

    /** True if every variable occurs in at least two atoms (AMIE3's closed rules). */
    public boolean isClosed() {
        int[] count = new int[variableCount];
        count[0]++;
        count[1]++;
        for (Atom a : body) {
            count[a.subject()]++;
            count[a.object()]++;
        }
        for (int c : count) {
            if (c < 2) {
                return false;
            }
        }
        return true;
    }

    /** True if all atoms are linked through shared variables. */
    public boolean isConnected() {
        boolean[] reached = new boolean[variableCount];
        reached[0] = true;
        reached[1] = true;
        boolean changed = true;
        boolean[] used = new boolean[body.size()];
        while (changed) {
            changed = false;
            for (int i = 0; i < body.size(); i++) {
                Atom a = body.get(i);
                if (!used[i] && (reached[a.subject()] || reached[a.object()])) {
                    used[i] = true;
                    reached[a.subject()] = true;
                    reached[a.object()] = true;
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
            c = Integer.compare(x.object(), y.object());
            return c != 0 ? c : Integer.compare(x.subject(), y.subject());
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
