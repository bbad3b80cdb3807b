package dev.lacuna.questions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.Json;
import dev.lacuna.Warnings;

/**
 * LLM replies on disk, so that rerunning a build asks the server nothing it was asked before.
 *
 * <p>Key: SHA-256 of the model name, a NUL and the prompt. One small JSON file per entry,
 * {@code <dir>/<first two hex digits>/<hex>.json} holding {@code model}, {@code prompt} and {@code reply}.
 * Writers write a temporary file in the same folder and move it into place atomically, so concurrent writers
 * (threads or processes) never leave a half-written entry and a reader sees the old state or the new one.
 * An entry whose stored model or prompt differs from the request, or that cannot be parsed, is ignored and
 * written afresh.
 */
public final class LlmReplyCache {
    private static final ObjectMapper MAPPER = Json.mapper();

    private final Path dir;

    public LlmReplyCache(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** The cache key: hex SHA-256 of model, NUL, prompt. */
    public static String key(String model, String prompt) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(model.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            sha.update(prompt.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }

    public Path entry(String model, String prompt) {
        String key = key(model, prompt);
        return dir.resolve(key.substring(0, 2)).resolve(key + ".json");
    }

    public Optional<String> get(String model, String prompt) {
        Path file = entry(model, prompt);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            JsonNode node = MAPPER.readTree(file.toFile());
            if (node != null && model.equals(node.path("model").asText(null))
                    && prompt.equals(node.path("prompt").asText(null)) && node.path("reply").isTextual()) {
                return Optional.of(node.get("reply").asText());
            }
            Warnings.warn("ignoring LLM cache entry {}: it does not match its request", file);
        } catch (IOException e) {
            Warnings.warn("ignoring unreadable LLM cache entry {}: {}", file, e.getMessage());
        }
        return Optional.empty();
    }

    /** Stores a reply; a failure to write is logged, not thrown: the reply itself is still good. */
    public void put(String model, String prompt, String reply) {
        Path file = entry(model, prompt);
        Map<String, String> entry = new LinkedHashMap<>();
        entry.put("model", model);
        entry.put("prompt", prompt);
        entry.put("reply", reply);
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
            try {
                Files.write(tmp, MAPPER.writeValueAsBytes(entry));
                try {
                    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            Warnings.warn("cannot write LLM cache entry {}: {}", file, e.toString());
        }
    }
}
