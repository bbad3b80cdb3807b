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
import dev.lacuna.grounding.Grounding;
import dev.lacuna.grounding.Triple;
import dev.lacuna.rules.chain.DepthSearch;
import dev.lacuna.rules.chain.Facts;
import dev.lacuna.rules.chain.RuleMatcher;

/**
 * Questions deeper than one rule application ({@code build --depth D}): proofs of exact depth 2..D, grown one
 * step at a time from the proofs one step shorter, and the triples their steps remove.
 *
 * <p>A proof of depth d - 1 with hard triple h grows by a grounding of a benchmark rule that has h as a body
 * triple, every other body triple in the incomplete graph, and a head that is in complete, not yet removed, and
 * in no kept body. The head is removed, and the proof is kept only when {@link DepthSearch} finds no derivation of
 * the head in fewer than d steps from the graph as it now is; then its body triples are kept in the graph for
 * good. Removing a triple can only lengthen derivations, never shorten them, and no kept body triple is ever
 * removed: every proof accepted earlier stays valid and of its depth. Depth 1 is the paper's selection, unchanged.
 *
 * <p>Candidates are grouped by the new step's rule and shuffled with the seed; at most {@code perRule} proofs
 * per rule and depth are kept, the paper's "up to 30 groundings per rule" one level up.
 */
public final class ProofSearch {
    private static final Logger LOG = LoggerFactory.getLogger(ProofSearch.class);
    /** Extensions looked at per proof and rule: enough to fill any rule's quota, bounded on hub entities. */
    private static final int EXTENSIONS_PER_PROOF_AND_RULE = 64;

    /** Per depth: candidate proofs found, rejected as shallower than their length, and kept. */
    public record DepthCount(long candidates, long shallower, long kept) {
    }

    /** The proofs of depth 2 and more, in depth then acceptance order; and every triple now removed. */
    public record Result(List<Proof> proofs, Set<Triple> removed, Map<Integer, DepthCount> counts) {
    }

    private final FactIndex complete;
    private final List<RuleMatcher> rules;
    private final Map<String, List<int[]>> bodyUses = new HashMap<>();

    public ProofSearch(FactIndex complete, List<RuleMatcher> rules) {
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
     * @param selected the depth-1 groundings selected for deletion (their bodies stay, their heads are removed)
     * @param deleted  their heads
     */
    public Result search(List<Grounding> selected, Set<Triple> deleted, int maxDepth, int perRule, long seed) {
        Set<Triple> removed = new HashSet<>(deleted);
        Set<Triple> kept = new HashSet<>();
        Map<Triple, Proof> bases = new LinkedHashMap<>();
        for (Grounding g : selected) {
            kept.addAll(g.body());
            bases.putIfAbsent(g.head(), Proof.of(g));
        }
        Facts incomplete = complete.without(removed);
        List<Proof> level = new ArrayList<>(bases.values());
        List<Proof> all = new ArrayList<>();
        Map<Integer, DepthCount> counts = new TreeMap<>();
        for (int depth = 2; depth <= maxDepth; depth++) {
            List<Proof> candidates = extensions(level, incomplete, removed);
            long shallower = 0;
            long[] skipped = new long[3];
            List<Proof> accepted = new ArrayList<>();
            Map<Integer, List<Proof>> byRule = new TreeMap<>();
            candidates.forEach(p -> byRule.computeIfAbsent(p.last().ruleIndex(), k -> new ArrayList<>()).add(p));
            SplittableRandom random = new SplittableRandom(seed ^ (0x5eed_d3e9L * depth));
            try (Progress progress = Progress.start("depth " + depth, byRule.size(), "rules")) {
                for (List<Proof> ofRule : byRule.values()) {
                    shuffle(ofRule, random);
                    int taken = 0;
                    for (Proof p : ofRule) {
                        if (taken >= perRule) {
                            break;
                        }
                        Triple head = p.hard();
                        if (removed.contains(head)) {
                            skipped[0]++;
                            continue;
                        }
                        if (kept.contains(head)) {
                            skipped[1]++;
                            continue;
                        }
                        if (!stillHolds(p, incomplete)) {
                            skipped[2]++;
                            continue;
                        }
                        removed.add(head);
                        if (new DepthSearch(rules, incomplete).within(head.fact(), depth - 1)) {
                            removed.remove(head);
                            shallower++;
                            continue;
                        }
                        kept.addAll(p.graphBody());
                        accepted.add(p);
                        taken++;
                    }
                    progress.step(1);
                }
            }
            counts.put(depth, new DepthCount(candidates.size(), shallower, accepted.size()));
            LOG.info("depth {}: {} candidate proofs, {} shallower than their length, {} kept; passed over: head already"
                    + " removed {}, head a kept body triple {}, body no longer whole {}", depth, candidates.size(),
                    shallower, accepted.size(), skipped[0], skipped[1], skipped[2]);
            all.addAll(accepted);
            level = accepted;
        }
        return new Result(List.copyOf(all), Set.copyOf(removed), counts);
    }

    /** Every way to add one step to each proof, in proof, rule and match order. */
    private List<Proof> extensions(List<Proof> proofs, Facts incomplete, Set<Triple> removed) {
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
                    if (complete.holds(head) && !removed.contains(head) && !g.body().contains(head)
                            && !heads.contains(head) && !body.contains(head)) {
                        out.add(p.then(g));
                        seen[0]++;
                    }
                    return seen[0] < EXTENSIONS_PER_PROOF_AND_RULE;
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

    /** The proof's graph body still holds (an earlier acceptance may have removed one of its triples). */
    private static boolean stillHolds(Proof p, Facts incomplete) {
        for (Triple t : p.graphBody()) {
            if (!incomplete.holds(t.head(), t.relation(), t.tail())) {
                return false;
            }
        }
        return true;
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
