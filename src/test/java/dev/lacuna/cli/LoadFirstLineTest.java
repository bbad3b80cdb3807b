package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A header line is not a triple, and a first load that fails leaves no store behind: a header once loaded as a
 * relation named "relation", and a failed load left an empty store folder that the next command took for a store.
 */
class LoadFirstLineTest {
    @TempDir
    Path tmp;

    @Test
    void aHeaderLineIsRefusedNamingTheLine() throws Exception {
        Path kg = Files.writeString(tmp.resolve("kg.tsv"), "head\trelation\ttail\n1\tfather\t2\n2\tson\t1\n");
        Path store = tmp.resolve("store");
        CliRunner.Run load = CliRunner.run("load", "--store", "lmdb:" + store, "--kg", "fam", kg.toString());
        assertEquals(2, load.code(), load.toString());
        assertTrue(load.err().contains(kg + ":1"), load.err());
        assertTrue(load.err().contains("header"), load.err());
        assertTrue(load.err().contains("#"), load.err());
        Path csv = Files.writeString(tmp.resolve("kg.csv"), "Subject,Predicate,Object\n1,father,2\n");
        CliRunner.Run loadCsv = CliRunner.run("load", "--store", "lmdb:" + store, "--kg", "fam", csv.toString());
        assertEquals(2, loadCsv.code(), loadCsv.toString());
        assertTrue(loadCsv.err().contains(csv + ":1"), loadCsv.err());
        // as a comment it is skipped, as every '#' line is
        Path commented = Files.writeString(tmp.resolve("commented.tsv"), "# head\trelation\ttail\n1\tfather\t2\n");
        CliRunner.Run ok = CliRunner.run("load", "--store", "lmdb:" + store, "--kg", "fam", commented.toString());
        assertEquals(0, ok.code(), ok.toString());
        assertTrue(ok.out().contains("1 triples, 2 entities, 1 relations"), ok.out());
    }

    @Test
    void aHeaderLineIsRefusedByMineToo() throws Exception {
        Path kg = Files.writeString(tmp.resolve("kg.tsv"), "head\trelation\ttail\n1\tfather\t2\n");
        CliRunner.Run mine = CliRunner.run("mine", "--input", kg.toString(), "--output", tmp.resolve("r.tsv").toString());
        assertEquals(2, mine.code(), mine.toString());
        assertTrue(mine.err().contains(kg + ":1"), mine.err());
    }

    @Test
    void aFailedFirstLoadLeavesNoStoreFolder() throws Exception {
        Path bad = Files.writeString(tmp.resolve("bad.tsv"), "1\tfather\t2\n2\tson\n");
        for (String kind : new String[] {"lmdb", "native"}) {
            Path store = tmp.resolve(kind + "-store");
            CliRunner.Run run = CliRunner.run("load", "--store", kind + ":" + store, bad.toString());
            assertEquals(2, run.code(), run.toString());
            assertFalse(Files.exists(store), kind + ": a failed first load left " + store);
        }
    }

    @Test
    void aFailedLoadIntoAnExistingStoreKeepsIt() throws Exception {
        Path good = Files.writeString(tmp.resolve("good.tsv"), "1\tfather\t2\n");
        Path store = tmp.resolve("store");
        assertEquals(0, CliRunner.run("load", "--store", "lmdb:" + store, "--kg", "a", good.toString()).code());
        Path bad = Files.writeString(tmp.resolve("bad.tsv"), "1\tfather\t2\n2\tson\n");
        assertEquals(2, CliRunner.run("load", "--store", "lmdb:" + store, "--kg", "b", bad.toString()).code());
        CliRunner.Run stats = CliRunner.run("stats", "--store", "lmdb:" + store, "--kg", "a");
        assertEquals(0, stats.code(), stats.toString());
    }
}
