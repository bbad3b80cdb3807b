package dev.lacuna.questions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The three ways a question gives its answer away, judged with text labels. */
class GiveAwayTest {
    private final GiveAway judge = new GiveAway(id -> Map.of(
            "10", "North Carolina State University",
            "11", "North Carolina",
            "12", "Raleigh",
            "13", "The Godfather Part II",
            "14", "The Godfather",
            "15", "Raleigh",
            "16", "Carolina North").getOrDefault(id, id));

    @Test
    void aSelfLoopGivesItsAnswerAwayWhateverTheLabels() {
        assertEquals(Optional.of(GiveAway.Reason.ANSWER_IS_TOPIC), judge.reason("What is the campuses of 12?", "12", "12"));
    }

    @Test
    void anAnswerLabelInsideTheTopicsLabelIsNamed() {
        assertEquals(Optional.of(GiveAway.Reason.ANSWER_LABEL_IN_TEXT),
                judge.reason("What is the state province region of 10?", "10", "11"));
        assertEquals(Optional.of(GiveAway.Reason.ANSWER_LABEL_IN_TEXT),
                judge.reason("What is nominated for 13?", "13", "14"));
    }

    @Test
    void anotherEntityWithTheTopicsLabel() {
        assertEquals(Optional.of(GiveAway.Reason.ANSWER_BEARS_TOPIC_LABEL),
                judge.reason("What is the twin city of 12?", "12", "15"));
    }

    @Test
    void wordsInAnotherOrderOrPartsOfWordsDoNotName() {
        assertEquals(Optional.empty(), judge.reason("What is the state province region of 10?", "10", "16"));
        assertEquals(Optional.empty(), judge.reason("What is the capital of 11?", "11", "12"));
        // "Raleigh" is not a whole word of "Raleighs".
        assertEquals(Optional.empty(), judge.reason("Which Raleighs are near 11?", "11", "12"));
    }

    @Test
    void theTopicIsRenamedOnlyWhereItIsAWholeToken() {
        assertEquals("What about North Carolina and 110?",
                GiveAway.withTopicNamed("What about 11 and 110?", "11", "North Carolina"));
    }
}
