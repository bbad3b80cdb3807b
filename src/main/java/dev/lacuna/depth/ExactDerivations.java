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

import dev.lacuna.Progress;
import dev.lacuna.grounding.Grounding;
import dev.lacuna.grounding.Triple;
import dev.lacuna.rules.chain.DepthSearch;
import dev.lacuna.rules.chain.Facts;
import dev.lacuna.rules.chain.RuleMatcher;

/**
 * Every exact-depth derivation of depth 2 the whole KG holds, and the depth-3 ones grown from them: a chain of
 * rule groundings whose last head needs exactly d steps once the chain's own heads are removed from complete.
 *
 * <p>Depth 2 without growing chains: with h1 and h2 removed, h2 has no one-step derivation exactly when every
 * one-step derivation of h2 from complete less h2 has h1 in its body. So for each triple h2 of complete the
 * intersection of its one-step derivations' bodies is taken, stopping as soon as it is empty (most triples: two
 * derivations that share nothing); each h1 left in it that itself has a one-step derivation without h1 and h2
 * gives the chains (g1, g2). Depth 3 grows from every exact depth-2 chain (at most {@link #EXTENSIONS} per chain
 * and rule) and keeps the chains {@link DepthSearch} finds no shorter derivation for, with the chain's three heads
 * removed.
 *
 * <p>Removing more triples only lengthens derivations: a chain exact with its own heads removed stays exact in any
 * incomplete graph that lacks its heads and holds its body triples. That is why a build may keep these chains
 * without a second check.
 */
final class ExactDerivations {
    /** Proofs kept per hard triple (alternatives for when one is blocked by another proof). */
    static final int ALTERNATIVES = 4;
    /** Extensions looked at per depth-2 chain and rule: bounded on hub entities. */
    static final int EXTENSIONS = 64;
    /**
     * Per depth: what was looked at (depth 2: triples of complete a rule derives; depth 3: chains grown), and the
     * proofs (up to {@link #ALTERNATIVES}, in search order) per hard triple of exact depth.
     */
    record Level(long lookedAt, Map<Triple, List<Proof>> byHard) {
    }

    private final FactIndex complete;
    private final List<RuleMatcher> rules;
    private final Map<String, List<RuleMatcher>> byHead = new TreeMap<>();
    private final Map<String, List<int[]>> bodyUses = new HashMap<>();

    ExactDerivations(FactIndex complete, List<RuleMatcher> rules) {
        this.complete = complete;
        this.rules = rules;
        for (int r = 0; r < rules.size(); r++) {
            RuleMatcher m = rules.get(r);
            byHead.computeIfAbsent(m.relation(m.headAtom()), k -> new ArrayList<>()).add(m);
            for (int a = 0; a < m.bodySize(); a++) {
                bodyUses.computeIfAbsent(m.relation(a), k -> new ArrayList<>()).add(new int[] {r, a});
            }
        }
    }

    /** Levels 2..maxDepth, keyed by depth. */
    Map<Integer, Level> find(int maxDepth) {
        Map<Integer, Level> out = new TreeMap<>();
        if (maxDepth < 2) {
            return out;
        }
        Level two = depthTwo();
        out.put(2, two);
        if (maxDepth >= 3) {
            out.put(3, depthThree(two));
        }
        return out;
    }

    private Level depthTwo() {
        long total = 0;
        for (String r : byHead.keySet()) {
            total += complete.triples(r).size();
        }
        Map<Triple, List<Proof>> byHard = new LinkedHashMap<>();
        try (Progress progress = Progress.start("exact depth 2", total, "triples")) {
            for (String r : byHead.keySet()) {
                for (Triple h2 : complete.triples(r)) {
                    progress.step(1);
                    List<Grounding> derivations = new ArrayList<>();
                    Set<Triple> common = commonBody(h2, Set.of(h2), derivations);
                    if (common == null || common.isEmpty()) {
                        continue;
                    }
                    List<Proof> proofs = new ArrayList<>();
                    for (Triple h1 : new TreeSet<>(common)) {
                        for (Grounding g1 : oneStep(h1, Set.of(h1, h2), ALTERNATIVES)) {
                            for (Grounding g2 : derivations) {
                                if (proofs.size() < ALTERNATIVES) {
                                    proofs.add(Proof.of(g1).then(g2));
                                }
                            }
                        }
                    }
                    if (!proofs.isEmpty()) {
                        byHard.put(h2, proofs);
                    }
                }
            }
        }
        return new Level(total, byHard);
    }

