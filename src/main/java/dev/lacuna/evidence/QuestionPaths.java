package dev.lacuna.evidence;

import java.util.List;

import dev.lacuna.grounding.Triple;

/**
 * A question's alternative paths in one graph, bounded: at most a fixed number kept, in a fixed order (the
 * question's own grounding or proof first where the graph holds it, then each rule of rules.tsv in file order with
 * its groundings in the order of the graph's sorted ids), and every derivation counted.
 *
 * @param hard        the hard-answer triple
 * @param direct      whether the graph itself states the hard-answer triple (complete does; incomplete never)
 * @param paths       distinct alternative paths, at most the bound
 * @param derivations every derivation of the hard-answer triple within the question's depth (rule groundings, and
 *                    for a deeper question each combination of sub-derivations), counted without being kept;
 *                    {@link AlternativePaths#COUNT_CAP} at most
 * @param truncated   whether the enumeration stopped at the bound with more distinct paths left
 */
public record QuestionPaths(Triple hard, boolean direct, List<AlternativePath> paths, long derivations,
        boolean truncated) {
    public QuestionPaths {
        paths = List.copyOf(paths);
    }

    /** Whether anything in the graph supports the hard answer: an alternative path, or the triple itself. */
    public boolean supported() {
        return direct || !paths.isEmpty();
    }
}
