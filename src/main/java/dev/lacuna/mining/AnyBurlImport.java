package dev.lacuna.mining;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import dev.lacuna.BadInputException;
import dev.lacuna.Progress;
import dev.lacuna.rules.AnyBurlRules;
import dev.lacuna.rules.AnyBurlRules.Kind;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;
import dev.lacuna.rules.RuleMeasures;

/**
 * AnyBURL's rules as Lacuna's: the closed ones (B, and U_c when constants are allowed, as {@code mine --const}
 * allows them) are measured on the KG as the miner measures its own ({@link RuleMeasurer}) and kept if they pass
 * the thresholds, so that the paper's thresholds mean the same whichever miner found a rule. AnyBURL's own counts
 * are not used: AnyBURL samples and binds distinct variables to distinct entities, AMIE3 does neither. U_d, Zero and
 * U_xx rules are not closed Horn rules; they are counted and skipped. Every relation a line names must be the KG's.
 */
public final class AnyBurlImport {
    /** What became of one kind's lines. */
    public record Tally(int read, int imported, int belowThresholds, int withConstants, int repeated) {
    }

    /** The rules kept (measured, with the file's names), the line of each, and what became of each kind. */
    public record Result(List<MinedRule> rules, List<Long> lineNumbers, Map<Kind, Tally> tallies) {
        /** One line per kind: read, imported, and why the others were left out. */
        public void print(Consumer<String> out) {
            for (Kind k : Kind.values()) {
                Tally t = tallies.get(k);
                StringBuilder line = new StringBuilder(String.format("  %-5s %-58s %,7d read", k.label(),
                        "(" + k.meaning() + ")", t.read()));
                if (k.closed()) {
                    line.append(String.format(", %,d imported", t.imported()));
                    if (t.belowThresholds() > 0) {
                        line.append(String.format(", %,d below the thresholds", t.belowThresholds()));
                    }
                    if (t.withConstants() > 0) {
                        line.append(String.format(", %,d skipped: constants need --const", t.withConstants()));
                    }
                    if (t.repeated() > 0) {
                        line.append(String.format(", %,d repeating an earlier line's rule", t.repeated()));
                    }
                } else if (t.read() > 0) {
                    line.append(", skipped: not a closed Horn rule");
                }
                out.accept(line.toString());
            }
        }
    }

    private AnyBurlImport() {
    }

    /**
     * Measures and filters the lines of {@code source}. {@code entityName} gives the index's name of a constant as
     * the file writes it (the KG file's name), see {@link RuleMeasurer#RuleMeasurer(KgIndex, UnaryOperator)}.
     */
    public static Result measure(String source, List<AnyBurlRules.Line> lines, KgIndex kg,
            UnaryOperator<String> entityName, MinerOptions thresholds, Progress.Channel progress) {
        RuleMeasurer measurer = new RuleMeasurer(kg, entityName);
        for (AnyBurlRules.Line line : lines) {
            for (String r : line.relations()) {
                if (!measurer.hasRelation(r)) {
                    throw new BadInputException(source, line.lineNumber(), -1, "relation '" + r
                            + "' is not a relation of the KG");
                }
            }
        }
        Map<Kind, int[]> counts = new EnumMap<>(Kind.class);
        for (Kind k : Kind.values()) {
            counts.put(k, new int[5]);
        }
        List<MinedRule> kept = new ArrayList<>();
        List<Long> keptLines = new ArrayList<>();
        try (Progress p = progress.start("measuring AnyBURL rules", lines.size(), "rules")) {
            for (AnyBurlRules.Line line : lines) {
                int[] c = counts.get(line.kind());
                c[0]++;
                p.step(1);
                Rule rule = line.rule();
                if (rule == null) {
                    continue;
                }
                if (line.repeated()) {
                    c[4]++;
                    continue;
                }
                if (rule.hasConstants() && !thresholds.constants()) {
                    c[3]++;
                    continue;
                }
                RuleMeasures m;
                try {
                    m = measurer.measure(rule).measures();
                } catch (BadInputException e) {
                    throw new BadInputException(source, line.lineNumber(), -1, e.problem());
                }
                if (passes(m, kg.size(kg.relationId(rule.head().relation())), thresholds)) {
                    c[1]++;
                    kept.add(new MinedRule(rule, m));
                    keptLines.add(line.lineNumber());
                } else {
                    c[2]++;
                }
            }
        }
        Map<Kind, Tally> tallies = new EnumMap<>(Kind.class);
        counts.forEach((k, c) -> tallies.put(k, new Tally(c[0], c[1], c[2], c[3], c[4])));
        return new Result(List.copyOf(kept), List.copyOf(keptLines), tallies);
    }

    /** The miner's output test: support of at least ceil(minhc x facts of the head relation), both confidences. */
    static boolean passes(RuleMeasures m, int headFacts, MinerOptions t) {
        return m.support() > 0 && m.support() >= Math.ceil(t.minHeadCoverage() * headFacts)
                && m.standardConfidence() >= t.minStdConfidence() && m.pcaConfidence() >= t.minPcaConfidence();
    }
}
