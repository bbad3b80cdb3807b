package dev.lacuna.construct;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.testing.Rdf4jServer;

/**
 * The same benchmark through a real RDF4J Server (--repository URL) as through the embedded NativeStore:
 * load, build and verify by the CLI on both, then compare the output folders byte for byte.
 */
@ExtendWith(Rdf4jServer.class)
class RemoteBuildTest {
    @TempDir
    Path tmp;

    @Test
    void remoteAndEmbeddedGiveTheSameBenchmark(Rdf4jServer server) throws IOException {
        List<SameBenchmark.Run> runs = SameBenchmark.buildOnEach(tmp,
                new String[] {"--repository", server.repositoryUrl(server.createRepository("build"))},
                new String[] {"--store", "native:" + tmp.resolve("store")});
        SameBenchmark.assertSameFolders(runs.get(1).out(), runs.get(0).out());
    }

    /** The ladder with both broken graphs on an RDF4J Server: the same folder as on the embedded store. */
    @Test
    void theLadderWithBrokenGraphsIsTheSameOnAServer(Rdf4jServer server) throws IOException {
        List<SameBenchmark.Run> runs = SameBenchmark.buildOnEach(tmp, SameBenchmark.ALL_OPTIONS,
                new String[] {"--repository", server.repositoryUrl(server.createRepository("ladder"))},
                new String[] {"--store", "native:" + tmp.resolve("store")});
        SameBenchmark.assertSameFolders(runs.get(1).out(), runs.get(0).out());
        SameBenchmark.assertDeeperQuestions(runs.get(0).out());
    }
}
