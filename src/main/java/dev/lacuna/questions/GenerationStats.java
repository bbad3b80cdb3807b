package dev.lacuna.questions;

import java.util.List;

/**
 * Counts for one batch of question generation, for the build summary.
 *
 * @param requests    questions asked for
 * @param accepted    questions produced (first try or regenerated)
 * @param rejected    candidate texts rejected by the leak check (a request can contribute several)
 * @param regenerated requests accepted only after at least one rejected candidate
 * @param dropped     requests for which every candidate was rejected: no question
 * @param cacheHits   LLM replies taken from the on-disk cache (0 for templates)
 * @param serverCalls LLM requests that reached the server, retries included (0 for templates)
 * @param retries     LLM requests repeated after a 429, 5xx or timeout (0 for templates)
 */
public record GenerationStats(int requests, int accepted, int rejected, int regenerated, int dropped,
                              int cacheHits, int serverCalls, int retries) {

    /** Counts the results; the LLM counters are given by the caller. */
    public static GenerationStats of(List<QuestionResult> results, int cacheHits, int serverCalls, int retries) {
        int accepted = 0;
        int rejected = 0;
        int regenerated = 0;
        int dropped = 0;
        for (QuestionResult r : results) {
            rejected += r.rejections().size();
            if (r.isAccepted()) {
                accepted++;
            } else {
                dropped++;
            }
            if (r.isRegenerated()) {
                regenerated++;
            }
        }
        return new GenerationStats(results.size(), accepted, rejected, regenerated, dropped, cacheHits, serverCalls,
                retries);
    }
}
