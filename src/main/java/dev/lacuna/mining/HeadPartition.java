package dev.lacuna.mining;

import java.util.Arrays;
import java.util.Comparator;

import dev.lacuna.BadInputException;

/**
 * Part {@code part} of {@code parts} of the head relations ({@code mine --heads K/N}). Mining is independent per
 * head relation: refinements keep their head, rules merge only with rules of the same head and the skyline only
 * compares rules of one head, so the rules of a part are exactly the single-process rules with those heads, and
 * the parts together are the whole rule set ({@code rules merge}).
 * <p>
 * Relations are dealt out by descending fact count (ties by name), the K-th largest to part K mod N, so that
 * every part gets a share of the large relations; the assignment depends only on the KG, never on the machine.
 */
public record HeadPartition(int part, int parts) {
    /** The whole KG in one part. */
    public static final HeadPartition ALL = new HeadPartition(1, 1);

    public HeadPartition {
        if (parts < 1 || part < 1 || part > parts) {
            throw new BadInputException("head partition must be K/N with 1 <= K <= N, got " + part + "/" + parts);
        }
    }

    /** Parses {@code K/N}, for example {@code 2/8}. */
    public static HeadPartition parse(String text) {
        int slash = text.indexOf('/');
        if (slash < 0) {
            throw new BadInputException("expected K/N (part K of N, for example 2/8), got '" + text + "'");
        }
        try {
            return new HeadPartition(Integer.parseInt(text.substring(0, slash).trim()),
                    Integer.parseInt(text.substring(slash + 1).trim()));
        } catch (NumberFormatException e) {
            throw new BadInputException("expected K/N (part K of N, for example 2/8), got '" + text + "'");
        }
    }

    /** Per relation id of {@code kg}: whether it is a head relation of this part. */
    public boolean[] heads(KgIndex kg) {
        int n = kg.relationCount();
        Integer[] order = new Integer[n];
        for (int r = 0; r < n; r++) {
            order[r] = r;
        }
        Arrays.sort(order, Comparator.comparingInt((Integer r) -> -kg.size(r)).thenComparing(kg::relationName));
        boolean[] mine = new boolean[n];
        for (int i = 0; i < n; i++) {
            mine[order[i]] = i % parts == part - 1;
        }
        return mine;
    }

    @Override
    public String toString() {
        return part + "/" + parts;
    }
}
