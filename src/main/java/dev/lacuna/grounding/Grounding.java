package dev.lacuna.grounding;

import java.util.List;

import dev.lacuna.rules.MinedRule;

/**
 * One grounding of a rule: the substitution's body triples and head triple, all of which hold in complete.
 *
 * @param ruleIndex position of the rule in the build's rule list (0-based), for stable ids and order
 */
public record Grounding(int ruleIndex, MinedRule rule, List<Triple> body, Triple head) {
    public Grounding {
        body = List.copyOf(body);
    }

    /** The paper excludes groundings whose head is one of their own body atoms: deleting it would break the path. */
    public boolean headInOwnBody() {
        return body.contains(head);
    }
}
