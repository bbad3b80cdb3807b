package dev.lacuna.breakage;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.questions.Question;
import dev.lacuna.rules.chain.DepthSearch;
import dev.lacuna.rules.chain.Facts;
import dev.lacuna.rules.chain.RuleMatcher;
import dev.lacuna.grounding.Triple;
import dev.lacuna.depth.ProofProvenance;

/**
 * Keeps every deeper question of exact depth in the graph {@code replaced}. A trap is a triple added to incomplete,
 * and an added triple may complete a rule's body that gives a depth-d question's hard triple a derivation shorter
 * than d (traps never take a triple away, so no proof step becomes underivable). The rule: while some deeper question
 * is shallower in replaced, the trap is dropped whose triple, with the traps of lower question ids, first makes it
 * so (found by halving the traps in id order). Dropping a trap only lengthens derivations and never makes another
 * trap derivable, so the questions already fine stay fine.
 */
public final class TrapDepths {
    private static final Logger LOG = LoggerFactory.getLogger(TrapDepths.class);

    private TrapDepths() {
    }

    /** Drops from {@code traps} (question id to trap, in id order) what shortens a deeper question. */
    public static void keepExact(Map<String, Long> traps, Map<String, Question> byId, List<Question> questions,
                          Facts incomplete, List<RuleMatcher> rules) {
        List<Question> deeper = questions.stream().filter(q -> q.depthOrOne() > 1).toList();
        if (deeper.isEmpty() || traps.isEmpty()) {
            return;
        }
        int dropped = 0;
        // One search over replaced, its memo shared by every question, finds the few to look at more closely.
        DepthSearch all = new DepthSearch(rules, TrapChoice.plus(incomplete, prefix(traps, byId, traps.size())));
        List<Question> suspects = deeper.stream().filter(q -> all.within(
                ProofProvenance.triple(q.grounding().head()).fact(), q.depthOrOne() - 1)).toList();
        for (Question q : suspects) {
            Triple hard = ProofProvenance.triple(q.grounding().head());
            while (shallower(q, hard, prefix(traps, byId, traps.size()), incomplete, rules)) {
                List<String> ids = new ArrayList<>(traps.keySet());
                // The least k whose first k traps make it shallower: the k-th trap completes a shorter derivation.
                int lo = 1;
                int hi = ids.size();
                while (lo < hi) {
                    int mid = (lo + hi) >>> 1;
                    if (shallower(q, hard, prefix(traps, byId, mid), incomplete, rules)) {
                        hi = mid;
                    } else {
                        lo = mid + 1;
                    }
                }
                traps.remove(ids.get(lo - 1));
                dropped++;
            }
        }
        if (dropped > 0) {
            LOG.info("replaced: {} traps dropped that gave a deeper question a shorter derivation", dropped);
        }
    }

    private static List<Triple> prefix(Map<String, Long> traps, Map<String, Question> byId, int k) {
        List<Triple> out = new ArrayList<>(k);
        for (Map.Entry<String, Long> e : traps.entrySet()) {
            if (out.size() == k) {
                break;
            }
            out.add(TrapChoice.trapTriple(byId.get(e.getKey()), e.getValue()));
        }
        return out;
    }

    private static boolean shallower(Question q, Triple hard, List<Triple> added, Facts incomplete,
                                     List<RuleMatcher> rules) {
        Facts replaced = TrapChoice.plus(incomplete, added);
        return new DepthSearch(rules, replaced).within(hard.fact(), q.depthOrOne() - 1);
    }
}
