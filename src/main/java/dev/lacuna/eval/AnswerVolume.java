package dev.lacuna.eval;

import java.nio.file.Files;
import java.util.Locale;

import dev.lacuna.folder.BenchmarkFolder;

/**
 * Predictions that list implausibly many answers. The paper's metrics reward recall: Hits@Any and Hits@Hard count a
 * question as hit when its answers hold a gold (or the hard) answer, whatever else they hold, and HHR is their
 * ratio, so a file that lists all 2,920 entities of Family for every question scores 1.0 on all three. That is the
 * protocol and {@code evaluate} scores it so (as the authors' script does); only precision and F1 see it. What
 * {@code evaluate} adds is a warning, in the report and on standard error, whenever a question's answers are more than
 * {@link #MIN_ANSWERS} and more than {@link #TIMES_GOLD} times its gold answers, naming how many questions, the most
 * answers one question got and the share of the KG's entities that is.
 */
final class AnswerVolume {
    /** Fewer answers than this are never implausible: an LLM's list of candidates, a large answer set. */
    static final int MIN_ANSWERS = 100;
    /** More than this many times a question's gold answers is implausible (above {@link #MIN_ANSWERS}). */
    static final int TIMES_GOLD = 10;

    private AnswerVolume() {
    }

    /** True if a question's predicted answers are implausibly many for its gold answers. */
    static boolean implausible(int predicted, int gold) {
        return predicted > MIN_ANSWERS && predicted > (long) TIMES_GOLD * gold;
    }

    /** The warning for one run, or null when no question got implausibly many answers. */
    static String warning(String system, RunSetting setting, RunResult run, BenchmarkFolder folder) {
        int flagged = 0;
        int answered = 0;
        int most = 0;
        for (QuestionScore q : run.perQuestion()) {
            if (q.missing()) {
                continue;
            }
            answered++;
            if (implausible(q.predicted(), q.gold())) {
                flagged++;
                most = Math.max(most, q.predicted());
            }
        }
        if (flagged == 0) {
            return null;
        }
        long entities = entityCount(folder);
        String share = entities <= 0 ? "" : String.format(Locale.ROOT, "; the KG has %,d entities, so that is %.0f%% of"
                + " them", entities, 100.0 * most / entities);
        Scores s = run.strict();
        return String.format(Locale.ROOT, "%s (%s): %,d of %,d answered questions list implausibly many answers (more"
                + " than %d and more than %d times their gold answers; up to %,d for one question%s). Hits@Any,"
                + " Hits@Hard and HHR reward recall and do not count wrong answers, so listing many entities raises them"
                + " (here %.3f, %.3f, %s): read them beside precision (%.3f) and F1 (%.3f)", system, setting, flagged,
                answered, MIN_ANSWERS, TIMES_GOLD, most, share, s.hitsAtAny(), s.hitsAtHard(),
                s.hhr() == null ? "undefined" : String.format(Locale.ROOT, "%.3f", s.hhr()), s.precision(), s.f1());
    }

    /** The rows of entities.tsv, or -1 without it. */
    private static long entityCount(BenchmarkFolder folder) {
        if (!Files.isRegularFile(folder.entitiesFile())) {
            return -1;
        }
        long[] n = {0};
        folder.forEachEntity(id -> {
            n[0]++;
            return false;
        }, e -> { });
        return n[0];
    }
}
