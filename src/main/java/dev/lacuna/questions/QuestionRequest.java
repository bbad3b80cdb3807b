package dev.lacuna.questions;

import java.util.Objects;

import dev.lacuna.rules.sparql.Side;

/**
 * What a {@link QuestionGenerator} is asked to phrase: one deleted triple r(h, t), which side is the topic
 * entity, and how each entity is shown in text.
 *
 * <p>The ids are the private ids of the benchmark ("139"). The shown texts are what the question may contain:
 * the private id itself by default, or a text label when the build uses a label view. The leak check works on
 * the shown texts, because that is what a reader of the question sees.
 *
 * @param head      private id of h
 * @param relation  source name of r (e.g. {@code father}, {@code /film/film/country})
 * @param tail      private id of t
 * @param topicSide {@link Side#HEAD} when the topic entity is h (the answer is t), {@link Side#TAIL} otherwise
 * @param headText  how h is shown in the question
 * @param tailText  how t is shown in the question
 */
public record QuestionRequest(String head, String relation, String tail, Side topicSide,
                              String headText, String tailText) {

    public QuestionRequest {
        Objects.requireNonNull(head, "head");
        Objects.requireNonNull(relation, "relation");
        Objects.requireNonNull(tail, "tail");
        Objects.requireNonNull(headText, "headText");
        Objects.requireNonNull(tailText, "tailText");
        Objects.requireNonNull(topicSide, "topicSide");
        if (headText.isBlank() || tailText.isBlank() || relation.isBlank()) {
            throw new IllegalArgumentException("blank relation or entity text in " + head + " " + relation + " " + tail);
        }
    }

    /** A request that shows entities by their private ids, as the paper's benchmarks do. */
    public static QuestionRequest of(String head, String relation, String tail, Side topicSide) {
        return new QuestionRequest(head, relation, tail, topicSide, head, tail);
    }

    /** The same request with entities shown by the given texts (a label view). */
    public QuestionRequest shownAs(String newHeadText, String newTailText) {
        return new QuestionRequest(head, relation, tail, topicSide, newHeadText, newTailText);
    }

    public boolean topicIsHead() {
        return topicSide == Side.HEAD;
    }

    /** Private id of the topic entity. */
    public String topic() {
        return topicIsHead() ? head : tail;
    }

    /** Private id of the answer entity (the hard answer of the question). */
    public String answer() {
        return topicIsHead() ? tail : head;
    }

    public String topicText() {
        return topicIsHead() ? headText : tailText;
    }

    public String answerText() {
        return topicIsHead() ? tailText : headText;
    }
}
