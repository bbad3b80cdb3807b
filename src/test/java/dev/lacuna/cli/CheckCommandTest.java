package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.testing.TestData;

/** lacuna check passes a sound store and finds an index that lost statements, as a crash can leave it. */
class CheckCommandTest {
    @TempDir
    Path tmp;

    @Test
    void findsAPoscIndexThatMissesAWholeKg() throws IOException {
        CliRunner.Run damaged = damaged("posc");
        assertTrue(damaged.err().contains("indexes disagree")
                && damaged.err().contains("<https://lacuna.dev/kg/small/relation/likes>: 2 statements in a scan, 2 by subject (spoc), 0 by predicate (posc)"),
                damaged.err());
    }

    /** The subject index (spoc) that lost the second KG: the check's one pass per index must still see it. */
    @Test
    void findsASpocIndexThatMissesAWholeKg() throws IOException {
        CliRunner.Run damaged = damaged("spoc");
        assertTrue(damaged.err().contains("the store is damaged"), damaged.err());
    }

    /** Family loaded, then a small KG whose statements the index {@code index} does not get; check fails on it. */
    private CliRunner.Run damaged(String index) throws IOException {
        Path store = tmp.resolve("store");
        String spec = "native:" + store;
        assertEquals(0, CliRunner.run("load", "--store", spec, "--kg", "family",
                TestData.kg("family", "facts.txt").toString()).code());
        CliRunner.Run ok = CliRunner.run("check", "--store", spec);
        assertEquals(0, ok.code(), ok.toString());
        assertTrue(ok.out().contains("kg/family/complete") && ok.out().contains("indexes agree"), ok.out());

        // Keep the index as it was before the second KG, as a crash between index writes leaves it.
        Path saved = Files.createDirectories(tmp.resolve("saved"));
        String[] files = {"triples-" + index + ".dat", "triples-" + index + ".alloc"};
        for (String f : files) {
            Files.copy(store.resolve(f), saved.resolve(f));
        }
        Path small = Files.writeString(tmp.resolve("small.tsv"), "a\tlikes\tb\nb\tlikes\tc\nc\tknows\ta\n");
        assertEquals(0, CliRunner.run("load", "--store", spec, "--kg", "small", small.toString()).code());
        for (String f : files) {
            Files.copy(saved.resolve(f), store.resolve(f), StandardCopyOption.REPLACE_EXISTING);
        }

        CliRunner.Run damaged = CliRunner.run("check", "--store", spec);
        assertEquals(1, damaged.code(), damaged.toString());
        assertTrue(damaged.out().contains("FAIL https://lacuna.dev/kg/small/complete"), damaged.out());
        assertTrue(damaged.out().matches("(?s).*ok\\s+https://lacuna.dev/kg/family/complete.*"), damaged.out());
        assertEquals(2, CliRunner.run("check", "--store", spec, "extra").code());
        return damaged;
    }
}
