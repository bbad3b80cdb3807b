package dev.lacuna.folder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.SplitName;
import dev.lacuna.store.GraphRole;

/** The folder's typed readers: the strict entity table export needs, the one-pass subset evaluate needs, the rest. */
class FolderReadersTest {
    private static final String QUESTION = "{\"id\":\"q1\",\"question\":\"Who is the aunt of 1?\",\"topic_entity\":\"1\","
            + "\"relation\":\"aunt\",\"direction\":\"head\",\"answers\":[\"2\"],\"hard_answer\":\"2\"}\n";

    private static BenchmarkFolder folder(Path dir, String entities) throws IOException {
        BenchmarkFolder f = BenchmarkFolder.at(dir);
        Files.writeString(f.entitiesFile(), entities);
        Files.createDirectories(f.kgFolder());
        Files.writeString(f.graphFile(GraphRole.COMPLETE), "1\taunt\t2\n2\tniece\t1\n");
        Files.createDirectories(f.questionsFile(SplitName.TEST).getParent());
        Files.writeString(f.questionsFile(SplitName.TEST), "\n" + QUESTION);
        return f;
    }

    @Test
    void readsEachFileByItsType(@TempDir Path dir) throws IOException {
        BenchmarkFolder f = folder(dir, "private_id\tsource_id\tlabel\n1\t/m/01\tAnn\n2\t/m/02\t\n");
        Map<String, BenchmarkFolder.Entity> entities = f.entities();
        assertEquals(List.of("1", "2"), List.copyOf(entities.keySet()));
        assertEquals(new BenchmarkFolder.Entity("2", "/m/02", ""), entities.get("2"));
        assertEquals(Map.of("2", new BenchmarkFolder.Entity("2", "/m/02", "")), f.entities(Set.of("2", "9")));
        List<String> triples = new ArrayList<>();
        f.forEachTriple(GraphRole.COMPLETE, entities, t -> triples.add(String.join(" ", t)));
        assertEquals(List.of("1 aunt 2", "2 niece 1"), triples);
        assertTrue(f.hasQuestions(SplitName.TEST));
        assertFalse(f.hasQuestions(SplitName.TRAIN));
        Question q = f.questions(SplitName.TEST).get(0);
        assertEquals("q1", q.id());
        assertEquals(SplitName.TEST.label(), q.split()); // a question without a split takes its file's
    }

    @Test
    void theStrictTableRefusesWhatTheSubsetReaderForgives(@TempDir Path dir) throws IOException {
        // A two-column row: evaluate renders it (no label), export refuses it with file and line.
        BenchmarkFolder f = folder(dir, "private_id\tsource_id\tlabel\n1\t/m/01\n2\t/m/02\tBo\n");
        assertEquals("", f.entities(Set.of("1")).get("1").label());
        BadInputException e = assertThrows(BadInputException.class, f::entities);
        assertEquals(f.entitiesFile().toString(), e.source());
        assertEquals(2, e.line());

        BenchmarkFolder g = folder(dir, "private_id\tsource_id\tlabel\n01\t/m/01\tAnn\n");
        assertTrue(assertThrows(BadInputException.class, g::entities).getMessage().contains("private id '01' is not a number"));
    }

    @Test
    void aTripleNamesOnlyEntitiesOfTheTable(@TempDir Path dir) throws IOException {
        BenchmarkFolder f = folder(dir, "private_id\tsource_id\tlabel\n1\t/m/01\tAnn\n");
        Map<String, BenchmarkFolder.Entity> entities = f.entities();
        BadInputException e = assertThrows(BadInputException.class,
                () -> f.forEachTriple(GraphRole.COMPLETE, entities, t -> { }));
        assertEquals(1, e.line());
        assertEquals("1\taunt\t".length() + 1, e.column());
        assertTrue(e.getMessage().contains("entity 2 is not in entities.tsv"), e.getMessage());
    }
}
