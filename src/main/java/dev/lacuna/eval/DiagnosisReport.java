package dev.lacuna.eval;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The retrieval-vs-reasoning breakdown in the Markdown and HTML reports: for every run whose file says what was
 * retrieved, Evidence Recall, Hits@Hard with and without evidence and the two failure kinds with their ratio
 * (overall, by rule type, by depth), what was read and how the paths were bounded, and the case studies. HTML adds a
 * chart of the two failure kinds per graph and rule type for each system.
 */
final class DiagnosisReport {
    static final String RETRIEVAL_COLOUR = "#9467bd";
    static final String REASONING_COLOUR = "#e377c2";
    static final String TITLE = "Where it breaks: retrieval or reasoning (section 5.5, appendix J)";
    static final String INTRO = "A miss is a question whose prediction lacks the hard answer. A Retrieval Failure is a miss"
            + " for which the system retrieved no whole supporting path; a Reasoning Failure, one for which it did (the"
            + " paper finds about " + Diagnosis.PAPER_RATIO + " over its systems and datasets). A supporting path is an"
            + " alternative path (a derivation of the hard-answer triple by the benchmark's rules from the graph the run"
            + " was made on) or, on a graph that still states it, the hard-answer triple itself. Evidence Recall is the"
            + " share of questions with a whole supporting path retrieved; partial evidence the share of the best path's"
            + " triples retrieved, averaged. Shares are over the questions whose record says what was retrieved.";
    private static final List<String> HEADER = List.of("Questions", "Evidence Recall", "Partial evidence",
            "Hits@Hard with evidence", "Hits@Hard without", "Misses", "Retrieval failures", "Reasoning failures",
            "Retrieval:Reasoning (paper " + Diagnosis.PAPER_RATIO + ")");

    private DiagnosisReport() {
    }

    static boolean present(EvaluationReport report) {
        return report.systems().stream().flatMap(r -> r.runs().values().stream()).anyMatch(run -> run.diagnosis() != null);
    }

    /** The breakdown's cells after the system, graph and group columns. */
    private static List<String> cells(Diagnosis.EvidenceScores x) {
        String questions = x.classified() == x.questions() ? Integer.toString(x.questions())
                : x.classified() + " of " + x.questions();
        return List.of(questions, MarkdownReport.num(x.evidenceRecall()), MarkdownReport.num(x.partialEvidence()),
                MarkdownReport.num(x.hitsAtHardWithEvidence()), MarkdownReport.num(x.hitsAtHardWithoutEvidence()),
                Integer.toString(x.misses()), Integer.toString(x.retrievalFailures()),
                Integer.toString(x.reasoningFailures()), x.ratio() == null ? MarkdownReport.UNDEFINED : x.ratio());
    }

    /** Rows of system, graph, group and cells; overall first ("all"), then each group of {@code groups}. */
    private static List<List<String>> rows(EvaluationReport report, Function<Diagnosis, Map<String, Diagnosis.EvidenceScores>> groups,
            boolean withAll) {
        List<List<String>> rows = new ArrayList<>();
        MarkdownReport.forEachRun(report, (sys, setting, run) -> {
            Diagnosis d = run.diagnosis();
            if (d == null || groups.apply(d) == null) {
                return;
            }
            if (withAll) {
                rows.add(row(sys, setting, "all", d.overall()));
            }
            groups.apply(d).forEach((k, x) -> rows.add(row(sys, setting, k, x)));
        });
        return rows;
    }

    private static List<String> row(String sys, RunSetting setting, String group, Diagnosis.EvidenceScores x) {
        List<String> row = new ArrayList<>(List.of(sys, setting.label(), group));
        row.addAll(cells(x));
        return row;
    }

    private static List<List<String>> readRows(EvaluationReport report) {
        List<List<String>> rows = new ArrayList<>();
        MarkdownReport.forEachRun(report, (sys, setting, run) -> {
            Diagnosis d = run.diagnosis();
            if (d != null) {
                Diagnosis.Paths p = d.paths();
                rows.add(List.of(sys, setting.label(), d.retrieval(), Integer.toString(d.recordsWithRetrieval()),
                        d.overall().fetched() == null ? MarkdownReport.UNDEFINED : Integer.toString(d.overall().fetched()),
                        String.format(java.util.Locale.ROOT, "%.1f (at most %d; %.1f derivations)", p.meanPaths(),
                                p.maxPerQuestion(), p.meanDerivations()),
                        Integer.toString(p.questionsTruncated()), Integer.toString(p.unsupported())));
            }
        });
        return rows;
    }

    private static final List<String> READ_HEADER = List.of("System", "KG", "Retrieval read from", "Records with retrieval",
            "Whole path among the fetched triples", "Paths per question", "Questions over the bound",
            "Questions without a supporting path");

