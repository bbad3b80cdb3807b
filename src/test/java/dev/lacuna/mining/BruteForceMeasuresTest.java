package dev.lacuna.mining;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.testing.TestData;

/** The brute-force counter the FB15k-237 benchmark trusts agrees with AMIE3's own counts on Family and UMLS. */
class BruteForceMeasuresTest {
    @Test
    void agreesWithAmie3OnEveryFamilyAndUmlsRule() {
        check(TestData.kg("family", "facts.txt"), TestData.amie3("family-maxad3.tsv"));
        check(TestData.kg("umls", "facts.txt"), TestData.amie3("umls-maxad3.tsv"));
    }

    private static void check(Path kg, Path reference) {
        BruteForceMeasures brute = new BruteForceMeasures(kg);
        List<MinedRule> rules = AmieRules.read(reference);
        for (MinedRule m : rules) {
            BruteForceMeasures.Counts c = brute.count(m);
            String what = reference.getFileName() + ": " + m.rule().toAmie();
            assertEquals(m.measures().support(), c.support(), what);
            assertEquals(m.measures().bodySize(), c.bodySize(), what);
            assertEquals(m.measures().pcaBodySize(), c.pcaBodySize(), what);
        }
    }
}
