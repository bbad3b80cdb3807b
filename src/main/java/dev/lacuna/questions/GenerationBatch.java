package dev.lacuna.questions;

import java.util.List;

/**
 * Results of {@link QuestionGenerator#generate}: one result per request, in the order of the requests, and
 * the batch's counts.
 */
public record GenerationBatch(List<QuestionResult> results, GenerationStats stats) {

    public GenerationBatch {
        results = List.copyOf(results);
    }
}
