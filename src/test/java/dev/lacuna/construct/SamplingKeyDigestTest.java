package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The resumable MD5 gives the JDK's bytes: RFC 1321's test vectors, every length around the padding's edges
 * (55, 56, 63, 64 and 119, 120 bytes, where the length moves to a block of its own), random inputs cut into
 * random parts, multi-byte UTF-8, and a prefix shared by many keys as the grounding search shares it.
 */
class SamplingKeyDigestTest {

    private static byte[] jdk(byte[] in) throws NoSuchAlgorithmException {
        return MessageDigest.getInstance("MD5").digest(in);
    }

    private static byte[] ours(byte[] in, int... cuts) {
        SamplingKeyDigest d = new SamplingKeyDigest();
        int from = 0;
        for (int cut : cuts) {
            d.update(in, from, cut - from);
            from = cut;
        }
        d.update(in, from, in.length - from);
        d.finish();
        return d.bytes();
    }

    @Test
    void rfc1321TestSuite() {
        String[][] suite = {
            {"", "d41d8cd98f00b204e9800998ecf8427e"},
            {"a", "0cc175b9c0f1b6a831c399e269772661"},
            {"abc", "900150983cd24fb0d6963f7d28e17f72"},
            {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
            {"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
            {"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"},
            {"1234567890".repeat(8), "57edf4a22be3c955ac49da2e2107b67a"},
        };
        for (String[] t : suite) {
            byte[] in = t[0].getBytes(StandardCharsets.US_ASCII);
            assertEquals(t[1], HexFormat.of().formatHex(ours(in)), t[0]);
        }
    }

    @Test
    void everyLengthUpToFourBlocksInOneAndInParts() throws NoSuchAlgorithmException {
        SplittableRandom random = new SplittableRandom(7);
        for (int n = 0; n <= 260; n++) {
            byte[] in = new byte[n];
            for (int i = 0; i < n; i++) {
                in[i] = (byte) random.nextInt(256);
            }
            byte[] expected = jdk(in);
            assertArrayEquals(expected, ours(in), "length " + n);
            for (int trial = 0; trial < 20; trial++) {
                int first = random.nextInt(n + 1);
                int second = first + random.nextInt(n - first + 1);
                assertArrayEquals(expected, ours(in, first, second), "length " + n + " cut at " + first + ", " + second);
            }
        }
    }

    @Test
    void keysOfMultiByteIrisFromASharedPrefix() throws NoSuchAlgorithmException {
        SplittableRandom random = new SplittableRandom(11);
        String[] alphabet = {"a", "Z", "/", "é", "ß", "中", "文", "😀", " ", "%20"};
        for (int trial = 0; trial < 2000; trial++) {
            String seed = Long.toString(random.nextLong());
            StringBuilder prefix = new StringBuilder(seed);
            int parts = 1 + random.nextInt(4);
            for (int p = 0; p < parts; p++) {
                prefix.append(" http://example.org/");
                for (int i = random.nextInt(40); i > 0; i--) {
                    prefix.append(alphabet[random.nextInt(alphabet.length)]);
                }
            }
            byte[] head = prefix.toString().getBytes(StandardCharsets.UTF_8);
            SamplingKeyDigest shared = new SamplingKeyDigest();
            shared.update(head, 0, head.length);
            SamplingKeyDigest key = new SamplingKeyDigest();
            for (int last = 0; last < 5; last++) {
                StringBuilder tail = new StringBuilder(" http://example.org/e");
                for (int i = random.nextInt(70); i > 0; i--) {
                    tail.append(alphabet[random.nextInt(alphabet.length)]);
                }
                byte[] t = tail.toString().getBytes(StandardCharsets.UTF_8);
                key.finishWith(shared, t, 0, t.length);
                byte[] expected = jdk((prefix.toString() + tail).getBytes(StandardCharsets.UTF_8));
                assertArrayEquals(expected, key.bytes(), prefix + "" + tail);
                assertEquals(HexFormat.of().formatHex(expected, 0, 8), String.format("%016x", key.high()));
                assertEquals(HexFormat.of().formatHex(expected, 8, 16), String.format("%016x", key.low()));
            }
        }
    }
}
