package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.rules.AmieRules;

/** summary.json's {@code rules_from} says who mined the rules a build used: Lacuna's own mine, or AMIE3. */
class RulesFromTest {
    @TempDir
    Path tmp;

    /** The bundled Family KG: enough support for rules at the default thresholds. */
    private static final Path KG = Path.of("src/main/resources/kg/family.tsv");

    private String rulesFrom(Path bench) throws Exception {
        JsonNode summary = new ObjectMapper().readTree(bench.resolve("summary.json").toFile());
        return summary.at("/parameters/rules_from").asText();
    }

    @Test
    void rulesMinedByLacunaIntoAFileAreSaidToBeLacunas() throws Exception {
        Path kg = KG;
        String store = "lmdb:" + tmp.resolve("store");
        CliRunner.succeed("load", "--store", store, "--kg", "fam", kg.toString());
        Path rules = tmp.resolve("rules.tsv");
        CliRunner.succeed("mine", "--input", kg.toString(), "--output", rules.toString());
        Path bench = tmp.resolve("bench");
        CliRunner.succeed("build", "--store", store, "--kg", "fam", "--rules", rules.toString(), "--out", bench.toString());
        assertEquals("lacuna-mine", rulesFrom(bench));

        // the same rules as AMIE3 writes them (its header, no mark of Lacuna's) are AMIE3's
        Path amie = tmp.resolve("amie3.tsv");
        Files.writeString(amie, String.join("\t", AmieRules.HEADER) + "\n"
                + Files.readString(rules).lines().filter(l -> l.contains("=>")).reduce("", (a, b) -> a + b + "\n"));
        Path bench2 = tmp.resolve("bench2");
        CliRunner.succeed("build", "--store", store, "--kg", "fam", "--rules", amie.toString(), "--out", bench2.toString(),
                "--force");
        assertEquals("amie3-import", rulesFrom(bench2));
    }
}
