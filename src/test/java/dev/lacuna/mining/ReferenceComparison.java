package dev.lacuna.mining;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.rules.RuleMeasures;
import dev.lacuna.testing.TestData;

/** Compares mined rules with an AMIE3 reference file: same rule set, same counts, measures to 6 decimals. */
final class ReferenceComparison {
    final List<String> problems = new ArrayList<>();
    final int expected;
    final int actual;

    ReferenceComparison(List<MinedRule> reference, List<MinedRule> mined) {
        expected = reference.size();
        actual = mined.size();
        Map<Rule, RuleMeasures> ours = new HashMap<>();
        for (MinedRule m : mined) {
            ours.put(m.rule(), m.measures());
        }
        Map<Rule, RuleMeasures> theirs = new HashMap<>();
        for (MinedRule m : reference) {
            theirs.put(m.rule(), m.measures());
            RuleMeasures o = ours.get(m.rule());
            if (o == null) {
                problems.add("missing: " + AmieRules.format(m));
                continue;
            }
            RuleMeasures t = m.measures();
            if (o.support() != t.support() || o.bodySize() != t.bodySize() || o.pcaBodySize() != t.pcaBodySize()
                    || o.functionalVariable() != t.functionalVariable() || !close(o.headCoverage(), t.headCoverage())
                    || !close(o.standardConfidence(), t.standardConfidence())
                    || !close(o.pcaConfidence(), t.pcaConfidence())) {
                problems.add("measures differ: amie3 " + AmieRules.format(m) + "\n                 lacuna "
                        + AmieRules.format(new MinedRule(m.rule(), o)));
            }
        }
        for (MinedRule m : mined) {
            if (!theirs.containsKey(m.rule())) {
                problems.add("extra: " + AmieRules.format(m));
            }
        }
    }

    private static boolean close(double a, double b) {
        return Math.abs(a - b) <= 0.5e-6 + 1e-12;
    }

    boolean same() {
        return problems.isEmpty();
    }

    String report(int max) {
        StringBuilder sb = new StringBuilder("expected " + expected + " rules, mined " + actual + ", "
                + problems.size() + " differences\n");
        for (int i = 0; i < Math.min(max, problems.size()); i++) {
            sb.append(problems.get(i)).append('\n');
        }
        return sb.toString();
    }

    static Path shared(String... parts) {
        return TestData.file(String.join("/", parts));
    }
}
