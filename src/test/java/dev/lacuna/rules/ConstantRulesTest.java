package dev.lacuna.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;

/** Rules with constants (AMIE3's -const): canonical form, printing, parsing, files and RDF. */
class ConstantRulesTest {

    private static Rule parse(String text) {
        return AmieRules.parseRule(text, "test", 1);
    }

    @Test
    void equalUpToRenamingAndBodyOrderWithConstants() {
        Rule x = parse("?x  livesIn  ?y  ?y  cityOf  france   => ?x  nationality  france");
        Rule y = parse("?q  cityOf  france  ?p  livesIn  ?q   => ?p  nationality  france");
        assertEquals(x, y);
        assertEquals(x.hashCode(), y.hashCode());
        // the head's one variable is ?a, the others follow densely
        assertEquals("?b  cityOf  france  ?a  livesIn  ?b   => ?a  nationality  france", x.toAmie());
        assertEquals(2, x.variableCount());
        assertTrue(x.isClosed());
        assertTrue(x.isConnected());
        assertTrue(x.hasConstants());
        assertEquals(RuleType.OTHER, RuleType.of(x));
        assertNotEquals(x, parse("?x  livesIn  ?y  ?y  cityOf  spain   => ?x  nationality  france"));
    }

    @Test
    void constantOnTheSubjectSideOfTheHead() {
        Rule r = parse("?z  speaks  ?w   => france  hasCitizen  ?z");
        assertEquals("?a  speaks  ?b   => france  hasCitizen  ?a", r.toAmie());
        assertFalse(r.isClosed()); // ?b occurs once
        Rule closed = parse("?z  speaks  french  => france  hasCitizen  ?z");
        assertTrue(closed.isClosed());
        assertEquals(1, closed.variableCount());
    }

    @Test
    void closedIgnoresConstantsAndCountsVariables() {
        assertFalse(parse("?a  r  c1   => ?a  h  ?b").isClosed());
        assertTrue(parse("?a  r  c1  ?b  s  c2   => ?a  h  ?b").isClosed());
        // every atom meets the head through a variable, though the body alone falls apart
        assertTrue(parse("?a  r  c1  ?b  s  c2   => ?a  h  ?b").isConnected());
        assertFalse(parse("?a  r  ?b  ?c  s  c2   => ?a  h  ?b").isConnected());
    }

    @Test
    void printParseRoundTripKeepsEveryRule() {
        for (String text : List.of("?a  r  c1   => ?a  h  c2", "c1  r  ?a   => ?a  h  ?b", "?b  r  ?a  ?a  s  <Paris>   => ?a  h  ?b",
                "?c  r  ?a  ?c  s  e17  ?b  t  ?c   => ?a  h  ?b", "?a  r  http://x.org/e/1   => ?a  h  http://x.org/e/2")) {
            Rule r = parse(text);
            assertEquals(r, parse(r.toAmie()), text);
            assertEquals(r.toAmie(), parse(r.toAmie()).toAmie(), text);
        }
    }

    @Test
    void fileRoundTripAndBadInputKeepFileLineAndColumn(@TempDir Path dir) throws Exception {
        MinedRule m = new MinedRule(parse("?a  r  c1   => ?a  h  c2"), RuleMeasures.of(5, 10, 8, 5, -1));
        Path file = dir.resolve("rules.tsv");
        AmieRules.write(List.of(m), file);
        assertEquals(List.of(m), AmieRules.read(file));
        assertTrue(Files.readString(file).contains("?a  r  c1   => ?a  h  c2\t0.500000"));

        Path bad = dir.resolve("bad.tsv");
        Files.writeString(bad, String.join("\t", AmieRules.HEADER) + "\n"
                + AmieRules.format(m) + "\n"
                + "c3  r  c1   => ?a  h  c2\t0.5\t0.5\t0.5\t5\t10\t10\t-1\n");
        BadInputException e = assertThrows(BadInputException.class, () -> AmieRules.read(bad));
        assertTrue(e.getMessage().contains(bad + ":3:1"), e.getMessage());
        assertTrue(e.getMessage().contains("has no variable"), e.getMessage());

        Files.writeString(bad, String.join("\t", AmieRules.HEADER) + "\n"
                + "?a  r  c1   => c2  h  c3\t0.5\t0.5\t0.5\t5\t10\t10\t-1\n");
        e = assertThrows(BadInputException.class, () -> AmieRules.read(bad));
        assertTrue(e.getMessage().contains(bad + ":2:"), e.getMessage());

        Files.writeString(bad, String.join("\t", AmieRules.HEADER) + "\n"
                + "?a  r  c1   => ?a  h  c2\t0.5\tx\t0.5\t5\t10\t10\t-1\n");
        e = assertThrows(BadInputException.class, () -> AmieRules.read(bad));
        assertTrue(e.getMessage().contains(bad + ":2:"), e.getMessage());
        assertTrue(e.getMessage().contains("Standard Confidence"), e.getMessage());
    }

    @Test
    void rdfRoundTripWritesConstantTerms() {
        KgGraphs kg = KgGraphs.of("toy");
        List<MinedRule> rules = List.of(
                new MinedRule(parse("?a  r  c1   => ?a  h  c2"), RuleMeasures.of(5, 10, 8, 6, -1)),
                new MinedRule(parse("?a  s  ?b   => c3  h  ?a"), RuleMeasures.of(4, 10, 8, 5, -2)),
                new MinedRule(parse("?b  r  ?a   => ?a  h  ?b"), RuleMeasures.of(3, 10, 8, 4, -2)));
        var model = RuleGraph.toModel(kg, rules, RuleGraph.MINED_BY_LACUNA);
        assertEquals(2, model.filter(null, LacunaVocab.OBJECT_CONSTANT, null).size());
        assertEquals(1, model.filter(null, LacunaVocab.SUBJECT_CONSTANT, null).size());
        Repository repo = new SailRepository(new MemoryStore());
        repo.init();
        try (RepositoryConnection c = repo.getConnection()) {
            RuleGraph.write(c, kg, rules, RuleGraph.MINED_BY_LACUNA);
            List<MinedRule> back = RuleGraph.read(c, kg, RuleGraph.MINED_BY_LACUNA);
            assertEquals(new HashSet<>(rules), new HashSet<>(back));
        } finally {
            repo.shutDown();
        }
    }

    @Test
    void modelRefusesAtomsWithoutVariables() {
        assertThrows(IllegalArgumentException.class, () -> new Atom(Atom.CONSTANT, "r", 1, null, null));
        assertThrows(IllegalArgumentException.class, () -> new Atom(0, "r", 1, "c", null));
        assertThrows(IllegalArgumentException.class, () -> new Atom(Atom.CONSTANT, "r", Atom.CONSTANT, "c", "d"));
        assertThrows(IllegalArgumentException.class, () -> Atom.withObjectConstant(0, "r", "?x"));
        assertThrows(IllegalArgumentException.class,
                () -> Rule.of(List.of(Atom.withObjectConstant(0, "h", "c")), Atom.withObjectConstant(0, "h", "c")));
    }
}
