package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;
import dev.lacuna.grounding.GroundingSelector;
import dev.lacuna.questions.GeneratorKind;
import dev.lacuna.questions.LlmSettings;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.store.GraphChecksum;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.verify.Verifier;

/**
 * A build switches the store to its graphs only once its folder is written: a refused, failed or unwritable
 * build leaves the published graphs, and so the previous folder, verifying; a build that would orphan
 * another folder is refused without --force, naming it.
 */
class BuildPublicationTest {
    @TempDir
    Path tmp;

    private static List<MinedRule> someRules() {
        return FamilyBuild.referenceRules().subList(0, 10);
    }

    @Test
    void theStoreFollowsOnlyAWrittenFolder() throws IOException {
        Repository repository = FamilyBuild.loadedStore(new StoreConfig.NativeStoreConfig(tmp.resolve("store")), tmp, 42);
        try {
            Path first = tmp.resolve("first");
            new BenchmarkBuilder(repository, FamilyBuild.KG).build(someRules(), "x", BuildSettings.defaults(first));
            assertTrue(Verifier.verify(repository, first).passed());
            assertTrue(Files.readString(first.resolve("graphs.json")).contains("\"incomplete\" : \"https://lacuna.dev/kg/family/incomplete\""));
            String published = checksums(repository);

            // An output location that cannot be written is refused before the store is touched.
            Path notAFolder = Files.writeString(tmp.resolve("file.txt"), "x");
            BadInputException e = assertThrows(BadInputException.class, () -> new BenchmarkBuilder(repository, FamilyBuild.KG)
                    .build(someRules(), "x", BuildSettings.defaults(notAFolder.resolve("out")).withSeed(5)));
            assertTrue(e.getMessage().contains("cannot write the output folder"), e.getMessage());

            // A second build elsewhere would leave the first folder matching nothing: refused, naming it.
            Path second = tmp.resolve("second");
            e = assertThrows(BadInputException.class, () -> new BenchmarkBuilder(repository, FamilyBuild.KG)
                    .build(someRules(), "x", BuildSettings.defaults(second).withSeed(5)));
            assertTrue(e.getMessage().contains(first.toAbsolutePath().toString()) && e.getMessage().contains("--force"),
                    e.getMessage());
            assertFalse(Files.exists(second));

            // A build that fails after writing its staged incomplete (here: the LLM is unreachable).
            int closedPort;
            try (ServerSocket s = new ServerSocket(0)) {
                closedPort = s.getLocalPort();
            }
            LlmSettings llm = LlmSettings.defaults(LlmSettings.Provider.OPENAI)
                    .withBaseUrl("http://127.0.0.1:" + closedPort + "/v1").withModel("m").withApiKey("k")
                    .withRetries(0, Duration.ofMillis(10)).withCacheDir(null);
            BuildSettings failing = new BuildSettings(second, true, 30, 0.01, 5, GeneratorKind.LLM, null, llm, 500,
                    GroundingSelector.Mode.FILTER);
            assertThrows(LacunaException.class, () -> new BenchmarkBuilder(repository, FamilyBuild.KG)
                    .build(someRules(), "x", failing));
            assertEquals(published, checksums(repository), "published graphs unchanged by the failed build");
            assertTrue(Verifier.verify(repository, first).passed(), "the first folder still verifies");
            try (RepositoryConnection c = repository.getConnection()) {
                assertFalse(c.hasStatement(null, null, null, false, BuildPublication.stagingIncomplete(FamilyBuild.KG),
                        BuildPublication.stagingBenchmark(FamilyBuild.KG)), "staged graphs removed");
            }

            // With --force the second build replaces the first, and the store records where it lives.
            new BenchmarkBuilder(repository, FamilyBuild.KG).build(someRules(), "x",
                    new BuildSettings(second, true, 30, 0.01, 5, GeneratorKind.TEMPLATE, null, null, 500,
                            GroundingSelector.Mode.FILTER));
            assertTrue(Verifier.verify(repository, second).passed());
            assertEquals(second.toAbsolutePath().toString(), BuildPublication.publishedFolder(repository, FamilyBuild.KG));
            // A folder that was deleted orphans nothing: building elsewhere needs no --force.
            try (var files = Files.walk(second)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
            Path third = tmp.resolve("third");
            new BenchmarkBuilder(repository, FamilyBuild.KG).build(someRules(), "x", BuildSettings.defaults(third));
            assertTrue(Verifier.verify(repository, third).passed());
        } finally {
            repository.shutDown();
        }
    }

    /**
     * A build whose folder cannot be written (a real 1 MB tmpfs, full before the TriG file is done) fails after
     * its graphs were written into the store's open transaction: nothing is committed, the first folder still
     * verifies and the store still names it. Mounting needs root; elsewhere the test is skipped (assumption).
     */
    @Test
    void aFolderThatDoesNotFitLeavesThePublishedBuild() throws IOException, InterruptedException {
        Path small = Files.createDirectories(tmp.resolve("small-disk"));
        Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", small.toString())
                .redirectErrorStream(true).start();
        String mountOut = new String(p.getInputStream().readAllBytes());
        Assumptions.assumeTrue(p.waitFor() == 0, "cannot mount a tmpfs here (needs root): " + mountOut);
        Repository repository = FamilyBuild.loadedStore(new StoreConfig.LmdbStoreConfig(tmp.resolve("store")), tmp, 42);
        try {
            Path first = tmp.resolve("first");
            new BenchmarkBuilder(repository, FamilyBuild.KG).build(someRules(), "x", BuildSettings.defaults(first));
            String published = checksums(repository);
            LacunaException e = assertThrows(LacunaException.class, () -> new BenchmarkBuilder(repository, FamilyBuild.KG)
                    .build(someRules(), "x", new BuildSettings(small.resolve("out"), true, 30, 0.01, 5, GeneratorKind.TEMPLATE, null, null, 500, GroundingSelector.Mode.FILTER)));
            assertTrue(e.getMessage().contains("No space left") || e.getMessage().contains("cannot write output folder"),
                    e.getMessage());
            assertEquals(published, checksums(repository), "nothing of the failed build was committed");
            assertEquals(first.toAbsolutePath().toString(), BuildPublication.publishedFolder(repository, FamilyBuild.KG));
            assertTrue(Verifier.verify(repository, first).passed(), "the first folder still verifies");
            assertFalse(Files.exists(small.resolve("out")));
        } finally {
            repository.shutDown();
            new ProcessBuilder("umount", small.toString()).start().waitFor();
        }
    }

    /** The build's own verify holds the store against what the files were written from: a change between fails. */
    @Test
    void theBuildsOwnVerifyCatchesAStoreChangedAfterTheBuild() throws IOException {
        Repository repository = FamilyBuild.loadedStore(new StoreConfig.NativeStoreConfig(tmp.resolve("store")), tmp, 42);
        try {
            Path out = tmp.resolve("out");
            BenchmarkBuilder builder = new BenchmarkBuilder(repository, FamilyBuild.KG);
            builder.build(someRules(), "x", BuildSettings.defaults(out));
            try (RepositoryConnection c = repository.getConnection()) {
                // The iteration closed before the connection: RDF4J refuses to close a connection with one open.
                Statement first;
                try (var all = c.getStatements(null, null, null, false, FamilyBuild.KG.benchmark()).stream()) {
                    first = all.findFirst().orElseThrow();
                }
                c.remove(first, FamilyBuild.KG.benchmark());
            }
            Verifier.Report report = builder.verifyBuild(out);
            assertFalse(report.passed());
            assertTrue(report.checks().stream().anyMatch(c -> !c.passed() && c.name().contains("benchmark holds what")
                    && c.failures().get(0).contains("written to the folder, not in the store")), report.checks().toString());
        } finally {
            repository.shutDown();
        }
    }

    /**
     * The build's own verify compares the large graphs as packed longs: a triple removed from incomplete and another
     * added after the build are both named, with their ids, and the count checked is the store's.
     */
    @Test
    void theBuildsOwnVerifyNamesATripleMissingFromAndOneAddedToIncomplete() throws IOException {
        Repository repository = FamilyBuild.loadedStore(new StoreConfig.NativeStoreConfig(tmp.resolve("store")), tmp, 42);
        try {
            Path out = tmp.resolve("out");
            BenchmarkBuilder builder = new BenchmarkBuilder(repository, FamilyBuild.KG);
            builder.build(someRules(), "x", BuildSettings.defaults(out));
            Statement gone;
            long size;
            try (RepositoryConnection c = repository.getConnection()) {
                try (var all = c.getStatements(null, null, null, false, FamilyBuild.KG.incomplete()).stream()) {
                    gone = all.findFirst().orElseThrow();
                }
                c.remove(gone, FamilyBuild.KG.incomplete());
                c.add(FamilyBuild.KG.entity(999_999), gone.getPredicate(), FamilyBuild.KG.entity(0), FamilyBuild.KG.incomplete());
                size = c.size(FamilyBuild.KG.incomplete());
            }
            Verifier.Report report = builder.verifyBuild(out);
            Verifier.Check incomplete = report.checks().stream()
                    .filter(c -> c.name().equals("store's incomplete holds what the folder's files were written from"))
                    .findFirst().orElseThrow();
            assertFalse(incomplete.passed());
            assertEquals(size, incomplete.checked());
            assertEquals(2, incomplete.failures().size(), incomplete.failures().toString());
            assertTrue(incomplete.failures().get(0).startsWith("written to the folder, not in the store: ")
                    && incomplete.failures().get(0).contains(gone.getSubject().stringValue() + ", "
                    + gone.getPredicate().stringValue() + ", " + gone.getObject().stringValue()), incomplete.failures().toString());
            assertTrue(incomplete.failures().get(1).startsWith("in the store, not written to the folder: ")
                    && incomplete.failures().get(1).contains(FamilyBuild.KG.entity(999_999).stringValue()),
                    incomplete.failures().toString());
            assertTrue(report.checks().stream().filter(c -> c.name().startsWith("store's complete ")).allMatch(Verifier.Check::passed));
        } finally {
            repository.shutDown();
        }
    }

    private static String checksums(Repository repository) {
        try (RepositoryConnection c = repository.getConnection()) {
            return GraphChecksum.of(c, FamilyBuild.KG.incomplete()) + " " + c.size(FamilyBuild.KG.benchmark());
        }
    }
}
