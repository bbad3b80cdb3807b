package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** What a KG's names may hold, and their relation IRIs, one per name. */
class SourceNamesTest {
    @Test
    void namesThatNoStoreOrRuleFileKeepApartAreProblems() {
        assertTrue(SourceNames.nameProblem("a\uD800b").text().contains("unpaired surrogate U+D800"));
        assertTrue(SourceNames.nameProblem("a\u001Bb").text().contains("control character U+001B"));
        assertEquals(1, SourceNames.nameProblem("a\u001Bb").index());
        assertNull(SourceNames.nameProblem("New York \uD83D\uDE00"));
        assertTrue(SourceNames.relationProblem("has aunt").text().contains("whitespace (U+0020)"));
        assertTrue(SourceNames.relationProblem("has\u202Faunt").text().contains("U+202F"));
        assertNull(SourceNames.relationProblem("/people/person/nationality"));
        assertNull(SourceNames.constantProblem("wd:Q96"));
        assertTrue(SourceNames.constantProblem("?x").text().contains("variable"));
        assertTrue(SourceNames.constantProblem("male person").text().contains("whitespace"));
        assertTrue(SourceNames.isSpace('\u00A0') && SourceNames.isSpace('\u2007') && !SourceNames.isSpace('x'));
    }

    @Test
    void relationIrisEncodeEachCodePointSoDistinctNamesStayDistinct() {
        KgGraphs kg = KgGraphs.of("t");
        List<String> names = List.of("\uD83D\uDE00", "\uD83D\uDE01", "?", "%3F", "a b", "a%20b", "a+b", "\u00e9");
        for (String a : names) {
            assertEquals(a, kg.relationName(kg.relation(a)), a);
            for (String b : names) {
                if (!a.equals(b)) {
                    assertNotEquals(kg.relation(a), kg.relation(b), a + " and " + b);
                }
            }
        }
        assertEquals(kg.relationPrefix() + "%F0%9F%98%80", kg.relation("\uD83D\uDE00").stringValue());
    }
}
