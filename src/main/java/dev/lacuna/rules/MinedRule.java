package dev.lacuna.rules;

import java.util.Objects;

/** A rule with the measures it was mined (or imported) with. */
public record MinedRule(Rule rule, RuleMeasures measures) {
    public MinedRule {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(measures, "measures");
    }

    public RuleType type() {
        return RuleType.of(rule);
    }
}
