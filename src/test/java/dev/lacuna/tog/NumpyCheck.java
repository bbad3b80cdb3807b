package dev.lacuna.tog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * numpy's own answer, from Debian's python3 with python3-numpy (scripts/test.sh installs it): {@code
 * np.argsort(scores)[::-1]}, as rank_bm25's {@code get_top_n} ranks, for each list of float64 scores.
 */
final class NumpyCheck {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SCRIPT = String.join("\n",
            "import json, sys",
            "import numpy as np",
            "lists = json.load(sys.stdin)",
            "orders = [np.argsort(np.array(s, dtype=np.float64))[::-1].tolist() for s in lists]",
            "print(json.dumps({'version': np.__version__, 'orders': orders}))");

    private NumpyCheck() {
    }

    static List<List<Integer>> reversedArgsorts(List<double[]> lists) {
        try {
            Process p = new ProcessBuilder("/usr/bin/python3", "-c", SCRIPT).redirectErrorStream(true).start();
            try (OutputStream in = p.getOutputStream()) {
                in.write(JSON.writeValueAsBytes(lists));
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(true, p.waitFor(60, TimeUnit.SECONDS), "python3 did not finish");
            assertEquals(0, p.exitValue(), "python3 with numpy failed: " + out);
            JsonNode reply = JSON.readTree(out);
            String version = reply.get("version").asText();
            // numpy 1.25 and later hand argsort to x86-simd-sort on CPUs with AVX-512 (2.0 and later with AVX2 too),
            // whose order of equal scores is its own; Lacuna follows the introsort numpy used before (and still uses
            // without those instructions), so only such a numpy is a reference.
            assumeTrue(before125(version), "numpy " + version + " at hand may order ties by x86-simd-sort; Lacuna's"
                    + " ranking follows numpy's introsort (numpy up to 1.24), so it is not compared with this one");
            List<List<Integer>> orders = new ArrayList<>();
            for (JsonNode order : reply.get("orders")) {
                List<Integer> o = new ArrayList<>();
                order.forEach(i -> o.add(i.asInt()));
                orders.add(o);
            }
            return orders;
        } catch (IOException e) {
            throw new AssertionError("cannot run /usr/bin/python3 with numpy (scripts/test.sh installs python3-numpy): "
                    + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static boolean before125(String version) {
        String[] parts = version.split("\\.");
        int major = Integer.parseInt(parts[0]);
        int minor = Integer.parseInt(parts[1].replaceAll("\\D.*", ""));
        return major < 1 || (major == 1 && minor < 25);
    }
}
