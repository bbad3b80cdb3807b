package dev.lacuna.verify;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.construct.BenchmarkBuilder;
import dev.lacuna.construct.BuildSettings;
import dev.lacuna.construct.FamilyBuild;
import dev.lacuna.store.StoreConfig;

/**
 * One real Family benchmark built once per test class into a memory store, and the tools the tampering tests share:
 * a fresh copy of its folder per test, an edit of a file's lines, and verify's failures read back.
 */
abstract class TamperedFolderTest {
    @TempDir
    static Path shared;
    static Repository repository;
    static Path built;

    @TempDir
    Path tmp;

    @BeforeAll
    static void build() throws IOException {
        repository = FamilyBuild.loadedStore(new StoreConfig.MemoryStoreConfig(), shared, 42);
        built = shared.resolve("out");
        new BenchmarkBuilder(repository, FamilyBuild.KG).build(FamilyBuild.referenceRules().subList(0, 12),
                "amie3-import", BuildSettings.defaults(built).withSeed(42));
    }

    @AfterAll
    static void close() {
        repository.shutDown();
    }

    Path copy() throws IOException {
        return copy("copy");
    }

    /** A fresh copy of the built folder, under this test's temporary folder. */
    Path copy(String name) throws IOException {
        Path dir = tmp.resolve(name);
        try (Stream<Path> files = Files.walk(built)) {
            for (Path p : files.toList()) {
                Path to = dir.resolve(built.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
        return dir;
    }

    static void edit(Path file, UnaryOperator<List<String>> change) throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
        Files.write(file, change.apply(lines), StandardCharsets.UTF_8);
    }

    /** Verify fails; every failure message, one a line. */
    static String failures(Path dir) {
        Verifier.Report report = Verifier.verify(repository, dir);
        assertTrue(!report.passed(), "verify passed a tampered folder");
        return String.join("\n", report.checks().stream().flatMap(c -> c.failures().stream()).toList());
    }

    /** Verify fails, and a failing check's message contains each expected text. */
    static void fails(Path dir, String... expected) {
        String failures = failures(dir);
        for (String e : expected) {
            assertTrue(failures.contains(e), "expected '" + e + "' in:\n" + failures);
        }
    }
}
