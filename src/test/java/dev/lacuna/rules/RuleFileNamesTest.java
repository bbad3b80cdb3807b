package dev.lacuna.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;

/**
 * Whatever names a rule holds, both rule formats write it so that it reads back as the same rule, or the rule model
 * refuses it: a relation with whitespace in AMIE3's file was read as seven tokens, AnyBURL's export wrote raw spaces
 * that its own import refused, and a name holding {@code =>} or {@code <=} was taken for the arrow.
 */
class RuleFileNamesTest {
    @TempDir
    Path dir;

    private static final RuleMeasures MEASURES = new RuleMeasures(0.5, 0.5, 0.5, 10, 20, 20, -2);

    @Test
    void aNameWithWhitespaceIsNoRelationNorConstant() {
        for (String relation : List.of("has aunt", "has\u00A0aunt", "has\taunt", "=>", "")) {
            assertThrows(IllegalArgumentException.class, () -> new Atom(0, relation, 1), relation);
        }
        for (String constant : List.of("male person", "male\u2007person", "?x", "=>")) {
            assertThrows(IllegalArgumentException.class, () -> Atom.withObjectConstant(0, "gender", constant), constant);
        }
    }

    @Test
    void amieRulesWithArrowsInsideNamesReadBack() {
        Rule rule = Rule.of(List.of(new Atom(0, "x=>y", 2), new Atom(2, "a<=b", 1)),
                Atom.withObjectConstant(0, "r", "k=>v"));
        Path file = dir.resolve("rules.tsv");
        AmieRules.write(List.of(new MinedRule(rule, MEASURES)), file);
        assertEquals(rule, AmieRules.read(file).get(0).rule());
        // the arrow is the token '=>' alone: a second one is still an error
        BadInputException e = assertThrows(BadInputException.class,
                () -> AmieRules.parseRule("?a  r  ?b   =>  ?a  s  ?b   => ?a  t  ?b", "f", 3));
        assertTrue(e.problem().contains("more than one"), e.getMessage());
        // Unicode whitespace separates tokens as ASCII's does
        assertEquals(AmieRules.parseRule("?a  r  ?b   => ?a  s  ?b", "f", 1),
                AmieRules.parseRule("?a\u00A0r\u2003?b =>\u00A0?a s ?b", "f", 1));
    }

    @Test
    void anyBurlRulesWithArrowsInsideNamesReadBack() throws Exception {
        Rule rule = Rule.of(List.of(new Atom(0, "p<=q", 2), new Atom(2, "s", 1)), new Atom(0, "r=>t", 1));
        String text = AnyBurlRules.format(rule);
        assertNull(AnyBurlRules.unwritableName(rule));
        Path file = Files.writeString(dir.resolve("rules.txt"), AnyBurlRules.line(4, 2, text) + "\n");
        assertEquals(rule, AnyBurlRules.read(file).get(0).rule());
    }

    @Test
    void anyBurlSaysWhichNamesItsFormatCannotHold() {
        Rule paren = Rule.of(List.of(new Atom(0, "a(b", 1)), new Atom(0, "r", 1));
        assertTrue(AnyBurlRules.unwritableName(paren).contains("'('"), AnyBurlRules.unwritableName(paren));
        Rule variableLike = Rule.of(List.of(Atom.withObjectConstant(0, "s", "X")), Atom.withObjectConstant(0, "r", "k"));
        assertTrue(AnyBurlRules.unwritableName(variableLike).contains("variable"));
        Rule unpaired = Rule.of(List.of(Atom.withObjectConstant(0, "s", "a)b")), Atom.withObjectConstant(0, "r", "k"));
        assertTrue(AnyBurlRules.unwritableName(unpaired).contains("parentheses"));
        Rule fine = Rule.of(List.of(Atom.withObjectConstant(0, "s", "Paris_(1896)")), Atom.withObjectConstant(0, "r", "k"));
        assertNull(AnyBurlRules.unwritableName(fine));
    }
}
