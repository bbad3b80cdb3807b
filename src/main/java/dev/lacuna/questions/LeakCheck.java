package dev.lacuna.questions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.lacuna.rules.sparql.Side;

/**
 * The check every generated question must pass, shared by all generators: the question names its topic
 * entity and does not name its answer entity (the paper's appendix D requirements, enforced rather than
 * requested).
 *
 * <p>An entity is "named" when its shown text occurs as a whole token: the characters just before and after
 * the occurrence are not letters or digits. So answer "13" is not named by "139", "x13" or "13b", but is by
 * "(13)", "13's" or "13?". Matching ignores case, which matters only for text labels.
 *
 * <p>When one shown text contains the other (topic "New York", answer "New York City"), an occurrence inside
 * an occurrence of the other entity does not count for the shorter one. When topic and answer are the same
 * entity (a self-loop r(e, e)) or are shown by the same text, the question cannot avoid naming the answer;
 * only the topic is required then.
 */
public final class LeakCheck {
    private LeakCheck() {
    }

    /**
     * Why the question is unacceptable, or empty when it passes.
     */
    public static Optional<String> problem(String question, QuestionRequest request) {
        if (question == null || question.isBlank()) {
            return Optional.of("the question is empty");
        }
        String topic = request.topicText();
        String answer = request.answerText();
        List<int[]> topicSpans = occurrences(question, topic);
        if (request.topic().equals(request.answer()) || topic.equalsIgnoreCase(answer)) {
            return topicSpans.isEmpty() ? Optional.of(notNamed(topic)) : Optional.empty();
        }
        List<int[]> answerSpans = occurrences(question, answer);
        for (int[] span : answerSpans) {
            if (!insideAny(span, topicSpans)) {
                return Optional.of("it names the answer entity " + answer);
            }
        }
        for (int[] span : topicSpans) {
            if (!insideAny(span, answerSpans)) {
                return Optional.empty();
            }
        }
        return Optional.of(notNamed(topic));
    }

    /**
     * The check on a finished question, entities shown by their private ids (what {@code lacuna verify}
     * needs): the question names {@code topic_entity} and not {@code hard_answer}.
     */
    public static Optional<String> problem(Question question) {
        boolean topicIsHead = question.side() == Side.HEAD;
        String head = topicIsHead ? question.topicEntity() : question.hardAnswer();
        String tail = topicIsHead ? question.hardAnswer() : question.topicEntity();
        return problem(question.question(), QuestionRequest.of(head, question.relation(), tail, question.side()));
    }

    /** True when {@code entityText} occurs in {@code text} as a whole token (see the class comment). */
    public static boolean names(String text, String entityText) {
        return !occurrences(text, entityText).isEmpty();
    }

    private static String notNamed(String topic) {
        return "it does not name the topic entity " + topic;
    }

    /** Start (inclusive) and end (exclusive) of each whole-token, case-insensitive occurrence. */
    static List<int[]> occurrences(String text, String needle) {
        List<int[]> spans = new ArrayList<>();
        int n = needle.length();
        if (n == 0) {
            return spans;
        }
        for (int i = 0; i + n <= text.length(); i++) {
            if (text.regionMatches(true, i, needle, 0, n)
                    && (i == 0 || !Character.isLetterOrDigit(text.codePointBefore(i)))
                    && (i + n == text.length() || !Character.isLetterOrDigit(text.codePointAt(i + n)))) {
                spans.add(new int[] {i, i + n});
            }
        }
        return spans;
    }

    private static boolean insideAny(int[] span, List<int[]> others) {
        for (int[] other : others) {
            boolean inside = other[0] <= span[0] && span[1] <= other[1];
            boolean longer = other[1] - other[0] > span[1] - span[0];
            if (inside && longer) {
                return true;
            }
        }
        return false;
    }
}
