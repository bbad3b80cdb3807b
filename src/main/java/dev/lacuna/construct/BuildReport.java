package dev.lacuna.construct;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.lacuna.Counts;
import dev.lacuna.folder.Summary;
import dev.lacuna.grounding.GroundingSelector;
import dev.lacuna.grounding.QuestionAssembler;
import dev.lacuna.questions.Balancer;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.Splitter;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleType;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;

/**
 * What a build produced: the {@link Summary} written as summary.json, printed as tables in the shape of the
 * paper's Tables 1 and 3.
 */
public record BuildReport(Summary summary) {
    /** The paper's figures for Family (Tables 1 and 3), printed beside ours when the KG is Family-Complete. */
    static final long FAMILY_TRIPLES = 17_615;
    static final Map<String, Long> PAPER_FAMILY = paperFamily();

    private static Map<String, Long> paperFamily() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("symmetry", 0L);
        m.put("inversion", 6L);
        m.put("hierarchy", 0L);
        m.put("composition", 56L);
        m.put("other", 83L);
        m.put("rules", 145L);
        m.put("complete", 17_615L);
        m.put("incomplete", 15_785L);
        m.put("removed", 1_830L);
        m.put("train", 1_749L);
        m.put("valid", 218L);
        m.put("test", 198L);
        m.put("questions", 2_165L);
        return m;
    }

    static BuildReport of(KgGraphs kg, List<MinedRule> rules, int candidates, GroundingSelector.Selection selection,
                          int removed, long completeTriples, long incompleteTriples, QuestionAssembler.Outcome outcome,
                          Balancer.Result<Question> balanced, Splitter.Split split, Map<String, String> parameters) {
        Map<String, Long> types = new LinkedHashMap<>();
        for (RuleType t : RuleType.values()) {
            types.put(t.label(), 0L);
        }
        for (MinedRule r : rules) {
            types.merge(RuleType.of(r.rule()).label(), 1L, Long::sum);
        }
        return new BuildReport(new Summary(Summary.FORMAT, kg.name(), kg.base(), parameters,
                new Summary.Rules((long) rules.size(), types),
                new Summary.Groundings((long) candidates, (long) selection.selected().size(),
                        (long) selection.headIsProtected(), (long) selection.bodyUsesDeleted(),
                        (long) selection.headInOwnBody()),
                new Summary.Triples(completeTriples, incompleteTriples, (long) removed),
                new Summary.Questions((long) outcome.candidates(), (long) outcome.generation().dropped(),
                        (long) outcome.generation().regenerated(), (long) outcome.duplicatesMerged(),
                        (long) outcome.questions().size(), (long) balanced.removed(),
                        (long) balanced.downsampledAnswers().size(), (long) split.train().size(),
                        (long) split.valid().size(), (long) split.test().size(), (long) split.size()),
                outcome.giveAway(), null));
    }

    /** The summary with the give-away counts and the depth ladder's rungs (null: none, as a depth-1 build). */
    BuildReport with(Map<String, Long> giveAway, Map<String, Summary.Depth> depths) {
        Summary s = summary;
        return new BuildReport(new Summary(s.format(), s.kg(), s.base(), s.parameters(), s.rules(), s.groundings(),
                s.triples(), s.questions(), giveAway, depths, s.brokenGraphs()));
    }

    /** The summary with the count of rules the relation choice left out (recorded only when some were). */
    BuildReport withRulesLeftOut(int leftOut) {
        if (leftOut == 0) {
            return this;
        }
        Summary s = summary;
        return new BuildReport(new Summary(s.format(), s.kg(), s.base(), s.parameters(),
                new Summary.Rules(s.rules().total(), s.rules().byType(), (long) leftOut), s.groundings(), s.triples(),
                s.questions(), s.giveAway(), s.depths(), s.brokenGraphs()));
    }

    /** The summary with the broken graphs of {@code build --break}/{@code --noise} (null: none). */
    BuildReport withBrokenGraphs(Map<String, Summary.BrokenGraph> broken) {
        Summary s = summary;
        return new BuildReport(new Summary(s.format(), s.kg(), s.base(), s.parameters(), s.rules(), s.groundings(),
                s.triples(), s.questions(), s.giveAway(), s.depths(), broken));
    }

    /** Prints Tables 1 and 3 of the paper for this build, with the paper's figures beside Family's. */
    public void print(PrintStream out) {
        Summary.Triples triples = summary.triples();
        Summary.Questions questions = summary.questions();
        boolean family = triples.complete() == FAMILY_TRIPLES;
        // The paper's figure for a row, or none (printed without brackets) when the KG is not Family.
        Map<String, Long> paper = family ? PAPER_FAMILY : Map.of();
        String kg = summary.kg();
        out.println();
        out.println("Table 1: mined rules by type" + (family ? " (paper's Family figures beside)" : ""));
        out.printf("  %-12s %8s%s%n", "type", kg, family ? String.format(" %8s", "paper") : "");
        for (Map.Entry<String, Long> e : summary.rules().byType().entrySet()) {
            out.printf("  %-12s %,8d%s%n", e.getKey(), e.getValue(),
                    family ? String.format(" %,8d", paper.get(e.getKey())) : "");
        }
        out.printf("  %-12s %,8d%s%n", "total", summary.rules().total(),
                family ? String.format(" %,8d", paper.get("rules")) : "");
        if (summary.rules().leftOutByRelationChoice() != null) {
            out.printf("  (%,d rules given were left out by the relation choice: they conclude or use a relation it keeps out)%n",
                    summary.rules().leftOutByRelationChoice());
        }
        out.println();
        out.println("Table 3: triples and questions" + (family ? " (paper's Family figures in brackets)" : ""));
        out.printf("  %-22s %18s %14s %12s %12s %14s%n", "Dataset", "#Triples", "Train", "Val", "Test", "Total Qs");
        // the broken graphs have their own lines below: this is the paper's table, complete and incomplete
        for (GraphRole role : List.of(GraphRole.COMPLETE, GraphRole.INCOMPLETE)) {
            String variant = role.label();
            long count = role == GraphRole.COMPLETE ? triples.complete() : triples.incomplete();
            out.printf("  %-22s %18s %14s %12s %12s %14s%n", kg + "-" + variant.substring(0, 1).toUpperCase() + variant.substring(1),
                    cell(count, paper.get(variant)), cell(questions.train(), paper.get("train")),
                    cell(questions.valid(), paper.get("valid")), cell(questions.test(), paper.get("test")),
                    cell(questions.total(), paper.get("questions")));
        }
        if (summary.giveAway() != null) {
            out.printf("  questions left out because they give their answer away: %s%n", Counts.describe(summary.giveAway()));
        }
        if (summary.brokenGraphs() != null) {
            summary.brokenGraphs().forEach((name, g) -> out.printf("  graph %s: %,d triples%s%n", name, g.triples(),
                    g.traps() != null ? String.format(", %,d traps (%,d questions without one)", g.traps(), g.withoutTrap())
                            : String.format(", %,d triples removed as noise (share %s), %,d answers lost", g.removed(),
                            g.share(), g.answersLost())));
        }
        if (summary.depths() != null) {
            summary.depths().forEach((d, r) -> out.printf("  depth %s: %,d proofs kept of %,d candidates (%,d shallower"
                    + " than their length), %,d questions %s%n", d, r.proofs(), r.candidates(), r.shallower(),
                    r.questions(), Counts.describe(r.byRuleType())));
        }
        out.printf("  removed triples: %s; groundings selected %,d of %,d candidates; questions: %,d candidates, %,d dropped by the leak check, %,d duplicates merged, %,d removed by balancing%n",
                cell(triples.removed(), paper.get("removed")),
                summary.groundings().selected(), summary.groundings().candidates(),
                questions.candidates(), questions.droppedByLeakCheck(),
                questions.duplicatesMerged(), questions.removedByBalancing());
        if (family) {
            printWhyNotThePaper(out);
        }
    }

    /**
     * Why this Family build's Table 3 is not the paper's. The paper extracts "up to 30" groundings per rule without
     * saying which; Lacuna draws them at random with the seed, so other triples go and other questions are asked.
     */
    private void printWhyNotThePaper(PrintStream out) {
        Summary.Questions q = summary.questions();
        out.println();
        out.printf("Why Table 3 is not the paper's: the paper extracts \"up to 30\" groundings per rule without saying"
                + " which;%n  Lacuna draws them at random with --seed, so it removes other triples (%,d here, %,d in the paper)"
                + " and asks%n  other questions: %,d, of which %,d asked the same as another (same topic, relation and"
                + " direction) and were merged,%n  %,d removed by balancing, leaving %,d (the paper: %,d). Lacuna's split is"
                + " 8:1:1 (the paper's %,d/%,d/%,d is not).%n  docs/explanation/paper.md compares the two.%n",
                summary.triples().removed(), PAPER_FAMILY.get("removed"), q.candidates(), q.duplicatesMerged(),
                q.removedByBalancing(), q.total(), PAPER_FAMILY.get("questions"), PAPER_FAMILY.get("train"),
                PAPER_FAMILY.get("valid"), PAPER_FAMILY.get("test"));
    }

    private static String cell(long ours, Long paper) {
        return paper == null ? String.format("%,d", ours) : String.format("%,d (%,d)", ours, paper);
    }
}
