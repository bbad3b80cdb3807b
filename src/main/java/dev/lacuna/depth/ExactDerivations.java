package dev.lacuna.depth;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

import dev.lacuna.Progress;
import dev.lacuna.grounding.Grounding;
import dev.lacuna.grounding.Triple;
import dev.lacuna.rules.chain.DepthSearch;
import dev.lacuna.rules.chain.Fact;
import dev.lacuna.rules.chain.RuleMatcher;

/**
 * Every exact-depth derivation of depth 2 and 3 the whole KG holds: a chain of rule groundings whose last head
 * needs exactly d steps once the chain's own heads, and nothing else, are removed from complete. Counted per hard
 * triple, over every triple of complete, without growing chains.
 *
 * <p>Depth 2: with h1 and h2 removed, h2 has no one-step derivation exactly when every one-step derivation of h2
 * (body in complete less h2) has h1 in its body. So the bodies of h2's derivations are intersected, stopping as
 * soon as the intersection is empty (most triples: two derivations that share nothing); each h1 left that itself
 * has a one-step derivation without h1 and h2 gives the chains (g1, g2).
 *
 * <p>Depth 3: with h1, h2, h3 removed, every one-step derivation of h3 must hold h1 or h2 (two triples hit them
 * all, again decided as the derivations stream by), the last step's body holds h2, every one-step derivation of
 * h2 without h3 holds h1, and h1 has one without all three; {@link DepthSearch} then decides, for the three heads
 * only, that no derivation of h3 takes fewer than 3 steps. Every exact depth-3 chain meets those conditions, so
 * none is missed.
 *
 * <p>Removing more triples only lengthens derivations: a chain exact with its own heads removed stays exact in any
 * incomplete graph that lacks its heads and holds its body triples, so a build keeps these chains without a second
 * check.
 */
final class ExactDerivations {
    /** Proofs kept per hard triple (alternatives for when one is blocked by another proof). */
    static final int ALTERNATIVES = 4;

    /**
     * Per depth: the triples of complete looked at (those a rule derives), and the proofs (up to
     * {@link #ALTERNATIVES}, in search order) per hard triple of exact depth.
     */
    record Level(long lookedAt, Map<Triple, List<Proof>> byHard) {
    }

    private final FactIndex complete;
    private final List<RuleMatcher> rules;
    private final Map<String, List<RuleMatcher>> byHead = new TreeMap<>();

    ExactDerivations(FactIndex complete, List<RuleMatcher> rules) {
        this.complete = complete;
        this.rules = rules;
        for (RuleMatcher m : rules) {
            byHead.computeIfAbsent(m.relation(m.headAtom()), k -> new ArrayList<>()).add(m);
        }
    }

    /** Levels 2..maxDepth, keyed by depth. */
    Map<Integer, Level> find(int maxDepth) {
        Map<Integer, Level> out = new TreeMap<>();
        if (maxDepth < 2) {
            return out;
        }
        long total = 0;
        for (String r : byHead.keySet()) {
            total += complete.triples(r).size();
        }
        Map<Triple, List<Proof>> two = new LinkedHashMap<>();
        Map<Triple, List<Proof>> three = new LinkedHashMap<>();
        try (Progress progress = Progress.start("exact depth 2 to " + maxDepth, total, "triples")) {
            for (String r : byHead.keySet()) {
                for (Triple t : complete.triples(r)) {
                    progress.step(1);
                    // One walk over t's derivations serves both depths: the triples that hit them all alone
                    // (depth 2) and the pairs that do (depth 3).
                    List<Grounding> derivations = new ArrayList<>();
                    Map<Triple, Set<Triple>> pairs = hittingPairs(t, derivations);
                    List<Proof> proofs = depthTwo(t, pairs, derivations);
                    if (!proofs.isEmpty()) {
                        two.put(t, proofs);
                    }
                    if (maxDepth >= 3) {
                        proofs = depthThree(t, pairs, derivations);
                        if (!proofs.isEmpty()) {
                            three.put(t, proofs);
                        }
                    }
                }
            }
        }
        out.put(2, new Level(total, two));
        if (maxDepth >= 3) {
            out.put(3, new Level(total, three));
        }
        return out;
    }

