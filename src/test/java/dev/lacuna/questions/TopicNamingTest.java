package dev.lacuna.questions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The one renaming of a question's topic that export writes, tog asks and evaluate --from tog matches records by: the
 * private id as a whole token, never inside a longer run of letters or digits.
 */
class TopicNamingTest {
    private static Question asking(String text, String topic) {
        return new Question("q1", text, topic, "aunt", "head", List.of("1"), "1", "", "other", null, null, "test");
    }

    @Test
    void everyWholeTokenOfTheTopicIsRenamedAndNothingInsideAnother() {
        Question q = asking("Who is the aunt of 2783, born 12783 days after 2783's sister?", "2783");
        assertTrue(q.namesTopic());
        assertEquals("Who is the aunt of Ann $1 Lee, born 12783 days after Ann $1 Lee's sister?",
                q.textNamingTopic("Ann $1 Lee"));
        assertEquals(q.question(), q.textNamingTopic("2783"));
        assertEquals(q.question(), q.textNamingTopic(null));
    }

    @Test
    void aTextThatDoesNotNameItsTopicStaysAsItIs() {
        Question q = asking("Who is the aunt of 12783?", "2783");
        assertFalse(q.namesTopic());
        assertEquals("Who is the aunt of 12783?", q.textNamingTopic("Ann Lee"));
        assertFalse(asking("Wer ist die Tante von é27?", "27").namesTopic(), "a letter of any script joins the token");
    }
}
