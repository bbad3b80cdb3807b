package dev.lacuna.tog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The default pruning's sentence model loads from the jar with the network cut. It runs in a JVM of its own, because
 * the model is loaded once per JVM (a class's static state) and another test may have loaded it already, and with an
 * empty native-library cache, so the tokenizer's library must come out of the jar too.
 */
class EmbeddingModelOfflineTest {
    @Test
    void theModelLoadsAndEmbedsWithTheNetworkCut(@TempDir Path tmp) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-Xmx1g", "-cp", System.getProperty("java.class.path"),
                "-Djava.net.useSystemProxies=false", "-Dai.djl.offline=true", OfflineModelCheck.class.getName());
        pb.environment().put("DJL_CACHE_DIR", tmp.resolve("djl").toString());
        pb.environment().put("ENGINE_CACHE_DIR", tmp.resolve("engine").toString());
        pb.environment().remove("http_proxy");
        pb.environment().remove("https_proxy");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("attempts=0 []"), "the model reached for the network:\n" + out);
        Matcher m = Pattern.compile("dimension=(\\d+) norm=([0-9.]+) near=([-0-9.]+) far=([-0-9.]+)").matcher(out);
        assertTrue(m.find(), out);
        assertEquals(384, Integer.parseInt(m.group(1)), out);
        // Unit vectors, so ToG's dot product is the cosine; and a real model: the spouse relation is nearer.
        assertEquals(1.0, Double.parseDouble(m.group(2)), 1e-3, out);
        assertTrue(Double.parseDouble(m.group(3)) > Double.parseDouble(m.group(4)) + 0.1, out);
        // The tokenizer's native library was unpacked from the jar into the empty cache.
        assertTrue(tmp.resolve("engine").toFile().exists() || tmp.resolve("djl").toFile().exists(), out);
    }
}
