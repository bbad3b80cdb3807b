package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.LacunaException;
import dev.lacuna.grounding.GroundingSelector;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.GeneratorKind;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.KgLoader;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;
import dev.lacuna.verify.Verifier;

/**
 * A build on LMDB (LmdbPublication: a first build at isolation NONE, a rebuild by its exact difference) gives the
 * graphs a NativeStore's build gives, statement for statement, and a build that fails before its commit leaves
 * the store as it was. The failure is real: an output folder name one character short of the file system's limit
 * passes the checks, but the folder's partial sibling (".name.partial-pid") cannot be created, after the store's
 * write has started.
 */
class LmdbBuildTest {
    private static final KgGraphs KG = FamilyBuild.KG;

    @TempDir
    Path tmp;

    private static List<MinedRule> rules() {
        return FamilyBuild.referenceRules().subList(0, 10);
    }

    private static BuildSettings settings(Path out, long seed) {
        return new BuildSettings(out, true, 30, 0.01, seed, GeneratorKind.TEMPLATE, null, null, 500,
                GroundingSelector.Mode.FILTER);
    }

    @Test
    void firstBuildAndRebuildsGiveANativeStoresGraphs() throws IOException {
        Repository lmdb = FamilyBuild.loadedStore(new StoreConfig.LmdbStoreConfig(tmp.resolve("lmdb")), tmp, 42);
        Repository nativeStore = FamilyBuild.loadedStore(new StoreConfig.NativeStoreConfig(tmp.resolve("native")), tmp, 42);
        try {
            Set<String> removedBefore = null;
            // A first build, a rebuild that removes other triples (another seed), and back.
            for (long seed : new long[] {1, 5, 1}) {
                Path outLmdb = tmp.resolve("out-lmdb");
                Path outNative = tmp.resolve("out-native");
                BenchmarkBuilder builder = new BenchmarkBuilder(lmdb, KG);
                builder.build(rules(), "x", settings(outLmdb, seed));
                new BenchmarkBuilder(nativeStore, KG).build(rules(), "x", settings(outNative, seed));
                String context = "seed " + seed;
                assertSame(statements(nativeStore, KG.incomplete()), statements(lmdb, KG.incomplete()), context);
                assertSame(statements(nativeStore, KG.benchmark()), statements(lmdb, KG.benchmark()), context);
                Set<String> removed = new HashSet<>(Files.readAllLines(outLmdb.resolve("kg").resolve("removed.tsv")));
                assertSame(completeMinus(lmdb, removed), statements(lmdb, KG.incomplete()), context);
                assertTrue(Files.readString(outNative.resolve("kg").resolve("incomplete.tsv"))
                        .equals(Files.readString(outLmdb.resolve("kg").resolve("incomplete.tsv"))), "incomplete.tsv, " + context);
                assertTrue(builder.verifyBuild(outLmdb).passed(), context);
                assertTrue(Verifier.verify(lmdb, outLmdb).passed(), context);
                assertEquals(outLmdb.toAbsolutePath().toString(), BuildPublication.publishedFolder(lmdb, KG));
                if (removedBefore != null) {
                    assertNotEquals(removedBefore, removed, "the rebuild removes other triples: " + context);
                }
                removedBefore = removed;
            }
        } finally {
            lmdb.shutDown();
            nativeStore.shutDown();
        }
    }

    @Test
    void aFirstBuildFailingBeforeItsCommitClosesTheStoreAndLeavesItAsItWas() throws IOException {
        StoreConfig config = new StoreConfig.LmdbStoreConfig(tmp.resolve("store"));
        Repository repository = FamilyBuild.loadedStore(config, tmp, 42);
        Set<String> complete = statements(repository, KG.complete());
        Path tooLong = tmp.resolve("x".repeat(250));
        LacunaException e = assertThrows(LacunaException.class,
                () -> new BenchmarkBuilder(repository, KG).build(rules(), "x", settings(tooLong, 1)));
        assertTrue(e.getMessage().contains("the store was closed to discard the build's uncommitted writes"),
                e.getMessage());
        assertFalse(repository.isInitialized(), "the store was shut down");
        repository.shutDown(); // as BuildCommand's finally does after any build: harmless on a closed store
        Repository reopened = Stores.open(config);
        try {
            assertEquals(0, statements(reopened, KG.incomplete()).size());
            assertEquals(0, statements(reopened, KG.benchmark()).size());
            assertSame(complete, statements(reopened, KG.complete()), "complete after the failed build");
            assertEquals(null, BuildPublication.publishedFolder(reopened, KG));
            Path out = tmp.resolve("out");
            new BenchmarkBuilder(reopened, KG).build(rules(), "x", settings(out, 1));
            assertTrue(Verifier.verify(reopened, out).passed());
        } finally {
            reopened.shutDown();
        }
    }