    static void markdown(StringBuilder md, EvaluationReport report) {
        if (!present(report)) {
            return;
        }
        md.append("\n## ").append(TITLE).append("\n\n").append(INTRO).append("\n\n");
        table(md, "Rule type", rows(report, Diagnosis::byRuleType, true));
        List<List<String>> depth = rows(report, Diagnosis::byDepth, false);
        if (!depth.isEmpty()) {
            md.append("\n### By depth\n\n");
            table(md, "Depth", depth);
        }
        md.append("\n### What was read, and the paths\n\n");
        md.append('|').append(String.join("|", READ_HEADER)).append("|\n|");
        READ_HEADER.forEach(x -> md.append("---|"));
        md.append('\n');
        readRows(report).forEach(r -> md.append("| ").append(String.join(" | ", r.stream().map(MarkdownReport::cell).toList()))
                .append(" |\n"));
        MarkdownReport.forEachRun(report, (sys, setting, run) -> {
            Diagnosis d = run.diagnosis();
            if (d == null || d.cases().isEmpty()) {
                return;
            }
            md.append("\n### Case studies: ").append(MarkdownReport.cell(sys)).append(", ").append(setting).append("\n\n");
            for (Diagnosis.CaseStudy c : d.cases()) {
                md.append("- **").append(kind(c.kind())).append("**, ").append(c.id()).append(": ")
                        .append(MarkdownReport.cell(c.question())).append(" Topic **").append(MarkdownReport.cell(c.topic()))
                        .append("**, hard answer ").append(MarkdownReport.cell(c.hardAnswer())).append(".\n");
                md.append("  - Expected path: ").append(MarkdownReport.cell(String.join(" ∧ ", c.expectedPath())));
                if (!c.rules().isEmpty()) {
                    md.append(" (").append(MarkdownReport.cell(String.join("; ", c.rules()))).append(')');
                }
                md.append('\n');
                md.append("  - Retrieved (").append(c.retrievedTotal()).append(" in all): ")
                        .append(c.retrieved().isEmpty() ? "nothing" : MarkdownReport.cell(String.join("; ", c.retrieved())))
                        .append('\n');
                md.append("  - Answered: ").append(c.answered().isBlank() ? "nothing" : MarkdownReport.cell(c.answered()))
                        .append('\n');
            }
        });
    }

    private static void table(StringBuilder md, String column, List<List<String>> rows) {
        md.append("| System | KG | ").append(column).append(" | ").append(String.join(" | ", HEADER)).append(" |\n");
        md.append("|---|---|---|").append("---:|".repeat(HEADER.size())).append('\n');
        for (List<String> r : rows) {
            md.append("| ").append(String.join(" | ", r.stream().map(MarkdownReport::cell).toList())).append(" |\n");
        }
    }

    static String kind(String kind) {
        return kind.equals(EvidenceDiagnosis.REASONING_FAILURE) ? "Reasoning Failure" : "Retrieval Failure";
    }

    static void html(StringBuilder h, EvaluationReport report) {
        if (!present(report)) {
            return;
        }
        h.append("<h2>").append(HtmlReport.esc(TITLE)).append("</h2>\n<p>").append(HtmlReport.esc(INTRO)).append("</p>\n");
        h.append("<p class=\"legend\"><span style=\"background:").append(RETRIEVAL_COLOUR)
                .append("\"></span>Retrieval Failures<span style=\"background:").append(REASONING_COLOUR)
                .append("\"></span>Reasoning Failures (share of the questions of each graph and rule type)</p>\n");
        h.append("<div class=\"charts\">\n");
        for (SystemResult r : report.systems()) {
            List<HtmlReport.Group> groups = new ArrayList<>();
            for (RunSetting setting : RunSetting.values()) {
                RunResult run = r.run(setting);
                if (run == null || run.diagnosis() == null) {
                    continue;
                }
                Map<String, Diagnosis.EvidenceScores> by = new java.util.LinkedHashMap<>();
                by.put("all", run.diagnosis().overall());
                by.putAll(run.diagnosis().byRuleType());
                by.forEach((type, x) -> groups.add(new HtmlReport.Group(setting.label() + " " + type,
                        List.of("retrieval failures", "reasoning failures"), List.of(RETRIEVAL_COLOUR, REASONING_COLOUR),
                        List.of(of(x.retrievalFailures(), x.classified()), of(x.reasoningFailures(), x.classified())))));
            }
            if (!groups.isEmpty()) {
                HtmlReport.chart(h, "failures", "Failures by graph and rule type: " + r.name(), groups);
            }
        }
        h.append("</div>\n");
        List<String> header = new ArrayList<>(List.of("System", "KG", "Rule type"));
        header.addAll(HEADER);
        HtmlReport.table(h, header, rows -> rows.addAll(rows(report, Diagnosis::byRuleType, true)));
        List<List<String>> depth = rows(report, Diagnosis::byDepth, false);
        if (!depth.isEmpty()) {
            h.append("<h3>By depth</h3>\n");
            List<String> depthHeader = new ArrayList<>(List.of("System", "KG", "Depth"));
            depthHeader.addAll(HEADER);
            HtmlReport.table(h, depthHeader, rows -> rows.addAll(depth));
        }
        h.append("<h3>What was read, and the paths</h3>\n");
        HtmlReport.table(h, READ_HEADER, rows -> rows.addAll(readRows(report)));
        MarkdownReport.forEachRun(report, (sys, setting, run) -> {
            Diagnosis d = run.diagnosis();
            if (d == null || d.cases().isEmpty()) {
                return;
            }
            h.append("<h3>Case studies: ").append(HtmlReport.esc(sys)).append(", ").append(setting).append("</h3>\n");
            HtmlReport.table(h, List.of("Kind", "Question", "Topic", "Hard answer", "Expected path", "Retrieved", "Answered"),
                    rows -> d.cases().forEach(c -> rows.add(List.of(kind(c.kind()), c.id() + ": " + c.question(), c.topic(),
                            c.hardAnswer(), String.join(" ∧ ", c.expectedPath()),
                            (c.retrieved().isEmpty() ? "nothing" : String.join("; ", c.retrieved())) + " ("
                                    + c.retrievedTotal() + " in all)", c.answered()))));
        });
    }

    private static Double of(int part, int whole) {
        return whole == 0 ? null : (double) part / whole;
    }
}
