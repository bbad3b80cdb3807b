package dev.lacuna.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Renders the HTML report in headless Chromium (Debian's {@code chromium}) and checks that the charts are
 * drawn: the browser lays out one bar per defined non-zero value, and the screenshot holds both the complete
 * (red) and the incomplete (blue) colour. Fails when Chromium is missing unless LACUNA_SKIP_BROWSER_TESTS is set.
 */
class HtmlReportBrowserTest {
    @TempDir
    Path tmp;

    @Test
    void chartsAreDrawnInHeadlessChromium() throws Exception {
        Path chromium = chromium();
        Path bench = BenchmarkFixture.write(tmp.resolve("bench"));
        Path c1 = BenchmarkFixture.writeString(tmp.resolve("a-c.jsonl"), BenchmarkFixture.predictions("q1", "2,3", "q2", "5", "q3", "7,8,9"));
        Path i1 = BenchmarkFixture.writeString(tmp.resolve("a-i.jsonl"), BenchmarkFixture.predictions("q1", "3", "q2", "5", "q3", "7,8"));
        Path c2 = BenchmarkFixture.writeString(tmp.resolve("b-c.jsonl"), BenchmarkFixture.predictions("q1", "2,4", "q2", "5", "q3", "9"));
        Path i2 = BenchmarkFixture.writeString(tmp.resolve("b-i.jsonl"), BenchmarkFixture.predictions("q1", "2", "q2", "1", "q3", "1"));
        EvaluationReport report = EvaluationReport.evaluate(Benchmark.load(bench), EvaluationSettings.defaults(),
                List.of(SystemSpec.pair("RoG-like", c1, i1), SystemSpec.pair("PoG-like", c2, i2)));
        String html = HtmlReport.render(report);
        Path page = tmp.resolve("report.html");
        Files.writeString(page, html, StandardCharsets.UTF_8);

        int expected = expectedBars(html);
        // 3 strict charts x 2 systems x 2 settings = 12 values, plus rule-type charts; HHR incomplete of A is 1/2
        assertTrue(expected >= 12, "bars with non-zero values in the page: " + expected);

        Path png = tmp.resolve("report.png");
        // one browser run: DOM after the page script, and a screenshot
        String dom = runChromium(chromium, "--dump-dom", "--screenshot=" + png, "--window-size=1300,900",
                page.toUri().toString());
        Matcher m = Pattern.compile("data-bars-drawn=\"(\\d+)\"").matcher(dom);
        assertTrue(m.find(), "the page script did not run; DOM starts: " + dom.substring(0, Math.min(300, dom.length())));
        assertEquals(expected, Integer.parseInt(m.group(1)), "bars laid out with non-zero size by Chromium");

        assertTrue(Files.size(png) > 0, "no screenshot");
        BufferedImage image = ImageIO.read(png.toFile());
        int red = countColour(image, 0xd6, 0x27, 0x28);
        int blue = countColour(image, 0x1f, 0x77, 0xb4);
        assertTrue(red > 500, "red (complete) bar pixels in the screenshot: " + red);
        assertTrue(blue > 500, "blue (incomplete) bar pixels in the screenshot: " + blue);
        Path keep = Path.of("target", "browser");
        Files.createDirectories(keep);
        Files.copy(png, keep.resolve("eval-report.png"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(page, keep.resolve("eval-report.html"), StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * The retrieval-vs-reasoning chart: a bar per failure kind for each graph and rule type, drawn in its own colours,
     * and the breakdown's tables beside it.
     */
    @Test
    void failureChartIsDrawnInHeadlessChromium() throws Exception {
        Path chromium = chromium();
        Path bench = dev.lacuna.evidence.HandMadeKg.write(tmp.resolve("handmade"));
        Path file = BenchmarkFixture.writeString(tmp.resolve("retrieved.jsonl"), EvidenceDiagnosisTest.RETRIEVED);
        EvaluationReport report = EvaluationReport.evaluate(Benchmark.load(bench), EvaluationSettings.defaults(),
                List.of(SystemSpec.pair("retriever", file, file)));
        String html = HtmlReport.render(report);
        assertTrue(html.contains("Where it breaks: retrieval or reasoning") && html.contains("Case studies: retriever"), html);
        Matcher failureBars = Pattern.compile("<svg[^>]*data-metric=\"failures\"[\\s\\S]*?</svg>").matcher(html);
        assertTrue(failureBars.find(), "no failure chart");
        assertEquals(8, expectedBars(failureBars.group()), "non-zero failure bars: on each graph, all questions and the"
                + " composition questions have one retrieval failure (q3) and one reasoning failure (q1)");
        Path page = tmp.resolve("failures.html");
        Files.writeString(page, html, StandardCharsets.UTF_8);
        Path png = tmp.resolve("failures.png");
        String dom = runChromium(chromium, "--dump-dom", "--screenshot=" + png, "--window-size=1300,2600",
                page.toUri().toString());
        Matcher m = Pattern.compile("data-bars-drawn=\"(\\d+)\"").matcher(dom);
        assertTrue(m.find(), "the page script did not run");
        assertEquals(expectedBars(html), Integer.parseInt(m.group(1)), "bars laid out with non-zero size by Chromium");
        BufferedImage image = ImageIO.read(png.toFile());
        assertTrue(countColour(image, 0x94, 0x67, 0xbd) > 200, "retrieval failure bars (purple) in the screenshot");
        assertTrue(countColour(image, 0xe3, 0x77, 0xc2) > 200, "reasoning failure bars (pink) in the screenshot");
        Path keep = Path.of("target", "browser");
        Files.createDirectories(keep);
        Files.copy(png, keep.resolve("eval-failures.png"), StandardCopyOption.REPLACE_EXISTING);
    }

    /** Bars the page declares with a value that should give a non-zero height. */
    private static int expectedBars(String html) {
        Matcher m = Pattern.compile("<rect class=\"bar\"[^>]*data-value=\"([0-9.]+)\"").matcher(html);
        int n = 0;
        while (m.find()) {
            if (Double.parseDouble(m.group(1)) > 0) {
                n++;
            }
        }
        return n;
    }

    private static int countColour(BufferedImage image, int r, int g, int b) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y);
                if (Math.abs(((rgb >> 16) & 0xff) - r) <= 4 && Math.abs(((rgb >> 8) & 0xff) - g) <= 4
                        && Math.abs((rgb & 0xff) - b) <= 4) {
                    n++;
                }
            }
        }
        return n;
    }

    static Path chromium() {
        String override = System.getenv("LACUNA_CHROMIUM");
        for (String candidate : new String[] {override, "/usr/bin/chromium", "/usr/bin/chromium-browser"}) {
            if (candidate != null && Files.isExecutable(Path.of(candidate))) {
                return Path.of(candidate);
            }
        }
        if (System.getenv("LACUNA_SKIP_BROWSER_TESTS") != null) {
            Assumptions.abort("Chromium missing and LACUNA_SKIP_BROWSER_TESTS is set");
        }
        fail("headless Chromium is needed to check the HTML report: install it with "
                + "'apt-get update && apt-get install -y chromium' (or set LACUNA_CHROMIUM=/path/to/chromium; "
                + "set LACUNA_SKIP_BROWSER_TESTS=1 to skip browser tests)");
        return null;
    }

    private String runChromium(Path chromium, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-dev-shm-usage", "--hide-scrollbars",
                "--user-data-dir=" + Files.createTempDirectory(tmp, "chromium-profile")));
        cmd.addAll(List.of(args));
        Path stdout = Files.createTempFile(tmp, "chromium", ".out");
        Path stderr = Files.createTempFile(tmp, "chromium", ".err");
        Process p = new ProcessBuilder(cmd).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
        if (!p.waitFor(90, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            fail("chromium did not finish in 90 s: " + Files.readString(stderr));
        }
        assertEquals(0, p.exitValue(), () -> "chromium failed: " + readQuietly(stderr));
        return Files.readString(stdout);
    }

    private static String readQuietly(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
