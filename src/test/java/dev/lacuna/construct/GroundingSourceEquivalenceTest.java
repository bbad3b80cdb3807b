package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.grounding.GroundingSource;
import dev.lacuna.mining.KgIndex;
import dev.lacuna.mining.Miner;
import dev.lacuna.mining.MinerOptions;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.KgLoader;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.TestData;

/**
 * Drawing groundings from the integer index instead of SPARQL changes nothing in the output: the whole
 * folder is byte-identical. Family mined at maxad 3 as build does it (the groundings drawn from the miner's
 * own index) and Kinship with AMIE3's maxad-3 rules (the index made from the store); the CLI's choice is
 * checked for its usage error.
 */
class GroundingSourceEquivalenceTest {
    @TempDir
    Path tmp;

    @Test
    void familyMinedInTheBuildGivesTheSameFolderEitherWay() throws IOException {
        Path[] outs = new Path[2];
        GroundingSource[] sources = GroundingSource.values();
        List<MinedRule> rules = null;
        for (int i = 0; i < 2; i++) {
            Path dir = Files.createDirectories(tmp.resolve("family-" + i));
            Repository repository = FamilyBuild.loadedStore(new StoreConfig.NativeStoreConfig(dir.resolve("store")), dir, 42);
            try {
                // as build without --rules: mine on the index of complete, then draw from that same index
                KgIndex mined = KgIndex.fromRepository(repository, FamilyBuild.KG);
                if (rules == null) {
                    rules = new Miner(mined, MinerOptions.defaults().withMaxAtoms(3)).mine();
                }
                outs[i] = dir.resolve("out");
                new BenchmarkBuilder(repository, FamilyBuild.KG).withGroundings(sources[i], mined)
                        .build(rules, RuleGraph.MINED_BY_LACUNA, BuildSettings.defaults(outs[i]).withSeed(1));
            } finally {
                repository.shutDown();
            }
        }
        assertTrue(rules.size() > 100, "Family's rules at maxad 3: " + rules.size());
        assertSameFolders(outs[0], outs[1]);
    }

    @Test
    void kinshipWithImportedRulesGivesTheSameFolderEitherWay() throws IOException {
        KgGraphs kg = KgGraphs.of("kinship");
        Path[] outs = new Path[2];
        GroundingSource[] sources = GroundingSource.values();
        for (int i = 0; i < 2; i++) {
            Repository repository = Stores.open(new StoreConfig.NativeStoreConfig(tmp.resolve("kinship-" + i)));
            try {
                new KgLoader(repository, kg).load(List.of(TestData.kg("kinship", "facts.txt")), KgLoader.Options.defaults());
                outs[i] = tmp.resolve("kinship-out-" + sources[i]);
                new BenchmarkBuilder(repository, kg).withGroundings(sources[i], null).build(
                        AmieRules.read(TestData.amie3("kinship-maxad3.tsv")), "amie3-import",
                        BuildSettings.defaults(outs[i]).withSeed(3));
            } finally {
                repository.shutDown();
            }
        }
        assertSameFolders(outs[0], outs[1]);
    }

    @Test
    void unknownSourceIsAUsageError() {
        CliRunner.Run build = CliRunner.run("build", "--store", "native:" + tmp.resolve("s"), "--groundings", "both",
                "--out", tmp.resolve("o").toString());
        assertEquals(2, build.code(), build.toString());
        assertTrue(build.err().contains("unknown --groundings 'both': expected index, sparql"), build.err());
    }

    private static void assertSameFolders(Path a, Path b) throws IOException {
        List<Path> files = files(a);
        assertEquals(files, files(b));
        assertTrue(files.size() >= 10, files.toString());
        assertTrue(Files.size(a.resolve("kg/removed.tsv")) > 0, "something was removed");
        for (Path f : files) {
            assertArrayEquals(Files.readAllBytes(a.resolve(f)), Files.readAllBytes(b.resolve(f)), f.toString());
        }
    }

    private static List<Path> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(root::relativize).sorted().toList();
        }
    }
}
