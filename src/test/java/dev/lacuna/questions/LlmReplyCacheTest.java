package dev.lacuna.questions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LlmReplyCacheTest {

    @Test
    void theKeyIsTheSha256OfModelAndPrompt() {
        String key = LlmReplyCache.key("gpt-4", "prompt");
        assertEquals(64, key.length());
        assertEquals(key, LlmReplyCache.key("gpt-4", "prompt"));
        assertNotEquals(key, LlmReplyCache.key("gpt-4o", "prompt"));
        assertNotEquals(LlmReplyCache.key("ab", "c"), LlmReplyCache.key("a", "bc"));
    }

    @Test
    void concurrentWritersLeaveOneCompleteEntryAndNoTemporaryFiles(@TempDir Path dir) throws Exception {
        LlmReplyCache cache = new LlmReplyCache(dir);
        String prompt = "p".repeat(100_000);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                int n = i;
                futures.add(pool.submit(() -> {
                    cache.put("m", prompt, "reply");
                    Optional<String> read = cache.get("m", prompt);
                    // A reader sees the complete entry (or, before the first move, none), never half of one.
                    assertTrue(read.isEmpty() || read.get().equals("reply"), "thread " + n + ": " + read);
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(Optional.of("reply"), cache.get("m", prompt));
        try (Stream<Path> files = Files.walk(dir)) {
            assertEquals(List.of(cache.entry("m", prompt)), files.filter(Files::isRegularFile).toList());
        }
    }

    @Test
    void corruptOrForeignEntriesAreIgnored(@TempDir Path dir) throws IOException {
        LlmReplyCache cache = new LlmReplyCache(dir);
        Path entry = cache.entry("m", "p");
        Files.createDirectories(entry.getParent());
        Files.writeString(entry, "{\"model\":\"m\",\"prompt\":\"p\",\"rep");
        assertEquals(Optional.empty(), cache.get("m", "p"));
        Files.writeString(entry, "{\"model\":\"m\",\"prompt\":\"other\",\"reply\":\"x\"}");
        assertEquals(Optional.empty(), cache.get("m", "p"));
        cache.put("m", "p", "fresh");
        assertEquals(Optional.of("fresh"), cache.get("m", "p"));
    }
}
