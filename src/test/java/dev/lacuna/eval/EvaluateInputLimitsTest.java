package dev.lacuna.eval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;
import dev.lacuna.export.ExportManifest;

/**
 * What evaluate does with files that are large, odd or hostile: one huge value is refused in time linear in its
 * length with a message naming the cap, export.json must be exactly one JSON object in UTF-8 with unique keys, and a
 * byte order mark is accepted alike in every file evaluate reads.
 */
class EvaluateInputLimitsTest {
    private static final String BOM = "\uFEFF";

    @TempDir
    Path tmp;

    private Path write(String name, String text) {
        return BenchmarkFixture.writeString(tmp.resolve(name), text);
    }

    private Path writeBytes(String name, byte[] bytes) throws IOException {
        Path file = tmp.resolve(name);
        Files.write(file, bytes);
        return file;
    }

    @Test
    void aHugeNumberIsRefusedQuicklyNamingTheLine() throws IOException {
        Path file = tmp.resolve("big-number.jsonl");
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write("{\"id\": \"q1\", \"prediction\": [\"2\"]}\n{\"id\": \"q2\", \"prediction\": [".getBytes(StandardCharsets.UTF_8));
            byte[] digits = new byte[1 << 20];
            java.util.Arrays.fill(digits, (byte) '7');
            out.write(digits);
            out.write("]}\n".getBytes(StandardCharsets.UTF_8));
        }
        long start = System.nanoTime();
        BadInputException e = assertThrows(BadInputException.class, () -> PredictionsReader.read(file, PredictionField.AUTO));
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(2, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("number"), e.getMessage());
        assertTrue(seconds < 3, "took " + seconds + " s");
    }

    @Test
    void aStringOverTheCapIsRefusedNamingTheCap() throws IOException {
        Path file = tmp.resolve("long-string.jsonl");
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write("{\"id\": \"q1\", \"raw_output\": \"".getBytes(StandardCharsets.UTF_8));
            byte[] text = new byte[PredictionsReader.MAX_FIELD_CHARS + 10];
            java.util.Arrays.fill(text, (byte) 'a');
            out.write(text);
            out.write("\"}\n".getBytes(StandardCharsets.UTF_8));
        }
        BadInputException e = assertThrows(BadInputException.class, () -> PredictionsReader.read(file, PredictionField.AUTO));
        assertEquals(1, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains(String.format(java.util.Locale.ROOT, "%,d", PredictionsReader.MAX_FIELD_CHARS)),
                e.getMessage());
    }

    @Test
    void aPredictionListOverTheCapIsRefusedWithoutReadingItWhole() throws IOException {
        Path file = tmp.resolve("long-list.json");
        try (OutputStream out = Files.newOutputStream(file)) {
            out.write("[{\"id\": \"q1\", \"prediction\": [".getBytes(StandardCharsets.UTF_8));
            byte[] item = "\"1\",".getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < PredictionsReader.MAX_ANSWERS + 1; i++) {
                out.write(item);
            }
            out.write("\"1\"]}]\n".getBytes(StandardCharsets.UTF_8));
        }
        BadInputException e = assertThrows(BadInputException.class, () -> PredictionsReader.read(file, PredictionField.AUTO));
        assertEquals(1, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains("answers"), e.getMessage());
    }

    @Test
    void aFileIsCappedAsAWholeToo() {
        String text = BenchmarkFixture.predictions("q1", "2,3", "q2", "5", "q3", "7,8,9");
        assertEquals(3, PredictionsReader.parse(text, "p.jsonl", PredictionField.AUTO, 6, 100).size());
        BadInputException answers = assertThrows(BadInputException.class,
                () -> PredictionsReader.parse(text, "p.jsonl", PredictionField.AUTO, 5, 100));
        assertEquals(3, answers.line(), answers.getMessage());
        assertTrue(answers.getMessage().contains("more than 5 answers"), answers.getMessage());
        String raw = "{\"id\": \"q1\", \"raw_output\": \"2, 3\"}\n{\"id\": \"q2\", \"raw_output\": \"5, 6, 7\"}\n";
        BadInputException chars = assertThrows(BadInputException.class,
                () -> PredictionsReader.parse(raw, "p.jsonl", PredictionField.AUTO, 100, 8));
        assertEquals(2, chars.line(), chars.getMessage());
        assertTrue(PredictionsReader.MAX_FILE_ANSWERS >= 1L << 20 && PredictionsReader.MAX_FILE_CHARS >= 1L << 24);
    }

    @Test
    void aByteOrderMarkIsAcceptedInPredictionsAsElsewhere() {
        List<SystemOutput> lines = PredictionsReader.read(write("bom.jsonl",
                BOM + BenchmarkFixture.predictions("q1", "2", "q2", "5")), PredictionField.AUTO);
        assertEquals(List.of("q1", "q2"), lines.stream().map(SystemOutput::id).toList());
        assertEquals(1, lines.get(0).line());
        List<SystemOutput> array = PredictionsReader.read(write("bom.json",
                BOM + "[{\"id\": \"q1\", \"prediction\": [\"2\"]}]"), PredictionField.AUTO);
        assertEquals(1, array.size());
    }

    @Test
    void aByteOrderMarkIsAcceptedInEveryFileOfTheBenchmark() throws IOException {
        Path bench = BenchmarkFixture.write(tmp.resolve("bench"));
        for (String name : List.of("summary.json", "entities.tsv", "questions/test.jsonl")) {
            Path f = bench.resolve(name);
            Files.writeString(f, BOM + Files.readString(f));
        }
        Path export = write("export/export.json", BOM + "{\"format\": \"lacuna-export/1\", \"export\": \"rog\", \"labels\": \"source\"}\n");
        assertEquals("source", ExportManifest.read(export.getParent()).outputs().label());
        Benchmark b = Benchmark.load(bench);
        Path p = write("p.jsonl", BOM + "{\"id\": \"q1\", \"prediction\": [\"e2\"]}\n");
        EvaluationReport r = EvaluationReport.evaluate(b, EvaluationSettings.defaults().withEntities(EntityForm.SOURCE),
                List.of(SystemSpec.single("s", p)));
        assertEquals("fixture", r.benchmark().kg());
        assertEquals(1, r.systems().get(0).runs().values().iterator().next().coverage().matched());
    }

    @Test
    void exportJsonWithTextAfterTheObjectIsRefused() {
        Path export = write("export/export.json", "{\"format\": \"lacuna-export/1\", \"export\": \"rog\", \"labels\": \"private\"} {\"x\": 1}\n");
        BadInputException e = assertThrows(BadInputException.class, () -> ExportManifest.read(export.getParent()));
        assertTrue(e.getMessage().startsWith(export.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("after"), e.getMessage());
    }

    @Test
    void exportJsonWithARepeatedKeyIsRefused() {
        Path export = write("export/export.json",
                "{\"format\": \"lacuna-export/1\", \"export\": \"rog\", \"labels\": \"private\", \"export\": \"brink\"}\n");
        BadInputException e = assertThrows(BadInputException.class, () -> ExportManifest.read(export.getParent()));
        assertTrue(e.getMessage().startsWith(export.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("export"), e.getMessage());
        assertTrue(e.getMessage().contains("duplicate") || e.getMessage().contains("twice"), e.getMessage());
    }

    @Test
    void exportJsonInInvalidUtf8IsRefused() throws IOException {
        byte[] head = "{\"format\": \"lacuna-export/1\", \"export\": \"rog\", \"labels\": \"private\", \"note\": \"".getBytes(StandardCharsets.UTF_8);
        byte[] tail = "\"}\n".getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[head.length + 1 + tail.length];
        System.arraycopy(head, 0, bytes, 0, head.length);
        bytes[head.length] = (byte) 0xC3; // a lead byte with no continuation
        System.arraycopy(tail, 0, bytes, head.length + 1, tail.length);
        Files.createDirectories(tmp.resolve("export"));
        Path export = writeBytes("export/export.json", bytes);
        BadInputException e = assertThrows(BadInputException.class, () -> ExportManifest.read(export.getParent()));
        assertTrue(e.getMessage().startsWith(export.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
    }

    @Test
    void exportJsonThatIsNotAnObjectIsRefused() {
        Path export = write("export/export.json", "[{\"format\": \"lacuna-export/1\"}]\n");
        BadInputException e = assertThrows(BadInputException.class, () -> ExportManifest.read(export.getParent()));
        assertTrue(e.getMessage().contains("object"), e.getMessage());
    }
}
