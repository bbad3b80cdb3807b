package dev.lacuna.rules.chain;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How many rule applications a triple needs: the least k such that it follows from the incomplete graph in k
 * applications of the benchmark's rules (0: it is in the graph). Forward chaining restricted to what can reach
 * the triple, done goal-first: a triple follows within k steps when some rule whose head it matches has a body
 * grounding whose every triple follows within k - 1 steps; the body is matched atom by atom from the bound head,
 * so only triples connected to the goal are ever derived. Derived triples need not be in complete: a rule may
 * predict a fact the KG never had, and a system may use it as a stepping stone all the same.
 *
 * <p>Results are memoised for the graph as it is when asked; an instance is for one state of the graph.
 */
public final class DepthSearch {
    private final Map<String, List<RuleMatcher>> byHead = new HashMap<>();
    private final Facts incomplete;
    private final List<Level> levels = new ArrayList<>();

    public DepthSearch(List<RuleMatcher> rules, Facts incomplete) {
        for (RuleMatcher r : rules) {
            byHead.computeIfAbsent(r.relation(r.headAtom()), k -> new ArrayList<>()).add(r);
        }
        this.incomplete = incomplete;
    }

    /** The least number of steps that derive {@code t}, or -1 when more than {@code max} are needed. */
    public int depth(Fact t, int max) {
        for (int k = 0; k <= max; k++) {
            if (within(t, k)) {
                return k;
            }
        }
        return -1;
    }

    /** True when {@code t} follows from the graph within {@code k} rule applications. */
    public boolean within(Fact t, int k) {
        return level(k).holds(t.s(), t.relation(), t.o());
    }

    /**
     * Every entity e such that r(known, e) (or r(e, known) when {@code knownIsSubject} is false) follows within
     * {@code k} steps, including what the graph states.
     */
    public long[] within(String relation, long known, boolean knownIsSubject, int k) {
        return knownIsSubject ? level(k).objects(relation, known) : level(k).subjects(relation, known);
    }

    private Facts level(int k) {
        if (k == 0) {
            return incomplete;
        }
        while (levels.size() < k) {
            levels.add(new Level(levels.size() + 1));
        }
        return levels.get(k - 1);
    }

    /** Facts that follow within {@code k} steps, as {@link Facts}; lookups are derived on demand and kept. */
    private final class Level implements Facts {
        private final int k;
        private final Map<Fact, Boolean> holds = new HashMap<>();
        private final Map<Fact, long[]> objects = new HashMap<>();
        private final Map<Fact, long[]> subjects = new HashMap<>();

        Level(int k) {
            this.k = k;
        }

        @Override
        public boolean holds(long s, String relation, long o) {
            Fact t = new Fact(s, relation, o);
            Boolean known = holds.get(t);
            if (known != null) {
                return known;
            }
            boolean found = level(k - 1).holds(s, relation, o) || derives(t);
            holds.put(t, found);
            return found;
        }

        private boolean derives(Fact t) {
            Facts below = level(k - 1);
            for (RuleMatcher r : byHead.getOrDefault(t.relation(), List.of())) {
                long[] binding = r.unbound();
                if (r.bind(r.headAtom(), t.s(), t.o(), binding) && !r.matchBody(binding, -1, below, b -> false)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public long[] objects(String relation, long s) {
            // Keyed as a triple with -1 for the open side.
            return objects.computeIfAbsent(new Fact(s, relation, -1), key -> open(relation, s, true));
        }

        @Override
        public long[] subjects(String relation, long o) {
            return subjects.computeIfAbsent(new Fact(-1, relation, o), key -> open(relation, o, false));
        }

        private long[] open(String relation, long known, boolean knownIsSubject) {
            Facts below = level(k - 1);
            Set<Long> found = new LinkedHashSet<>();
            for (long v : knownIsSubject ? below.objects(relation, known) : below.subjects(relation, known)) {
                found.add(v);
            }
            for (RuleMatcher r : byHead.getOrDefault(relation, List.of())) {
                long[] binding = r.unbound();
                boolean bound = knownIsSubject ? r.bindSubject(r.headAtom(), known, binding)
                        : r.bindObject(r.headAtom(), known, binding);
                if (bound) {
                    r.matchBody(binding, -1, below, b -> {
                        Fact head = r.triple(r.headAtom(), b);
                        long v = knownIsSubject ? head.o() : head.s();
                        if (v >= 0) {
                            found.add(v);
                        }
                        return true;
                    });
                }
            }
            long[] out = new long[found.size()];
            int i = 0;
            for (long v : found) {
                out[i++] = v;
            }
            return out;
        }
    }
}
