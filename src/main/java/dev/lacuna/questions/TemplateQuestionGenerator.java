package dev.lacuna.questions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntConsumer;

/**
 * The default generator: offline and deterministic. The question comes from the relation's phrase
 * ({@link RelationPhrases}) and the direction; the topic entity is put in by its shown text.
 *
 * <p>A pattern never contains the answer entity, but a relation's words can happen to equal the answer's
 * id (relation "Term24", answer entity 24). Such a candidate fails {@link LeakCheck} like an LLM's would, and
 * is regenerated once from {@link RelationPhrases#fallback} (the raw relation name in quotes); if that fails
 * too, the request is dropped.
 */
public final class TemplateQuestionGenerator implements QuestionGenerator {
    private final RelationPhrases phrases;
    /** Deriving a phrase from a name runs regular expressions; a KG has few relations and many triples. */
    private final Map<String, RelationPhrases.Phrase> byRelation = new ConcurrentHashMap<>();

    public TemplateQuestionGenerator(RelationPhrases phrases) {
        this.phrases = phrases;
    }

    /** With the built-in phrase table. */
    public static TemplateQuestionGenerator builtIn() {
        return new TemplateQuestionGenerator(RelationPhrases.builtIn());
    }

    /** With the built-in table overridden by a user's phrase file (null: built-in only). */
    public static TemplateQuestionGenerator withPhraseFile(Path phraseFile) {
        return new TemplateQuestionGenerator(phraseFile == null ? RelationPhrases.builtIn()
                : RelationPhrases.builtInWith(phraseFile));
    }

    @Override
    public GeneratorKind kind() {
        return GeneratorKind.TEMPLATE;
    }

    /** The first-choice question for a request, before the leak check. */
    public String questionFor(QuestionRequest request) {
        return byRelation.computeIfAbsent(request.relation(), phrases::phraseFor)
                .question(request.topicIsHead(), request.topicText());
    }

    /** The question for one request, with the leak check and the single fallback. */
    public QuestionResult generate(QuestionRequest request) {
        List<String> rejections = new ArrayList<>();
        String first = questionFor(request);
        Optional<String> problem = LeakCheck.problem(first, request);
        if (problem.isEmpty()) {
            return QuestionResult.accepted(first, 1, rejections);
        }
        rejections.add(problem.get() + ": " + first);
        String second = RelationPhrases.fallback(request.relation())
                .question(request.topicIsHead(), request.topicText());
        problem = LeakCheck.problem(second, request);
        if (problem.isEmpty()) {
            return QuestionResult.accepted(second, 2, rejections);
        }
        rejections.add(problem.get() + ": " + second);
        return QuestionResult.dropped(2, rejections);
    }

    @Override
    public GenerationBatch generate(List<QuestionRequest> requests, IntConsumer progress) {
        List<QuestionResult> results = new ArrayList<>(requests.size());
        for (QuestionRequest request : requests) {
            results.add(generate(request));
            progress.accept(results.size());
        }
        return new GenerationBatch(results, GenerationStats.of(results, 0, 0, 0));
    }
}
