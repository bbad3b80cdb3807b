package dev.lacuna.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.lacuna.BadInputException;

class DelimitersTest {

    @Test
    void autoSplitsIdsOnSpacesCommasAndNewlines() {
        assertEquals(List.of("205", "138", "2973", "2974"),
                Delimiters.AUTO.split("205, 138\n2973 2974", EntityForm.PRIVATE));
        assertEquals(List.of("/m/02mjmr", "/m/0d06m5"), Delimiters.AUTO.split("/m/02mjmr /m/0d06m5", EntityForm.SOURCE));
    }

    @Test
    void autoKeepsSpacesInsideTextLabels() {
        assertEquals(List.of("Paris", " New York"), Delimiters.AUTO.split("Paris, New York", EntityForm.TEXT));
        assertEquals(List.of("Barack Obama", "Michelle Obama"),
                Delimiters.AUTO.split("Barack Obama\nMichelle Obama\n", EntityForm.TEXT));
    }

    @Test
    void explicitPoliciesOverrideTheEntityForm() {
        assertEquals(List.of("205 138"), Delimiters.COMMA_NEWLINE.split("205 138", EntityForm.PRIVATE));
        assertEquals(List.of("New", "York"), Delimiters.COMMA_NEWLINE_SPACE.split("New York", EntityForm.TEXT));
    }

    @Test
    void proseAroundIdsBecomesExtraPieces() {
        assertEquals(List.of("The", "answer", "is", "205."), Delimiters.AUTO.split("The answer is 205.", EntityForm.PRIVATE));
    }

    @Test
    void jsonAndPythonListsAreReadAsLists() {
        assertEquals(List.of("Washington, D.C.", "Paris"),
                Delimiters.AUTO.split("[\"Washington, D.C.\", \"Paris\"]", EntityForm.TEXT));
        assertEquals(List.of("205", "138"), Delimiters.AUTO.split("[205, 138]", EntityForm.PRIVATE));
        assertEquals(List.of("O'Neil", "Bob"), Delimiters.AUTO.split("[\"O'Neil\", 'Bob']", EntityForm.TEXT));
        assertEquals(List.of(), Delimiters.AUTO.split("[]", EntityForm.TEXT));
    }

    @Test
    void bracketsThatAreNotAListFallBackToSplitting() {
        assertNull(Delimiters.listLiteral("[205] and [138]"));
        assertEquals(List.of("[205]", "and", "[138]"), Delimiters.AUTO.split("[205] and [138]", EntityForm.PRIVATE));
    }

    @Test
    void emptyAndBlankOutputsGiveNoPieces() {
        assertEquals(List.of(), Delimiters.AUTO.split("", EntityForm.PRIVATE));
        assertEquals(List.of(), Delimiters.AUTO.split(" ,\n, ", EntityForm.TEXT));
    }

    @Test
    void parsesWords() {
        assertEquals(Delimiters.COMMA_NEWLINE_SPACE, Delimiters.parse("comma-newline-space"));
        assertEquals(Delimiters.COMMA_NEWLINE, Delimiters.AUTO.resolve(EntityForm.TEXT));
        assertThrows(BadInputException.class, () -> Delimiters.parse("tabs"));
    }
}