    /**
     * The triples every one-step derivation of {@code t} shares (derivations whose body avoids {@code without}),
     * the first {@link #ALTERNATIVES} derivations into {@code derivations}; null when there is none, empty as soon
     * as the derivations seen share nothing.
     */
    private Set<Triple> commonBody(Triple t, Set<Triple> without, List<Grounding> derivations) {
        Set<Triple>[] common = new Set[1];
        for (RuleMatcher m : byHead.getOrDefault(t.relation(), List.of())) {
            long[] binding = m.unbound();
            if (!m.bind(m.headAtom(), t.head(), t.tail(), binding)) {
                continue;
            }
            m.matchBody(binding, -1, complete, b -> {
                Grounding g = LadderSearch.grounding(m, b);
                if (avoids(g.body(), without)) {
                    if (common[0] == null) {
                        common[0] = new HashSet<>(g.body());
                    } else {
                        common[0].retainAll(g.body());
                    }
                    if (derivations.size() < ALTERNATIVES) {
                        derivations.add(g);
                    }
                }
                return common[0] == null || !common[0].isEmpty();
            });
            if (common[0] != null && common[0].isEmpty()) {
                break;
            }
        }
        return common[0];
    }

    /** Up to {@code max} one-step derivations of {@code t} whose body avoids {@code without}, in rule and match order. */
    private List<Grounding> oneStep(Triple t, Set<Triple> without, int max) {
        List<Grounding> out = new ArrayList<>();
        for (RuleMatcher m : byHead.getOrDefault(t.relation(), List.of())) {
            long[] binding = m.unbound();
            if (!m.bind(m.headAtom(), t.head(), t.tail(), binding)) {
                continue;
            }
            m.matchBody(binding, -1, complete, b -> {
                Grounding g = LadderSearch.grounding(m, b);
                if (avoids(g.body(), without)) {
                    out.add(g);
                }
                return out.size() < max;
            });
            if (out.size() >= max) {
                break;
            }
        }
        return out;
    }

    private static boolean avoids(List<Triple> body, Set<Triple> without) {
        for (Triple b : body) {
            if (without.contains(b)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Chains of depth 3 from every exact depth-2 chain (one per pair of heads): a grounding with h2 in its body, its
     * other body triples in complete less the chain's heads, its head h3 in complete and no triple of the chain;
     * kept when h3 has no derivation in fewer than 3 steps with h1, h2 and h3 removed.
     */
    private Level depthThree(Level two) {
        List<Proof> bases = new ArrayList<>();
        for (List<Proof> alternatives : two.byHard().values()) {
            Set<Triple> firstHeads = new HashSet<>();
            for (Proof p : alternatives) {
                if (firstHeads.add(p.steps().get(0).head())) {
                    bases.add(p);
                }
            }
        }
        Map<Triple, List<Proof>> byHard = new LinkedHashMap<>();
        long looked = 0;
        try (Progress progress = Progress.start("exact depth 3", bases.size(), "depth-2 chains")) {
            for (Proof p : bases) {
                progress.step(1);
                Set<Triple> removed = new HashSet<>(p.heads());
                Facts incomplete = complete.without(removed);
                for (Proof q : extensions(p, incomplete)) {
                    looked++;
                    Triple h3 = q.hard();
                    List<Proof> known = byHard.get(h3);
                    if (known != null && known.size() >= ALTERNATIVES) {
                        continue;
                    }
                    removed.add(h3);
                    try {
                        // Cheap first: a one-step derivation without the three heads makes it depth 1.
                        if (oneStep(h3, removed, 1).isEmpty()
                                && !new DepthSearch(rules, incomplete).within(h3.fact(), 2)) {
                            byHard.computeIfAbsent(h3, k -> new ArrayList<>()).add(q);
                        }
                    } finally {
                        removed.remove(h3);
                    }
                }
            }
        }
        return new Level(looked, byHard);
    }

    private List<Proof> extensions(Proof p, Facts incomplete) {
        List<Proof> out = new ArrayList<>();
        Triple h = p.hard();
        List<Triple> heads = p.heads();
        Set<Triple> body = p.graphBody();
        for (int[] use : bodyUses.getOrDefault(h.relation(), List.of())) {
            RuleMatcher m = rules.get(use[0]);
            long[] binding = m.unbound();
            if (!m.bind(use[1], h.head(), h.tail(), binding)) {
                continue;
            }
            int[] seen = {0};
            m.matchBody(binding, use[1], incomplete, b -> {
                Grounding g = LadderSearch.grounding(m, b);
                Triple head = g.head();
                if (complete.holds(head) && !g.body().contains(head) && !heads.contains(head) && !body.contains(head)
                        && !LadderSearch.bodyHoldsAHead(g, heads)) {
                    out.add(p.then(g));
                    seen[0]++;
                }
                return seen[0] < EXTENSIONS;
            });
        }
        return out;
    }
}