    /** Chains (g1, g2): h1 a triple every derivation of h2 holds, g1 a derivation of h1 without h1 and h2. */
    private List<Proof> depthTwo(Triple h2, Map<Triple, Set<Triple>> pairs, List<Grounding> derivations) {
        List<Proof> proofs = new ArrayList<>();
        Set<Triple> common = new TreeSet<>();
        pairs.forEach((x, shared) -> {
            if (shared == null) {
                common.add(x);
            }
        });
        for (Triple h1 : common) {
            for (Grounding g1 : oneStep(h1, Set.of(h1, h2), ALTERNATIVES)) {
                for (Grounding g2 : derivations) {
                    if (proofs.size() >= ALTERNATIVES) {
                        return proofs;
                    }
                    proofs.add(Proof.of(g1).then(g2));
                }
            }
        }
        return proofs;
    }

    private List<Proof> depthThree(Triple h3, Map<Triple, Set<Triple>> pairs, List<Grounding> derivations) {
        List<Proof> proofs = new ArrayList<>();
        for (Map.Entry<Triple, Set<Triple>> e : pairs.entrySet()) {
            Triple x = e.getKey();
            if (e.getValue() == null) {
                // x alone hits every derivation of h3: it is h2 (no last step may hold h1), h1 any triple that every
                // derivation of x without h3 holds.
                Set<Triple> common = commonBody(x, Set.of(x, h3), new ArrayList<>(), 0);
                for (Triple h1 : common == null ? Set.<Triple>of() : new TreeSet<>(common)) {
                    tryChain(h1, x, h3, derivations, proofs);
                }
                continue;
            }
            for (Triple y : e.getValue()) {
                // The pair {x, y} hits every derivation of h3; either may be h2.
                tryChain(x, y, h3, derivations, proofs);
                tryChain(y, x, h3, derivations, proofs);
            }
        }
        return proofs;
    }

    private void tryChain(Triple h1, Triple h2, Triple h3, List<Grounding> derivations, List<Proof> proofs) {
        if (proofs.size() >= ALTERNATIVES || h1.equals(h2) || !complete.holds(h1)) {
            return;
        }
        List<Grounding> lasts = new ArrayList<>();
        for (Grounding g3 : derivations) {
            if (g3.body().contains(h2) && !g3.body().contains(h1)) {
                lasts.add(g3);
            }
        }
        if (lasts.isEmpty()) {
            return;
        }
        List<Grounding> seconds = new ArrayList<>();
        Set<Triple> common = commonBody(h2, Set.of(h2, h3), seconds, ALTERNATIVES);
        if (common == null || !common.contains(h1)) {
            return;
        }
        List<Grounding> firsts = oneStep(h1, Set.of(h1, h2, h3), ALTERNATIVES);
        if (firsts.isEmpty()) {
            return;
        }
        Set<Triple> removed = Set.of(h1, h2, h3);
        if (new DepthSearch(rules, complete.without(removed)).within(h3.fact(), 2)) {
            return;
        }
        for (Grounding g1 : firsts) {
            for (Grounding g2 : seconds) {
                for (Grounding g3 : lasts) {
                    if (proofs.size() < ALTERNATIVES) {
                        proofs.add(Proof.of(g1).then(g2).then(g3));
                    }
                }
            }
        }
    }

