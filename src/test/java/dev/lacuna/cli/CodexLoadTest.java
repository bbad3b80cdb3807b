package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.testing.TestData;

/** A real mid-size KG through the CLI: CoDEx-M's training triples (185,584) into a NativeStore. */
class CodexLoadTest {
    @TempDir
    Path tmp;

    @Test
    void loadsCodexM() {
        Path train = TestData.kg("codex-m", "train.txt");
        CliRunner.Run run = CliRunner.run("load", "--store", "native:" + tmp.resolve("store"), "--kg", "codex-m",
                train.toString());
        assertEquals(0, run.code(), run.toString());
        assertTrue(run.out().contains("185,584 triples, 17,050 entities, 51 relations"), run.out());
        CliRunner.Run stats = CliRunner.run("stats", "--store", "native:" + tmp.resolve("store"), "--kg", "codex-m");
        assertTrue(stats.out().matches("(?s).*complete\\s+185,584\\s+17,050\\s+51.*"), stats.out());
    }
}
