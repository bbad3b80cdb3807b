package dev.lacuna.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.Json;

/**
 * report.json marks a depth with too few questions for its figures to mean much, as the Markdown and HTML reports
 * do with "(few)", at the same threshold.
 */
class DepthFewTest {
    private static Scores scores(int questions) {
        return new Scores(questions, 0.5, 0.25, 0.5, 0.3, 0.25, 0.5);
    }

    private static JsonNode byDepth(Map<String, Scores> byDepth) throws Exception {
        RunResult run = new RunResult("p.jsonl", null, scores(1000), Map.of(), Map.of(), Map.of(), null, List.of(),
                byDepth);
        return new ObjectMapper().readTree(Json.pretty().writeValueAsString(run)).get("by_depth");
    }

    @Test
    void depthBelowTheThresholdIsMarkedFewInJson() throws Exception {
        Map<String, Scores> depths = new LinkedHashMap<>();
        depths.put("1", scores(DepthCharts.FEW_QUESTIONS));
        depths.put("2", scores(DepthCharts.FEW_QUESTIONS - 1));
        depths.put("3", scores(0));
        JsonNode json = byDepth(depths);
        assertTrue(json.get("2").has("few"), "by_depth entries carry few: " + json);
        assertFalse(json.get("1").get("few").asBoolean(), json.toString());
        assertTrue(json.get("1").get("few").isBoolean(), json.toString());
        assertTrue(json.get("2").get("few").asBoolean(), json.toString());
        assertTrue(json.get("3").get("few").asBoolean(), json.toString());
        // the scores stay where they were, beside the mark
        assertEquals(DepthCharts.FEW_QUESTIONS - 1, json.get("2").get("questions").asInt());
        assertEquals(0.25, json.get("2").get("hits_at_hard").asDouble(), 0);
        assertTrue(json.get("2").has("hhr_defined"), json.toString());
        // the same threshold marks the Markdown and HTML count
        assertEquals((DepthCharts.FEW_QUESTIONS - 1) + " (few)", DepthCharts.questions(DepthCharts.FEW_QUESTIONS - 1));
    }

    @Test
    void otherBreakdownsCarryNoMark() throws Exception {
        RunResult run = new RunResult("p.jsonl", null, scores(5), Map.of("symmetric", scores(5)), Map.of(), Map.of(),
                null, List.of());
        JsonNode json = new ObjectMapper().readTree(Json.pretty().writeValueAsString(run));
        assertFalse(json.get("strict").has("few"), json.toString());
        assertFalse(json.get("by_rule_type").get("symmetric").has("few"), json.toString());
        assertFalse(json.has("by_depth"), json.toString());
    }
}
