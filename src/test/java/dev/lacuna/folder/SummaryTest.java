package dev.lacuna.folder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;

class SummaryTest {
    private static Summary sample() {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("seed", "42");
        parameters.put("tau", "0.01");
        Map<String, Long> types = new LinkedHashMap<>();
        types.put("symmetry", 1L);
        types.put("other", 2L);
        return new Summary(Summary.FORMAT, "family", "https://lacuna.dev/", parameters,
                new Summary.Rules(3L, types), new Summary.Groundings(10L, 4L, 3L, 2L, 1L),
                new Summary.Triples(100L, 90L, 10L),
                new Summary.Questions(12L, 1L, 0L, 2L, 9L, 0L, 0L, 7L, 1L, 1L, 9L));
    }

    @Test
    void writtenWithFormatFirstInTheFieldOrderOfTheBuildAndReadBackEqual(@TempDir Path dir) throws IOException {
        BenchmarkFolder.writeSummary(dir, sample());
        String text = Files.readString(dir.resolve("summary.json"));
        assertTrue(text.startsWith("{\n  \"format\" : 1,\n  \"kg\" : \"family\",\n  \"base\" : \"https://lacuna.dev/\",\n"
                + "  \"parameters\" : {\n    \"seed\" : \"42\","), text);
        assertTrue(text.contains("\"skipped_head_is_body_of_selected\" : 3,"), text);
        assertTrue(text.endsWith("    \"total\" : 9\n  }\n}\n"), text);
        assertEquals(sample(), BenchmarkFolder.at(dir).summary());
        assertEquals("https://lacuna.dev/kg/family/complete",
                BenchmarkFolder.at(dir).summary().kgGraphs().complete().stringValue());
    }

    @Test
    void aFolderWithoutFormatIsRefusedAsAnotherVersion(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("summary.json"), "{\"kg\": \"family\", \"triples\": {\"complete\": 3}}");
        BadInputException e = assertThrows(BadInputException.class, () -> BenchmarkFolder.at(dir).summary());
        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().startsWith(dir.resolve("summary.json") + ": no format field"), e.getMessage());
        assertTrue(e.getMessage().contains("another version of lacuna build"), e.getMessage());
        Files.writeString(dir.resolve("summary.json"), "{\"format\": 7, \"kg\": \"family\"}");
        assertTrue(assertThrows(BadInputException.class, () -> BenchmarkFolder.at(dir).summary()).getMessage()
                .contains("format 7, this lacuna reads format 1"));
        Files.writeString(dir.resolve("summary.json"), "{\"format\": 1, \"kg\": \"family\"} trailing");
        assertTrue(assertThrows(BadInputException.class, () -> BenchmarkFolder.at(dir).summary()).getMessage()
                .contains("malformed"));
    }
}
