package dev.lacuna.questions;

import java.nio.file.Path;

import dev.lacuna.Choice;

/** Which question generator {@code build --questions} uses; its label is recorded in summary.json. */
public enum GeneratorKind implements Choice {
    /** Phrase templates per relation: offline and deterministic. */
    TEMPLATE("template"),
    /** A chat model behind an OpenAI-compatible or Ollama server, each question leak-checked. */
    LLM("llm");

    private final String label;

    GeneratorKind(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    public static GeneratorKind parse(String text) {
        return Choice.parse(GeneratorKind.class, "question generator", text);
    }

    /**
     * @param phraseFile relation phrases overriding the template generator's table, or null for the built-in one
     * @param llm        settings for {@link #LLM} (e.g. {@code LlmSettings.fromEnvironment(System.getenv())} with
     *                   flags applied); ignored by {@link #TEMPLATE}
     */
    public QuestionGenerator create(Path phraseFile, LlmSettings llm) {
        return switch (this) {
            case TEMPLATE -> TemplateQuestionGenerator.withPhraseFile(phraseFile);
            case LLM -> LlmQuestionGenerator.create(llm != null ? llm : LlmSettings.fromEnvironment(System.getenv()));
        };
    }
}
