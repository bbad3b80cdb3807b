package dev.lacuna.folder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;
import dev.lacuna.cli.CliRunner;
import dev.lacuna.testing.TestData;

/** --force replaces a benchmark folder and nothing else: never the working folder, an ancestor or the store. */
class BenchmarkFolderWriteTest {
    static final String SUMMARY = "{\"kg\":\"family\",\"triples\":{\"complete\":3,\"incomplete\":2,\"removed\":1},"
            + "\"questions\":{\"total\":1}}\n";

    @Test
    void forceRefusesAFolderThatIsNotABenchmarkAndKeepsItsFiles(@TempDir Path dir) throws IOException {
        Path thesis = Files.writeString(Files.createDirectories(dir.resolve("work")).resolve("thesis.txt"), "chapter 1");
        BadInputException e = assertThrows(BadInputException.class,
                () -> BenchmarkFolder.write(dir.resolve("work"), true, d -> Files.writeString(d.resolve("x"), "x")));
        assertTrue(e.getMessage().contains("not a Lacuna benchmark"), e.getMessage());
        assertEquals("chapter 1", Files.readString(thesis));
        // a summary.json of another shape does not make a folder a benchmark
        Files.writeString(dir.resolve("work").resolve("summary.json"), "{\"kg\":\"family\"}");
        assertThrows(BadInputException.class,
                () -> BenchmarkFolder.write(dir.resolve("work"), true, d -> Files.writeString(d.resolve("x"), "x")));
        assertTrue(Files.exists(thesis));
    }

    @Test
    void forceReplacesABenchmarkFolder(@TempDir Path dir) throws IOException {
        Path bench = Files.createDirectories(dir.resolve("bench"));
        Files.writeString(bench.resolve("summary.json"), SUMMARY);
        Files.writeString(bench.resolve("stale.txt"), "old");
        BenchmarkFolder.write(bench, true, d -> Files.writeString(d.resolve("summary.json"), SUMMARY));
        assertFalse(Files.exists(bench.resolve("stale.txt")));
        assertTrue(BenchmarkFolder.isBenchmark(bench));
    }

    @Test
    void neverTheCurrentFolderOrItsAncestors() {
        for (String out : List.of(".", "..", "./", Path.of("").toAbsolutePath().getRoot().toString())) {
            BadInputException e = assertThrows(BadInputException.class, () -> BenchmarkFolder.checkTarget(Path.of(out), true, List.of()));
            assertTrue(e.getMessage().contains("current folder"), out + ": " + e.getMessage());
        }
    }

    @Test
    void neverAFolderHoldingTheStoreOrInsideIt(@TempDir Path dir) throws IOException {
        Path bench = Files.createDirectories(dir.resolve("bench"));
        Files.writeString(bench.resolve("summary.json"), SUMMARY);
        Path store = Files.createDirectories(bench.resolve("store"));
        BadInputException e = assertThrows(BadInputException.class,
                () -> BenchmarkFolder.checkTarget(bench, true, List.of(store)));
        assertTrue(e.getMessage().contains("holds the store"), e.getMessage());
        e = assertThrows(BadInputException.class,
                () -> BenchmarkFolder.checkTarget(store.resolve("out"), false, List.of(store)));
        assertTrue(e.getMessage().contains("inside the store"), e.getMessage());
        // through a symbolic link too
        Path link = Files.createSymbolicLink(dir.resolve("link"), bench);
        assertThrows(BadInputException.class, () -> BenchmarkFolder.checkTarget(link, true, List.of(store)));
        assertTrue(Files.isDirectory(store));
    }

    @Test
    void cliBuildForceOutDotIsRefusedBeforeAnythingIsTouched(@TempDir Path dir) throws IOException {
        // a memory store holds no KG, so even a broken check could not reach the folder write
        Path rules = TestData.amie3("family-maxad3.tsv");
        CliRunner.Run run = CliRunner.run("build", "--store", "memory", "--kg", "family", "--rules", rules.toString(),
                "--out", ".", "--force");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("current folder"), run.err());
        assertTrue(Files.exists(Path.of("pom.xml")));

        Path bench = Files.createDirectories(dir.resolve("bench"));
        Files.writeString(bench.resolve("summary.json"), SUMMARY);
        String store = "native:" + bench.resolve("store");
        run = CliRunner.run("build", "--store", store, "--kg", "family", "--rules", rules.toString(),
                "--out", bench.toString(), "--force");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("holds the store"), run.err());
        assertFalse(Files.exists(bench.resolve("store")), "refused before the store was opened");

        Path thesis = Files.writeString(Files.createDirectories(dir.resolve("thesis")).resolve("thesis.txt"), "text");
        run = CliRunner.run("build", "--store", "memory", "--kg", "family", "--rules", rules.toString(),
                "--out", thesis.getParent().toString(), "--force");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("not a Lacuna benchmark"), run.err());
        assertEquals("text", Files.readString(thesis));
    }
}
