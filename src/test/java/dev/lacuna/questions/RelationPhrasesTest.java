package dev.lacuna.questions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;
import dev.lacuna.testing.TestData;

class RelationPhrasesTest {
    private final RelationPhrases builtIn = RelationPhrases.builtIn();

    private String forward(String relation) {
        return builtIn.phraseFor(relation).question(true, "139");
    }

    private String inverse(String relation) {
        return builtIn.phraseFor(relation).question(false, "139");
    }

    @Test
    void freebaseNamesUseTheirLastSegmentAsAnAttributeOfTheHead() {
        assertEquals("What is the country of 139?", forward("/film/film/country"));
        assertEquals("What has 139 as its country?", inverse("/film/film/country"));
        assertEquals("What is the spouse of 139?", forward("/people/person/spouse_s./people/marriage/spouse"));
        assertEquals("What is the place of birth of 139?", forward("/people/person/place_of_birth"));
        assertEquals(List.of("spouse"), RelationPhrases.words("/people/person/spouse_s"));
    }

    @Test
    void nameShapesGiveMatchingQuestions() {
        assertEquals("What is 139 the spouse of?", forward("spouse_of"));
        assertEquals("What is the spouse of 139?", inverse("spouse_of"));
        assertEquals("What is the sibling of 139?", forward("hasSibling"));
        assertEquals("What has 139 as its sibling?", inverse("hasSibling"));
        assertEquals("What is 139 located in?", forward("isLocatedIn"));
        assertEquals("What is located in 139?", inverse("isLocatedIn"));
        assertEquals("What does 139 play for?", forward("plays_for"));
        assertEquals("What plays for 139?", inverse("plays_for"));
        assertEquals("What is 139 born in?", forward("born_in"));
        assertEquals("What is 139 a kind of?", forward("is_a"));
        assertEquals("What is the basis of 139?", inverse("basis_of"));
        assertEquals("What does 139 belong to?", forward("belongs_to"));
        assertEquals("What belongs to 139?", inverse("belongs_to"));
        assertEquals("What is the level 3 of 139?", forward("level3"));
        assertEquals("What is the part of 139?", forward("http://example.org/ns#part"));
    }

    @Test
    void builtInTableCoversUmlsKinshipAndWordNet() {
        assertEquals("What does 139 treat?", forward("Treats"));
        assertEquals("What treats 139?", inverse("Treats"));
        assertEquals("What is 139 a part of?", forward("Part_of"));
        assertEquals("What is an ingredient of 139?", inverse("Ingredient_of"));
        assertEquals("What does 139 interact with?", forward("Interacts_with"));
        assertEquals("What is 139 a kind of?", forward("Isa"));
        assertEquals("Whom does 139 refer to by kinship term 7?", forward("Term7"));
        assertEquals("Who refers to 139 by kinship term 7?", inverse("Term7"));
        assertEquals("What is a hypernym of 139?", forward("_hypernym"));
        assertTrue(builtIn.hasEntry("treats"), "lookup ignores case");
        assertFalse(builtIn.hasEntry("/film/film/country"));
    }

    @Test
    void everyUmlsAndKinshipRelationOfTheSharedDataHasAnEntry() throws IOException {
        for (String kg : new String[] {"family", "umls", "kinship"}) {
            for (String relation : Files.readAllLines(TestData.kg(kg, "relations.txt"))) {
                if (!relation.isBlank()) {
                    assertTrue(builtIn.hasEntry(relation.strip()), kg + " relation " + relation);
                }
            }
        }
    }

    @Test
    void everyCodexRelationHasAnEntryReadInTheWikidataDirection() throws IOException {
        for (String kg : new String[] {"codex-s", "codex-m"}) {
            for (String line : Files.readAllLines(TestData.kg(kg, "train.txt"))) {
                String relation = line.split("\t")[1];
                assertTrue(builtIn.hasEntry(relation), kg + " relation " + relation);
            }
        }
        // "h P19 t": t is the place of birth of h.
        assertEquals("Where was 139 born?", forward("P19"));
        assertEquals("Who was born in 139?", inverse("P19"));
        assertEquals("What does 139 contain?", forward("/location/location/contains"));
    }

    @Test
    void relationLabelsGiveQuestionsForOpaqueNames() {
        RelationPhrases labelled = builtIn.withLabels(Map.of("P9999", "place of birth", "P9998", "part of",
                "P19", "ignored: the table wins"));
        assertEquals("What is the place of birth of 139?", labelled.phraseFor("P9999").question(true, "139"));
        assertEquals("What has 139 as its place of birth?", labelled.phraseFor("P9999").question(false, "139"));
        assertEquals("What is 139 the part of?", labelled.phraseFor("P9998").question(true, "139"));
        assertEquals("Where was 139 born?", labelled.phraseFor("P19").question(true, "139"));
    }

    @Test
    void aPhraseFileOverridesAndExtendsTheBuiltInTable(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("phrases.tsv");
        Files.writeString(file, "# mine\n\nfather\tWhich child has {topic} as father?\tWhich man fathered {topic}?\n"
                + "P19\tWhere was {topic} born?\tWho was born in {topic}?\n", StandardCharsets.UTF_8);
        RelationPhrases phrases = RelationPhrases.builtInWith(file);
        assertEquals("Which man fathered 139?", phrases.phraseFor("father").question(false, "139"));
        assertEquals("Where was 139 born?", phrases.phraseFor("P19").question(true, "139"));
        assertEquals("Who is the mother of 139?", phrases.phraseFor("mother").question(false, "139"));
    }

    @Test
    void malformedPhraseFilesNameFileAndLine(@TempDir Path dir) throws IOException {
        assertBad(dir, "ok\tA {topic}?\tB {topic}?\nbroken\tonly two {topic}\n", 2, "expected 3 tab-separated fields");
        assertBad(dir, "# c\nr\tA {topic}?\tB {topic}?\tC\n", 2, "found 4");
        assertBad(dir, "r\tA topic?\tB {topic}?\n", 1, "forward question of r lacks the placeholder {topic}");
        assertBad(dir, "r\tA {topic}?\tB?\n", 1, "inverse question");
        assertBad(dir, "\tA {topic}?\tB {topic}?\n", 1, "empty relation name");
        assertBad(dir, "r\tA {topic}?\tB {topic}?\nr\tC {topic}?\tD {topic}?\n", 2, "listed twice");

        Path latin1 = dir.resolve("latin1.tsv");
        Files.write(latin1, new byte[] {'r', '\t', 'A', ' ', (byte) 0xE9, '\n'});
        BadInputException e = assertThrows(BadInputException.class, () -> RelationPhrases.read(latin1));
        assertEquals(latin1.toString(), e.source());
        assertTrue(e.problem().contains("UTF-8"), e.getMessage());

        BadInputException missing = assertThrows(BadInputException.class,
                () -> RelationPhrases.read(dir.resolve("nope.tsv")));
        assertTrue(missing.getMessage().contains("nope.tsv"), missing.getMessage());
    }

    private static void assertBad(Path dir, String content, long line, String problem) throws IOException {
        Path file = Files.createTempFile(dir, "bad", ".tsv");
        Files.writeString(file, content, StandardCharsets.UTF_8);
        BadInputException e = assertThrows(BadInputException.class, () -> RelationPhrases.read(file));
        assertEquals(file.toString(), e.source());
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.problem().contains(problem), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ":" + line), e.getMessage());
    }
}
