package dev.lacuna.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTML page's structure, without a browser (the browser test checks the drawing). */
class HtmlReportTest {
    @TempDir
    Path tmp;

    @Test
    void escapesNamesDrawsOneBarPerDefinedValueAndLoadsNothing() {
        Path bench = BenchmarkFixture.write(tmp.resolve("bench"));
        Path c = BenchmarkFixture.writeString(tmp.resolve("c.jsonl"), BenchmarkFixture.predictions("q1", "2", "q2", "5", "q3", "9"));
        Path i = BenchmarkFixture.writeString(tmp.resolve("i.jsonl"), BenchmarkFixture.predictions("q1", "9", "q2", "1", "q3", "1"));
        EvaluationReport report = EvaluationReport.evaluate(Benchmark.load(bench), EvaluationSettings.defaults(),
                List.of(SystemSpec.pair("<script>x</script>", c, i)));
        String html = HtmlReport.render(report);
        assertFalse(html.contains("<script>x"), "system names are escaped");
        assertTrue(html.contains("&lt;script&gt;x&lt;/script&gt;"));
        assertFalse(Pattern.compile("(src|href)=").matcher(html).find(), "no external resources");
        // incomplete: Hits@Any 0 -> HHR undefined: no bar, an n/a label instead
        assertEquals(1, count(html, "data-metric=\"hhr\""));
        String hhrChart = html.substring(html.indexOf("data-metric=\"hhr\""), html.indexOf("</svg>", html.indexOf("data-metric=\"hhr\"")));
        assertEquals(1, count(hhrChart, "<rect class=\"bar\""));
        assertTrue(hhrChart.contains("class=\"undefined\""));
        assertTrue(html.contains("Permissive metrics (appendix I): NOT the protocol"));
    }

    private static int count(String s, String needle) {
        int n = 0;
        for (int k = s.indexOf(needle); k >= 0; k = s.indexOf(needle, k + 1)) {
            n++;
        }
        return n;
    }
}
