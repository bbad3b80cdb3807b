package dev.lacuna.tog;

import java.util.List;

/** Scores documents (relation or entity names) against a question and keeps the best {@code width}. */
interface Ranker {
    Ranked top(String query, List<String> docs, int width);
}
