package dev.lacuna.eval;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The report as one self-contained HTML page: inline CSS, inline SVG bar charts in the style of the
 * paper's figures 1 and 2 (per system, complete in red next to incomplete in blue; Hits@Any, F1, HHR) and
 * of figure 3 (HHR by rule type per system), then the tables. No external resources, no JavaScript needed
 * to draw; one short inline script only records how many bars the browser laid out (attribute
 * {@code data-bars-drawn} on the body) so that a headless browser can check the page.
 */
public final class HtmlReport {
    static final String COMPLETE_COLOUR = "#d62728";
    static final String INCOMPLETE_COLOUR = "#1f77b4";
    static final String SINGLE_COLOUR = "#7f7f7f";
    static final String REPLACED_COLOUR = "#ff7f0e";
    static final String NOISY_COLOUR = "#2ca02c";

    private static final int CHART_HEIGHT = 232;
    private static final int PLOT_TOP = 16;
    private static final int PLOT_BOTTOM = 210;
    private static final int LEFT = 48;
    private static final int BAR = 26;
    private static final int GROUP_GAP = 30;

    private HtmlReport() {
    }

    /**
     * One bar group of a chart: a label (system or rule type) and its bars, each with a key (what it measures: a
     * graph, a failure kind), a colour and a value (null: undefined).
     */
    record Group(String label, List<String> keys, List<String> colours, List<Double> values) {
        /** A bar per graph, in the graphs' colours. */
        Group(String label, List<RunSetting> settings, List<Double> values) {
            this(label, settings.stream().map(RunSetting::label).toList(), settings.stream().map(HtmlReport::colour).toList(),
                    values);
        }
    }

