package dev.lacuna.tog;

import java.util.List;

/**
 * The best documents of one ranking, as ToG's {@code retrieve_top_docs} and {@code compute_bm25_similarity}
 * return them: positions into the ranked list (so a name keeps its entity id) and their scores, best first.
 */
record Ranked(List<Integer> positions, List<Double> scores) {
    Ranked {
        positions = List.copyOf(positions);
        scores = List.copyOf(scores);
    }

    /** ToG's {@code if_all_zero} rule: scores that are all zero become an even share each. */
    List<Double> scoresOrEven() {
        if (scores.stream().allMatch(s -> s == 0.0)) {
            return java.util.Collections.nCopies(scores.size(), 1.0 / scores.size());
        }
        return scores;
    }
}
