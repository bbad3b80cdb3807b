package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.lacuna.Json;
import dev.lacuna.cli.Main;
import dev.lacuna.folder.OutputFolder;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.serve.ServeFixture;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.testing.ChildJvm;
import dev.lacuna.testing.MemorySampler;

/**
 * The scale run, every stage as its own {@code lacuna} child process (java with the test class path and
 * {@code -Xmx} of {@code scale.xmx}, default 10g) under {@code /usr/bin/time}, so that wall time and peak RSS are
 * per stage: generate N triples (default 20,000,000), load into LMDB, mine at maxad 3 and at maxad 4 (about
 * 40 minutes at 20M), build from the maxad-3 rules ({@code -Dscale.buildRules=4}: the maxad-4 rules), verify,
 * rebuild with another seed
 * and verify again, serve one-hop queries from
 * 16 clients for {@code scale.serveSeconds} (default 60; ServeBenchTest's shapes), export {@code rog}.
 * Writes target/bench/scale-N.md and scale-N.json (per stage: wall and CPU seconds, peak RSS, sampled peaks of RssAnon
 * and RssFile, exit code, counts); each stage's log is kept under target/bench/scale-N/.
 * Run with: {@code mvn -B -o -Pscale test [-Dscale.triples=2000000] [-Dscale.xmx=10g]}; {@code -Dscale.stages=...}
 * picks stages (for example without mine4).
 */
@Tag("scale")
class ScaleBench {
    private static final KgGraphs KG = KgGraphs.of("scale");
    private static final int CLIENTS = 16;

    /**
     * One stage's measure: wall and CPU seconds, peak RSS as /usr/bin/time gives it (anonymous and file pages
     * together), the sampled peaks of RssAnon and RssFile apart (LMDB's mapped pages are RssFile), exit code, counts.
     */
    record Stage(String name, double seconds, double cpuSeconds, long peakKb, MemorySampler.Peaks sampled, int exit,
            String note, Map<String, Long> counts) {
    }

    private static final long SAMPLE_MILLIS = 250;

    private final List<Stage> stages = new ArrayList<>();
    private Path work;
    private Path logs;
    private String xmx;

    @Test
    void generateLoadMineBuildVerifyServeExport() throws Exception {
        long n = Long.getLong("scale.triples", 20_000_000L);
        xmx = System.getProperty("scale.xmx", "10g");
        int serveSeconds = Integer.getInteger("scale.serveSeconds", 60);
        work = Path.of(System.getProperty("scale.dir", "target/scale-work")).toAbsolutePath().resolve(Long.toString(n));
        logs = Path.of("target", "bench", "scale-" + n).toAbsolutePath();
        // -Dscale.stages=generate,load,mine3 runs a prefix of the pipeline (a 20M run of every stage takes hours).
        List<String> only = List.of(System.getProperty("scale.stages",
                "generate,load,mine3,mine4,build,verify,rebuild,serve,export").split(","));
        if (only.contains("generate")) {
            OutputFolder.deleteTree(work); // a run without generate continues in the last run's folder
        }
        Files.createDirectories(work);
        Files.createDirectories(logs);
        String store = "lmdb:" + work.resolve("store");
        Path kg = work.resolve("kg.tsv");
        Path bench = work.resolve("benchmark");
        Instant began = Instant.now();

        if (only.contains("generate")) {
            run("generate", "", "generate", "--output", kg.toString(), "--triples", Long.toString(n), "--seed", "42",
                    "--rules", work.resolve("planted.tsv").toString());
        }
        if (only.contains("load")) {
            // -Dscale.indexes=spoc,posc,ospc creates the store with those indexes; later stages keep them.
            String indexes = System.getProperty("scale.indexes");
            run("load (complete)", indexes == null ? "" : "indexes " + indexes, "load", "--store",
                    indexes == null ? store : store + ":" + indexes, "--kg", KG.name(), kg.toString());
        }
        if (only.contains("mine3")) {
            run("mine maxad 3", "", "mine", "--input", kg.toString(), "--output", work.resolve("rules-3.tsv").toString(),
                    "--maxad", "3", "--threads", "2");
        }
        if (only.contains("mine4")) {
            run("mine maxad 4", "", "mine", "--input", kg.toString(), "--output", work.resolve("rules-4.tsv").toString(),
                    "--maxad", "4", "--threads", "2");
        }
        // -Dscale.buildRules=4 builds from the maxad-4 rules: the whole maxad-4 run (generate, load, mine4, build,
        // verify, serve, export) is then one command.
        String buildRules = "rules-" + System.getProperty("scale.buildRules", "3") + ".tsv";
        if (only.contains("build")) {
            run("build (" + buildRules + "; incomplete, questions, folder)", "", "build", "--store", store, "--kg",
                    KG.name(), "--rules", work.resolve(buildRules).toString(), "--seed", "1", "--out", bench.toString());
        }
        if (only.contains("verify")) {
            run("verify", "", "verify", "--store", store, bench.toString());
        }
        if (only.contains("rebuild")) {
            // Another seed removes other triples: the rebuild writes incomplete's difference (docs/explanation/storage.md).
            run("rebuild (seed 2: other removals)", "", "build", "--store", store, "--kg", KG.name(), "--rules",
                    work.resolve(buildRules).toString(), "--seed", "2", "--force", "--out", bench.toString());
            run("verify the rebuild", "", "verify", "--store", store, bench.toString());
        }
        if (only.contains("serve")) {
            serve(store, bench, serveSeconds);
        }
        if (only.contains("export")) {
            run("export rog", "", "export", "--benchmark", bench.toString(), "--format", "rog", "--out",
                    work.resolve("rog").toString());
        }
        write(n, began);
        for (Stage s : stages) {
            assertEquals(0, s.exit(), s.name() + " failed; its log is in " + logs);
        }
    }

