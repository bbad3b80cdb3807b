package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;
import dev.lacuna.cli.CliRunner;
import dev.lacuna.grounding.GroundingSelector;
import dev.lacuna.questions.GeneratorKind;
import dev.lacuna.questions.LlmSettings;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.store.GraphStats;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.verify.Verifier;

/** Same seed, same bytes; and the build's refusals and recoveries. Uses a slice of the rules to stay fast. */
class BuildDeterminismAndFaultsTest {
    @TempDir
    Path tmp;

    private static List<MinedRule> someRules() {
        return FamilyBuild.referenceRules().subList(0, 40);
    }

    private Path build(String name, long seed) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        Repository repository = FamilyBuild.loadedStore(new StoreConfig.NativeStoreConfig(dir.resolve("store")), dir, seed);
        try {
            Path out = dir.resolve("out");
            new BenchmarkBuilder(repository, FamilyBuild.KG).build(someRules(), "amie3-import",
                    BuildSettings.defaults(out).withSeed(seed));
            return out;
        } finally {
            repository.shutDown();
        }
    }

    private static List<Path> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(root::relativize).sorted().toList();
        }
    }

    @Test
    void sameSeedGivesByteIdenticalFoldersOtherSeedDoesNot() throws IOException {
        Path a = build("a", 7);
        Path b = build("b", 7);
        List<Path> files = files(a);
        assertEquals(files, files(b));
        assertEquals(11, files.size(), files.toString()); // with graphs.json
        for (Path f : files) {
            assertArrayEquals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(b.resolve(f)), f.toString());
        }
        Path c = build("c", 8);
        assertFalse(Arrays.equals(Files.readAllBytes(a.resolve("questions/train.jsonl")),
                Files.readAllBytes(c.resolve("questions/train.jsonl"))));
    }

    @Test
    void refusalsLeaveStoreAndFolderAlone() throws IOException {
        Repository repository = FamilyBuild.loadedStore(new StoreConfig.MemoryStoreConfig(), tmp, 42);
        try {
            BenchmarkBuilder builder = new BenchmarkBuilder(repository, FamilyBuild.KG);
            Path out = Files.createDirectories(tmp.resolve("exists"));
            Files.writeString(out.resolve("keep.txt"), "mine");
            BadInputException e = assertThrows(BadInputException.class,
                    () -> builder.build(someRules(), "x", BuildSettings.defaults(out)));
            assertTrue(e.getMessage().contains("--force"), e.getMessage());
            assertEquals("mine", Files.readString(out.resolve("keep.txt")));

            e = assertThrows(BadInputException.class,
                    () -> builder.build(List.of(), "x", BuildSettings.defaults(tmp.resolve("o1"))));
            assertTrue(e.getMessage().contains("rule set is empty"), e.getMessage());

            List<MinedRule> foreign = List.of(AmieRules.read(writeRules("?a  cousin  ?b   => ?a  brother  ?b")).get(0));
            e = assertThrows(BadInputException.class,
                    () -> builder.build(foreign, "x", BuildSettings.defaults(tmp.resolve("o2"))));
            assertTrue(e.getMessage().contains("'cousin'") && e.getMessage().contains("not in KG"), e.getMessage());
            assertFalse(Files.exists(tmp.resolve("o1")) || Files.exists(tmp.resolve("o2")));
            assertEquals(0, GraphStats.counts(repository, FamilyBuild.KG.incomplete()).triples());
        } finally {
            repository.shutDown();
        }
    }

    private Path writeRules(String rule) throws IOException {
        return Files.writeString(tmp.resolve("rules.tsv"), "Rule\tHead Coverage\tStd Confidence\tPCA Confidence\t"
                + "Positive Examples\tBody size\tPCA Body size\tFunctional variable\n" + rule + "\t0.5\t0.5\t0.5\t10\t20\t20\t?a\n");
    }

    @Test
    void unreachableLlmFailsClearlyAndARerunRepairsEverything() throws IOException {
        Repository repository = FamilyBuild.loadedStore(new StoreConfig.NativeStoreConfig(tmp.resolve("store")), tmp, 42);
        try {
            int closedPort;
            try (ServerSocket s = new ServerSocket(0)) {
                closedPort = s.getLocalPort();
            }
            Path out = tmp.resolve("out");
            LlmSettings llm = LlmSettings.defaults(LlmSettings.Provider.OPENAI)
                    .withBaseUrl("http://127.0.0.1:" + closedPort + "/v1").withModel("m").withApiKey("k")
                    .withRetries(0, Duration.ofMillis(10)).withCacheDir(null);
            BuildSettings viaLlm = new BuildSettings(out, false, 30, 0.01, 42, GeneratorKind.LLM, null, llm, 500,
                    GroundingSelector.Mode.FILTER);
            BenchmarkBuilder builder = new BenchmarkBuilder(repository, FamilyBuild.KG);
            LacunaException e = assertThrows(LacunaException.class, () -> builder.build(someRules(), "x", viaLlm));
            assertTrue(e.getMessage().contains("template"), e.getMessage());
            assertFalse(Files.exists(out), "no half-written output folder");

            // A build killed after the deletions: incomplete is partly damaged, a stale partial folder remains.
            try (RepositoryConnection c = repository.getConnection()) {
                List<Statement> some = new ArrayList<>();
                // closed explicitly: a half-read result left open made the connection's close fail now and then
                try (var it = c.getStatements(null, null, null, false, FamilyBuild.KG.incomplete())) {
                    it.stream().limit(50).forEach(some::add);
                }
                c.remove(some, FamilyBuild.KG.incomplete());
            }
            Path stale = Files.createDirectories(tmp.resolve(".out.partial-999"));
            Files.writeString(stale.resolve("summary.json"), "{");

            new BenchmarkBuilder(repository, FamilyBuild.KG).build(someRules(), "x", BuildSettings.defaults(out));
            assertFalse(Files.exists(stale), "stale partial folder removed");
            Verifier.Report report = Verifier.verify(repository, out);
            assertTrue(report.passed(), report.toString());
        } finally {
            repository.shutDown();
        }
    }

    @Test
    void cliBuildReportsBadInputWithExitTwo() throws IOException {
        Path store = tmp.resolve("store");
        Path family = FamilyBuild.bundledFamily(tmp);
        assertEquals(0, CliRunner.run("load", "--store", "native:" + store, "--kg", "family", family.toString()).code());
        Path badRules = Files.writeString(tmp.resolve("bad.tsv"), "Rule\tHead Coverage\n?a  father  => ?a  son  ?b\t0.5\n");
        CliRunner.Run run = CliRunner.run("build", "--store", "native:" + store, "--kg", "family", "--rules",
                badRules.toString(), "--out", tmp.resolve("o").toString());
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("bad.tsv:2"), run.err());
        run = CliRunner.run("build", "--store", "native:" + store, "--kg", "family", "--out", tmp.resolve("o").toString(),
                "--tau", "1.5");
        assertEquals(2, run.code(), run.toString());
        run = CliRunner.run("build", "--store", "native:" + store, "--kg", "family", "--out", tmp.resolve("o").toString(),
                "--maxad", "1");
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains("--maxad"), run.err());
        run = CliRunner.run("verify", "--store", "native:" + store, tmp.resolve("nothing").toString());
        assertEquals(2, run.code(), run.toString());
        assertNotEquals("", run.err());
    }
}