    public static String render(EvaluationReport report) {
        StringBuilder h = new StringBuilder(16_384);
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<title>Lacuna evaluation</title>\n<style>\n")
                .append("body{font-family:system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif;margin:24px;color:#222;background:#fff}\n")
                .append("h1{font-size:22px}h2{font-size:18px;margin-top:28px}\n")
                .append(".charts{display:flex;flex-wrap:wrap;gap:18px}\n")
                .append("figure{margin:0;border:1px solid #ddd;padding:6px}figcaption{font-size:13px;font-weight:bold;text-align:center}\n")
                .append("table{border-collapse:collapse;margin:8px 0;font-size:13px}\n")
                .append("th,td{border:1px solid #ccc;padding:3px 8px}td.n{text-align:right;font-variant-numeric:tabular-nums}\n")
                .append("th{background:#f3f3f3}.warn{color:#8a4b00}.legend span{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px;vertical-align:middle}\n")
                .append("</style>\n</head>\n<body>\n");
        EvaluationSettings s = report.settings();
        h.append("<h1>Lacuna evaluation</h1>\n<p>Benchmark <code>").append(esc(report.benchmark().dir())).append("</code>");
        if (report.benchmark().kg() != null) {
            h.append(" (KG <code>").append(esc(report.benchmark().kg())).append("</code>)");
        }
        h.append(", split <code>").append(esc(s.split().label())).append("</code>, ").append(report.benchmark().questions())
                .append(" questions; entities <code>").append(s.entities().label()).append("</code>, delimiters <code>")
                .append(s.delimiters().label()).append("</code>.</p>\n");
        if (!report.warnings().isEmpty()) {
            h.append("<h2 class=\"warn\">Warnings</h2>\n<ul class=\"warn\">\n");
            for (String w : report.warnings()) {
                h.append("<li>").append(esc(w)).append("</li>\n");
            }
            h.append("</ul>\n");
        }
        legend(h, report.settingsPresent());

        h.append("<h2>Strict protocol: complete vs incomplete KG</h2>\n<div class=\"charts\">\n");
        chart(h, "hits_at_any", "Hits@Any", systemGroups(report, Scores::hitsAtAny));
        chart(h, "f1", "F1", systemGroups(report, Scores::f1));
        chart(h, "hhr", "HHR (Hits@Hard / Hits@Any)", systemGroups(report, Scores::hhr));
        h.append("</div>\n");

        boolean ruleTypes = report.systems().stream().flatMap(r -> r.runs().values().stream())
                .anyMatch(run -> !run.byRuleType().isEmpty());
        if (ruleTypes) {
            h.append("<h2>HHR by rule type</h2>\n<div class=\"charts\">\n");
            for (SystemResult r : report.systems()) {
                chart(h, "hhr_by_rule_type", "HHR by rule type: " + r.name(), ruleTypeGroups(r));
            }
            h.append("</div>\n");
        }

        DepthCharts.write(h, report);
        DiagnosisReport.html(h, report);

        h.append("<h2>Strict scores</h2>\n");
        table(h, List.of("System", "KG", "Hits@Any", "Precision", "Recall", "F1", "Hits@Hard", "HHR"), rows -> MarkdownReport
                .forEachRun(report, (sys, setting, run) -> rows.add(List.of(sys, setting.label(), n(run.strict().hitsAtAny()),
                        n(run.strict().precision()), n(run.strict().recall()), n(run.strict().f1()),
                        n(run.strict().hitsAtHard()), n(run.strict().hhr())))));
        if (report.systems().stream().anyMatch(r -> r.drop() != null)) {
            h.append("<h2>Drop from complete to incomplete</h2>\n");
            table(h, List.of("System", "ΔHits@Any", "ΔF1", "ΔHits@Hard", "HHR complete", "HHR incomplete", "ΔHHR"), rows -> {
                for (SystemResult r : report.systems()) {
                    SystemResult.Drop d = r.drop();
                    if (d != null) {
                        rows.add(List.of(r.name(), n(d.hitsAtAny()), n(d.f1()), n(d.hitsAtHard()), n(d.hhrComplete()),
                                n(d.hhrIncomplete()), n(d.hhr())));
                    }
                }
            });
        }
        h.append("<h2>By rule type</h2>\n");
        table(h, List.of("System", "KG", "Rule type", "Questions", "Hits@Any", "F1", "Hits@Hard", "HHR"), rows -> MarkdownReport
                .forEachRun(report, (sys, setting, run) -> run.byRuleType().forEach((k, x) -> rows.add(List.of(sys, setting.label(), k,
                        String.valueOf(x.questions()), n(x.hitsAtAny()), n(x.f1()), n(x.hitsAtHard()), n(x.hhr()))))));
        h.append("<h2 class=\"warn\">Permissive metrics (appendix I): NOT the protocol</h2>\n")
                .append("<p class=\"warn\">RoG-style substring matching, shown only to expose how much it inflates scores.</p>\n");
        table(h, List.of("System", "KG", "Hits@1 (substring)", "Permissive precision", "Permissive recall", "Permissive F1"),
                rows -> MarkdownReport.forEachRun(report, (sys, setting, run) -> rows.add(List.of(sys, setting.label(),
                        n(run.permissive().hitsAt1()), n(run.permissive().precision()), n(run.permissive().recall()),
                        n(run.permissive().f1())))));
        h.append("<h2>Coverage</h2>\n");
        table(h, List.of("System", "KG", "File", "Records", "Matched", "Missing (scored 0)", "Other splits (ignored)",
                "Answers naming a KG entity"),
                rows -> MarkdownReport.forEachRun(report, (sys, setting, run) -> rows.add(List.of(sys, setting.label(), run.file(),
                        String.valueOf(run.coverage().records()), String.valueOf(run.coverage().matched()),
                        String.valueOf(run.coverage().missing()), String.valueOf(run.coverage().otherSplit()),
                        MarkdownReport.resolved(run.coverage().resolution())))));
        h.append("<h2>Notes</h2>\n<ul>\n");
        for (String note : report.notes()) {
            h.append("<li>").append(esc(note)).append("</li>\n");
        }
        h.append("</ul>\n");
        // Records what the browser actually laid out; the page is complete without it.
        h.append("<script>(function(){var n=0;document.querySelectorAll('rect.bar').forEach(function(r){")
                .append("var b=r.getBoundingClientRect();if(b.width>0&&b.height>0){n++;}});")
                .append("document.body.setAttribute('data-bars-drawn',String(n));})();</script>\n");
        h.append("</body>\n</html>\n");
        return h.toString();
    }

    private static List<Group> systemGroups(EvaluationReport report, Function<Scores, Double> metric) {
        List<Group> groups = new ArrayList<>();
        for (SystemResult r : report.systems()) {
            List<RunSetting> settings = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            for (RunSetting setting : RunSetting.values()) {
                RunResult run = r.run(setting);
                if (run != null) {
                    settings.add(setting);
                    values.add(metric.apply(run.strict()));
                }
            }
            groups.add(new Group(r.name(), settings, values));
        }
        return groups;
    }

    private static List<Group> ruleTypeGroups(SystemResult r) {
        Set<String> types = new LinkedHashSet<>();
        r.runs().values().forEach(run -> types.addAll(run.byRuleType().keySet()));
        List<Group> groups = new ArrayList<>();
        for (String type : types) {
            List<RunSetting> settings = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            for (RunSetting setting : RunSetting.values()) {
                RunResult run = r.run(setting);
                if (run != null) {
                    Scores x = run.byRuleType().get(type);
                    settings.add(setting);
                    values.add(x == null ? null : x.hhr());
                }
            }
            groups.add(new Group(type, settings, values));
        }
        return groups;
    }

