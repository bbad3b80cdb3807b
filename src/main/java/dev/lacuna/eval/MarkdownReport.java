package dev.lacuna.eval;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/** The report as Markdown tables: strict scores, drops, breakdowns, permissive scores, coverage. */
public final class MarkdownReport {
    /** How an undefined HHR (Hits@Any = 0) is printed. */
    public static final String UNDEFINED = "n/a";

    private MarkdownReport() {
    }

    public static String render(EvaluationReport report) {
        StringBuilder md = new StringBuilder();
        EvaluationSettings s = report.settings();
        md.append("# Lacuna evaluation\n\n");
        md.append("Benchmark `").append(report.benchmark().dir()).append('`');
        if (report.benchmark().kg() != null) {
            md.append(" (KG `").append(report.benchmark().kg()).append("`)");
        }
        md.append(", split `").append(s.split()).append("`, ").append(report.benchmark().questions())
                .append(" questions; entities written as `").append(s.entities().label()).append("`, delimiters `")
                .append(s.delimiters().label()).append("`, field `").append(s.field().label()).append("`.\n\n");

        if (!report.warnings().isEmpty()) {
            md.append("## Warnings\n\n");
            report.warnings().forEach(w -> md.append("- ").append(w).append('\n'));
            md.append('\n');
        }
        md.append("## Strict protocol (section 4)\n\n");
        md.append("| System | KG | Hits@Any | Precision | Recall | F1 | Hits@Hard | HHR |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
        forEachRun(report, (sys, setting, run) -> {
            Scores x = run.strict();
            md.append("| ").append(cell(sys)).append(" | ").append(setting).append(" | ").append(num(x.hitsAtAny()))
                    .append(" | ").append(num(x.precision())).append(" | ").append(num(x.recall())).append(" | ")
                    .append(num(x.f1())).append(" | ").append(num(x.hitsAtHard())).append(" | ").append(num(x.hhr()))
                    .append(" |\n");
        });

        if (report.systems().stream().anyMatch(r -> r.drop() != null)) {
            md.append("\n## Complete → incomplete (drop = complete − incomplete; figure 2)\n\n");
            md.append("| System | ΔHits@Any | ΔF1 | ΔHits@Hard | HHR complete | HHR incomplete | ΔHHR |\n");
            md.append("|---|---:|---:|---:|---:|---:|---:|\n");
            for (SystemResult r : report.systems()) {
                SystemResult.Drop d = r.drop();
                if (d != null) {
                    md.append("| ").append(cell(r.name())).append(" | ").append(num(d.hitsAtAny())).append(" | ")
                            .append(num(d.f1())).append(" | ").append(num(d.hitsAtHard())).append(" | ")
                            .append(num(d.hhrComplete())).append(" | ").append(num(d.hhrIncomplete())).append(" | ")
                            .append(num(d.hhr())).append(" |\n");
                }
            }
        }

        brokenGraphs(md, report);
        breakdown(md, report, "By rule type", "Rule type", RunResult::byRuleType);
        if (DepthCharts.present(report)) {
            depthBreakdown(md, report);
        }
        DiagnosisReport.markdown(md, report);
        if (report.systems().stream().flatMap(r -> r.runs().values().stream()).anyMatch(run -> run.bySplit().size() > 1)) {
            breakdown(md, report, "By split", "Split", RunResult::bySplit);
        }
        breakdown(md, report, "By relation", "Relation", RunResult::byRelation);

        md.append("\n## Permissive metrics (appendix I; NOT the protocol)\n\n");
        md.append("RoG-style substring matching: shown only to expose how much it inflates scores.\n\n");
        md.append("| System | KG | Hits@1 (substring) | Permissive precision | Permissive recall | Permissive F1 |\n");
        md.append("|---|---|---:|---:|---:|---:|\n");
        forEachRun(report, (sys, setting, run) -> {
            PermissiveScores p = run.permissive();
            md.append("| ").append(cell(sys)).append(" | ").append(setting).append(" | ").append(num(p.hitsAt1()))
                    .append(" | ").append(num(p.precision())).append(" | ").append(num(p.recall())).append(" | ")
                    .append(num(p.f1())).append(" |\n");
        });

        md.append("\n## Coverage\n\n");
        md.append("| System | KG | File | Records | Matched | Missing (scored 0) | Other splits (ignored) | Answers naming a KG entity |\n");
        md.append("|---|---|---|---:|---:|---:|---:|---:|\n");
        forEachRun(report, (sys, setting, run) -> {
            RunResult.Coverage c = run.coverage();
            md.append("| ").append(cell(sys)).append(" | ").append(setting).append(" | `").append(cell(run.file()))
                    .append("` | ").append(c.records()).append(" | ").append(c.matched()).append(" | ")
                    .append(c.missing()).append(" | ").append(c.otherSplit()).append(" | ").append(resolved(c.resolution()))
                    .append(" |\n");
        });

        md.append("\n## Notes\n\n");
        for (String note : report.notes()) {
            md.append("- ").append(note).append('\n');
        }
        return md.toString();
    }

    /**
     * Trap Rate (the share of questions with a trap whose prediction holds it) and the answers lost to noise, for a
     * benchmark built with {@code --break}/{@code --noise}; nothing otherwise.
     */
    private static void brokenGraphs(StringBuilder md, EvaluationReport report) {
        if (report.systems().stream().flatMap(r -> r.runs().values().stream()).allMatch(run -> run.broken() == null)) {
            return;
        }
        md.append("\n## Broken graphs (build --break, --noise)\n\n");
        md.append("Trap Rate: share of the questions with a trap whose prediction holds it. Lost answers: answers other"
                + " than the hard one whose triple the noisy graph lost, scored apart.\n\n");
        md.append("| System | KG | Trap questions | Trap Rate | Trap Rate by rule type | Lost answers | Lost answers predicted |\n");
        md.append("|---|---|---:|---:|---|---:|---:|\n");
        forEachRun(report, (sys, setting, run) -> {
            BrokenScores b = run.broken();
            if (b == null) {
                return;
            }
            StringBuilder types = new StringBuilder();
            if (b.trapRateByRuleType() != null) {
                b.trapRateByRuleType().forEach((k, v) -> types.append(types.length() == 0 ? "" : ", ").append(k)
                        .append(' ').append(num(v)));
            }
            md.append("| ").append(cell(sys)).append(" | ").append(setting).append(" | ")
                    .append(b.trapQuestions() == null ? "" : b.trapQuestions()).append(" | ").append(num(b.trapRate()))
                    .append(" | ").append(cell(types.toString())).append(" | ")
                    .append(b.lostAnswers() == null ? "" : b.lostAnswers()).append(" | ").append(num(b.lostAnswersFound()))
                    .append(" |\n");
        });
    }

    /** As {@link #breakdown}, each depth's question count marked where it is too few ({@link DepthCharts#FEW_QUESTIONS}). */
    private static void depthBreakdown(StringBuilder md, EvaluationReport report) {
        md.append("\n## By depth (rule applications the hard answer needs)\n\n").append(DepthCharts.FEW_NOTE)
                .append("\n\n");
        md.append("| System | KG | Depth | Questions | Hits@Any | F1 | Hits@Hard | HHR |\n");
        md.append("|---|---|---|---:|---:|---:|---:|---:|\n");
        forEachRun(report, (sys, setting, run) -> Objects.requireNonNullElse(run.byDepth(),
                Map.<String, Scores>of()).forEach((k, x) -> md.append("| ").append(cell(sys))
                .append(" | ").append(setting).append(" | ").append(cell(k)).append(" | ")
                .append(DepthCharts.questions(x.questions())).append(" | ").append(num(x.hitsAtAny())).append(" | ")
                .append(num(x.f1())).append(" | ").append(num(x.hitsAtHard())).append(" | ").append(num(x.hhr()))
                .append(" |\n")));
    }

    private static void breakdown(StringBuilder md, EvaluationReport report, String title, String column,
            Function<RunResult, Map<String, Scores>> groups) {
        md.append("\n## ").append(title).append("\n\n");
        md.append("| System | KG | ").append(column).append(" | Questions | Hits@Any | F1 | Hits@Hard | HHR |\n");
        md.append("|---|---|---|---:|---:|---:|---:|---:|\n");
        forEachRun(report, (sys, setting, run) -> Objects.requireNonNullElse(groups.apply(run),
                Map.<String, Scores>of()).forEach((k, x) -> md.append("| ").append(cell(sys))
                .append(" | ").append(setting).append(" | ").append(cell(k)).append(" | ").append(x.questions())
                .append(" | ").append(num(x.hitsAtAny())).append(" | ").append(num(x.f1())).append(" | ")
                .append(num(x.hitsAtHard())).append(" | ").append(num(x.hhr())).append(" |\n")));
    }

    interface RunVisitor {
        void visit(String system, RunSetting setting, RunResult run);
    }

    /** Runs in report order: systems as given, settings complete, incomplete, single. */
    static void forEachRun(EvaluationReport report, RunVisitor visitor) {
        for (SystemResult r : report.systems()) {
            for (RunSetting setting : RunSetting.values()) {
                RunResult run = r.run(setting);
                if (run != null) {
                    visitor.visit(r.name(), setting, run);
                }
            }
        }
    }

    /** A run's resolution as "12 of 40 (30.0%)", or n/a when the benchmark has no entity table to resolve against. */
    static String resolved(Resolution r) {
        return r == null ? UNDEFINED : r.describe();
    }

    static String num(Double v) {
        return v == null ? UNDEFINED : String.format(Locale.ROOT, "%.3f", v);
    }

    static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
