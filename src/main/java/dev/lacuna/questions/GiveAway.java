package dev.lacuna.questions;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Questions that give their answer away in some rendering of the benchmark, and so measure nothing: the hard
 * answer is the topic entity itself (a self-loop head triple r(e, e)), the hard answer is shown by the same text
 * label as the topic, or the question written with text labels holds the hard answer's whole label as words
 * ("What is the citytown of University of Colorado Boulder?", hard answer Boulder).
 *
 * <p>{@link LeakCheck} judges a question as the generator shows it (by private ids); this judges it by the text
 * labels the store holds, the most telling rendering {@code export --labels text} and {@code serve --labels text}
 * give. Deciding once, at build time, keeps every rendering of one benchmark on the same questions. Unlike
 * {@link LeakCheck}, an answer label inside the topic's label counts: a reader of "North Carolina State
 * University" is told "North Carolina".
 */
public final class GiveAway {

    /** Why a question gives its answer away, in the order the reasons are tested. */
    public enum Reason {
        ANSWER_IS_TOPIC, ANSWER_BEARS_TOPIC_LABEL, ANSWER_LABEL_IN_TEXT;

        /** The key of summary.json's count, e.g. {@code answer_is_topic}. */
        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }

        public String describe(String topicName, String answerName) {
            return switch (this) {
                case ANSWER_IS_TOPIC -> "its hard answer is its topic entity";
                case ANSWER_BEARS_TOPIC_LABEL -> "its hard answer bears the topic's label '" + topicName + "'";
                case ANSWER_LABEL_IN_TEXT -> "with text labels it names its hard answer '" + answerName + "'";
            };
        }
    }

    private final UnaryOperator<String> textName;

    /**
     * @param textName an entity's text label by private id, as {@code --labels text} shows it (falling back to
     *                 the source id, then the private id, where the KG has no label)
     */
    public GiveAway(UnaryOperator<String> textName) {
        this.textName = textName;
    }

    /** Zero counts for every reason, in order: the shape of summary.json's {@code give_away}. */
    public static Map<String, Long> zeroCounts() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (Reason r : Reason.values()) {
            m.put(r.key(), 0L);
        }
        return m;
    }

    /** True when the hard answer is the topic entity, whatever the labels: decided before a question is written. */
    public static boolean answerIsTopic(String topic, String hardAnswer) {
        return topic.equals(hardAnswer);
    }

    /** Why the question gives its answer away, or empty. */
    public Optional<Reason> reason(String question, String topic, String hardAnswer) {
        if (answerIsTopic(topic, hardAnswer)) {
            return Optional.of(Reason.ANSWER_IS_TOPIC);
        }
        String topicName = textName.apply(topic);
        String answerName = textName.apply(hardAnswer);
        if (topicName.equalsIgnoreCase(answerName)) {
            return Optional.of(Reason.ANSWER_BEARS_TOPIC_LABEL);
        }
        if (LeakCheck.names(withTopicNamed(question, topic, topicName), answerName)) {
            return Optional.of(Reason.ANSWER_LABEL_IN_TEXT);
        }
        return Optional.empty();
    }

    public Optional<Reason> reason(Question q) {
        return reason(q.question(), q.topicEntity(), q.hardAnswer());
    }

    /** A failure line naming the question, for {@code verify}. */
    public Optional<String> problem(Question q) {
        return reason(q).map(r -> "question " + q.id() + " gives its answer away: "
                + r.describe(textName.apply(q.topicEntity()), textName.apply(q.hardAnswer())));
    }

    /**
     * The question's text as the text-label rendering writes it: every whole-token occurrence of the topic's
     * private id replaced by its name (what {@code export}'s renaming does).
     */
    static String withTopicNamed(String question, String topic, String topicName) {
        List<int[]> spans = LeakCheck.occurrences(question, topic);
        if (spans.isEmpty()) {
            return question;
        }
        StringBuilder b = new StringBuilder(question.length() + spans.size() * topicName.length());
        int at = 0;
        for (int[] s : spans) {
            b.append(question, at, s[0]).append(topicName);
            at = s[1];
        }
        return b.append(question.substring(at)).toString();
    }
}
