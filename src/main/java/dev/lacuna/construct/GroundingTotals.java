package dev.lacuna.construct;

import java.util.Arrays;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.lacuna.rules.MinedRule;

/** How many groundings the rules have in all, for the build's log (what the draw had to key). */
final class GroundingTotals {
    /** Under the builder's name: the line belongs to the build's log where it always stood. */
    private static final Logger LOG = LoggerFactory.getLogger(BenchmarkBuilder.class);

    private GroundingTotals() {
    }

    static void log(List<MinedRule> rules, long[] totals) {
        if (totals.length == 0) {
            return;
        }
        long[] sorted = totals.clone();
        Arrays.sort(sorted);
        long sum = 0;
        int max = 0;
        for (int i = 0; i < totals.length; i++) {
            sum += totals[i];
            if (totals[i] > totals[max]) {
                max = i;
            }
        }
        LOG.info("groundings per rule: total {}, median {}, p90 {}, p99 {}, max {} (rule {}: {})", sum,
                sorted[sorted.length / 2], sorted[(int) (sorted.length * 0.9)], sorted[(int) (sorted.length * 0.99)],
                totals[max], max + 1, rules.get(max).rule().toAmie());
    }
}
