package dev.lacuna.store;

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
import dev.lacuna.testing.TestData;

/**
 * RDF4J's LMDB store keeps a {@code setNNNN} folder in its store folder while it is open. Every {@code serve} stopped
 * with Ctrl-C or SIGTERM left one (the JVM ended before the store was shut down), and so does any process killed
 * with SIGKILL: a stopped {@code serve} now shuts its stores down, and opening a store removes what earlier
 * processes left. A real child process, real signals.
 */
class StoreTempFoldersTest {
    @TempDir
    Path tmp;

    private static List<String> tempFolders(Path store) throws IOException {
        try (Stream<Path> entries = Files.list(store)) {
            return entries.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("set") || n.startsWith("txncache"))
                    .sorted().toList();
        }
    }

    @Test
    void aStoppedServeLeavesNoTemporaryFolderAndAKilledOnesIsRemovedAtTheNextOpen() throws Exception {
        Path store = tmp.resolve("store");
        String spec = "lmdb:" + store;
        CliRunner.Run load = CliRunner.run("load", "--store", spec, "--kg", "family", "--replace",
                TestData.kg("family", "facts.txt").toString());
        assertEquals(0, load.code(), load.toString());
        assertEquals(List.of(), tempFolders(store), "a command that ends shuts its store down");
        for (String signal : List.of("TERM", "INT")) {
            CrashHarness.Outcome o = CrashHarness.runAndKill(signal, "Stop with Ctrl-C", 0, "serve", "--store", spec,
                    "--kg", "family", "--expose", "complete", "--port", "0");
            assertTrue(o.killed(), o.log());
            assertEquals(List.of(), tempFolders(store), "SIG" + signal + " to serve\n" + o.log());
        }
        CrashHarness.Outcome killed = CrashHarness.runAndKill("KILL", "Stop with Ctrl-C", 0, "serve", "--store", spec,
                "--kg", "family", "--expose", "complete", "--port", "0");
        assertTrue(killed.killed(), killed.log());
        List<String> left = tempFolders(store);
        assertEquals(1, left.size(), "SIGKILL leaves the open store's folder: " + left);
        Repository reopened = Stores.open(new StoreConfig.LmdbStoreConfig(store));
        try {
            List<String> open = tempFolders(store);
            assertEquals(1, open.size(), "only the open store's own: " + open);
            assertTrue(!open.equals(left), "the one left by the killed process is gone: " + open);
        } finally {
            reopened.shutDown();
        }
        assertEquals(List.of(), tempFolders(store));
    }
}
