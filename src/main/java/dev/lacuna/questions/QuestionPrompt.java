package dev.lacuna.questions;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The paper's question-generation prompt (appendix D, "Prompt Template"), word for word, with its five
 * placeholders filled. The paper's text shows each line as its own paragraph; we keep the lines and their
 * order and separate the blocks by blank lines. Entities are put in as they are shown in the question
 * (private ids by default), the predicate as its source name.
 */
public final class QuestionPrompt {

    /** Appendix D, verbatim; placeholders in braces. */
    public static final String TEMPLATE = """
            You are an expert in knowledge graph question generation.

            Given:
            Removed Triple: ({entity_h}, {predicate_T}, {entity_t})
            Question Entity: {topic_entity}
            Answer Entity: {answer_entity}

            Write a clear, natural-language question that asks for the Answer Entity, using the given predicate and Topic Entity.

            Requirements:
            - Express the predicate {predicate_T} naturally (paraphrasing allowed, but preserve core meaning; e.g., "wife_of" -> "wife").
            - Mention the Topic Entity {topic_entity}.
            - The answer should be the Answer Entity {answer_entity}.
            - Do not mention the Answer Entity {answer_entity} in the question.
            - Do not ask a yes/no question.
            - Output only the question as plain text.

            Example:
            Removed Triple: ("Alice", "wife_of", "Carol")
            Question Entity: Carol
            Answer Entity: Alice
            Output:
            Who is Carol’s wife?

            Now, generate the question for:
            Removed Triple: ({entity_h}, {predicate_T}, {entity_t})
            Question Entity: {topic_entity}
            Answer Entity: {answer_entity}""";

    private static final Pattern PLACEHOLDER =
            Pattern.compile("\\{(entity_h|predicate_T|entity_t|topic_entity|answer_entity)}");
    private static final Pattern THINKING = Pattern.compile("(?s)<think>.*?</think>");
    private static final Pattern LABEL = Pattern.compile("(?i)^(output|question)\\s*:\\s*");
    /** Lines that echo the prompt's fields rather than ask anything. */
    private static final Pattern ECHO = Pattern.compile("(?i)^(question entity|answer entity|topic entity|removed triple)\\s*:.*");

    private QuestionPrompt() {
    }

    /** The prompt for a request. Filled in one pass, so an entity text that looks like a placeholder stays as is. */
    public static String fill(QuestionRequest request) {
        Map<String, String> values = Map.of(
                "entity_h", request.headText(),
                "predicate_T", request.relation(),
                "entity_t", request.tailText(),
                "topic_entity", request.topicText(),
                "answer_entity", request.answerText());
        Matcher m = PLACEHOLDER.matcher(TEMPLATE);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(values.get(m.group(1))));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * The prompt for another attempt after a rejected reply: the original prompt plus a stricter reminder that
     * quotes the rejected question. Quoting it also makes each attempt's prompt (and so its cache key) differ.
     */
    public static String retry(QuestionRequest request, String rejected, String reason) {
        return fill(request) + "\n\nYour previous question was rejected because " + reason + ":\n"
                + (rejected == null || rejected.isBlank() ? "(empty)" : rejected) + "\n"
                + "Write a new question. It must contain " + request.topicText() + " exactly as written and must not"
                + " contain " + request.answerText() + ". Output only the question.";
    }

    /**
     * The question in a model's reply: reasoning blocks ({@code <think>}) removed, the first non-empty line
     * that does not echo a prompt field ("Question Entity: 139"),
     * a leading "Output:" or "Question:" removed, surrounding quotes removed, whitespace collapsed.
     */
    public static String clean(String reply) {
        if (reply == null) {
            return "";
        }
        String text = THINKING.matcher(reply).replaceAll("");
        String first = "";
        for (String line : text.split("\\R")) {
            String candidate = LABEL.matcher(line.strip()).replaceFirst("").strip();
            if (!candidate.isEmpty() && !ECHO.matcher(candidate).matches()) {
                first = candidate;
                break;
            }
        }
        first = first.replaceAll("\\s+", " ");
        while (first.length() >= 2 && isQuote(first.charAt(0)) && isQuote(first.charAt(first.length() - 1))) {
            first = first.substring(1, first.length() - 1).strip();
        }
        return first;
    }

    private static boolean isQuote(char c) {
        return c == '"' || c == '\'' || c == '`' || c == '\u201C' || c == '\u201D';
    }
}
