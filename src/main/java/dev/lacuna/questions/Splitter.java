package dev.lacuna.questions;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import dev.lacuna.FisherYates;
import dev.lacuna.LacunaException;
import dev.lacuna.Seeds;

/**
 * The 8:1:1 train/valid/test split of the paper (section 3.3, "Datasets"), seeded and deterministic.
 *
 * <p>Sizes for n questions: valid = round(n / 10), test = round(n / 10) (halves round up), train = the rest;
 * so n = 2165 gives 1731/217/217 and n = 5 gives 3/1/1. Order: the questions are sorted by id, shuffled by
 * Fisher-Yates with a {@link SplittableRandom} seeded with the seed, then the first {@code valid} go to valid,
 * the next {@code test} to test and the rest to train. Each part is returned sorted by id with its
 * {@code split} field set. The input order does not matter.
 */
public final class Splitter {
    private Splitter() {
    }

    /** The three parts, each sorted by id. */
    public record Split(List<Question> train, List<Question> valid, List<Question> test) {
        public Split {
            train = List.copyOf(train);
            valid = List.copyOf(valid);
            test = List.copyOf(test);
        }

        public List<Question> part(SplitName name) {
            return switch (name) {
                case TRAIN -> train;
                case VALID -> valid;
                case TEST -> test;
            };
        }

        public int size() {
            return train.size() + valid.size() + test.size();
        }

        /** Every question: train, then valid, then test. */
        public List<Question> all() {
            List<Question> all = new ArrayList<>(size());
            all.addAll(train);
            all.addAll(valid);
            all.addAll(test);
            return all;
        }
    }

    /** {train, valid, test} sizes for n questions (see the class comment). */
    public static int[] sizes(int n) {
        int tenth = (int) Math.round(n / 10.0);
        return new int[] {n - 2 * tenth, tenth, tenth};
    }

    public static Split split(List<Question> questions, long seed) {
        List<Question> shuffled = new ArrayList<>(questions);
        shuffled.sort(Comparator.comparing(Question::id));
        Set<String> ids = new HashSet<>();
        for (Question q : shuffled) {
            if (!ids.add(q.id())) {
                throw new LacunaException("question id " + q.id() + " occurs twice; ids must be unique to split");
            }
        }
        FisherYates.shuffle(shuffled, Seeds.stream(seed, Seeds.Stage.SPLIT));
        int[] sizes = sizes(shuffled.size());
        List<Question> valid = part(shuffled.subList(0, sizes[1]), SplitName.VALID);
        List<Question> test = part(shuffled.subList(sizes[1], sizes[1] + sizes[2]), SplitName.TEST);
        List<Question> train = part(shuffled.subList(sizes[1] + sizes[2], shuffled.size()), SplitName.TRAIN);
        return new Split(train, valid, test);
    }

    private static List<Question> part(List<Question> questions, SplitName name) {
        List<Question> out = new ArrayList<>(questions.size());
        for (Question q : questions) {
            out.add(q.withSplit(name));
        }
        out.sort(Comparator.comparing(Question::id));
        return out;
    }
}
