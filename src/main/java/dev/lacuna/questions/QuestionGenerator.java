package dev.lacuna.questions;

import java.util.List;
import java.util.function.IntConsumer;

/**
 * Turns deleted triples into natural-language questions (the paper's section 3.2, "Question Generation").
 *
 * <p>Implementations take a whole batch so that a slow generator (an LLM) can work on several requests at
 * once; the results always come back in the order of the requests, so the output does not depend on thread
 * timing. Every accepted question has passed {@link LeakCheck}: it names its topic entity and does not name
 * its answer entity.
 */
public interface QuestionGenerator extends AutoCloseable {

    /** Which generator this is. */
    GeneratorKind kind();

    /** The kind's label, for logs and the summary: {@code template} or {@code llm}. */
    default String name() {
        return kind().label();
    }

    /**
     * Phrases one question per request.
     *
     * @param requests the deleted triples with their topic side
     * @param progress called with the number of requests finished so far (from any thread); may be a no-op
     * @return one result per request, in request order, with counts
     * @throws dev.lacuna.LacunaException when the generator cannot work at all (e.g. an unreachable LLM server)
     */
    GenerationBatch generate(List<QuestionRequest> requests, IntConsumer progress);

    default GenerationBatch generate(List<QuestionRequest> requests) {
        return generate(requests, done -> { });
    }

    @Override
    default void close() {
    }
}
