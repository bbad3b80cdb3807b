package dev.lacuna.eval;

import java.util.Locale;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;

import dev.lacuna.Choice;
import dev.lacuna.Json;
import dev.lacuna.LacunaException;

/** The output forms of a report. */
public enum ReportFormat implements Choice {
    JSON, MARKDOWN, HTML;

    private static final ObjectWriter MAPPER = Json.pretty();

    public String render(EvaluationReport report) {
        return switch (this) {
            case JSON -> json(report);
            case MARKDOWN -> MarkdownReport.render(report);
            case HTML -> HtmlReport.render(report);
        };
    }

    public static String json(EvaluationReport report) {
        try {
            return MAPPER.writeValueAsString(report) + "\n";
        } catch (JsonProcessingException e) {
            throw new LacunaException("cannot write the report as JSON: " + e.getMessage(), e);
        }
    }

    public static ReportFormat parse(String word) {
        return Choice.parse(ReportFormat.class, "format", word);
    }

    /** The format a file name implies (.json, .html/.htm, else Markdown). */
    public static ReportFormat forFile(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.endsWith(".json")) {
            return JSON;
        }
        if (n.endsWith(".html") || n.endsWith(".htm")) {
            return HTML;
        }
        return MARKDOWN;
    }
}
