package dev.lacuna.questions;

import dev.lacuna.rules.sparql.Side;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class QuestionPromptTest {

    @Test
    void everyPlaceholderIsFilledFromTheRequest() {
        String prompt = QuestionPrompt.fill(QuestionRequest.of("7", "wife_of", "72", Side.HEAD));
        assertFalse(prompt.matches("(?s).*\\{(entity_h|entity_t|predicate_T|topic_entity|answer_entity)}.*"), prompt);
        assertTrue(prompt.contains("Removed Triple: (7, wife_of, 72)\nQuestion Entity: 7\nAnswer Entity: 72"));
        assertTrue(prompt.contains("- Express the predicate wife_of naturally (paraphrasing allowed, but preserve core "
                + "meaning; e.g., \"wife_of\" -> \"wife\")."));
        assertTrue(prompt.contains("Removed Triple: (\"Alice\", \"wife_of\", \"Carol\")"), "the example stays as is");
        assertTrue(prompt.contains("Who is Carol’s wife?"));
    }

    @Test
    void entityTextsThatLookLikePlaceholdersAreNotFilledAgain() {
        QuestionRequest r = QuestionRequest.of("1", "r", "2", Side.HEAD).shownAs("{answer_entity}", "B$1\\");
        String prompt = QuestionPrompt.fill(r);
        assertTrue(prompt.contains("Question Entity: {answer_entity}\nAnswer Entity: B$1\\"), prompt);
    }

    @Test
    void repliesAreCleanedToTheQuestion() {
        assertEquals("Who is the father of 139?", QuestionPrompt.clean("  Who is the father of 139?  "));
        assertEquals("Who is the father of 139?", QuestionPrompt.clean("Output:\n\"Who is the father of 139?\""));
        assertEquals("Who is the father of 139?", QuestionPrompt.clean("Question: Who is the father\tof 139?\n"
                + "Question Entity: 139\nAnswer Entity: 13"));
        assertEquals("Who is the father of 139?", QuestionPrompt.clean("<think>\nThe answer is 13.\n</think>\n\n"
                + "“Who is the father of 139?”"));
        assertEquals("Who is the father of 139?", QuestionPrompt.clean("Question Entity: 139\nAnswer Entity: 13\n"
                + "Question: Who is the father of 139?"));
        assertEquals("", QuestionPrompt.clean("Question Entity: 139"));
        assertEquals("", QuestionPrompt.clean(null));
        assertEquals("", QuestionPrompt.clean("\n  \n"));
    }
}
