package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the copy in memory of an LMDB store's served graph costs at start: {@code lacuna serve} started by the
 * launcher on each store, from its copy (the default) and with {@code --pass-through} (the store itself), one after
 * the other: the time until it listens, then, after a full GC, the heap in use (the copy's share is the difference
 * of the two) and the process's RssAnon (heap and native memory) and RssFile (mapped pages: LMDB's, which the kernel
 * can drop). Results: target/bench/serve-start.md.
 *
 * <p>Run: {@code ./mvnw -B -q package -DskipTests && ./mvnw -B -Pbench test -Dtest=ServeStartBench
 * [-Dlacuna.bench.stores=family=build,fb15k-237=lmdb:DIR,scale=lmdb:DIR] [-Dlacuna.bench.serveJavaOpts=-Xmx12g]}:
 * KG name and store, each holding a built benchmark (its incomplete graph); {@code family=build} (the default) loads
 * and builds the Family KG of testdata/ first.
 */
@Tag("bench")
class ServeStartBench {

    /** One start: ready after, heap used after a full GC, RssAnon and RssFile in KiB, and what the log says it did. */
    record Start(double seconds, long heapKb, long anonKb, long fileKb, String how) {
    }

    @Test
    void startTimeAndMemoryFromTheCopyAndFromTheStore(@TempDir Path tmp) throws Exception {
        ServeProcessBench.Lacuna lacuna = ServeProcessBench.Lacuna.launcher(tmp.resolve("logs"));
        Map<String, String> stores = new LinkedHashMap<>();
        for (String entry : System.getProperty("lacuna.bench.stores", "family=build").split(",")) {
            String[] kv = entry.split("=", 2);
            if (kv[0].equals("family") && kv[1].equals("build")) {
                // the bundled Family KG, loaded and built here
                String family = "lmdb:" + tmp.resolve("family");
                lacuna.run("load-family", "load", "--store", family, "--kg", "family",
                        Path.of("testdata", "data", "family", "facts.txt.gz").toAbsolutePath().toString());
                lacuna.run("build-family", "build", "--store", family, "--kg", "family", "--seed", "1", "--out",
                        tmp.resolve("family-benchmark").toString());
                stores.put("family", family);
            } else {
                stores.put(kv[0], kv[1]);
            }
        }
        StringBuilder md = new StringBuilder("# lacuna serve at start: the copy in memory and the store itself\n\n");
        md.append(String.format(Locale.ROOT, "%s, commit %s, %d cores, load average %s; serve's JVM options %s. Each "
                + "row one `lacuna serve` process started by the launcher, stopped before the next; memory read after "
                + "`jcmd PID GC.run`: heap in use (jcmd GC.heap_info), RssAnon (heap and native memory) and RssFile "
                + "(mapped file pages, LMDB's, which the kernel can drop) from /proc/PID/status.%n%n", Instant.now(),
                ServeProcessBench.commit(), Runtime.getRuntime().availableProcessors(), ServeProcessBench.loadAverage(),
                System.getProperty("lacuna.bench.serveJavaOpts", "-Xmx8g (the launcher's)")));
        md.append("| KG | served from | ready after s | heap in use MiB | RssAnon MiB | RssFile MiB |\n|---|---|---:|---:|---:|---:|\n");
        for (Map.Entry<String, String> store : stores.entrySet()) {
            for (boolean passThrough : new boolean[] {false, true}) {
                Start s = start(lacuna, store.getKey(), store.getValue(), passThrough);
                md.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %d | %d | %d |%n", store.getKey(), s.how(),
                        s.seconds(), s.heapKb() >> 10, s.anonKb() >> 10, s.fileKb() >> 10));
            }
        }
        Path out = Path.of("target", "bench", "serve-start.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md.toString());
        System.out.print(md);
    }

    private static Start start(ServeProcessBench.Lacuna lacuna, String kg, String store, boolean passThrough)
            throws Exception {
        List<String> args = new ArrayList<>(List.of("serve", "--store", store, "--kg", kg, "--port", "0",
                "--no-access-log"));
        if (passThrough) {
            args.add("--pass-through");
        }
        ServeProcessBench.Served served = lacuna.serve(kg + (passThrough ? "-store" : "-copy"), "", args.toArray(new String[0]));
        try {
            // one query answered: the endpoint serves
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(served.url()
                    + "sparql?query=" + URLEncoder.encode("ASK { ?s ?p ?o }", StandardCharsets.UTF_8))).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), r.body());
            long pid = served.process().pid();
            jcmd(pid, "GC.run");
            long heap = heapUsedKb(jcmd(pid, "GC.heap_info"));
            long[] mem = ServeProcessBench.Lacuna.memory(pid);
            String log = Files.readString(served.log());
            String how = log.contains("answered from that copy in memory") ? "its copy in memory"
                    : passThrough ? "the store (--pass-through)" : "the store (the copy did not fit)";
            return new Start(served.startSeconds(), heap, mem[0], mem[1], how);
        } finally {
            lacuna.stop(served.process());
        }
    }

    private static String jcmd(long pid, String command) throws IOException, InterruptedException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, "jcmd " + command + ": " + out);
        return out;
    }

    /** "garbage-first heap   total 262144K, used 43210K" */
    private static long heapUsedKb(String heapInfo) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("used (\\d+)K").matcher(heapInfo);
        assertTrue(m.find(), heapInfo);
        return Long.parseLong(m.group(1));
    }
}
