package dev.lacuna.questions;

import dev.lacuna.rules.sparql.Side;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.lacuna.testing.TestData;

class TemplateQuestionGeneratorTest {
    private static final List<String> FAMILY = List.of("aunt", "brother", "daughter", "father", "husband", "mother",
            "nephew", "niece", "sister", "son", "uncle", "wife");

    private final TemplateQuestionGenerator generator = TemplateQuestionGenerator.builtIn();

    /** A token check written independently of LeakCheck: digits not next to other digits or letters. */
    private static boolean containsToken(String text, String id) {
        return Pattern.compile("(?<![\\p{L}\\p{N}])" + Pattern.quote(id) + "(?![\\p{L}\\p{N}])").matcher(text).find();
    }

    @Test
    void everyFamilyRelationInBothDirections() {
        for (String r : FAMILY) {
            for (String name : List.of(r, r + "_of")) {
                // "1143 r 1145": 1143 is the r of 1145.
                QuestionResult topicTail = generator.generate(QuestionRequest.of("1143", name, "1145", Side.TAIL));
                assertEquals("Who is the " + r + " of 1145?", topicTail.question());
                QuestionResult topicHead = generator.generate(QuestionRequest.of("1143", name, "1145", Side.HEAD));
                assertEquals("Whose " + r + " is 1143?", topicHead.question());
                for (QuestionResult result : List.of(topicTail, topicHead)) {
                    assertEquals(1, result.attempts());
                    assertFalse(containsToken(result.question(), result == topicTail ? "1143" : "1145"),
                            result.question());
                }
            }
        }
    }

    @Test
    void theAnswerIdIsNotMatchedInsideTheTopicId() {
        QuestionResult result = generator.generate(QuestionRequest.of("13", "father", "139", Side.TAIL));
        assertEquals("Who is the father of 139?", result.question());
        assertFalse(result.isRegenerated());
    }

    @Test
    void labelViewPutsTheTopicLabelInTheQuestion() {
        QuestionRequest r = QuestionRequest.of("1", "wife_of", "2", Side.TAIL).shownAs("Alice", "Carol");
        assertEquals("Who is the wife of Carol?", generator.generate(r).question());
    }

    @Test
    void aPatternThatNamesTheAnswerIsRegeneratedFromTheRawName() {
        // "24 Term24 5", topic 5: "Who refers to 5 by kinship term 24?" would name the answer 24.
        QuestionRequest r = QuestionRequest.of("24", "Term24", "5", Side.TAIL);
        QuestionResult result = generator.generate(r);
        assertEquals("Which entity leads to 5 by the relation \"Term24\"?", result.question());
        assertEquals(2, result.attempts());
        assertTrue(result.isRegenerated());
        assertTrue(result.rejections().get(0).startsWith("it names the answer entity 24"), result.rejections().toString());
    }

    @Test
    void aRelationNamedLikeTheAnswerIsDroppedAndCounted() {
        List<QuestionRequest> requests = List.of(
                QuestionRequest.of("24", "24", "5", Side.TAIL),
                QuestionRequest.of("24", "Term24", "5", Side.TAIL),
                QuestionRequest.of("1", "father", "2", Side.HEAD));
        GenerationBatch batch = generator.generate(requests);
        assertNull(batch.results().get(0).question());
        assertTrue(batch.results().get(0).isDropped());
        assertEquals("Whose father is 1?", batch.results().get(2).question());
        assertEquals(new GenerationStats(3, 2, 3, 1, 1, 0, 0, 0), batch.stats());
    }

    @Test
    void theWholeFamilyGraphGivesLeakFreeQuestionsDeterministically() throws IOException {
        Path facts = TestData.kg("family", "facts.txt");
        List<QuestionRequest> requests = new ArrayList<>();
        for (String line : Files.readAllLines(facts)) {
            String[] t = line.split("\t");
            requests.add(QuestionRequest.of(t[0], t[1], t[2], requests.size() % 2 == 0 ? Side.HEAD : Side.TAIL));
        }
        GenerationBatch batch = generator.generate(requests);
        assertEquals(17_615, batch.stats().requests());
        assertEquals(17_615, batch.stats().accepted());
        assertEquals(0, batch.stats().rejected());
        for (int i = 0; i < requests.size(); i++) {
            QuestionRequest r = requests.get(i);
            String q = batch.results().get(i).question();
            assertTrue(containsToken(q, r.topic()), q);
            assertFalse(containsToken(q, r.answer()), q);
        }
        assertEquals(batch, generator.generate(requests));
    }
}
