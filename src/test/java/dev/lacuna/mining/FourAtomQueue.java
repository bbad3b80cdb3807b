package dev.lacuna.mining;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The miner's queue for the refinement into 4 atoms (maxad 4), built as the miner builds it on one thread: 3-atom
 * rules with enough support that are not perfect. Shared by the tests of that refinement and its benchmark.
 */
final class FourAtomQueue {
    private FourAtomQueue() {
    }

    static List<WorkRule> of(KgIndex kg, MinerOptions options, Matcher matcher) {
        List<WorkRule> queue = new ArrayList<>();
        for (int r = 0; r < kg.relationCount(); r++) {
            if (kg.size(r) > 0) {
                queue.add(WorkRule.of(new int[] {0, r, 1}, kg.size(r)));
            }
        }
        for (int generation = 2; generation <= 3; generation++) {
            Map<WorkRule.Key, WorkRule> merged = new HashMap<>();
            for (WorkRule w : queue) {
                double minSupport = Math.ceil(options.minHeadCoverage() * kg.size(w.headRelation()));
                for (WorkRule c : matcher.refine(w, minSupport)) {
                    merged.putIfAbsent(c.key, c);
                }
            }
            List<WorkRule> next = new ArrayList<>(merged.values());
            next.sort((x, y) -> x.key.compareTo(y.key));
            queue = new ArrayList<>();
            for (WorkRule w : next) {
                if (w.closed) {
                    matcher.measure(w, (long) Math.ceil(w.support / options.minPcaConfidence()) + 1);
                    if (w.exact && w.pcaBodySize == w.support) {
                        continue;
                    }
                }
                queue.add(w);
            }
        }
        return queue;
    }
}
