package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.testing.GraphDb;

/**
 * The Family benchmark built inside a real GraphDB (started by scripts/graphdb.sh, a repository configured as
 * docker/graphdb-repository.ttl, --repository URL) is byte for byte the one built in the default LMDB store:
 * load, build and verify by the CLI on both, then every file of the two folders compared.
 */
@ExtendWith(GraphDb.class)
class GraphDbBuildTest {
    @TempDir
    Path tmp;

    @Test
    void graphDbAndLmdbGiveTheSameBenchmark(GraphDb graphDb) throws IOException {
        String id = graphDb.createRepository("build");
        List<SameBenchmark.Run> runs = SameBenchmark.buildOnEach(tmp, graphDb.storeArgs(id),
                new String[] {"--store", "lmdb:" + tmp.resolve("store")});
        for (SameBenchmark.Run run : runs) {
            // ruleset "empty": the inference probe finds nothing to warn about
            assertFalse(run.load().err().contains("infers") || run.build().err().contains("infers"),
                    run.load().err() + run.build().err());
        }
        SameBenchmark.assertSameFolders(runs.get(1).out(), runs.get(0).out());
        graphDb.deleteRepository(id);
    }

    /**
     * The ladder with both broken graphs composes with GraphDB as with the embedded store: each build passes its own
     * verify and {@code lacuna verify}, and the folders, proofs, traps and noisy graph included, are the same.
     */
    @Test
    void theLadderWithBrokenGraphsIsTheSameOnGraphDb(GraphDb graphDb) throws IOException {
        String id = graphDb.createRepository("ladder");
        List<SameBenchmark.Run> runs = SameBenchmark.buildOnEach(tmp, SameBenchmark.ALL_OPTIONS, graphDb.storeArgs(id),
                new String[] {"--store", "lmdb:" + tmp.resolve("store")});
        SameBenchmark.assertSameFolders(runs.get(1).out(), runs.get(0).out());
        SameBenchmark.assertDeeperQuestions(runs.get(0).out());
        graphDb.deleteRepository(id);
    }
}
