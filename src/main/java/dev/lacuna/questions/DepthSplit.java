package dev.lacuna.questions;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import dev.lacuna.Seeds;

/**
 * The paper's balancing (Algorithm 1) and 8:1:1 split, for a benchmark of one depth and for a ladder of several.
 * A ladder's questions are balanced together, so the per-answer cap counts every depth, and each depth is split on
 * its own, so every split holds every depth in proportion.
 */
public final class DepthSplit {
    /** What balancing kept (and its account), and the split of it. */
    public record Outcome(Balancer.Result<Question> balanced, Splitter.Split split) {
    }

    private DepthSplit() {
    }

    /** The paper's build: Algorithm 1, then the split, each with the build's seed. */
    public static Outcome paper(List<Question> questions, double tau, long seed) {
        Balancer.Result<Question> balanced = Balancer.balance(questions, tau, seed);
        return new Outcome(balanced, Splitter.split(balanced.kept(), seed));
    }

    /** A ladder: all depths balanced together, each depth split 8:1:1 with its own stream; each split in id order. */
    public static Outcome byDepth(List<Question> questions, double tau, long seed) {
        Balancer.Result<Question> balanced = Balancer.balance(questions, tau, seed);
        Map<Integer, List<Question>> byDepth = new TreeMap<>();
        balanced.kept().forEach(q -> byDepth.computeIfAbsent(q.depthOrOne(), d -> new ArrayList<>()).add(q));
        List<Question> train = new ArrayList<>();
        List<Question> valid = new ArrayList<>();
        List<Question> test = new ArrayList<>();
        for (Map.Entry<Integer, List<Question>> e : byDepth.entrySet()) {
            // Depth 1 with the build's own seed: its questions split as they would alone.
            Splitter.Split part = Splitter.split(e.getValue(), Seeds.of(seed, Seeds.Stage.SPLIT_BY_DEPTH, e.getKey()));
            train.addAll(part.train());
            valid.addAll(part.valid());
            test.addAll(part.test());
        }
        Comparator<Question> byId = Comparator.comparing(Question::id);
        train.sort(byId);
        valid.sort(byId);
        test.sort(byId);
        return new Outcome(balanced, new Splitter.Split(train, valid, test));
    }
}
