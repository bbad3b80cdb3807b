package dev.lacuna.export;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.questions.Question;

/** What the per-question subgraphs leave out: answers beyond k hops (or cut by the cap) are counted, not hidden. */
final class SubgraphChecks {
    private long answers;
    private long unreachable;
    private long hardUnreachable;
    private long questions;

    void check(Question q, ExportGraphs.Subgraph g) {
        questions++;
        for (String a : q.answers()) {
            answers++;
            if (!g.entities().contains(a)) {
                unreachable++;
            }
        }
        if (!g.entities().contains(q.hardAnswer())) {
            hardUnreachable++;
        }
    }

    void report(ObjectNode summary) {
        summary.put("questions", questions);
        summary.put("answers", answers);
        summary.put("answers_unreachable", unreachable);
        summary.put("hard_answers_unreachable", hardUnreachable);
    }
}
