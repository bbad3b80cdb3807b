package dev.lacuna.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The report's view by depth, for a benchmark built with {@code build --depth}: one chart per depth (Hits@Any,
 * Hits@Hard and HHR of every system on every graph) and a table of every metric, beside the view by rule type.
 * A benchmark of depth-1 questions only has no such view.
 */
final class DepthCharts {
    /**
     * Below this many questions a depth's figures are marked as few: a share measured on n questions has a 95%
     * interval about 1/sqrt(n) wide on either side at worst, more than 0.1 below 100 questions.
     */
    static final int FEW_QUESTIONS = 100;
    static final String FEW_NOTE = "A depth with fewer than " + FEW_QUESTIONS + " questions is marked (few): a share"
            + " measured on n questions is uncertain by up to about 1/sqrt(n) either way (95%), more than 0.1 there.";

    private DepthCharts() {
    }

    /** A depth's question count, marked when too few for its figures to mean much. */
    static String questions(long n) {
        return n < FEW_QUESTIONS ? n + " (few)" : Long.toString(n);
    }

    static boolean present(EvaluationReport report) {
        return report.systems().stream().flatMap(r -> r.runs().values().stream()).anyMatch(run -> run.byDepth() != null);
    }

    /** A metric's value, or null where it has none (HHR without a hit at all). */
    private static Double value(Scores x, String metric) {
        if (x == null) {
            return null;
        }
        if (metric.equals("Hits@Any")) {
            return x.hitsAtAny();
        }
        return metric.equals("Hits@Hard") ? Double.valueOf(x.hitsAtHard()) : x.hhr();
    }

    static void write(StringBuilder h, EvaluationReport report) {
        if (!present(report)) {
            return;
        }
        TreeSet<String> depths = new TreeSet<>();
        report.systems().forEach(r -> r.runs().values().forEach(run -> {
            if (run.byDepth() != null) {
                depths.addAll(run.byDepth().keySet());
            }
        }));
        h.append("<h2>By depth (rule applications the hard answer needs)</h2>\n<div class=\"charts\">\n");
        for (String depth : depths) {
            List<HtmlReport.Group> groups = new ArrayList<>();
            for (SystemResult r : report.systems()) {
                for (String metric : List.of("Hits@Any", "Hits@Hard", "HHR")) {
                    List<RunSetting> settings = new ArrayList<>();
                    List<Double> values = new ArrayList<>();
                    for (RunSetting setting : RunSetting.values()) {
                        RunResult run = r.run(setting);
                        if (run != null && run.byDepth() != null) {
                            Scores x = run.byDepth().get(depth);
                            settings.add(setting);
                            values.add(value(x, metric));
                        }
                    }
                    groups.add(new HtmlReport.Group(r.name() + " " + metric, settings, values));
                }
            }
            HtmlReport.chart(h, "depth_" + depth, "Depth " + depth, groups);
        }
        h.append("</div>\n<p>").append(FEW_NOTE).append("</p>\n");
        HtmlReport.table(h, List.of("System", "KG", "Depth", "Questions", "Hits@Any", "Precision", "Recall", "F1",
                "Hits@Hard", "HHR"), rows -> MarkdownReport.forEachRun(report, (sys, setting, run) -> {
                    Map<String, Scores> byDepth = run.byDepth() == null ? Map.of() : run.byDepth();
                    byDepth.forEach((d, x) -> rows.add(List.of(sys, setting.label(), d, questions(x.questions()),
                            HtmlReport.n(x.hitsAtAny()), HtmlReport.n(x.precision()), HtmlReport.n(x.recall()),
                            HtmlReport.n(x.f1()), HtmlReport.n(x.hitsAtHard()), HtmlReport.n(x.hhr()))));
                }));
    }
}
