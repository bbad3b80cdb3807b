package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.LacunaException;
import dev.lacuna.grounding.GroundingSelector;
import dev.lacuna.verify.Verifier;
import dev.lacuna.questions.GeneratorKind;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.store.GraphChecksum;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.testing.Rdf4jServer;

/**
 * A build that fails its own verify publishes nothing, on every store kind a build writes to: the store holds the
 * previous build again (every graph a build writes, by checksum), the previous folder is untouched and verifies, the
 * failed folder sits beside --out named as failed, and the next build runs as if the failed one never had. The
 * failure is injected as one more failed check, as any check of the verify may fail.
 */
@ExtendWith(Rdf4jServer.class)
class FailedVerifyTest {
    @TempDir
    Path tmp;

    private static List<MinedRule> someRules() {
        return FamilyBuild.referenceRules().subList(0, 10);
    }

    @Test
    void nativeStore() throws IOException {
        check(new StoreConfig.NativeStoreConfig(tmp.resolve("store"), null));
    }

    @Test
    void lmdbStore() throws IOException {
        // LMDB writes a first build at isolation NONE and a rebuild as a difference: both are rolled back here.
        check(new StoreConfig.LmdbStoreConfig(tmp.resolve("store"), null));
    }

    @Test
    void memoryStore() throws IOException {
        check(new StoreConfig.MemoryStoreConfig());
    }

    @Test
    void rdf4jServer(Rdf4jServer server) throws IOException {
        check(StoreSpec.repository(server.repositoryUrl(server.createRepository("failed-verify"))));
    }

    @Test
    void plainSparqlEndpoint(Rdf4jServer server) throws IOException {
        // Without transactions across requests the build stages its graphs and moves them: rolled back the same.
        String url = server.repositoryUrl(server.createRepository("failed-verify-endpoint"));
        check(StoreSpec.sparql(url, url + "/statements"));
    }

    private void check(StoreConfig config) throws IOException {
        Repository repository = FamilyBuild.loadedStore(config, tmp, 42);
        try {
            // A first build that fails: nothing at all is published, and the store names no folder.
            Path early = tmp.resolve("early");
            String empty = graphs(repository);
            failingBuild(repository, early, 3, false);
            assertEquals(empty, graphs(repository), "a failed first build leaves the store's graphs as they were");
            assertNull(BuildPublication.publishedFolder(repository, FamilyBuild.KG));
            assertFalse(Files.exists(early));
            assertTrue(Files.isRegularFile(BuildCheck.failedFolder(early).resolve(BuildCheck.FAILED_NOTE)));

            Path first = tmp.resolve("first");
            build(repository, first, 1, false);
            String published = graphs(repository);
            Map<String, String> firstFiles = files(first);

            // Rebuilt into the same folder with --force, and into another one: each fails and is rolled back.
            failingBuild(repository, first, 2, true);
            assertEquals(published, graphs(repository), "the store holds the previous build again");
            assertEquals(firstFiles, files(first), "the previous folder is as it was");
            assertTrue(Verifier.verify(repository, first).passed(), "the previous folder still verifies");
            assertEquals(first.toAbsolutePath().toString(), BuildPublication.publishedFolder(repository, FamilyBuild.KG));
            Path failed = BuildCheck.failedFolder(first);
            assertTrue(Files.isRegularFile(failed.resolve(BuildCheck.FAILED_NOTE)));
            assertTrue(Files.readString(failed.resolve(BuildCheck.FAILED_NOTE)).contains("injected check"));
            LacunaException refused = assertThrows(LacunaException.class, () -> Verifier.verify(repository, failed)
                    .requirePassed(), "a failed folder is no benchmark");
            assertTrue(refused.getMessage().contains(BuildCheck.FAILED_NOTE), refused.getMessage());

            Path other = tmp.resolve("other");
            failingBuild(repository, other, 3, true);
            assertEquals(published, graphs(repository));
            assertFalse(Files.exists(other));
            assertEquals(firstFiles, files(first));

            // The next build is as it would have been: it verifies, and a failed folder does not stand in its way.
            build(repository, other, 3, true);
            assertTrue(Verifier.verify(repository, other).passed());
            assertEquals(other.toAbsolutePath().toString(), BuildPublication.publishedFolder(repository, FamilyBuild.KG));
        } finally {
            repository.shutDown();
        }
    }

    private static void build(Repository repository, Path out, long seed, boolean force) {
        new BenchmarkBuilder(repository, FamilyBuild.KG).buildVerified(someRules(), "x",
                settings(out, seed, force), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    private static void failingBuild(Repository repository, Path out, long seed, boolean force) {
        BenchmarkBuilder builder = new BenchmarkBuilder(repository, FamilyBuild.KG);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        BuildCheck check = new BuildCheck(new PrintStream(printed, true, StandardCharsets.UTF_8),
                new Verifier.Check("injected check", 1, List.of("q00001: made to fail")));
        LacunaException e = assertThrows(LacunaException.class,
                () -> builder.buildVerified(someRules(), "x", settings(out, seed, force), check));
        assertTrue(e.getMessage().contains("injected check") && e.getMessage().contains("Nothing was published"),
                e.getMessage());
        assertTrue(printed.toString(StandardCharsets.UTF_8).contains("FAIL injected check"), printed.toString());
    }

    private static BuildSettings settings(Path out, long seed, boolean force) {
        return new BuildSettings(out, force, 30, 0.01, seed, GeneratorKind.TEMPLATE, null, null,
                500, GroundingSelector.Mode.FILTER);
    }

    /** Every graph a build writes, by checksum and size, and the folder record. */
    private static String graphs(Repository repository) {
        List<String> sums = new ArrayList<>();
        try (RepositoryConnection c = repository.getConnection()) {
            for (var g : List.of(FamilyBuild.KG.incomplete(), FamilyBuild.KG.benchmark(), FamilyBuild.KG.replaced(),
                    FamilyBuild.KG.noisy(), BuildPublication.buildsGraph(FamilyBuild.KG),
                    BuildPublication.stagingIncomplete(FamilyBuild.KG), BuildPublication.stagingBenchmark(FamilyBuild.KG))) {
                sums.add(g + " " + c.size(g) + " " + GraphChecksum.of(c, g));
            }
        }
        return String.join("\n", sums);
    }

    private static Map<String, String> files(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                out.put(dir.relativize(p).toString(), HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                        .digest(Files.readAllBytes(p))) + " " + Files.getLastModifiedTime(p));
            }
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }
}
