package dev.lacuna.questions;

import java.nio.file.Path;
import java.util.Locale;

import dev.lacuna.BadInputException;

/** Picks the generator named by {@code --questions}. */
public final class QuestionGenerators {
    public static final String TEMPLATE = "template";
    public static final String LLM = "llm";

    private QuestionGenerators() {
    }

    /**
     * @param kind       {@value #TEMPLATE} (default when null) or {@value #LLM}
     * @param phraseFile relation phrases for the template generator, or null for the built-in table
     * @param llm        settings for the LLM generator (e.g. {@code LlmSettings.fromEnvironment(System.getenv())}
     *                   with flags applied); may be null for {@value #TEMPLATE}
     */
    public static QuestionGenerator create(String kind, Path phraseFile, LlmSettings llm) {
        String name = kind == null ? TEMPLATE : kind.trim().toLowerCase(Locale.ROOT);
        switch (name) {
            case TEMPLATE:
                return TemplateQuestionGenerator.withPhraseFile(phraseFile);
            case LLM:
                return LlmQuestionGenerator.create(llm != null ? llm : LlmSettings.fromEnvironment(System.getenv()));
            default:
                throw new BadInputException("unknown question generator \"" + kind + "\"; use template or llm");
        }
    }
}
