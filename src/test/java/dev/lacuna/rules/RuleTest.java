package dev.lacuna.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class RuleTest {

    @Test
    void equalUpToRenamingAndBodyOrder() {
        Rule x = Rule.of(List.of(new Atom(7, "r1", 9), new Atom(9, "r2", 8)), new Atom(7, "r3", 8));
        Rule y = Rule.of(List.of(new Atom(5, "r2", 1), new Atom(0, "r1", 5)), new Atom(0, "r3", 1));
        assertEquals(x, y);
        assertEquals(x.hashCode(), y.hashCode());
        assertEquals("?a  r1  ?c  ?c  r2  ?b   => ?a  r3  ?b", x.toAmie());
        assertEquals(new Atom(0, "r3", 1), x.head());
        assertEquals(3, x.length());
        assertEquals(3, x.variableCount());
        assertTrue(x.isClosed());
        assertTrue(x.isConnected());
    }

    @Test
    void differentShapesDiffer() {
        Rule x = Rule.of(List.of(new Atom(0, "r1", 2), new Atom(2, "r2", 1)), new Atom(0, "r3", 1));
        Rule y = Rule.of(List.of(new Atom(2, "r1", 0), new Atom(2, "r2", 1)), new Atom(0, "r3", 1));
        assertNotEquals(x, y);
    }

    @Test
    void canonicalFormIndependentOfFreeVariableNames() {
        // two free variables, symmetric roles: every numbering must give the same rule
        Rule x = Rule.of(List.of(new Atom(0, "p", 2), new Atom(2, "q", 3), new Atom(3, "p", 1)), new Atom(0, "h", 1));
        Rule y = Rule.of(List.of(new Atom(0, "p", 3), new Atom(3, "q", 2), new Atom(2, "p", 1)), new Atom(0, "h", 1));
        assertEquals(x, y);
        assertEquals(x.toString(), y.toString());
    }

    @Test
    void closedAndConnected() {
        Rule open = Rule.of(List.of(new Atom(0, "r1", 2)), new Atom(0, "r3", 1));
        assertFalse(open.isClosed());
        assertTrue(open.isConnected());
        Rule disconnected = Rule.of(List.of(new Atom(2, "r1", 3), new Atom(3, "r2", 2)), new Atom(0, "r3", 1));
        assertFalse(disconnected.isConnected());
    }

    @Test
    void rejectsReflexiveAndDuplicateAtoms() {
        assertThrows(IllegalArgumentException.class, () -> Rule.of(List.of(new Atom(0, "r", 0)), new Atom(0, "h", 1)));
        assertThrows(IllegalArgumentException.class,
                () -> Rule.of(List.of(new Atom(0, "r", 2), new Atom(0, "r", 2)), new Atom(0, "h", 1)));
    }

    @Test
    void variableNames() {
        assertEquals("?a", Rule.variableName(0));
        assertEquals("?b", Rule.variableName(1));
        assertEquals("?e", Rule.variableName(4));
    }
}
