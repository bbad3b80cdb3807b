package dev.lacuna.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;
import dev.lacuna.testing.TestData;

class AmieRulesTest {
    static Path reference(String name) {
        return TestData.amie3(name);
    }

    @Test
    void readsFamilyReferenceWithThePapersRuleTypeSplit() {
        List<MinedRule> rules = AmieRules.read(reference("family-maxad3.tsv"));
        assertEquals(145, rules.size());
        Map<RuleType, Integer> counts = new EnumMap<>(RuleType.class);
        for (MinedRule m : rules) {
            counts.merge(m.type(), 1, Integer::sum);
        }
        // paper Table 1, Family: symmetry 0, inversion 6, hierarchy 0, composition 56, other 83
        assertEquals(0, counts.getOrDefault(RuleType.SYMMETRY, 0));
        assertEquals(6, counts.getOrDefault(RuleType.INVERSION, 0));
        assertEquals(0, counts.getOrDefault(RuleType.HIERARCHY, 0));
        assertEquals(56, counts.getOrDefault(RuleType.COMPOSITION, 0));
        assertEquals(83, counts.getOrDefault(RuleType.OTHER, 0));
        MinedRule first = rules.get(0);
        assertEquals("?b  husband  ?a   => ?a  wife  ?b", first.rule().toAmie());
        assertEquals(454, first.measures().support());
        assertEquals(717, first.measures().bodySize());
        assertEquals(490, first.measures().pcaBodySize());
        assertEquals(-1, first.measures().functionalVariable());
        assertEquals(0.926531, first.measures().pcaConfidence(), 1e-9);
    }

    @Test
    void writeThenReadRoundTrips(@TempDir Path dir) {
        List<MinedRule> rules = AmieRules.read(reference("umls-maxad3.tsv"));
        Path out = dir.resolve("rules.tsv");
        AmieRules.write(rules, out);
        List<MinedRule> again = AmieRules.read(out);
        assertEquals(new HashSet<>(rules), new HashSet<>(again));
        Path out2 = dir.resolve("rules2.tsv");
        AmieRules.write(again, out2);
        assertEquals(readString(out), readString(out2));
    }

    @Test
    void readsAmieStdout(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("stdout.txt");
        Files.writeString(f, """
                Assuming 9 as type relation
                Loading files...
                Using HeadCoverage as pruning metric with minimum threshold 0.1
                Rule\tHead Coverage\tStd Confidence\tPCA Confidence\tPositive Examples\tBody size\tPCA Body size\tFunctional variable
                ?b  husband  ?a   => ?a  wife  ?b\t0.638537\t0.633194\t0.926531\t454\t717\t490\t-1
                Mining done in 1.2 s
                Total time 2.3 s
                1 rules mined.
                """);
        List<MinedRule> rules = AmieRules.read(f);
        assertEquals(1, rules.size());
    }

    @Test
    void malformedLineNamesFileLineAndReason(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bad.tsv");
        Files.writeString(f, String.join("\t", AmieRules.HEADER) + "\n"
                + "?b  husband  ?a   => ?a  wife  ?b\t0.6\t0.6\t0.9\t454\t717\t490\t-1\n"
                + "?b  husband   => ?a  wife  ?b\t0.6\t0.6\t0.9\t454\t717\t490\t-1\n");
        BadInputException e = assertThrows(BadInputException.class, () -> AmieRules.read(f));
        assertEquals(f.toString(), e.source());
        assertEquals(3, e.line());
        assertTrue(e.problem().contains("three tokens"), e.problem());

        Files.writeString(f, String.join("\t", AmieRules.HEADER) + "\n"
                + "?b  husband  ?a   => ?a  wife  ?b\t0.6\t1.6\t0.9\t454\t717\t490\t-1\n");
        e = assertThrows(BadInputException.class, () -> AmieRules.read(f));
        assertEquals(2, e.line());
        assertTrue(e.problem().contains("Standard Confidence"), e.problem());

        Files.writeString(f, "no header\n");
        assertThrows(BadInputException.class, () -> AmieRules.read(f));
    }

    private static String readString(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
