package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.breakage.BreakKind;
import dev.lacuna.breakage.BreakSettings;
import dev.lacuna.store.StoreConfig;

/**
 * The in-memory store, which lives only as long as the process and so is built on in process rather than by the
 * CLI: the ladder to depth 3 with both broken graphs passes the build's own verify there and writes the same folder,
 * byte for byte, as on LMDB (the other store kinds: {@link LadderOptionsTest}, {@link GraphDbBuildTest},
 * {@link RemoteBuildTest} and the Virtuoso suite).
 */
class MemoryLadderTest {
    @TempDir
    Path tmp;

    @Test
    void theLadderWithBrokenGraphsIsTheSameInMemoryAsOnLmdb() throws IOException {
        Path inMemory = build(new StoreConfig.MemoryStoreConfig(), "memory");
        Path onLmdb = build(new StoreConfig.LmdbStoreConfig(tmp.resolve("lmdb-store"), null), "lmdb");
        SameBenchmark.assertSameFolders(onLmdb, inMemory);
        SameBenchmark.assertDeeperQuestions(inMemory);
    }

    private Path build(StoreConfig config, String name) throws IOException {
        Repository repository = FamilyBuild.loadedStore(config, Files.createDirectories(tmp.resolve(name + "-kg")), 42);
        Path out = tmp.resolve(name + "-out");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try {
            new BenchmarkBuilder(repository, FamilyBuild.KG)
                    .withBreaks(new BreakSettings(BreakKind.REPLACE, 0.2))
                    .buildVerified(FamilyBuild.referenceRules().subList(0, 30), "amie3-import",
                            BuildSettings.defaults(out).withSeed(2).withDepth(3, 30),
                            new PrintStream(printed, true, StandardCharsets.UTF_8));
        } finally {
            repository.shutDown();
        }
        String report = printed.toString(StandardCharsets.UTF_8);
        assertTrue(report.contains("ok   every proof body triple in noisy") && !report.contains("FAIL"), report);
        return out;
    }
}
