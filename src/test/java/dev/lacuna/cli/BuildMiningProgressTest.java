package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lacuna build} without {@code --rules} mines the rules itself, which takes minutes on a large KG: it reports
 * that mining through the one progress channel, with the lines {@code lacuna mine} writes.
 */
class BuildMiningProgressTest {
    @TempDir
    Path tmp;

    private static final Path KG = Path.of("src/main/resources/kg/family.tsv");

    @Test
    void buildThatMinesShowsTheMinersProgressAsMineDoes() {
        String store = "lmdb:" + tmp.resolve("store");
        CliRunner.succeed("load", "--store", store, "--kg", "fam", KG.toString());
        CliRunner.Run mine = CliRunner.succeed("mine", "--store", store, "--kg", "fam", "--threads", "1",
                "--output", tmp.resolve("rules.tsv").toString());
        CliRunner.Run build = CliRunner.succeed("build", "--store", store, "--kg", "fam", "--threads", "1",
                "--out", tmp.resolve("bench").toString());
        // off a terminal the channel writes log lines to the command's stderr: a start and an end per task
        for (String line : new String[] {"mining ", "refining into 2 atoms: started", "refining into 2 atoms: done",
                "measuring rules of 2 atoms: started", "measuring rules of 2 atoms: done"}) {
            assertTrue(mine.err().contains(line), "mine should print '" + line + "':\n" + mine);
            assertTrue(build.err().contains(line), "build should print '" + line + "' while it mines:\n" + build);
        }
        String note = mine.err().lines().filter(l -> l.startsWith("mining ")).findFirst().orElseThrow();
        assertTrue(build.err().lines().anyMatch(note::equals), "build should say what it mines as mine does: "
                + note + "\n" + build);
    }
}