    private List<String> command(String... args) {
        return new ChildJvm(xmx, SAMPLE_MILLIS).command(Main.class, Arrays.asList(args));
    }

    /** Runs one stage to its end under /usr/bin/time, which reports the child's wall time and peak RSS. */
    private void run(String name, String note, String... args) throws IOException, InterruptedException {
        Path log = logs.resolve(args[0] + (stages.size() + 1) + ".log");
        Path time = logs.resolve(args[0] + (stages.size() + 1) + ".time");
        System.out.println("scale: " + name + " ...");
        ChildJvm.Measure m = new ChildJvm(xmx, SAMPLE_MILLIS).run(Main.class, Arrays.asList(args), log, time);
        stages.add(new Stage(name, m.wallSeconds(), m.cpuSeconds(), m.peakRssKb(), m.sampled(), m.exit(),
                (note + " " + rulesDigest(args)).strip(), counts(args)));
        System.out.println("scale: " + stages.get(stages.size() - 1));
    }

    /**
     * {@code lacuna serve} as a child, 16 clients sending ServeBenchTest's one-hop shapes about entities and
     * relations of incomplete for the given time; its peak RSS is read from /proc (VmHWM) before it is stopped.
     */
    private void serve(String store, Path bench, int seconds) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path log = logs.resolve("serve" + (stages.size() + 1) + ".log");
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command("serve", "--store", store, "--kg", KG.name(), "--port", Integer.toString(port),
                "--no-access-log")).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        MemorySampler sampler = MemorySampler.start(p, SAMPLE_MILLIS);
        String url = "http://127.0.0.1:" + port + "/sparql/incomplete";
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        List<String> queries = oneHopQueries(bench.resolve("kg").resolve("incomplete.tsv"), 4000);
        double started = -1;
        while (p.isAlive() && started < 0) {
            try {
                HttpResponse<String> r = http.send(request(url, queries.get(0)), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    started = (System.nanoTime() - t0) / 1e9;
                }
            } catch (IOException notYet) {
                Thread.sleep(200);
            }
        }
        String note;
        int exit = 0;
        if (started < 0) {
            note = "serve did not start";
            exit = p.exitValue() == 0 ? 1 : p.exitValue();
        } else {
            long[] result = load(http, url, queries, seconds);
            note = String.format("ready after %.1f s; %d clients, %d s: %,d queries (%.0f/s), p50 %.0f ms, p99 %.0f ms, %d errors",
                    started, CLIENTS, seconds, result[0], result[0] / (double) seconds, result[2] / 1e6, result[3] / 1e6,
                    result[1]);
            if (result[1] > 0) {
                exit = 1;
            }
        }
        long peak = peakKb(p.pid());
        double cpu = p.toHandle().info().totalCpuDuration().map(d -> d.toNanos() / 1e9).orElse(-1.0);
        sampler.close();
        double wall = (System.nanoTime() - t0) / 1e9;
        p.destroy();
        p.waitFor();
        stages.add(new Stage("serve (one-hop mix)", wall, cpu, peak, sampler.peaks(), exit, note, Map.of()));
        System.out.println("scale: " + stages.get(stages.size() - 1));
    }

    /** queries, errors, p50 and p99 latency in ns. */
    private static long[] load(HttpClient http, String url, List<String> queries, int seconds) throws InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        AtomicLong errors = new AtomicLong();
        List<long[]> latencies = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < CLIENTS; c++) {
            long[] mine = new long[1 << 20];
            latencies.add(mine);
            int client = c;
            Thread t = new Thread(() -> {
                int i = client;
                int k = 0;
                while (System.nanoTime() < end && k < mine.length - 1) {
                    long q0 = System.nanoTime();
                    try {
                        HttpResponse<Void> r = http.send(request(url, queries.get(i++ % queries.size())),
                                HttpResponse.BodyHandlers.discarding());
                        if (r.statusCode() != 200) {
                            errors.incrementAndGet();
                        }
                    } catch (IOException | InterruptedException e) {
                        errors.incrementAndGet();
                    }
                    mine[++k] = System.nanoTime() - q0;
                }
                mine[0] = k;
            });
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        long total = 0;
        for (long[] l : latencies) {
            total += l[0];
        }
        long[] all = new long[(int) total];
        int j = 0;
        for (long[] l : latencies) {
            System.arraycopy(l, 1, all, j, (int) l[0]);
            j += (int) l[0];
        }
        Arrays.sort(all);
        long p50 = all.length == 0 ? 0 : all[all.length / 2];
        long p99 = all.length == 0 ? 0 : all[Math.min(all.length - 1, (int) (all.length * 0.99))];
        return new long[] {total, errors.get(), p50, p99};
    }

    private static HttpRequest request(String url, String query) {
        return HttpRequest.newBuilder(URI.create(url + "?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8)))
                .header("Accept", "application/sparql-results+json").timeout(Duration.ofSeconds(60)).GET().build();
    }

    /** ServeBenchTest's four one-hop shapes about triples of incomplete, drawn with a fixed seed. */
    private static List<String> oneHopQueries(Path incomplete, int n) throws IOException {
        List<String[]> sample = new ArrayList<>();
        Random random = new Random(42);
        try (BufferedReader r = Files.newBufferedReader(incomplete, StandardCharsets.UTF_8)) {
            long seen = 0;
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                seen++;
                String[] t = line.split("\t");
                if (sample.size() < n) {
                    sample.add(t);
                } else {
                    long k = (long) (random.nextDouble() * seen);
                    if (k < n) {
                        sample.set((int) k, t);
                    }
                }
            }
        }
        List<String> out = new ArrayList<>(sample.size());
        for (String[] t : sample) {
            out.add(ServeFixture.oneHopQuery(out.size(), KG.entity(Long.parseLong(t[0])), KG.relation(t[1]),
                    KG.entity(Long.parseLong(t[2]))));
        }
        return out;
    }

    /** The process's peak resident set (VmHWM) in KB, or -1 where /proc cannot tell. */
    private static long peakKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }

    private void write(long n, Instant began) throws IOException {
        StringBuilder md = new StringBuilder();
        md.append(String.format("# Scale run: %,d generated triples%n%n", n));
        md.append(String.format("Started %s, finished %s; each stage a `lacuna` child process with -Xmx%s on LMDB "
                + "(wall time and peak RSS from /usr/bin/time; serve's peak RSS is its VmHWM before it was stopped). "
                + "Command: `mvn -B -o -Pscale test -Dscale.triples=%d%s`. Logs: %s.%n%n", began, Instant.now(), xmx, n,
                (System.getProperty("scale.stages") != null ? " -Dscale.stages=" + System.getProperty("scale.stages") : "")
                        + (System.getProperty("scale.indexes") != null ? " -Dscale.indexes=" + System.getProperty("scale.indexes") : ""),
                logs));
        md.append("RssAnon is heap and native memory; RssFile is mapped file pages (LMDB's), which the kernel can drop. "
                + "Both are peaks sampled every " + SAMPLE_MILLIS + " ms.\n\n");
        md.append("| stage | wall s | CPU s | peak RSS MiB | peak RssAnon MiB | peak RssFile MiB | exit | note |\n"
                + "|---|---:|---:|---:|---:|---:|---:|---|\n");
        double total = 0;
        for (Stage s : stages) {
            total += s.seconds();
            md.append(String.format("| %s | %.1f | %.1f | %,d | %,d | %,d | %d | %s |%n", s.name(), s.seconds(), s.cpuSeconds(),
                    s.peakKb() / 1024, s.sampled().rssAnonKb() / 1024, s.sampled().rssFileKb() / 1024, s.exit(),
                    s.note() + (s.counts().isEmpty() ? "" : (s.note().isEmpty() ? "" : "; ") + s.counts())));
        }
        md.append(String.format("| total | %.1f | | | | | | |%n", total));
        Files.writeString(logs.resolveSibling("scale-" + n + ".md"), md.toString());
        System.out.println(md);
        writeJson(n, began, total);
    }

    /** The same figures as JSON (target/bench/scale-N.json), so that a check can read them. */
    private void writeJson(long n, Instant began, double total) throws IOException {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("triples", n);
        out.put("xmx", xmx);
        out.put("started", began.toString());
        out.put("finished", Instant.now().toString());
        out.put("commit", commit());
        out.put("stagesAsked", System.getProperty("scale.stages", "all"));
        out.put("sampleMillis", SAMPLE_MILLIS);
        List<Map<String, Object>> list = new ArrayList<>();
        for (Stage s : stages) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", s.name());
            m.put("wallSeconds", round(s.seconds()));
            m.put("cpuSeconds", round(s.cpuSeconds()));
            m.put("peakRssKb", s.peakKb());
            m.put("peakRssAnonKb", s.sampled().rssAnonKb());
            m.put("peakRssFileKb", s.sampled().rssFileKb());
            m.put("exit", s.exit());
            m.put("note", s.note());
            m.put("counts", s.counts());
            list.add(m);
        }
        out.put("stages", list);
        out.put("totalWallSeconds", round(total));
        Json.pretty().writeValue(logs.resolveSibling("scale-" + n + ".json").toFile(), out);
    }

    private static double round(double seconds) {
        return Math.round(seconds * 10) / 10.0;
    }

    /** What a stage produced, counted from its output files (rules mined, questions built); empty for the others. */
    private Map<String, Long> counts(String... args) throws IOException {
        Map<String, Long> counts = new LinkedHashMap<>();
        List<String> a = Arrays.asList(args);
        if (a.get(0).equals("mine")) {
            Path rules = Path.of(a.get(a.indexOf("--output") + 1));
            if (Files.exists(rules)) {
                // counted as build reads them: the header and the comment line that says how they were mined are no rules
                counts.put("rules", (long) AmieRules.read(rules).size());
            }
        } else if (a.get(0).equals("build")) {
            Path summary = Path.of(a.get(a.indexOf("--out") + 1)).resolve("summary.json");
            if (Files.exists(summary)) {
                var tree = Json.mapper().readTree(summary.toFile());
                counts.put("questions", tree.path("questions").path("total").asLong(-1));
                counts.put("removed", tree.path("triples").path("removed").asLong(-1));
            }
        }
        return counts;
    }

    /**
     * For a mining stage, the md5 of its rule file without its comment lines (which name the version and options
     * that mined it), so that runs of different commits compare; empty for the other stages.
     */
    private static String rulesDigest(String... args) throws IOException {
        List<String> a = Arrays.asList(args);
        if (!a.get(0).equals("mine") || !Files.exists(Path.of(a.get(a.indexOf("--output") + 1)))) {
            return "";
        }
        try {
            java.security.MessageDigest md5 = java.security.MessageDigest.getInstance("MD5");
            for (String line : Files.readAllLines(Path.of(a.get(a.indexOf("--output") + 1)), StandardCharsets.UTF_8)) {
                if (!line.startsWith("#")) {
                    md5.update((line + "\n").getBytes(StandardCharsets.UTF_8));
                }
            }
            return "md5 without comment lines " + java.util.HexFormat.of().formatHex(md5.digest());
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The commit the run measured, or "unknown" outside a git checkout. */
    private static String commit() {
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "--short", "HEAD").redirectErrorStream(true).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return git.waitFor() == 0 ? out : "unknown";
        } catch (IOException | InterruptedException e) {
            return "unknown";
        }
    }
}
