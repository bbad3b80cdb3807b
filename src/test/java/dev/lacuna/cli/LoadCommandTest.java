package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.rdf4j.repository.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;

class LoadCommandTest {
    @TempDir
    Path tmp;

    private String store() {
        return "native:" + tmp.resolve("store");
    }

    @Test
    void loadThenStatsPrintsTableThreeRows() throws Exception {
        Path kg = Files.writeString(tmp.resolve("kg.tsv"), "1\tfather\t2\n2\tson\t1\n3\tmother\t2\n");
        CliRunner.Run load = CliRunner.run("load", "--store", store(), "--kg", "fam", kg.toString());
        assertEquals(0, load.code(), load.toString());
        assertTrue(load.out().contains("3 triples, 3 entities, 3 relations"), load.out());
        CliRunner.Run stats = CliRunner.run("stats", "--store", store(), "--kg", "fam");
        assertEquals(0, stats.code(), stats.toString());
        assertTrue(stats.out().contains("fam-Complete"), stats.out());
        assertTrue(stats.out().matches("(?s).*complete\\s+3\\s+3\\s+3.*"), stats.out());
        // before any build the benchmark graph records no split: every split still shows, with 0 questions
        assertTrue(stats.out().matches("(?s).*fam-Complete\\s+3\\s+0\\s+0\\s+0\\s+0\\n.*"), stats.out());
    }

    @Test
    void badLineExitsTwoWithFileAndLineAndLeavesStore() throws Exception {
        Path good = Files.writeString(tmp.resolve("good.tsv"), "1\tfather\t2\n");
        assertEquals(0, CliRunner.run("load", "--store", store(), good.toString()).code());
        Path bad = Files.writeString(tmp.resolve("bad.tsv"), "1\tfather\t2\n2\tson\n");
        CliRunner.Run run = CliRunner.run("load", "--store", store(), "--replace", bad.toString());
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains(bad + ":2: expected 3 tab-separated fields"), run.err());
        CliRunner.Run stats = CliRunner.run("stats", "--store", store());
        assertTrue(stats.out().matches("(?s).*complete\\s+1\\s+2\\s+1.*"), stats.out());
    }

    @Test
    void usageErrorsExitTwo() {
        assertEquals(2, CliRunner.run("load", "--store", store()).code());
        assertEquals(2, CliRunner.run("load", "--no-such-option").code());
        assertEquals(2, CliRunner.run("no-such-command").code());
        CliRunner.Run run = CliRunner.run("stats", "--store", "weird:" + tmp);
        assertEquals(2, run.code());
        assertTrue(run.err().contains("unknown store kind 'weird'"), run.err());
        assertEquals(0, CliRunner.run("load", "--help").code());
    }

    @Test
    void lockedStoreIsAClearFailure() throws Exception {
        Path kg = Files.writeString(tmp.resolve("kg.tsv"), "1\tfather\t2\n");
        Repository holder = Stores.open(new StoreConfig.NativeStoreConfig(tmp.resolve("store")));
        try {
            CliRunner.Run run = CliRunner.run("load", "--store", store(), kg.toString());
            assertEquals(1, run.code(), run.toString());
            assertTrue(run.err().contains("locked"), run.err());
        } finally {
            holder.shutDown();
        }
    }

    @Test
    void storeFolderThatCannotBeCreatedIsAClearFailure() throws Exception {
        Path file = Files.writeString(tmp.resolve("plain-file"), "x");
        Path kg = Files.writeString(tmp.resolve("kg.tsv"), "1\tfather\t2\n");
        CliRunner.Run run = CliRunner.run("load", "--store", "native:" + file.resolve("store"), kg.toString());
        assertEquals(1, run.code(), run.toString());
        assertTrue(run.err().contains("cannot open native store"), run.err());
    }

    @Test
    void statsOfAnEmptyStoreSaysSo() {
        // a store folder that does not exist is not created and reported as missing
        CliRunner.Run run = CliRunner.run("stats", "--store", store());
        assertEquals(2, run.code());
        assertTrue(run.err().contains("no store here"), run.err());
    }
}
