package dev.lacuna.questions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.lacuna.rules.sparql.Side;

class LeakCheckTest {

    /** Topic 139 (tail), answer 13 (head). */
    private static final QuestionRequest IDS = QuestionRequest.of("13", "father", "139", Side.TAIL);

    @Test
    void anIdInsideALongerNumberIsNotNamed() {
        assertEquals(Optional.empty(), LeakCheck.problem("Who is the father of 139?", IDS));
        assertFalse(LeakCheck.names("Who is the father of 139?", "13"));
        assertFalse(LeakCheck.names("x13 and 13b and 2137 and 1.3", "13"));
    }

    @Test
    void anIdAsATokenIsNamedWhateverThePunctuation() {
        for (String q : new String[] {"Is 13 the father of 139?", "Who (13) fathered 139?", "Is 139 13's child?",
                "Who is the father of 139, 13?", "13 is the father of whom, 139?", "139: who, 13?"}) {
            Optional<String> problem = LeakCheck.problem(q, IDS);
            assertTrue(problem.isPresent() && problem.get().contains("answer entity 13"), q + " -> " + problem);
        }
    }

    @Test
    void theTopicMustBeNamedAsAToken() {
        assertEquals(Optional.of("it does not name the topic entity 139"),
                LeakCheck.problem("Who is the father of 1390?", IDS));
        assertEquals(Optional.of("it does not name the topic entity 139"),
                LeakCheck.problem("Who is the father of this person?", IDS));
    }

    @Test
    void emptyOrBlankQuestionsAreRejected() {
        assertEquals(Optional.of("the question is empty"), LeakCheck.problem("", IDS));
        assertEquals(Optional.of("the question is empty"), LeakCheck.problem("  \n", IDS));
        assertEquals(Optional.of("the question is empty"), LeakCheck.problem(null, IDS));
    }

    @Test
    void labelsMatchIgnoringCaseAndOnlyAsWholeWords() {
        QuestionRequest labels = QuestionRequest.of("1", "wife_of", "2", Side.TAIL).shownAs("Alice", "Carol");
        assertEquals(Optional.empty(), LeakCheck.problem("Who is carol's wife?", labels));
        assertEquals(Optional.empty(), LeakCheck.problem("Who is Carol's wife, not Alicent?", labels));
        assertTrue(LeakCheck.problem("Is ALICE the wife of Carol?", labels).isPresent());
        QuestionRequest accents = QuestionRequest.of("1", "r", "2", Side.HEAD).shownAs("Zoë", "Émile");
        assertEquals(Optional.empty(), LeakCheck.problem("Who is Zoë's friend?", accents));
        assertTrue(LeakCheck.problem("Is émile Zoë's friend?", accents).isPresent());
    }

    @Test
    void anEntityInsideTheOtherEntitysLongerNameDoesNotCount() {
        QuestionRequest cityTopic = QuestionRequest.of("1", "in", "2", Side.HEAD).shownAs("New York City", "New York");
        assertEquals(Optional.empty(), LeakCheck.problem("Which state is New York City in?", cityTopic));
        assertTrue(LeakCheck.problem("Is New York City in New York?", cityTopic).isPresent());

        QuestionRequest stateTopic = QuestionRequest.of("1", "in", "2", Side.TAIL).shownAs("New York City", "New York");
        assertEquals(Optional.of("it names the answer entity New York City"),
                LeakCheck.problem("Which city in New York City?", stateTopic));
        // The only "New York" is part of the answer's name, so the topic is not named.
        QuestionRequest other = QuestionRequest.of("1", "in", "2", Side.TAIL).shownAs("New York City Hall", "New York");
        assertEquals(Optional.of("it names the answer entity New York City Hall"),
                LeakCheck.problem("What is in New York City Hall?", other));
    }

    @Test
    void aSelfLoopOnlyNeedsTheTopic() {
        QuestionRequest loop = QuestionRequest.of("7", "knows", "7", Side.HEAD);
        assertEquals(Optional.empty(), LeakCheck.problem("Whom does 7 know?", loop));
        assertTrue(LeakCheck.problem("Whom does 77 know?", loop).isPresent());
    }

    @Test
    void finishedQuestionsAreCheckedByTheirTopicAndHardAnswer() {
        Question ok = TestQuestions.question("q1", "13");
        assertEquals(Optional.empty(), LeakCheck.problem(ok));
        Question leaking = new Question("q2", "Is 13 the father of 139?", "139", "father", Question.TAIL,
                List.of("13"), "13", "r", "other", null, null, null);
        assertEquals(Optional.of("it names the answer entity 13"), LeakCheck.problem(leaking));
    }
}
