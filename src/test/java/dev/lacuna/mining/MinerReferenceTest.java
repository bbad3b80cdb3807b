package dev.lacuna.mining;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;

/** Lacuna's miner against AMIE3 3.5.1's own output at the paper's thresholds (maxad 3: seconds each). */
class MinerReferenceTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "family-maxad3.tsv, family/facts.txt, 3",
            "kinship-maxad3.tsv, kinship/facts.txt, 3",
            "umls-maxad3.tsv, umls/facts.txt, 3",
            "codex-s-maxad3.tsv, codex-s/train.txt, 3" })
    void sameRulesAsAmie3(String reference, String facts, int maxAtoms) {
        List<MinedRule> expected = AmieRules.read(ReferenceComparison.shared("reference", "amie3", reference));
        KgIndex kg = KgIndex.fromTsv(ReferenceComparison.shared("data", facts.split("/")[0], facts.split("/")[1]));
        List<MinedRule> mined = new Miner(kg, MinerOptions.defaults().withMaxAtoms(maxAtoms).withThreads(2)).mine();
        ReferenceComparison cmp = new ReferenceComparison(expected, mined);
        assertTrue(cmp.same(), cmp.report(40));
        assertEquals(expected.size(), mined.size());
    }
}
