package dev.lacuna.mining;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleMeasures;
import dev.lacuna.testing.TestData;

/**
 * A rule measured alone gets the measures the miner (and AMIE3) gives it: checked on every rule of AMIE3's own
 * Family and UMLS files, and on every rule the miner finds with constants on UMLS.
 */
class RuleMeasurerTest {
    @Test
    void everyAmie3RuleGetsAmie3sMeasures() {
        check(KgIndex.fromTsv(TestData.kg("family", "facts.txt")), AmieRules.read(TestData.amie3("family-maxad3.tsv")));
        check(KgIndex.fromTsv(TestData.kg("family", "facts.txt")), AmieRules.read(TestData.amie3("family-maxad4.tsv")));
        check(KgIndex.fromTsv(TestData.kg("umls", "facts.txt")), AmieRules.read(TestData.amie3("umls-maxad3.tsv")));
    }

    @Test
    void everyRuleWithConstantsGetsTheMinersMeasures() {
        KgIndex kg = KgIndex.fromTsv(TestData.kg("umls", "facts.txt"));
        // minhc 0.3 keeps it short: thousands of rules with constants instead of a hundred thousand
        List<MinedRule> mined = new Miner(kg, new MinerOptions(0.3, 0.3, 0.4, 3, 100, 3, 2, true)).mine();
        long withConstants = mined.stream().filter(m -> m.rule().hasConstants()).count();
        assertTrue(withConstants > 1000, "rules with constants on UMLS: " + withConstants);
        check(kg, mined);
    }

    @Test
    void aRelationOrEntityTheKgLacksIsNamed() {
        KgIndex kg = KgIndex.fromTsv(TestData.kg("family", "facts.txt"));
        RuleMeasurer measurer = new RuleMeasurer(kg);
        RuleMeasurer.UnknownName r = assertThrows(RuleMeasurer.UnknownName.class,
                () -> measurer.measure(AmieRules.parseRule("?a  cousin  ?b   => ?a  son  ?b", "t", 1)));
        assertEquals("cousin", r.name());
        assertTrue(r.relation());
        RuleMeasurer.UnknownName e = assertThrows(RuleMeasurer.UnknownName.class,
                () -> measurer.measure(AmieRules.parseRule("?a  son  nobody   => ?a  son  7", "t", 1)));
        assertEquals("nobody", e.name());
        assertTrue(!e.relation());
    }

    private static void check(KgIndex kg, List<MinedRule> rules) {
        RuleMeasurer measurer = new RuleMeasurer(kg);
        for (MinedRule m : rules) {
            RuleMeasures expected = m.measures();
            RuleMeasures measured = measurer.measure(m.rule()).measures();
            String what = m.rule().toAmie();
            assertEquals(expected.support(), measured.support(), what);
            assertEquals(expected.bodySize(), measured.bodySize(), what);
            assertEquals(expected.pcaBodySize(), measured.pcaBodySize(), what);
            assertEquals(expected.functionalVariable(), measured.functionalVariable(), what);
            // AMIE3's files print six decimals
            assertEquals(expected.headCoverage(), measured.headCoverage(), 1e-6, what);
            assertEquals(expected.standardConfidence(), measured.standardConfidence(), 1e-6, what);
            assertEquals(expected.pcaConfidence(), measured.pcaConfidence(), 1e-6, what);
        }
    }
}