    /**
     * The pairs of triples that together hit every one-step derivation of {@code t} (body in complete less t): for
     * each triple x of the first derivation's body, the triples every derivation without x shares (null when every
     * derivation holds x). The derivations go into {@code derivations}. Empty as soon as no pair can hit them all,
     * or when t has none.
     */
    private Map<Triple, Set<Triple>> hittingPairs(Triple t, List<Grounding> derivations) {
        Map<Triple, Set<Triple>> without = new LinkedHashMap<>();
        Set<Triple> self = Set.of(t);
        boolean[] first = {true};
        for (RuleMatcher m : byHead.getOrDefault(t.relation(), List.of())) {
            boolean going = derivations(m, t, b -> {
                Grounding g = LadderSearch.grounding(m, b);
                if (!avoids(g.body(), self)) {
                    return true;
                }
                derivations.add(g);
                if (first[0]) {
                    first[0] = false;
                    g.body().forEach(x -> without.put(x, null));
                    return true;
                }
                boolean alive = false;
                for (Map.Entry<Triple, Set<Triple>> e : without.entrySet()) {
                    if (!g.body().contains(e.getKey())) {
                        if (e.getValue() == null) {
                            e.setValue(new HashSet<>(g.body()));
                        } else {
                            e.getValue().retainAll(g.body());
                        }
                    }
                }
                for (Set<Triple> shared : without.values()) {
                    alive |= shared == null || !shared.isEmpty();
                }
                return alive;
            });
            if (!going) {
                return Map.of();
            }
        }
        Map<Triple, Set<Triple>> out = new LinkedHashMap<>();
        without.forEach((x, shared) -> out.put(x, shared == null ? null : new TreeSet<>(shared)));
        return out;
    }

    /**
     * The triples every one-step derivation of {@code t} shares (derivations whose body avoids {@code without}),
     * the first {@code keep} derivations into {@code derivations}; null when there is none or they share nothing.
     */
    private Set<Triple> commonBody(Triple t, Set<Triple> without, List<Grounding> derivations, int keep) {
        Set<Triple>[] common = new Set[1];
        for (RuleMatcher m : byHead.getOrDefault(t.relation(), List.of())) {
            boolean going = derivations(m, t, b -> {
                Grounding g = LadderSearch.grounding(m, b);
                if (avoids(g.body(), without)) {
                    if (common[0] == null) {
                        common[0] = new HashSet<>(g.body());
                    } else {
                        common[0].retainAll(g.body());
                    }
                    if (derivations.size() < keep) {
                        derivations.add(g);
                    }
                }
                return common[0] == null || !common[0].isEmpty();
            });
            if (!going) {
                return null;
            }
        }
        return common[0];
    }

    /** Up to {@code max} one-step derivations of {@code t} whose body avoids {@code without}, in rule and match order. */
    private List<Grounding> oneStep(Triple t, Set<Triple> without, int max) {
        List<Grounding> out = new ArrayList<>();
        for (RuleMatcher m : byHead.getOrDefault(t.relation(), List.of())) {
            boolean going = derivations(m, t, b -> {
                Grounding g = LadderSearch.grounding(m, b);
                if (avoids(g.body(), without)) {
                    out.add(g);
                }
                return out.size() < max;
            });
            if (!going) {
                break;
            }
        }
        return out;
    }

    /**
     * Every body grounding of {@code m} with its head bound to {@code t}, to {@code sink} (false stops; returns
     * false when stopped). The body atom with the fewest facts to try goes first: a hub entity's thousands of
     * neighbours are walked only when the other side has more.
     */
    private boolean derivations(RuleMatcher m, Triple t, Predicate<long[]> sink) {
        long[] binding = m.unbound();
        if (!m.bind(m.headAtom(), t.head(), t.tail(), binding)) {
            return true;
        }
        int best = -1;
        long[] values = null;
        for (int a = 0; a < m.bodySize(); a++) {
            Fact f = m.triple(a, binding);
            boolean s = f.s() != RuleMatcher.UNBOUND;
            boolean o = f.o() != RuleMatcher.UNBOUND;
            if (s == o) {
                continue;
            }
            long[] v = s ? complete.objects(f.relation(), f.s()) : complete.subjects(f.relation(), f.o());
            if (values == null || v.length < values.length) {
                best = a;
                values = v;
            }
        }
        if (best < 0) {
            return m.matchBody(binding, -1, complete, sink);
        }
        Fact f = m.triple(best, binding);
        for (long v : values) {
            long[] next = binding.clone();
            boolean bound = f.s() != RuleMatcher.UNBOUND ? m.bind(best, f.s(), v, next) : m.bind(best, v, f.o(), next);
            if (bound && !m.matchBody(next, -1, complete, sink)) {
                return false;
            }
        }
        return true;
    }

    private static boolean avoids(List<Triple> body, Set<Triple> without) {
        for (Triple b : body) {
            if (without.contains(b)) {
                return false;
            }
        }
        return true;
    }
}
