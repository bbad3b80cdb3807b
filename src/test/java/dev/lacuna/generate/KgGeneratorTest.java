package dev.lacuna.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.Rio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.mining.KgIndex;
import dev.lacuna.mining.Miner;
import dev.lacuna.mining.MinerOptions;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.Rule;

class KgGeneratorTest {

    @Test
    void theMinerFindsEveryPlantedRuleAtAboutItsConfidence(@TempDir Path dir) {
        KgGenerator generator = new KgGenerator(KgShape.wikidata5mLike(40_000, 2, 7));
        Path file = dir.resolve("kg.tsv");
        KgGenerator.Summary summary = GeneratedKgWriter.write(generator, file, GeneratedKgWriter.Format.TSV, n -> { });
        assertEquals(40_000, summary.triples());
        KgIndex kg = KgIndex.fromTsv(file);
        assertEquals(40_000, kg.tripleCount());
        List<MinedRule> mined = new Miner(kg, MinerOptions.defaults().withThreads(2)).mine();
        Map<Rule, MinedRule> byRule = new HashMap<>();
        mined.forEach(m -> byRule.put(m.rule(), m));
        assertEquals(8, generator.planted().size());
        for (KgGenerator.PlantedRule p : generator.planted()) {
            MinedRule m = byRule.get(p.rule());
            assertNotNull(m, p.kind() + " " + p.rule().toAmie() + " not mined; mined: " + byRule.keySet());
            // sampling noise at 40,000 triples: a few hundred facts per planted relation
            assertEquals(p.confidence(), m.measures().standardConfidence(), 0.06, p.rule().toAmie());
        }
    }

    @Test
    void degreesAreSkewed(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("kg.tsv");
        GeneratedKgWriter.write(new KgGenerator(KgShape.wikidata5mLike(50_000, 1, 3)), file,
                GeneratedKgWriter.Format.TSV, n -> { });
        Map<String, Integer> degree = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] t = line.split("\t");
            degree.merge(t[0], 1, Integer::sum);
            degree.merge(t[2], 1, Integer::sum);
        }
        int max = degree.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
        double mean = 100_000.0 / degree.size();
        assertTrue(max > 20 * mean, "max degree " + max + ", mean " + mean);
    }

    @Test
    void sameSeedSameBytesOtherSeedOtherBytes(@TempDir Path dir) throws Exception {
        for (String name : new String[] {"kg.tsv", "kg.nt.gz"}) {
            Path a = dir.resolve("a-" + name);
            Path b = dir.resolve("b-" + name);
            Path c = dir.resolve("c-" + name);
            assertEquals(0, CliRunner.run("generate", "--output", a.toString(), "--triples", "20000", "--seed", "5").code());
            assertEquals(0, CliRunner.run("generate", "--output", b.toString(), "--triples", "20000", "--seed", "5").code());
            assertEquals(0, CliRunner.run("generate", "--output", c.toString(), "--triples", "20000", "--seed", "6").code());
            assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b), name);
            assertFalse(Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(c)), name);
        }
    }

    @Test
    void nTriplesParseAsRdf(@TempDir Path dir) throws Exception {
        Path nt = dir.resolve("kg.nt");
        CliRunner.Run run = CliRunner.run("generate", "--output", nt.toString(), "--triples", "5000", "--planted", "1",
                "--rules", dir.resolve("planted.tsv").toString());
        assertEquals(0, run.code(), run.toString());
        try (var in = Files.newInputStream(nt)) {
            var model = Rio.parse(in, RDFFormat.NTRIPLES);
            assertEquals(5000, model.size());
        }
        assertEquals(5, Files.readAllLines(dir.resolve("planted.tsv")).size());
    }

    @Test
    void impossibleShapesAreUsageErrors(@TempDir Path dir) {
        String out = dir.resolve("kg.tsv").toString();
        assertEquals(2, CliRunner.run("generate", "--output", out, "--relations", "3").code());
        assertEquals(2, CliRunner.run("generate", "--output", out, "--triples", "0").code());
        assertEquals(2, CliRunner.run("generate", "--triples", "10").code());
        assertFalse(Files.exists(Path.of(out)));
    }
}
