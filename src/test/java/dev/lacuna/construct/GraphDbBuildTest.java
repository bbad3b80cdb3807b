package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.rules.AmieRules;
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
        Path family = FamilyBuild.bundledFamily(tmp);
        Path rules = tmp.resolve("rules.tsv");
        AmieRules.write(FamilyBuild.referenceRules().subList(0, 30), rules);
        String id = graphDb.createRepository("build");
        String remote = graphDb.repositoryUrl(id);
        Path remoteOut = tmp.resolve("graphdb-out");
        Path embeddedOut = tmp.resolve("lmdb-out");
        String[][] stores = {{"--repository", remote}, {"--store", "lmdb:" + tmp.resolve("store")}};
        Path[] outs = {remoteOut, embeddedOut};
        for (int i = 0; i < 2; i++) {
            CliRunner.Run load = CliRunner.run("load", stores[i][0], stores[i][1], "--kg", "family", family.toString());
            assertEquals(0, load.code(), load.toString());
            CliRunner.Run build = CliRunner.run("build", stores[i][0], stores[i][1], "--kg", "family", "--rules",
                    rules.toString(), "--out", outs[i].toString());
            assertEquals(0, build.code(), build.toString());
            assertTrue(build.out().contains("ok   answer sets equal"), build.out());
            // ruleset "empty": the inference probe finds nothing to warn about
            assertFalse(load.err().contains("infers") || build.err().contains("infers"), load.err() + build.err());
            CliRunner.Run verify = CliRunner.run("verify", stores[i][0], stores[i][1], outs[i].toString());
            assertEquals(0, verify.code(), verify.toString());
        }
        List<Path> files = files(embeddedOut);
        assertTrue(files.size() > 5, files.toString());
        assertEquals(files, files(remoteOut));
        for (Path f : files) {
            assertArrayEquals(Files.readAllBytes(embeddedOut.resolve(f)), Files.readAllBytes(remoteOut.resolve(f)), f.toString());
        }
        graphDb.deleteRepository(id);
    }

    private static List<Path> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(root::relativize).sorted().toList();
        }
    }
}
