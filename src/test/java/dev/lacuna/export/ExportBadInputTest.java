package dev.lacuna.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.eval.BenchmarkFixture;

/** Bad input to lacuna export: a clear message naming the problem, exit 2, and no output folder at all. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExportBadInputTest {
    @TempDir
    Path tmp;
    Path bench;

    @BeforeAll
    void fixture(@TempDir Path dir) throws IOException {
        bench = dir.resolve("bench");
        BenchmarkFixture.write(bench);
        Files.createDirectories(bench.resolve("kg"));
        Files.writeString(bench.resolve("kg/complete.tsv"), "1\tbrotherOf\t2\n1\tbrotherOf\t3\n4\tsisterOf\t5\n");
        Files.writeString(bench.resolve("kg/incomplete.tsv"), "1\tbrotherOf\t3\n");
        Files.writeString(bench.resolve("kg/removed.tsv"), "1\tbrotherOf\t2\n4\tsisterOf\t5\n");
        Files.writeString(bench.resolve("rules.tsv"), "Rule\tHead Coverage\n?a  brotherOf  ?b   => ?b  brotherOf  ?a\t0.5\n");
        Files.writeString(bench.resolve("summary.json"), "{\"format\": 1, \"kg\": \"fixture\", \"base\": \"https://lacuna.dev/\", "
                + "\"triples\": {\"complete\": 3, \"incomplete\": 1, \"removed\": 2}, \"questions\": {\"total\": 5}}\n");
    }

    private CliRunner.Run export(Path benchmark, Path out, String... more) {
        String[] base = {"export", "--benchmark", benchmark.toString(), "--out", out.toString()};
        return CliRunner.run(Stream.concat(Stream.of(base), Stream.of(more)).toArray(String[]::new));
    }

    private void assertRefused(CliRunner.Run run, Path out, String message) {
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains(message), run.err());
        assertFalse(Files.exists(out), "nothing written");
        try (Stream<Path> siblings = Files.list(out.getParent())) {
            assertTrue(siblings.noneMatch(p -> p.getFileName().toString().contains(".partial-")), "no partial folder left");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theFixtureItselfExports() {
        Path out = tmp.resolve("ok");
        CliRunner.Run run = export(bench, out, "--format", "brink", "--labels", "text");
        assertEquals(0, run.code(), run.toString());
        assertTrue(Files.exists(out.resolve("gold.json")));
    }

    @Test
    void unknownFormatLabelSettingOrGraph() {
        Path out = tmp.resolve("out");
        assertRefused(export(bench, out, "--format", "parquet"), out, "unknown export format 'parquet'");
        assertRefused(export(bench, out, "--format", "rog", "--labels", "names"), out, "unknown label mode 'names'");
        assertRefused(export(bench, out, "--format", "rog", "--graph", "labels"), out, "unknown graph 'labels'");
        assertRefused(export(bench, out, "--format", "rog", "--hops", "9"), out, "--hops");
    }

    @Test
    void missingFiles() throws IOException {
        for (String file : new String[] {"entities.tsv", "kg/removed.tsv", "questions/valid.jsonl", "summary.json"}) {
            Path copy = copyBench("missing-" + file.replace('/', '-'));
            Files.delete(copy.resolve(file));
            Path out = tmp.resolve("out-" + file.replace('/', '-'));
            assertRefused(export(copy, out, "--format", "tsv"), out, file.substring(file.lastIndexOf('/') + 1));
        }
        Path out = tmp.resolve("none");
        assertRefused(export(tmp.resolve("no-such-folder"), out, "--format", "tsv"), out, "does not exist");
    }

    @Test
    void aFolderFromAnotherVersion() throws IOException {
        Path copy = copyBench("other-version");
        Files.writeString(copy.resolve("summary.json"), Files.readString(copy.resolve("summary.json")).replace("\"complete\": 3", "\"complete\": 4"));
        Path out = tmp.resolve("out-version");
        assertRefused(export(copy, out, "--format", "rog"), out, "another version of lacuna build");
        Path old = copyBench("old-entities");
        Files.writeString(old.resolve("entities.tsv"), "id\tname\n1\tAlice\n");
        assertRefused(export(old, out, "--format", "rog"), out, "header");
        Path noCounts = copyBench("no-counts");
        Files.writeString(noCounts.resolve("summary.json"), "{\"kg\": \"fixture\", \"base\": \"https://lacuna.dev/\"}");
        assertRefused(export(noCounts, out, "--format", "tsv"), out, "another version");
    }

    @Test
    void entityTablesTheExportsCannotNumber() throws IOException {
        Path words = copyBench("word-ids");
        Files.writeString(words.resolve("entities.tsv"), Files.readString(words.resolve("entities.tsv")).replace("10\te10", "x10\te10"));
        Path out = tmp.resolve("out-ids");
        assertRefused(export(words, out, "--format", "ntriples"), out, "entities.tsv:11:1: private id 'x10' is not a number");
        Path twice = copyBench("twice");
        Files.writeString(twice.resolve("entities.tsv"), Files.readString(twice.resolve("entities.tsv")) + "3\te3b\tCarol\n");
        assertRefused(export(twice, out, "--format", "rog"), out, "entities.tsv:12:1: private id 3 is listed twice");
    }

    @Test
    void questionsNoExportCanWrite() throws IOException {
        Path noAnswers = copyBench("no-answers");
        Path valid = noAnswers.resolve("questions/valid.jsonl");
        Files.writeString(valid, "\n" + Files.readString(valid).replace("\"answers\":[\"3\"]", "\"answers\":[]"));
        Path out = tmp.resolve("out-questions");
        // Line 2: the blank first line counts, as an editor counts it.
        assertRefused(export(noAnswers, out, "--format", "gnnrag"), out, "valid.jsonl:2: question q4 has no answers");
        Path stranger = copyBench("stranger");
        Path test = stranger.resolve("questions/test.jsonl");
        Files.writeString(test, Files.readString(test).replace("\"answers\":[\"7\",", "\"answers\":[\"77\","));
        assertRefused(export(stranger, out, "--format", "brink"), out, "test.jsonl:3: question q3: answer 77 is not in entities.tsv");
    }

    @Test
    void gnnragRefusesTwoEntitiesWithOneKbId() throws IOException {
        // Entity 5 has no source id, so its source name falls back to its private id, which is entity 4's source id.
        Path clash = copyBench("kb-clash");
        Files.writeString(clash.resolve("entities.tsv"), Files.readString(clash.resolve("entities.tsv"))
                .replace("4\te4\t", "4\t5\t").replace("5\te5\t", "5\t\t"));
        Path out = tmp.resolve("out-kb");
        assertRefused(export(clash, out, "--format", "gnnrag", "--labels", "source"), out,
                "entities.tsv:6: entity 5 has the kb_id '5' of an earlier entity");
        assertEquals(0, export(clash, tmp.resolve("kb-private"), "--format", "gnnrag").code(), "private ids are unique");
    }

    @Test
    void anExistingOutputFolderIsKeptWithoutForceAndForceReplacesOnlyAnExport() throws IOException {
        Path out = tmp.resolve("exists");
        Files.createDirectories(out);
        Files.writeString(out.resolve("mine.txt"), "keep");
        CliRunner.Run run = export(bench, out, "--format", "tsv");
        assertEquals(2, run.code(), run.toString());
        assertEquals("keep", Files.readString(out.resolve("mine.txt")));
        CliRunner.Run forced = export(bench, out, "--format", "tsv", "--force");
        assertEquals(2, forced.code(), "--force never empties a folder that is not an export: " + forced);
        assertTrue(forced.err().contains("not a Lacuna export"), forced.err());
        assertEquals("keep", Files.readString(out.resolve("mine.txt")));

        Path previous = tmp.resolve("previous");
        assertEquals(0, export(bench, previous, "--format", "tsv").code());
        assertEquals(2, export(bench, previous, "--format", "brink").code(), "no --force");
        assertEquals(0, export(bench, previous, "--format", "brink", "--force").code());
        assertTrue(Files.readString(previous.resolve("export.json")).contains("\"brink\""));
    }

    private Path copyBench(String name) throws IOException {
        Path copy = tmp.resolve(name);
        try (Stream<Path> files = Files.walk(bench)) {
            for (Path p : files.toList()) {
                Path target = copy.resolve(bench.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return copy;
    }
}
