package dev.lacuna.depth;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.FisherYates;
import dev.lacuna.Seeds;
import dev.lacuna.grounding.Grounding;
import dev.lacuna.grounding.Triple;
import dev.lacuna.rules.chain.RuleMatcher;
import dev.lacuna.rules.sparql.Side;

/**
 * The ladder of {@code build --depth D} chosen before the depth-1 selection, so the plentiful first rung does not
 * decide what the scarce deeper ones may hold. The pool is every exact-depth derivation the KG holds
 * ({@link ExactDerivations}: depths 2 and 3 each over every triple of complete a rule derives); the
 * depth-1 selection is then made among the groundings drawn that {@link #agrees agree} with the proofs chosen.
 *
 * <p>The rule that resolves proofs blocking each other: the rarest rung first (depth 3, then 2); within a depth the
 * hard triples in an order drawn with the seed, and for each the first of its proofs (in search order) that is not
 * blocked. A proof is blocked when one of its heads is a body triple of a proof kept before it, or one of its body
 * triples was removed by one. (A head already removed is no conflict: a depth-2 triple a kept depth-3 proof passes
 * through is asked at depth 2 too, its proof being any exact one that agrees.) A hard triple is
 * passed over too when its shape (the sequence of its steps' rules) has {@code perShape} proofs already ("up to 30
 * groundings per rule", one level up), or when a question about it would read, from either side, as one about a
 * proof kept before it (same topic, relation, direction): it could not be asked. A proof kept has its heads
 * removed and its body triples kept for good; it needs no second depth check, since it is of exact depth with only
 * its own heads removed and removing more only lengthens derivations.
 */
public final class LadderSearch {
    private static final Logger LOG = LoggerFactory.getLogger(LadderSearch.class);

    /**
     * Per depth: what the search looked at ({@code candidates}: at every depth the triples of complete a rule
     * derives, each looked at for a derivation of that exact depth); the hard triples with an exact-depth derivation ({@code exact}, the bound: see
     * docs); kept; and why the others were not: their last head another proof's hard triple, a head a kept body
     * triple, a body triple removed (each: blocked by a proof kept before), their shape's quota full, or their question already
     * asked from both sides.
     */
    public record DepthCount(long candidates, long exact, long kept, long headRemoved, long headKeptBody, long bodyGone,
                             long quota, long asked) {
        /** What the search looked at and found no exact-depth derivation for, as summary.json's {@code shallower}. */
        public long shallower() {
            return candidates - exact;
        }
    }

    /** The proofs of depth 2 and more (deepest first, in acceptance order), their heads, their body triples. */
    public record Result(List<Proof> proofs, Set<Triple> removed, Set<Triple> kept, Map<Integer, DepthCount> counts) {
    }

    private final FactIndex complete;
    private final List<RuleMatcher> rules;

    public LadderSearch(FactIndex complete, List<RuleMatcher> rules) {
        this.complete = complete;
        this.rules = rules;
    }

    /** Chooses the proofs of depths 2..maxDepth from every exact-depth derivation of the KG. */
    public Result search(int maxDepth, int perShape, long seed) {
        Map<Integer, ExactDerivations.Level> levels = new ExactDerivations(complete, rules).find(maxDepth);
        Set<Triple> removed = new HashSet<>();
        Set<Triple> kept = new HashSet<>();
        Set<String> keys = new HashSet<>();
        Set<Triple> hards = new HashSet<>();
        List<Proof> all = new ArrayList<>();
        Map<Integer, DepthCount> counts = new TreeMap<>();
        for (int depth = maxDepth; depth >= 2; depth--) {
            ExactDerivations.Level level = levels.get(depth);
            List<Triple> order = new ArrayList<>(level.byHard().keySet());
            FisherYates.shuffle(order, Seeds.stream(seed, Seeds.Stage.LADDER, depth));
            Map<List<Integer>, Integer> perShapeKept = new HashMap<>();
            long[] n = new long[5];
            List<Proof> accepted = new ArrayList<>();
            for (Triple hard : order) {
                if (hards.contains(hard)) {
                    n[0]++;
                    continue;
                }
                if (keys.contains(DeepQuestions.key(hard, Side.HEAD)) && keys.contains(DeepQuestions.key(hard, Side.TAIL))) {
                    n[4]++;
                    continue;
                }
                int why = 3;
                for (Proof p : level.byHard().get(hard)) {
                    List<Integer> shape = shape(p);
                    if (perShapeKept.getOrDefault(shape, 0) >= perShape) {
                        continue;
                    }
                    why = blocked(p, hards, removed, kept);
                    if (why < 0) {
                        removed.addAll(p.heads());
                        kept.addAll(p.graphBody());
                        keys.add(DeepQuestions.key(hard, Side.HEAD));
                        keys.add(DeepQuestions.key(hard, Side.TAIL));
                        hards.add(hard);
                        perShapeKept.merge(shape, 1, Integer::sum);
                        accepted.add(p);
                        break;
                    }
                }
                if (why >= 0) {
                    n[why]++;
                }
            }
            DepthCount c = new DepthCount(level.lookedAt(), level.byHard().size(), accepted.size(), n[0], n[1], n[2],
                    n[3], n[4]);
            counts.put(depth, c);
            LOG.info("depth {}: {} looked at; {} triples of exact depth {} in the KG (the bound), {} kept; passed over:"
                    + " hard triple another proof's {}, a head a kept body triple {}, a body triple removed {}, shape's"
                    + " quota full {}, question already asked from both sides {}", depth, c.candidates(), c.exact(),
                    depth, c.kept(), c.headRemoved(), c.headKeptBody(), c.bodyGone(), c.quota(), c.asked());
            all.addAll(accepted);
        }
        return new Result(List.copyOf(all), Set.copyOf(removed), Set.copyOf(kept), counts);
    }

    /**
     * Whether a depth-1 grounding drawn may be selected beside the chosen proofs: its head is no body triple they
     * keep, and none of its body triples is a head they remove.
     */
    public static boolean agrees(Grounding g, Result chosen) {
        if (chosen.kept().contains(g.head())) {
            return false;
        }
        for (Triple b : g.body()) {
            if (chosen.removed().contains(b)) {
                return false;
            }
        }
        return true;
    }

    /**
     * -1 when the proof can be kept; else why not: 0 its last head is another proof's hard triple, 1 a head kept, 2
     * a body triple gone. A head already removed is no conflict (a deeper proof passing through the same triple
     * leaves it asked at its own depth as well): the step derives it.
     */
    private static int blocked(Proof p, Set<Triple> hards, Set<Triple> removed, Set<Triple> kept) {
        if (hards.contains(p.hard())) {
            return 0;
        }
        for (Triple h : p.heads()) {
            if (kept.contains(h)) {
                return 1;
            }
        }
        for (Triple t : p.graphBody()) {
            if (removed.contains(t)) {
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

    static Grounding grounding(RuleMatcher m, long[] binding) {
        List<Triple> body = new ArrayList<>(m.bodySize());
        m.body(binding).forEach(f -> body.add(Triple.of(f)));
        return new Grounding(m.ruleIndex(), m.rule(), body, Triple.of(m.triple(m.headAtom(), binding)));
    }
}
