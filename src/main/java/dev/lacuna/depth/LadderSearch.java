package dev.lacuna.depth;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.Progress;
import dev.lacuna.rules.chain.DepthSearch;
import dev.lacuna.rules.chain.Facts;
import dev.lacuna.rules.chain.RuleMatcher;
import dev.lacuna.grounding.Triple;
import dev.lacuna.grounding.Grounding;

/**
 * The ladder of {@code build --depth D} searched whole, before the depth-1 selection: proofs of every depth
 * 2..D are grown from every depth-1 grounding drawn (not only those the selection keeps), depth d from every
 * depth-(d-1) candidate, over complete; then chosen deepest first, and the depth-1 selection made among the
 * groundings that agree with them ({@link #agrees}). So the scarce rungs are not left what the plentiful first one
 * did not take.
 *
 * <p>A candidate is a chain of groundings: each step's body triples hold in complete or are earlier heads, no body
 * triple is one of the chain's own heads. Chosen at depth d, in this order: candidates grouped by their shape (the
 * sequence of their steps' rules), each group shuffled with the seed, at most {@code perShape} kept per shape
 * ("up to 30 groundings per rule", one level up). Candidates block each other through shared triples; the rule
 * is that <b>the one drawn first wins</b>: a candidate is passed over when one of its heads is a body triple of a
 * proof kept before it, its last head was already removed, or one of its body triples was removed. A candidate
 * not passed over has its heads removed and is kept only when {@link DepthSearch} finds no shorter derivation of
 * its last head; its body triples are then kept for good. Removing a triple only lengthens derivations, and no
 * kept body triple is removed later (the depth-1 selection included): every proof kept stays valid and exact.
 */
public final class LadderSearch {
    private static final Logger LOG = LoggerFactory.getLogger(LadderSearch.class);
    /** Extensions looked at per proof and rule, by depth: bounded on hub entities. */
    private static final int[] EXTENSIONS_PER_PROOF_AND_RULE = {0, 0, 64, 64};

    /**
     * Per depth: chains grown ({@code candidates}); of exact depth given the depth-1 selection ({@code exact}: only
     * these are tried, so the upper bound on the proofs kept); kept; and passed over because their last head was
     * already removed, a head was a kept body triple, a body triple had been removed (all three: blocked by a proof
     * drawn before them), or their shape had its quota.
     */
    public record DepthCount(long candidates, long exact, long kept, long headRemoved, long headKeptBody, long bodyGone,
                      long quota) {
        /** Chains not of exact depth, as summary.json's {@code shallower} counts them. */
        public long shallower() {
            return candidates - exact;
        }
    }

    /** The proofs of depth 2 and more (deepest first, in acceptance order), the triples removed, the bodies kept. */
    public record Result(List<Proof> proofs, Set<Triple> removed, Set<Triple> kept, Map<Integer, DepthCount> counts) {
    }

    private final FactIndex complete;
    private final List<RuleMatcher> rules;
    private final Map<String, List<int[]>> bodyUses = new HashMap<>();

    public LadderSearch(FactIndex complete, List<RuleMatcher> rules) {
        this.complete = complete;
        this.rules = rules;
        for (int r = 0; r < rules.size(); r++) {
            RuleMatcher m = rules.get(r);
            for (int a = 0; a < m.bodySize(); a++) {
                bodyUses.computeIfAbsent(m.relation(a), k -> new ArrayList<>()).add(new int[] {r, a});
            }
        }
    }

    /**
     * @param drawn    every depth-1 grounding drawn (up to k per rule), in order
     * @param selected those the depth-1 selection kept: their bodies stay, their heads ({@code deleted}) go
     */
    public Result search(List<Grounding> drawn, List<Grounding> selected, Set<Triple> deleted, int maxDepth, int perShape,
                  long seed) {
        Set<Triple> removed = new HashSet<>(deleted);
        Set<Triple> kept = new HashSet<>();
        selected.forEach(g -> kept.addAll(g.body()));
        Facts incomplete = complete.without(removed);
        Map<Triple, Proof> bases = new LinkedHashMap<>();
        for (Grounding g : drawn) {
            // A grounding whose head must stay, or whose body is gone, starts no chain.
            if (!kept.contains(g.head()) && holds(g.body(), incomplete)) {
                bases.putIfAbsent(g.head(), Proof.of(g));
            }
        }
        Map<Integer, List<Proof>> exact = new TreeMap<>();
        Map<Integer, Long> grown = new TreeMap<>();
        List<Proof> level = new ArrayList<>(bases.values());
        for (int depth = 2; depth <= maxDepth; depth++) {
            List<Proof> chains = extensions(level, incomplete, removed, kept, EXTENSIONS_PER_PROOF_AND_RULE[depth]);
            level = exact(chains, depth, incomplete, removed);
            grown.put(depth, (long) chains.size());
            exact.put(depth, level);
            LOG.info("depth {}: {} chains grown, {} of exact depth {} given the depth-1 selection (the upper bound on"
                    + " the proofs kept)", depth, chains.size(), level.size(), depth);
        }
        List<Proof> all = new ArrayList<>();
        Map<Integer, DepthCount> counts = new TreeMap<>();
        for (int depth = maxDepth; depth >= 2; depth--) {
            List<Proof> accepted = new ArrayList<>();
            long[] n = new long[4];
            Map<List<Integer>, List<Proof>> byShape = new TreeMap<>(LadderSearch::compareShapes);
            for (Proof p : exact.get(depth)) {
                byShape.computeIfAbsent(shape(p), k -> new ArrayList<>()).add(p);
            }
            SplittableRandom random = new SplittableRandom(seed ^ (0x1add_e7L * depth));
            for (List<Proof> ofShape : byShape.values()) {
                shuffle(ofShape, random);
                int taken = 0;
                for (Proof p : ofShape) {
                    if (taken >= perShape) {
                        n[3]++;
                        continue;
                    }
                    int blocked = blocked(p, removed, kept, incomplete);
                    if (blocked >= 0) {
                        n[blocked]++;
                        continue;
                    }
                    // Exact when only the selection's and its own heads were removed; removing more only lengthens.
                    removed.addAll(p.heads());
                    kept.addAll(p.graphBody());
                    accepted.add(p);
                    taken++;
                }
            }
            DepthCount c = new DepthCount(grown.get(depth), exact.get(depth).size(), accepted.size(), n[0], n[1], n[2],
                    n[3]);
            counts.put(depth, c);
            LOG.info("depth {}: {} chains, {} of exact depth, {} kept; passed over: last head already removed {}, a head"
                    + " a kept body triple {}, a body triple removed {}, shape's quota full {}", depth, c.candidates(),
                    c.exact(), c.kept(), c.headRemoved(), c.headKeptBody(), c.bodyGone(), c.quota());
            all.addAll(accepted);
        }
        return new Result(List.copyOf(all), Set.copyOf(removed), Set.copyOf(kept), counts);
    }

