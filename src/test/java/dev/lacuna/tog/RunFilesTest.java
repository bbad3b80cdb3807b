package dev.lacuna.tog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.LacunaException;

/** A run's files are replaced all together or not at all, also after a run killed while moving them into place. */
class RunFilesTest {
    @TempDir
    Path dir;

    private static Map<String, String> files(String tog, String trace) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("ToG_test.jsonl", tog);
        m.put("ToG_test.trace.jsonl", trace);
        return m;
    }

    /** Every entry of the folder with its content ("DIR" for a folder), hidden ones included. */
    private Map<String, String> listing() throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (var entries = Files.list(dir)) {
            for (Path p : entries.toList()) {
                out.put(p.getFileName().toString(), Files.isDirectory(p) ? "DIR" : Files.readString(p));
            }
        }
        return out;
    }

    @Test
    void aRunReplacesAnEarlierRunsFilesAndLeavesNothingElse() throws IOException {
        Files.writeString(dir.resolve("ToG_valid.jsonl"), "another run");
        RunFiles.replace(dir, "ToG_test", files("old tog", "old trace"));
        RunFiles.replace(dir, "ToG_test", files("new tog", "new trace"));
        assertEquals(Map.of("ToG_test.jsonl", "new tog", "ToG_test.trace.jsonl", "new trace", "ToG_valid.jsonl",
                "another run"), listing());
    }

    @Test
    void aWriteThatFailsKeepsEveryFileOfTheEarlierRun() throws IOException {
        RunFiles.replace(dir, "ToG_test", files("old tog", "old trace"));
        // Half a surrogate pair cannot be encoded as UTF-8: the trace's write fails after the ToG file's.
        assertThrows(LacunaException.class, () -> RunFiles.replace(dir, "ToG_test", files("new tog", "\ud800")));
        assertEquals(Map.of("ToG_test.jsonl", "old tog", "ToG_test.trace.jsonl", "old trace"), listing());
    }

    @Test
    void aRunKilledWhileMovingIsUndoneByTheNextRun() throws IOException {
        // What a run of a process that is gone left: the earlier run's two files moved aside, the new ToG file and
        // run.json moved into place, the new trace still waiting in the partial folder.
        String pid = "999999999";
        Path old = Files.createDirectory(dir.resolve(".ToG_test.old-" + pid));
        Path partial = Files.createDirectory(dir.resolve(".ToG_test.partial-" + pid));
        Files.writeString(partial.resolve(".names"), "ToG_test.jsonl\nToG_test.trace.jsonl\nToG_test.run.json\n");
        Files.writeString(old.resolve("ToG_test.jsonl"), "old tog");
        Files.writeString(old.resolve("ToG_test.trace.jsonl"), "old trace");
        Files.writeString(dir.resolve("ToG_test.jsonl"), "killed tog");
        Files.writeString(dir.resolve("ToG_test.run.json"), "killed run");
        Files.writeString(partial.resolve("ToG_test.trace.jsonl"), "killed trace");
        RunFiles.recover(dir, "ToG_test");
        // The earlier run had no run.json: the killed run's is taken out too.
        assertEquals(Map.of("ToG_test.jsonl", "old tog", "ToG_test.trace.jsonl", "old trace"), listing());
        RunFiles.replace(dir, "ToG_test", files("new tog", "new trace"));
        assertEquals(List.of("ToG_test.jsonl", "ToG_test.trace.jsonl"), List.copyOf(listing().keySet()));
    }
}
