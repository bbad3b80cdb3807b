package dev.lacuna.verify;

import java.util.ArrayList;
import java.util.List;

import dev.lacuna.depth.ProofProvenance;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.Question;
import dev.lacuna.rules.chain.DepthSearch;
import dev.lacuna.rules.chain.Facts;
import dev.lacuna.rules.chain.RuleMatcher;

/**
 * A trap never makes a deeper question's hard triple derivable in fewer rule applications than its depth:
 * {@code breakage.TrapDepths} drops such traps at build time, and this re-checks the store's replaced graph.
 */
final class TrapDepthCheck {
    private TrapDepthCheck() {
    }

    /** verify's check: every deeper question needs its full depth in the store's replaced graph too. */
    static Verifier.Check check(List<Question> questions, Facts replaced, List<RuleMatcher> rules) {
        DepthSearch search = new DepthSearch(rules, replaced);
        List<String> failures = new ArrayList<>();
        long checked = 0;
        for (Question q : questions) {
            if (q.depthOrOne() < 2) {
                continue;
            }
            checked++;
            Triple hard = ProofProvenance.triple(q.grounding().head());
            if (search.within(hard.fact(), q.depthOrOne() - 1)) {
                failures.add(q.id() + ": hard triple " + hard.tsv().replace('\t', ' ') + " follows from replaced in fewer"
                        + " than " + q.depthOrOne() + " rule applications");
            }
        }
        return new Verifier.Check("every deeper question of exact depth in replaced", checked, failures);
    }
}