    static void chart(StringBuilder h, String metric, String title, List<Group> groups) {
        int width = LEFT + 10;
        for (Group g : groups) {
            width += g.keys().size() * BAR + GROUP_GAP;
        }
        width = Math.max(width, 240);
        double plot = PLOT_BOTTOM - PLOT_TOP;
        h.append("<figure><svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" data-metric=\"").append(metric)
                .append("\" width=\"").append(width).append("\" height=\"").append(CHART_HEIGHT)
                .append("\" viewBox=\"0 0 ").append(width).append(' ').append(CHART_HEIGHT).append("\" role=\"img\">\n");
        h.append("<title>").append(esc(title)).append("</title>\n");
        for (int i = 0; i <= 5; i++) {
            double v = i / 5.0;
            double y = PLOT_BOTTOM - v * plot;
            h.append(String.format(Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#e5e5e5\"/>"
                            + "<text x=\"%d\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\" fill=\"#555\">%.1f</text>\n",
                    LEFT, y, width - 6, y, LEFT - 4, y + 3, v));
        }
        h.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#333\"/>\n",
                LEFT, PLOT_BOTTOM, width - 6, PLOT_BOTTOM));
        int x = LEFT + GROUP_GAP / 2;
        for (Group g : groups) {
            int groupStart = x;
            for (int i = 0; i < g.keys().size(); i++) {
                String setting = g.keys().get(i);
                Double v = g.values().get(i);
                if (v == null) {
                    h.append(String.format(Locale.ROOT,
                            "<text class=\"undefined\" x=\"%.1f\" y=\"%d\" font-size=\"9\" text-anchor=\"middle\" fill=\"#888\">n/a</text>\n",
                            x + BAR / 2.0, PLOT_BOTTOM - 4));
                } else {
                    double clamped = Math.max(0, Math.min(1, v));
                    double barHeight = clamped * plot;
                    h.append(String.format(Locale.ROOT,
                            "<rect class=\"bar\" data-system=\"%s\" data-setting=\"%s\" data-value=\"%.4f\" x=\"%d\" y=\"%.1f\" "
                                    + "width=\"%d\" height=\"%.1f\" fill=\"%s\"><title>%s %s: %.3f</title></rect>"
                                    + "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" text-anchor=\"middle\" fill=\"#333\">%.2f</text>\n",
                            esc(g.label()), esc(setting), v, x + 1, PLOT_BOTTOM - barHeight, BAR - 2, barHeight,
                            g.colours().get(i), esc(g.label()), esc(setting), v, x + BAR / 2.0, PLOT_BOTTOM - barHeight - 3, v));
                }
                x += BAR;
            }
            h.append(String.format(Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" fill=\"#222\">%s</text>\n",
                    (groupStart + x) / 2.0, PLOT_BOTTOM + 16, esc(shorten(g.label()))));
            x += GROUP_GAP;
        }
        h.append("</svg><figcaption>").append(esc(title)).append("</figcaption></figure>\n");
    }

    private static void legend(StringBuilder h, List<RunSetting> settings) {
        h.append("<p class=\"legend\">");
        for (RunSetting s : settings) {
            h.append("<span style=\"background:").append(colour(s)).append("\"></span>")
                    .append(s == RunSetting.SINGLE ? "predictions (KG not stated)" : s + " KG");
        }
        h.append("</p>\n");
    }

    static void table(StringBuilder h, List<String> header, Consumer<List<List<String>>> fill) {
        List<List<String>> rows = new ArrayList<>();
        fill.accept(rows);
        h.append("<table>\n<tr>");
        for (String c : header) {
            h.append("<th>").append(esc(c)).append("</th>");
        }
        h.append("</tr>\n");
        for (List<String> row : rows) {
            h.append("<tr>");
            for (String c : row) {
                boolean numeric = c.matches("-?[0-9.]+") || c.equals(MarkdownReport.UNDEFINED);
                h.append(numeric ? "<td class=\"n\">" : "<td>").append(esc(c)).append("</td>");
            }
            h.append("</tr>\n");
        }
        h.append("</table>\n");
    }

    static String colour(RunSetting setting) {
        return switch (setting) {
            case COMPLETE -> COMPLETE_COLOUR;
            case INCOMPLETE -> INCOMPLETE_COLOUR;
            case REPLACED -> REPLACED_COLOUR;
            case NOISY -> NOISY_COLOUR;
            case SINGLE -> SINGLE_COLOUR;
        };
    }

    static String n(Double v) {
        return MarkdownReport.num(v);
    }

    private static String shorten(String s) {
        return s.length() <= 14 ? s : s.substring(0, 13) + "…";
    }

    static String esc(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
