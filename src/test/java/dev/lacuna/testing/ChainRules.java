package dev.lacuna.testing;

import java.util.List;

import dev.lacuna.rules.Atom;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.rules.RuleMeasures;
import dev.lacuna.rules.chain.RuleMatcher;

/** Four small rules that chain, for tests of derivation depth: counted by hand, so a test can state its figures. */
public final class ChainRules {
    private ChainRules() {
    }

    /** b(x, y) => c(x, y); c(x, y) => d(x, y); d(x, z), e(z, y) => f(x, y); and the inverse c(x, y) => g(y, x). */
    public static List<RuleMatcher> rules() {
        List<MinedRule> rules = List.of(
                rule(Rule.of(List.of(new Atom(0, "b", 1)), new Atom(0, "c", 1))),
                rule(Rule.of(List.of(new Atom(0, "c", 1)), new Atom(0, "d", 1))),
                rule(Rule.of(List.of(new Atom(0, "d", 2), new Atom(2, "e", 1)), new Atom(0, "f", 1))),
                rule(Rule.of(List.of(new Atom(0, "c", 1)), new Atom(1, "g", 0))));
        return RuleMatcher.compile(rules, constant -> -1L);
    }

    private static MinedRule rule(Rule r) {
        return new MinedRule(r, RuleMeasures.of(1, 1, 1, 1, -1));
    }
}