    @Test
    void aRebuildFailingBeforeItsCommitLeavesThePublishedBuild() throws IOException {
        Repository repository = FamilyBuild.loadedStore(new StoreConfig.LmdbStoreConfig(tmp.resolve("store")), tmp, 42);
        try {
            Path first = tmp.resolve("first");
            new BenchmarkBuilder(repository, KG).build(rules(), "x", settings(first, 1));
            Set<String> incomplete = statements(repository, KG.incomplete());
            Set<String> benchmark = statements(repository, KG.benchmark());
            Path tooLong = tmp.resolve("y".repeat(250));
            assertThrows(LacunaException.class,
                    () -> new BenchmarkBuilder(repository, KG).build(rules(), "x", settings(tooLong, 5)));
            // A rebuild runs at the store's own level and rolls back: the store stays open.
            assertSame(incomplete, statements(repository, KG.incomplete()), "incomplete after the failed rebuild");
            assertSame(benchmark, statements(repository, KG.benchmark()), "benchmark after the failed rebuild");
            assertEquals(first.toAbsolutePath().toString(), BuildPublication.publishedFolder(repository, KG));
            assertTrue(Verifier.verify(repository, first).passed());
        } finally {
            repository.shutDown();
        }
    }

    /** After load --replace cleared incomplete and benchmark, a build is a first build again, recorded alone. */
    @Test
    void aBuildAfterAReplaceRecordsOnlyItsOwnFolder() throws IOException {
        Repository repository = FamilyBuild.loadedStore(new StoreConfig.LmdbStoreConfig(tmp.resolve("store")), tmp, 42);
        try {
            Path first = tmp.resolve("first");
            new BenchmarkBuilder(repository, KG).build(rules(), "x", settings(first, 1));
            new KgLoader(repository, KG).load(List.of(tmp.resolve("family.tsv")), new KgLoader.Options(null, null, 7, true));
            assertEquals(0, statements(repository, KG.incomplete()).size());
            Path second = tmp.resolve("second");
            new BenchmarkBuilder(repository, KG).build(rules(), "x", settings(second, 1));
            assertTrue(Verifier.verify(repository, second).passed());
            try (RepositoryConnection c = repository.getConnection()) {
                assertEquals(1, c.size(BuildPublication.buildsGraph(KG)));
            }
            assertEquals(second.toAbsolutePath().toString(), BuildPublication.publishedFolder(repository, KG));
        } finally {
            repository.shutDown();
        }
    }

    /** Equal sets, or a short message: how many differ each way and a few of them. */
    private static void assertSame(Set<String> expected, Set<String> actual, String context) {
        Set<String> missing = new TreeSet<>(expected);
        missing.removeAll(actual);
        Set<String> extra = new TreeSet<>(actual);
        extra.removeAll(expected);
        assertTrue(missing.isEmpty() && extra.isEmpty(), () -> context + ": " + expected.size() + " expected, "
                + actual.size() + " found; missing " + missing.size() + " " + missing.stream().limit(3).toList()
                + ", unexpected " + extra.size() + " " + extra.stream().limit(3).toList());
    }

    private static Set<String> completeMinus(Repository repository, Set<String> removedTsv) {
        Set<String> out = new TreeSet<>();
        try (RepositoryConnection c = repository.getConnection()) {
            for (Statement st : c.getStatements(null, null, null, false, KG.complete())) {
                Triple t = new Triple(KG.privateId((IRI) st.getSubject()),
                        KG.relationName(st.getPredicate()), KG.privateId((IRI) st.getObject()));
                if (!removedTsv.contains(t.tsv())) {
                    out.add(key(st));
                }
            }
        }
        return out;
    }

    static Set<String> statements(Repository repository, IRI graph) {
        Set<String> out = new TreeSet<>();
        try (RepositoryConnection c = repository.getConnection()) {
            for (Statement st : c.getStatements(null, null, null, false, graph)) {
                out.add(key(st));
            }
        }
        return out;
    }

    private static String key(Statement st) {
        return st.getSubject() + " " + st.getPredicate() + " " + st.getObject();
    }
}
