package dev.lacuna.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.lacuna.BadInputException;
import dev.lacuna.testing.TestData;

/** AnyBURL's rule format as SAFRAN's and PyClause's docs give it, read and written. */
class AnyBurlRulesTest {
    static final String EVERY_KIND = "rules/anyburl/family-every-kind.txt";

    @Test
    void everyKindOfTheHandWrittenFileIsToldApart() {
        List<AnyBurlRules.Line> lines = AnyBurlRules.read(TestData.file(EVERY_KIND));
        Map<AnyBurlRules.Kind, Integer> kinds = new EnumMap<>(AnyBurlRules.Kind.class);
        for (AnyBurlRules.Line l : lines) {
            kinds.merge(l.kind(), 1, Integer::sum);
            assertEquals(l.kind().closed(), l.rule() != null, "line " + l.lineNumber());
        }
        assertEquals(Map.of(AnyBurlRules.Kind.B, 6, AnyBurlRules.Kind.U_C, 3, AnyBurlRules.Kind.U_D, 2,
                AnyBurlRules.Kind.ZERO, 1, AnyBurlRules.Kind.U_XX, 2), kinds);
        AnyBurlRules.Line first = lines.get(0);
        assertEquals(717, first.predicted());
        assertEquals(454, first.correct());
        assertEquals(AmieRules.parseRule("?b  husband  ?a   => ?a  wife  ?b", "t", 1), first.rule());
        assertEquals(List.of("nephew", "son"), lines.get(12).relations());
        assertTrue(lines.get(13).repeated());
        assertEquals(3, lines.get(13).firstLine());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "wife(X,Y) <= husband(Y,X)                              | ?b  husband  ?a   => ?a  wife  ?b",
        "uncle(X,Y) <= brother(X,A), nephew(Y,A)                | ?a  brother  ?c  ?b  nephew  ?c   => ?a  uncle  ?b",
        "father(X,Y) <= father(X,A), father(B,A), son(Y,B)      | ?a  father  ?c  ?d  father  ?c  ?b  son  ?d   => ?a  father  ?b",
        "son(X,7) <= brother(X,A), son(A,7)                     | ?a  brother  ?c  ?c  son  7   => ?a  son  7",
        "P27(Q75612,Y) <= P30(Y,Q49)                            | ?a  P30  Q49   => Q75612  P27  ?a",
        "P530(Q142,Y) <= P530(A,Y), P495(Q368674,A)             | ?b  P530  ?a  Q368674  P495  ?b   => Q142  P530  ?a",
        "/people/person/nationality(X,Y) <= /a/b(X,A), /c(A,Y)  | ?a  /a/b  ?c  ?c  /c  ?b   => ?a  /people/person/nationality  ?b"})
    void aClosedRuleReadsAsItsAmie3FormAndIsWrittenBackTheSame(String anyburl, String amie3) {
        AnyBurlRules.Parsed parsed = AnyBurlRules.parseRule(anyburl.strip(), "t", 1, 1);
        Rule expected = AmieRules.parseRule(amie3, "t", 1);
        assertEquals(expected, parsed.rule());
        assertEquals(expected.hasConstants() && expected.head().hasConstant() ? AnyBurlRules.Kind.U_C
                : AnyBurlRules.Kind.B, parsed.kind());
        assertEquals(anyburl.strip(), AnyBurlRules.format(expected));
    }

    @Test
    void namesMayHoldCommasAndParenthesesAsAnyBurlWritesThem() {
        String[][] cases = {
            {"occupation(Cliff%20Richard,Y) <= occupation(Tyler,%20the%20Creator,Y)",
                "Tyler,%20the%20Creator  occupation  ?a   => Cliff%20Richard  occupation  ?a"},
            {"employer(X,University%20of%20Paris%20(1896-1968)) <= residence(X,France)",
                "?a  residence  France   => ?a  employer  University%20of%20Paris%20(1896-1968)"},
            {"spoken,%20written(Nelly%20Furtado,Y) <= spoken,%20written(A,Y), p(A,B)",
                "?b  spoken,%20written  ?a  ?b  p  ?c   => Nelly%20Furtado  spoken,%20written  ?a"}};
        for (String[] c : cases) {
            AnyBurlRules.Parsed parsed = AnyBurlRules.parseRule(c[0], "t", 1, 1);
            Rule expected = AmieRules.parseRule(c[1], "t", 1);
            if (parsed.rule() != null) {
                assertEquals(expected, parsed.rule(), c[0]);
            } else {
                assertEquals(AnyBurlRules.Kind.U_D, parsed.kind(), c[0]);
                assertEquals(List.of("spoken,%20written", "p"), parsed.relations());
            }
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "?b  husband  ?a  ?a  mother  ?c  ?c  son  ?b   => ?a  wife  ?b",
        "?a  husband  ?b  ?b  husband  ?a   => ?a  wife  ?b",
        "?a  r  C  ?a  s  ?b   => ?a  h  ?b",
        "?a  r  ?c  ?c  s  ?a   => ?a  h  C"})
    void aBodyThatIsNotAPathHasNoAnyBurlForm(String amie3) {
        assertNull(AnyBurlRules.format(AmieRules.parseRule(amie3, "t", 1)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "12\t3\t0.25|expected 4 tab-separated columns",
        "x\t3\t0.25\tr(X,Y) <= s(X,Y)|predicted is not a whole number",
        "12\t-3\t0.25\tr(X,Y) <= s(X,Y)|correct is not a whole number",
        "12\t3\tabc\tr(X,Y) <= s(X,Y)|confidence is not a number",
        "12\t3\t1.5\tr(X,Y) <= s(X,Y)|confidence must lie in [0, 1]",
        "12\t3\t0.25\tr(X,Y) :- s(X,Y)|no '<='",
        "12\t3\t0.25\tr(X,Y) <= s(X,Y) <= t(X,Y)|more than one '<='",
        "12\t3\t0.25\tr(X,Y) <= s(X,Y) t(Y,X)|separated by ', '",
        "12\t3\t0.25\tr(X,Y) <= s(X,Y),t(Y,X)|separated by ', '",
        "12\t3\t0.25\tr(X,Y) <= s(X Y)|expected an atom",
        "12\t3\t0.25\tr(X,Y) <= s(c,d), t(X,Y)|has no variable",
        "12\t3\t0.25\tr(c,d) <= s(X,Y)|the head atom has no variable",
        "12\t3\t0.25\tr(X,Y) <= s(X,Y), s(X,Y)|duplicate atom"})
    void aMalformedLineNamesFileAndLine(String line, String problem, @TempDir Path dir) throws Exception {
        Path file = dir.resolve("rules.txt");
        Files.writeString(file, "10\t5\t0.5\twife(X,Y) <= husband(Y,X)\n\n" + line + "\n");
        BadInputException e = assertThrows(BadInputException.class, () -> AnyBurlRules.read(file));
        assertEquals(file.toString(), e.source());
        assertEquals(3, e.line());
        assertTrue(e.problem().contains(problem), e.getMessage());
    }

    @Test
    void aFileInAnotherCharsetIsNamedWithItsFirstBadLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("rules.txt");
        // AnyBURL run on Windows writes windows-1252: Sim\u00e9on as one byte 0xE9
        Files.write(file, "10\t5\t0.5\tr(X,Y) <= s(Y,X)\r\n4\t2\t0.5\tr(X,Y) <= s(X,Y), t(Y,Sim\u00e9on)\r\n"
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        BadInputException e = assertThrows(BadInputException.class, () -> AnyBurlRules.read(file));
        assertEquals(2, e.line());
        assertTrue(e.problem().contains("not UTF-8"), e.getMessage());
        Files.write(file, "10\t5\t0.5\tr(X,Y) <= s(Y,X)\r\n4\t2\t0.5\tr(X,Y) <= s(X,Y), t(Y,Sim\u00e9on)\r\n"
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals("Sim\u00e9on", AnyBurlRules.read(file).get(1).rule().body().get(1).objectConstant());
    }

    @Test
    void aRuleRepeatedUpToRenamingIsMarkedWithItsFirstLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("rules.txt");
        // as AnyBURL writes a symmetric path from both ends
        Files.writeString(file, "469\t24\t0.05\tr(X,Y) <= r(A,X), r(A,Y)\n469\t24\t0.05\tr(X,Y) <= r(A,Y), r(A,X)\n");
        List<AnyBurlRules.Line> lines = AnyBurlRules.read(file);
        assertEquals(false, lines.get(0).repeated());
        assertEquals(true, lines.get(1).repeated());
        assertEquals(1, lines.get(1).firstLine());
        assertEquals(lines.get(0).rule(), lines.get(1).rule());
    }

    @Test
    void aLineCarriesCorrectOverPredictedAsConfidence() {
        assertEquals("8\t2\t0.25\tr(X,Y) <= s(Y,X)", AnyBurlRules.line(8, 2, "r(X,Y) <= s(Y,X)"));
        assertEquals("0\t0\t0.0\tr(X,Y) <= s(Y,X)", AnyBurlRules.line(0, 0, "r(X,Y) <= s(Y,X)"));
    }
}
