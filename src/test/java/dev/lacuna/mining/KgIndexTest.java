package dev.lacuna.mining;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;

class KgIndexTest {

    @Test
    void duplicatesCollapseAndLookupsWork(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("kg.tsv"), "a\tr\tb\na\tr\tb\na\tr\tc\nb\ts\ta\n\nc\ts\ta\n");
        KgIndex kg = KgIndex.fromTsv(f);
        assertEquals(4, kg.tripleCount());
        assertEquals(3, kg.entityCount());
        int r = kg.relationId("r");
        int s = kg.relationId("s");
        assertEquals(2, kg.size(r));
        assertTrue(kg.holds(0, r, 1));
        assertFalse(kg.holds(1, r, 0));
        assertTrue(kg.hasOut(0, r));
        assertFalse(kg.hasOut(0, s));
        assertTrue(kg.hasIn(0, s));
        // r: one subject, two objects -> the object side is functional; s: two subjects, one object
        assertFalse(kg.subjectIsFunctional(r));
        assertTrue(kg.subjectIsFunctional(s));
    }

    @Test
    void malformedLinesAreReportedNotDropped(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("kg.tsv"), "a\tr\tb\na\tr\tb\tx\n");
        BadInputException e = assertThrows(BadInputException.class, () -> KgIndex.fromTsv(f));
        assertEquals(2, e.line());
        assertEquals(f.toString(), e.source());
        Path g = Files.writeString(dir.resolve("kg2.tsv"), "a\t\tb\n");
        e = assertThrows(BadInputException.class, () -> KgIndex.fromTsv(g));
        assertEquals(1, e.line());
        assertEquals(3, e.column());
    }

    @Test
    void emptyKgCannotBeMined(@TempDir Path dir) throws Exception {
        KgIndex kg = KgIndex.fromTsv(Files.writeString(dir.resolve("kg.tsv"), ""));
        LacunaException e = assertThrows(LacunaException.class, () -> new Miner(kg, MinerOptions.defaults()).mine());
        assertTrue(e.getMessage().contains("no triples"));
    }

    @Test
    void outputDoesNotDependOnThreads() {
        KgIndex kg = KgIndex.fromTsv(ReferenceComparison.shared("data", "umls", "facts.txt"));
        List<String> one = format(new Miner(kg, MinerOptions.defaults().withThreads(1)).mine());
        List<String> three = format(new Miner(kg, MinerOptions.defaults().withThreads(3)).mine());
        assertEquals(744, one.size());
        assertEquals(one, three);
    }

    private static List<String> format(List<MinedRule> rules) {
        return rules.stream().map(AmieRules::format).toList();
    }
}
