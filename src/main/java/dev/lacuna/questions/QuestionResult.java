package dev.lacuna.questions;

import java.util.List;

/**
 * The outcome of one {@link QuestionRequest}.
 *
 * @param question   the accepted question text, or null when every attempt was rejected (the request is dropped)
 * @param attempts   how many candidate texts were produced (1 when the first was accepted)
 * @param rejections why each rejected candidate was rejected, in order
 */
public record QuestionResult(String question, int attempts, List<String> rejections) {

    public QuestionResult {
        rejections = List.copyOf(rejections);
    }

    public static QuestionResult accepted(String question, int attempts, List<String> rejections) {
        return new QuestionResult(question, attempts, rejections);
    }

    public static QuestionResult dropped(int attempts, List<String> rejections) {
        return new QuestionResult(null, attempts, rejections);
    }

    public boolean isAccepted() {
        return question != null;
    }

    /** Accepted, but only after at least one candidate was rejected. */
    public boolean isRegenerated() {
        return question != null && !rejections.isEmpty();
    }

    public boolean isDropped() {
        return question == null;
    }
}
