package dev.lacuna.folder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.annotation.JsonProperty;

import dev.lacuna.questions.GiveAway;
import dev.lacuna.questions.Question;

/**
 * docs/reference/benchmark-folder.md names every file of the layout, every field of a question and every field of
 * summary.json as the code writes them, so a field added without its documentation fails here.
 */
class BenchmarkFolderReferenceTest {
    private static final Path PAGE = Path.of("docs", "reference", "benchmark-folder.md");

    @Test
    void thePageNamesEveryFileAndField() throws IOException {
        String page = Files.readString(PAGE, StandardCharsets.UTF_8);
        List<String> missing = new ArrayList<>();
        Path root = Path.of("DIR");
        for (Path file : BenchmarkFolder.at(root).files()) {
            String name = root.relativize(file).toString().replace('\\', '/');
            if (!page.contains("`" + name + "`")) {
                missing.add("file " + name);
            }
        }
        Set<String> fields = new TreeSet<>();
        for (Class<?> type : List.of(Question.class, Question.Grounding.class, Question.ProofStep.class, Summary.class,
                Summary.Rules.class, Summary.Groundings.class, Summary.Triples.class, Summary.Questions.class,
                Summary.Depth.class)) {
            for (RecordComponent c : type.getRecordComponents()) {
                JsonProperty p = c.getAccessor().getAnnotation(JsonProperty.class);
                if (p == null) {
                    p = c.getAnnotation(JsonProperty.class);
                }
                if (p != null) {
                    fields.add(p.value());
                }
            }
        }
        for (GiveAway.Reason r : GiveAway.Reason.values()) {
            fields.add(r.key());
        }
        assertTrue(fields.size() > 40, "the records' JSON fields were not found: " + fields);
        for (String field : fields) {
            if (!page.contains("`" + field + "`")) {
                missing.add("field " + field);
            }
        }
        assertEquals(List.of(), missing, PAGE + " does not name these");
    }
}
