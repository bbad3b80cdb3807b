package dev.lacuna.tog;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What one question's walk did, in order: every query the algorithm asked (answered from the run's cache or not,
 * so the list does not depend on what other questions asked first), every triple its entity searches retrieved,
 * and every prompt and reply of the chat model.
 */
final class QuestionTrace {
    /** One exchange with the chat model. */
    record Exchange(String step, String prompt, String reply) {
    }

    private final List<String> queries = new ArrayList<>();
    private final Set<List<String>> triples = new LinkedHashSet<>();
    private final List<Exchange> exchanges = new ArrayList<>();

    void query(String text) {
        queries.add(text);
    }

    void triple(String subject, String relation, String object) {
        triples.add(List.of(subject, relation, object));
    }

    void exchange(String step, String prompt, String reply) {
        exchanges.add(new Exchange(step, prompt, reply));
    }

    List<String> queries() {
        return queries;
    }

    List<List<String>> triples() {
        return new ArrayList<>(triples);
    }

    List<Exchange> exchanges() {
        return exchanges;
    }
}
