package dev.lacuna.folder;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import dev.lacuna.BadInputException;
import dev.lacuna.questions.SplitName;

/**
 * A benchmark's identity: a digest of its question files. Question ids (q00001, ...) are numbered alike in every
 * benchmark, so a predictions file made for one benchmark matches the ids of another and scores 0.000 without a
 * word; the identity, recorded in summary.json, in export.json and in every record {@code answer} writes, lets
 * {@code evaluate} tell them apart. It is derived from content, not drawn or dated, so the same input and seed
 * give the same identity; and a folder written before summary.json recorded it gets the same value computed.
 */
public final class BenchmarkIdentity {
    /** summary.json's field, export.json's field and the predictions record's field. */
    public static final String FIELD = "benchmark_id";
    private static final int HEX_BYTES = 16;

    private BenchmarkIdentity() {
    }

    /** The identity of the question files in {@code folder}: each present split's name and bytes, in split order. */
    public static String of(Path folder) {
        BenchmarkFolder f = BenchmarkFolder.at(folder);
        MessageDigest digest = sha256();
        byte[] buffer = new byte[1 << 16];
        for (SplitName split : SplitName.values()) {
            Path file = f.questionsFile(split);
            if (!Files.exists(file)) {
                continue;
            }
            digest.update((split.label() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
                while (in.read(buffer) >= 0) {
                    // the digest reads as the stream does
                }
            } catch (IOException e) {
                throw new BadInputException(file.toString(), -1, -1, "cannot read: " + e.getMessage(), e);
            }
        }
        return HexFormat.of().formatHex(digest.digest(), 0, HEX_BYTES);
    }

    /** The identity summary.json records, or the one computed from the question files for a folder without it. */
    public static String recordedOrComputed(BenchmarkFolder folder) {
        if (Files.isRegularFile(folder.summaryFile())) {
            String recorded = folder.summary().benchmarkId();
            if (recorded != null) {
                return recorded;
            }
        }
        return of(folder.dir());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java", e);
        }
    }
}
