package dev.lacuna.mining;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.lacuna.rules.MinedRule;

/**
 * With constants, the constant-free part of the output is exactly what the miner without constants outputs (which
 * MinerReferenceTest checks against AMIE3): constants only add rules. A separate code path (ConstMatcher) computes
 * both, so this also checks its join and counting against the reference-verified Matcher on real graphs.
 */
class ConstantMinerRealGraphsTest {

    @ParameterizedTest(name = "{0} maxad {1} minhc {2}")
    @CsvSource({ "family/facts.txt, 3, 0.1", "umls/facts.txt, 3, 0.3" })
    void constantFreeRulesAreThoseOfTheMinerWithoutConstants(String facts, int maxAtoms, double minhc) {
        KgIndex kg = KgIndex.fromTsv(ReferenceComparison.shared("data", facts.split("/")[0], facts.split("/")[1]));
        MinerOptions d = MinerOptions.defaults();
        // UMLS at minhc 0.3 keeps the test short (5,595 rules with constants instead of 112,049 at 0.1)
        MinerOptions options = new MinerOptions(minhc, d.minStdConfidence(), d.minPcaConfidence(), maxAtoms,
                d.minInitialSupport(), d.maxRelationOccurrences(), 2);
        List<MinedRule> plain = new Miner(kg, options).mine();
        List<MinedRule> withConstants = new Miner(kg, options.withConstants(true)).mine();
        List<MinedRule> constantFree = new ArrayList<>();
        for (MinedRule m : withConstants) {
            if (!m.rule().hasConstants()) {
                constantFree.add(m);
            }
        }
        ReferenceComparison cmp = new ReferenceComparison(plain, constantFree);
        assertTrue(cmp.same(), cmp.report(40));
        assertEquals(plain.size(), constantFree.size());
        for (MinedRule m : withConstants) {
            assertTrue(m.rule().isClosed(), m.rule().toAmie());
            assertFalse(m.rule().toAmie().contains("!="), m.rule().toAmie());
        }
        assertTrue(withConstants.size() >= plain.size());
        System.out.printf("%s maxad %d minhc %s: %d rules without constants, %d with --const%n", facts, maxAtoms, minhc,
                plain.size(), withConstants.size());
    }
}
