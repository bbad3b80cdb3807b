package dev.lacuna.eval;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.lacuna.BadInputException;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.SplitChoice;

/**
 * Refuses a predictions file that answers too few of the split's questions. Question ids are numbered alike in every
 * benchmark (q00001, ...), so a file made for another build of the same KG, or for another split, matches most ids
 * and scores 0.000 on every metric with exit 0; the only sign was a note at the end of the report. When most of the
 * split's questions have no prediction, or most records answer questions of other splits, evaluate stops and names
 * the likely cause, unless told to score anyway.
 */
final class CoverageCheck {
    /** A split holding at least this share of the other-split records is named as the file's split. */
    private static final double ONE_SPLIT = 0.9;

    private CoverageCheck() {
    }

    static void check(String source, RunResult.Coverage c, int questions, SplitChoice split, Benchmark benchmark,
            List<SystemOutput> outputs) {
        boolean mostMissing = 2L * c.missing() > questions;
        boolean mostOther = 2L * c.otherSplit() > c.records();
        if (!mostMissing && !mostOther) {
            return;
        }
        StringBuilder m = new StringBuilder();
        if (mostMissing) {
            m.append(c.missing()).append(" of ").append(questions).append(" questions of the ").append(split)
                    .append(" split have no prediction");
        }
        if (c.otherSplit() > 0) {
            m.append(m.length() == 0 ? "" : ", and ").append(c.otherSplit()).append(" of ").append(c.records())
                    .append(" records answer questions of other splits");
        }
        m.append(": ").append(likelyCause(otherSplits(benchmark, split, outputs), c.otherSplit()));
        m.append("; give --score-anyway to score the file as it is (a question without a prediction scores 0)");
        throw new BadInputException(source, -1, -1, m.toString());
    }

    /** Records for questions outside the scored split, by the split they are in. */
    static Map<String, Integer> otherSplits(Benchmark benchmark, SplitChoice split, List<SystemOutput> outputs) {
        Map<String, Integer> out = new TreeMap<>();
        if (split == SplitChoice.ALL) {
            return out;
        }
        String scored = split.label();
        for (SystemOutput o : outputs) {
            Question q = benchmark.question(o.id());
            if (q != null && q.split() != null && !q.split().equals(scored)) {
                out.merge(q.split(), 1, Integer::sum);
            }
        }
        return out;
    }

    /** Another split when the other records are nearly all of one split; else another benchmark. */
    static String likelyCause(Map<String, Integer> otherSplits, int other) {
        for (Map.Entry<String, Integer> e : otherSplits.entrySet()) {
            if (other > 0 && e.getValue() >= ONE_SPLIT * other) {
                return "the file looks made for the " + e.getKey() + " split (" + e.getValue() + " of its records are"
                        + " questions of it): score it with --split " + e.getKey() + ", or --split all; if it was made for"
                        + " another benchmark (question ids are numbered alike in every benchmark), score it against that one";
            }
        }
        return "the file was likely made for another benchmark (question ids are numbered alike in every benchmark, so"
                + " another build's file matches ids here; score it against the --benchmark it was made for), or for"
                + " another split (--split train|valid|test|all), or the system stopped early";
    }
}
