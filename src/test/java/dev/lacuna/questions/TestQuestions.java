package dev.lacuna.questions;

import java.util.List;

/** Small factory for test questions. */
final class TestQuestions {
    private TestQuestions() {
    }

    static Question question(String id, String hardAnswer) {
        return new Question(id, "Who is the father of 139?", "139", "father", Question.TAIL,
                List.of(hardAnswer), hardAnswer, "?a father ?b => ?a father ?b", "other", null, null, null);
    }
}