    /**
     * The chains whose last head needs exactly {@code depth} steps from incomplete as the depth-1 selection left it,
     * less the chain's own heads: the exact-depth derivations. Deeper chains grow from these only.
     */
    private List<Proof> exact(List<Proof> chains, int depth, Facts incomplete, Set<Triple> removed) {
        List<Proof> out = new ArrayList<>();
        try (Progress progress = Progress.start("depth " + depth, chains.size(), "chains")) {
            for (Proof p : chains) {
                Set<Triple> own = new HashSet<>();
                for (Triple h : p.heads()) {
                    if (!removed.contains(h)) {
                        own.add(h);
                    }
                }
                removed.addAll(own);
                try {
                    if (!new DepthSearch(rules, incomplete).within(p.hard().fact(), depth - 1)) {
                        out.add(p);
                    }
                } finally {
                    removed.removeAll(own);
                }
                progress.step(1);
            }
        }
        return out;
    }

    private static boolean holds(List<Triple> body, Facts facts) {
        for (Triple t : body) {
            if (!facts.holds(t.head(), t.relation(), t.tail())) {
                return false;
            }
        }
        return true;
    }

    /**
     * -1 when the candidate can be kept; else why not: 0 its last head removed, 1 a head kept, 2 a body triple gone.
     * An earlier head already removed (by the selection or another proof) is no conflict: the step derives it.
     */
    private static int blocked(Proof p, Set<Triple> removed, Set<Triple> kept, Facts incomplete) {
        if (removed.contains(p.hard())) {
            return 0;
        }
        for (Triple h : p.heads()) {
            if (kept.contains(h)) {
                return 1;
            }
        }
        for (Triple t : p.graphBody()) {
            if (!incomplete.holds(t.head(), t.relation(), t.tail())) {
                return 2;
            }
        }
        return -1;
    }

    private static List<Integer> shape(Proof p) {
        List<Integer> out = new ArrayList<>(p.depth());
        p.steps().forEach(g -> out.add(g.ruleIndex()));
        return out;
    }

    private static int compareShapes(List<Integer> a, List<Integer> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = Integer.compare(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    /**
     * Every way to add one step to each proof, its other body triples in incomplete, its head in complete, not
     * removed and no kept body triple; in proof, rule and match order.
     */
    private List<Proof> extensions(List<Proof> proofs, Facts incomplete, Set<Triple> removed, Set<Triple> kept,
                                   int perProofAndRule) {
        List<Proof> out = new ArrayList<>();
        for (Proof p : proofs) {
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
                    Grounding g = grounding(m, b);
                    Triple head = g.head();
                    if (complete.holds(head) && !removed.contains(head) && !kept.contains(head)
                            && !g.body().contains(head) && !heads.contains(head) && !body.contains(head)
                            && !bodyHoldsAHead(g, heads)) {
                        out.add(p.then(g));
                        seen[0]++;
                    }
                    return seen[0] < perProofAndRule;
                });
            }
        }
        return out;
    }

    static Grounding grounding(RuleMatcher m, long[] binding) {
        List<Triple> body = new ArrayList<>(m.bodySize());
        m.body(binding).forEach(f -> body.add(Triple.of(f)));
        return new Grounding(m.ruleIndex(), m.rule(), body, Triple.of(m.triple(m.headAtom(), binding)));
    }

    /** Whether a body triple of the new step, other than the hard triple it extends, is an earlier head. */
    private static boolean bodyHoldsAHead(Grounding g, List<Triple> heads) {
        Triple last = heads.get(heads.size() - 1);
        for (Triple b : g.body()) {
            if (!b.equals(last) && heads.contains(b)) {
                return true;
            }
        }
        return false;
    }

    private static <T> void shuffle(List<T> list, SplittableRandom random) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            T swap = list.get(i);
            list.set(i, list.get(j));
            list.set(j, swap);
        }
    }
}
