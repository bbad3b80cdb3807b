package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;

import dev.lacuna.Json;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.testing.GraphDb;

/**
 * The endpoint as users run it: {@code lacuna serve} started by the {@code lacuna} launcher (the jar, a process of
 * its own), queried by a Python client as ToG queries it, beside GraphDB started by {@code scripts/graphdb.sh}
 * (Basic auth) and queried directly. The data is FB15k-237's train split with entity2text labels, loaded and built
 * ({@code build --maxad 3 --seed 1}) into LMDB and into GraphDB's {@code lacuna} repository by the CLI; the queries
 * are ToG's four templates ({@code sparql/tog-*.rq}) over seeded triples of the built incomplete graph.
 *
 * <p>Endpoints: GraphDB direct (each query with FROM its incomplete graph), {@code lacuna serve} on the LMDB store,
 * {@code lacuna serve} in front of that GraphDB (from its copy, the default) and with {@code --pass-through}. The
 * client ({@code serve_bench_client.py}, Debian's python3) first checks that every endpoint gives every query the
 * same rows, then times the endpoints in turns of 50 queries, order rotating, in each client mode (http.client GET
 * and POST on one connection, SPARQLWrapper as ToG calls it), JSON parsed after the clock. Medians and p95 are
 * compared as ratios to GraphDB's within each round: on a shared machine only the ratios of one interleaved run
 * mean something. Results: target/bench/serve-process.md.
 *
 * <p>Run: {@code ./mvnw -B -q package -DskipTests && ./mvnw -B -Pbench test -Dtest=ServeProcessBench}. Properties:
 * {@code lacuna.bench.fb15k} (a folder with train.txt[.gz] and entity2text.txt[.gz]; default the repository's
 * testdata/data/fb15k-237), {@code lacuna.bench.queries} (per endpoint and mode, default 3000),
 * {@code lacuna.bench.rounds} (default 2), {@code lacuna.bench.modes} (comma-separated), {@code lacuna.bench.work}
 * (a folder that keeps the LMDB store and the build between runs), {@code lacuna.bench.serveJavaOpts}
 * (LACUNA_JAVA_OPTS of the serve processes, default the launcher's -Xmx8g), {@code lacuna.bench.variants}
 * (further endpoints: {@code store} for serve on LMDB from the store itself, {@code noshapes} for serve on LMDB
 * parsing every query), {@code lacuna.bench.python}
 * (default /usr/bin/python3), {@code lacuna.graphdb.heap}.
 */
@Tag("bench")
@ExtendWith(GraphDb.class)
class ServeProcessBench {
    private static final KgGraphs KG = KgGraphs.of("fb15k-237");
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final String GRAPHDB = "GraphDB direct (FROM its incomplete graph)";
    private static final List<String> MODES = List.of("http.client GET", "http.client POST", "SPARQLWrapper GET");

    /** A {@code lacuna serve} process: its name in the tables, the process, its URL and how long it took to start. */
    record Served(String name, Process process, String url, double startSeconds, Path log) {
    }

    @Test
    void togTemplatesFromPythonAgainstGraphDbAndServe(GraphDb graphDb, @TempDir Path tmp) throws Exception {
        Path data = Path.of(System.getProperty("lacuna.bench.fb15k", "testdata/data/fb15k-237")).toAbsolutePath();
        Path work = System.getProperty("lacuna.bench.work") != null
                ? Path.of(System.getProperty("lacuna.bench.work")).toAbsolutePath() : tmp;
        int perEndpoint = Integer.getInteger("lacuna.bench.queries", 3000);
        int rounds = Integer.getInteger("lacuna.bench.rounds", 2);
        List<String> modes = System.getProperty("lacuna.bench.modes") != null
                ? List.of(System.getProperty("lacuna.bench.modes").split(",")) : MODES;
        Lacuna lacuna = Lacuna.launcher(work.resolve("logs"));
        Files.createDirectories(work);
        String load = loadAverage();

        // The benchmark, built by the CLI into LMDB (kept in lacuna.bench.work between runs) and into GraphDB
        Path trainFile = dataFile(data, "train.txt");
        Path labels = dataFile(data, "entity2text.txt");
        String store = "lmdb:" + work.resolve("store");
        Path folder = work.resolve("benchmark");
        if (!Files.exists(folder.resolve("summary.json"))) {
            lacuna.run("load-lmdb", "load", "--store", store, "--kg", KG.name(), "--labels", labels.toString(),
                    trainFile.toString());
            lacuna.run("build-lmdb", "build", "--store", store, "--kg", KG.name(), "--maxad", "3", "--seed", "1",
                    "--out", folder.toString());
        }
        String[] graphDbStore = {"--repository", graphDb.lacunaRepositoryUrl(), "--credentials",
            graphDb.credentialsFile().toString()};
        lacuna.run("load-graphdb", concat(new String[] {"load"}, graphDbStore, new String[] {"--kg", KG.name(),
            "--labels", labels.toString(), trainFile.toString()}));
        // the rules the LMDB build mined, so that GraphDB's build does not mine them again: the same incomplete graph
        lacuna.run("build-graphdb", concat(new String[] {"build"}, graphDbStore, new String[] {"--kg", KG.name(),
            "--rules", folder.resolve("rules.tsv").toString(), "--seed", "1", "--out", work.resolve("benchmark-graphdb").toString(),
            "--force"}));

        List<Statement> incomplete = incomplete(folder.resolve("kg").resolve("incomplete.tsv"));
        // as `lacuna tog` sends them: without the files' comment lines (SPARQLWrapper takes a comment's "added" for
        // the update ADD and sends the text as an update)
        List<String> queries = EndpointLatencyBench.togQueries(incomplete, perEndpoint, new Random(1)).stream()
                .map(q -> q.lines().filter(l -> !l.startsWith("#")).collect(Collectors.joining("\n", "", "\n"))).toList();

        List<Served> served = new ArrayList<>();
        Path report = Path.of("target", "bench", "serve-process.md");
        try {
            served.add(lacuna.serve("lacuna serve on LMDB", "", "serve", "--store", store, "--kg", KG.name(), "--port", "0"));
            served.add(lacuna.serve("lacuna serve in front of GraphDB (its copy, the default)", "", concat(
                    new String[] {"serve"}, graphDbStore, new String[] {"--kg", KG.name(), "--port", "0"})));
            served.add(lacuna.serve("lacuna serve --pass-through in front of GraphDB", "", concat(new String[] {"serve"},
                    graphDbStore, new String[] {"--kg", KG.name(), "--port", "0", "--pass-through"})));
            // -Dlacuna.bench.variants=store,noshapes: serve on LMDB from the store itself (no copy in memory), and
            // with every query parsed (no shape cache), as further endpoints of the same run
            List<String> variants = List.of(System.getProperty("lacuna.bench.variants", "").split(","));
            // (each in a copy of the store: one process at a time opens an LMDB store)
            if (variants.contains("store")) {
                served.add(lacuna.serve("lacuna serve --pass-through on LMDB (the store itself)", "", "serve", "--store",
                        "lmdb:" + copyStore(work.resolve("store"), work.resolve("store-itself")), "--kg", KG.name(),
                        "--port", "0", "--pass-through"));
            }
            if (variants.contains("noshapes")) {
                served.add(lacuna.serve("lacuna serve --query-shapes 0 on LMDB (every query parsed)", "", "serve",
                        "--store", "lmdb:" + copyStore(work.resolve("store"), work.resolve("store-parsed")), "--kg",
                        KG.name(), "--port", "0", "--query-shapes", "0"));
            }

            List<Map<String, Object>> endpoints = new ArrayList<>();
            endpoints.add(endpoint(GRAPHDB, graphDb.lacunaRepositoryUrl(), KG.incomplete().stringValue(),
                    graphDb.credentialsFile().toString()));
            for (Served s : served) {
                endpoints.add(endpoint(s.name(), s.url() + "sparql", null, null));
            }
            Map<String, Object> plan = new LinkedHashMap<>();
            plan.put("endpoints", endpoints);
            plan.put("queries", queries);
            plan.put("modes", modes);
            plan.put("rounds", rounds);
            plan.put("block", 50);
            plan.put("warmup", 300);
            plan.put("askQueries", 1000);
            // the processes that work for each endpoint, for the CPU per query: GraphDB's for the pass-through too
            long graphDbPid = Long.parseLong(Files.readString(graphDb.credentialsFile().resolveSibling("graphdb.pid")).strip());
            Map<String, List<Long>> pids = new LinkedHashMap<>();
            pids.put(GRAPHDB, List.of(graphDbPid));
            for (Served s : served) {
                pids.put(s.name(), s.name().contains("pass-through in front") ? List.of(s.process().pid(), graphDbPid)
                        : List.of(s.process().pid()));
            }
            plan.put("pids", pids);
            Path planFile = tmp.resolve("plan.json");
            Path out = tmp.resolve("latencies.json");
            Json.mapper().writeValue(planFile.toFile(), plan);
            client(planFile, out, work.resolve("logs").resolve("client.log"));
            JsonNode result = Json.mapper().readTree(out.toFile());
            List<String> names = endpoints.stream().map(e -> (String) e.get("name")).toList();
            String text = report(result, names, modes, served, load, loadAverage(), queries.size());
            Files.createDirectories(report.getParent());
            Files.writeString(report, text);
            System.out.print(text);
        } finally {
            for (Served s : served) {
                lacuna.stop(s.process());
            }
        }
        assertTrue(Files.exists(report));
    }

    private static Map<String, Object> endpoint(String name, String url, String from, String credentials) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("name", name);
        e.put("url", url);
        e.put("from", from);
        e.put("credentials", credentials);
        return e;
    }

    /** Runs the Python client to its end; it exits 3 when an endpoint answers differently. */
    private static void client(Path plan, Path out, Path log) throws IOException, InterruptedException {
        Path script = Path.of("target", "test-classes", "dev", "lacuna", "serve", "serve_bench_client.py");
        Path copy = plan.resolveSibling("serve_bench_client.py");
        Files.copy(script, copy, StandardCopyOption.REPLACE_EXISTING);
        String python = System.getProperty("lacuna.bench.python", "/usr/bin/python3");
        Process p = new ProcessBuilder(python, copy.toString(), plan.toString(), out.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        int exit = p.waitFor();
        assertEquals(0, exit, "the Python client failed: " + Files.readString(log));
    }

    /** The built incomplete graph from the folder's kg/incomplete.tsv (private ids and relation names). */
    private static List<Statement> incomplete(Path tsv) throws IOException {
        List<Statement> out = new ArrayList<>();
        try (BufferedReader r = Files.newBufferedReader(tsv, StandardCharsets.UTF_8)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] t = line.split("\t");
                out.add(VF.createStatement(KG.entity(Long.parseLong(t[0])), KG.relation(t[1]),
                        KG.entity(Long.parseLong(t[2]))));
            }
        }
        return out;
    }

    /** A copy of an LMDB store's folder, replacing an older copy. */
    private static Path copyStore(Path from, Path to) throws IOException {
        if (Files.exists(to)) {
            try (var old = Files.walk(to)) {
                for (Path p : old.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        try (var files = Files.walk(from)) {
            for (Path p : files.toList()) {
                Files.copy(p, to.resolve(from.relativize(p).toString()));
            }
        }
        return to;
    }

    private static Path dataFile(Path folder, String name) {
        for (Path p : List.of(folder.resolve(name), folder.resolve(name + ".gz"))) {
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new IllegalArgumentException("no " + name + " or " + name + ".gz in " + folder
                + " (-Dlacuna.bench.fb15k=DIR names FB15k-237's folder)");
    }

    private static String[] concat(String[]... parts) {
        return Arrays.stream(parts).flatMap(Arrays::stream).toArray(String[]::new);
    }

    /** The commit measured, or "unknown" outside a git checkout. */
    static String commit() {
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "--short", "HEAD").redirectErrorStream(true).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return git.waitFor() == 0 ? out : "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    /** /proc/loadavg's three averages. */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static String report(JsonNode result, List<String> names, List<String> modes, List<Served> served,
            String loadBefore, String loadAfter, int queries) {
        StringBuilder b = new StringBuilder("# The endpoint as users run it: lacuna serve processes and GraphDB, a Python client\n\n");
        b.append(String.format(Locale.ROOT, "%s, commit %s, %d cores, load average before %s, after %s. FB15k-237 train "
                + "with entity2text labels, built by `lacuna build --maxad 3 --seed 1` into LMDB and into GraphDB's "
                + "`lacuna` repository (scripts/graphdb.sh, Basic auth); ToG's four templates over %d seeded triples "
                + "of the built incomplete graph, %d rows, every query answered alike by every endpoint. Each "
                + "endpoint a process of its own; the client Debian's python3 (serve_bench_client.py): endpoints in "
                + "turns of 50 queries, order rotating, JSON parsed after the clock; figures per round, "
                + "round 1 / round 2 ...; ratios within a round.%n%n",
                Instant.now(), commit(), Runtime.getRuntime().availableProcessors(), loadBefore, loadAfter,
                queries, result.path("rows").asLong()));
        JsonNode rounds = result.path("rounds");
        for (String mode : modes) {
            b.append("## ").append(mode).append("\n\n");
            b.append(table(names, rounds, r -> r.path("modes").path(mode)));
            b.append('\n').append(targets(names, rounds, r -> r.path("modes").path(mode))).append("\n\n");
        }
        b.append("## CPU time of the server processes per query (each endpoint queried alone, http.client GET)\n\n")
                .append("| endpoint | CPU ms per query | / GraphDB |\n|---|---:|---:|\n");
        for (String name : names) {
            List<String> ms = new ArrayList<>();
            List<String> ratio = new ArrayList<>();
            for (JsonNode round : rounds) {
                ms.add(String.format(Locale.ROOT, "%.3f", round.path("cpu").path(name).asDouble()));
                ratio.add(f(round.path("cpu").path(name).asDouble() / round.path("cpu").path(GRAPHDB).asDouble()) + "x");
            }
            b.append("| ").append(name).append(" | ").append(String.join(" / ", ms)).append(" | ")
                    .append(String.join(" / ", ratio)).append(" |\n");
        }
        b.append("\nThe pass-through's figure adds GraphDB's CPU to its own.\n\n");
        b.append("## `ASK {}` (http.client GET): HTTP and the request's reading, no graph read\n\n");
        b.append(table(names, rounds, r -> r.path("ask"))).append('\n');
        b.append("## The serve processes\n\n| endpoint | ready after s | RssAnon MiB | RssFile MiB | VmHWM MiB |\n|---|---:|---:|---:|---:|\n");
        for (Served s : served) {
            long[] mem = Lacuna.memory(s.process().pid());
            b.append(String.format(Locale.ROOT, "| %s | %.1f | %d | %d | %d |%n", s.name(), s.startSeconds(), mem[0] >> 10,
                    mem[1] >> 10, mem[2] >> 10));
        }
        b.append("\nRssAnon is heap and native memory; RssFile is mapped file pages (LMDB's), which the kernel can drop.\n");
        return b.toString();
    }

    private interface Pick {
        JsonNode of(JsonNode round);
    }

    private static String table(List<String> names, JsonNode rounds, Pick pick) {
        StringBuilder b = new StringBuilder("| endpoint | median ms | / GraphDB | p95 ms | p95 / GraphDB's |\n|---|---:|---:|---:|---:|\n");
        for (String name : names) {
            List<String> median = new ArrayList<>();
            List<String> medianRatio = new ArrayList<>();
            List<String> p95 = new ArrayList<>();
            List<String> p95Ratio = new ArrayList<>();
            for (JsonNode round : rounds) {
                double[] mine = sorted(pick.of(round).path(name));
                double[] graphDb = sorted(pick.of(round).path(GRAPHDB));
                median.add(f(percentile(mine, 0.5)));
                p95.add(f(percentile(mine, 0.95)));
                medianRatio.add(f(percentile(mine, 0.5) / percentile(graphDb, 0.5)) + "x");
                p95Ratio.add(f(percentile(mine, 0.95) / percentile(graphDb, 0.95)) + "x");
            }
            b.append("| ").append(name).append(" | ").append(String.join(" / ", median)).append(" | ")
                    .append(String.join(" / ", medianRatio)).append(" | ").append(String.join(" / ", p95)).append(" | ")
                    .append(String.join(" / ", p95Ratio)).append(" |\n");
        }
        return b.toString();
    }

    /** The issue's targets, per round: serve on LMDB median <= 0.5x and p95 <= GraphDB's; the copy median <= 0.5x. */
    private static String targets(List<String> names, JsonNode rounds, Pick pick) {
        List<String> out = new ArrayList<>();
        for (JsonNode round : rounds) {
            double[] graphDb = sorted(pick.of(round).path(GRAPHDB));
            double[] lmdb = sorted(pick.of(round).path(names.get(1)));
            double[] copy = sorted(pick.of(round).path(names.get(2)));
            out.add(String.format(Locale.ROOT, "LMDB median %s, LMDB p95 %s, copy median %s",
                    met(percentile(lmdb, 0.5) <= 0.5 * percentile(graphDb, 0.5)),
                    met(percentile(lmdb, 0.95) <= percentile(graphDb, 0.95)),
                    met(percentile(copy, 0.5) <= 0.5 * percentile(graphDb, 0.5))));
        }
        return "Targets (median at most 0.5x GraphDB's, LMDB's p95 at most GraphDB's), per round: " + String.join("; ", out) + ".";
    }

    private static String met(boolean met) {
        return met ? "met" : "NOT met";
    }

    private static double[] sorted(JsonNode values) {
        double[] out = new double[values.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = values.get(i).asDouble();
        }
        Arrays.sort(out);
        return out;
    }

    private static double percentile(double[] sorted, double p) {
        return sorted.length == 0 ? Double.NaN : sorted[(int) Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /**
     * The {@code lacuna} launcher at the project's root, which runs the jar as users run it: commands to their end
     * (their output in a log each), {@code serve} in the background until stopped.
     */
    static final class Lacuna {
        private final Path launcher;
        private final Path logs;

        private Lacuna(Path launcher, Path logs) {
            this.launcher = launcher;
            this.logs = logs;
        }

        /** The launcher, refusing a jar older than the compiled classes (the bench would measure old code). */
        static Lacuna launcher(Path logs) throws IOException {
            Path launcher = Path.of("lacuna").toAbsolutePath();
            Path jar;
            try (var jars = Files.list(Path.of("target"))) {
                jar = jars.filter(p -> p.getFileName().toString().matches("lacuna-.*\\.jar")
                        && !p.getFileName().toString().endsWith("-tests.jar")).findFirst().orElse(null);
            }
            Path classes = Path.of("target", "classes");
            long newest;
            try (var all = Files.walk(classes)) {
                newest = all.filter(Files::isRegularFile).mapToLong(p -> p.toFile().lastModified()).max().orElse(0);
            }
            if (jar == null || jar.toFile().lastModified() < newest) {
                throw new IllegalStateException("the jar is " + (jar == null ? "missing" : "older than target/classes")
                        + ": build it first with ./mvnw -B -q package -DskipTests");
            }
            Files.createDirectories(logs);
            return new Lacuna(launcher, logs);
        }

        /**
         * The launcher with these arguments. A serve process gets the launcher's default JVM options, or
         * lacuna.bench.serveJavaOpts, followed by {@code javaOpts}; the other commands -Xmx3g.
         */
        private ProcessBuilder builder(String javaOpts, String... args) {
            List<String> command = new ArrayList<>(List.of(launcher.toString()));
            command.addAll(List.of(args));
            ProcessBuilder pb = new ProcessBuilder(command);
            if (args[0].equals("serve")) {
                String opts = (System.getProperty("lacuna.bench.serveJavaOpts", "-Xmx8g") + " " + javaOpts).strip();
                pb.environment().put("LACUNA_JAVA_OPTS", opts);
            } else {
                pb.environment().put("LACUNA_JAVA_OPTS", "-Xmx3g");
            }
            return pb;
        }

        /** Runs a command to its end; a failure fails the bench with the command's log. */
        void run(String step, String... args) throws IOException, InterruptedException {
            Path log = logs.resolve(step + ".log");
            System.out.println("bench: lacuna " + String.join(" ", args));
            Process p = builder("", args).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            int exit = p.waitFor();
            assertEquals(0, exit, "lacuna " + args[0] + " failed: " + Files.readString(log));
        }

        /** Starts {@code lacuna serve} and waits for the URL it prints once it listens. */
        Served serve(String name, String javaOpts, String... args) throws IOException, InterruptedException {
            Path log = logs.resolve("serve-" + name.replaceAll("[^A-Za-z0-9]+", "-") + ".log");
            long start = System.nanoTime();
            Process p = builder(javaOpts, args).redirectError(log.toFile()).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String url = null;
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith("Lacuna SPARQL endpoint at ")) {
                    url = line.substring("Lacuna SPARQL endpoint at ".length()).split(" ")[0];
                    break;
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            if (url == null) {
                p.waitFor(10, TimeUnit.SECONDS);
                throw new IllegalStateException("lacuna serve (" + name + ") did not start: " + Files.readString(log));
            }
            // the rest of its standard output is drained so that it never blocks on a full pipe
            Thread drain = new Thread(() -> {
                try {
                    out.transferTo(java.io.Writer.nullWriter());
                } catch (IOException e) {
                    // the process ended
                }
            });
            drain.setDaemon(true);
            drain.start();
            return new Served(name, p, url, seconds, log);
        }

        /** Stops a serve process as Ctrl-C would (SIGTERM runs its shutdown hook). */
        void stop(Process p) throws InterruptedException {
            p.destroy();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }

        /** RssAnon, RssFile and VmHWM of a process in KiB, from /proc (-1 where unknown). */
        static long[] memory(long pid) {
            long[] out = {-1, -1, -1};
            try {
                for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                    String[] kv = line.split(":\\s+");
                    int k = kv[0].equals("RssAnon") ? 0 : kv[0].equals("RssFile") ? 1 : kv[0].equals("VmHWM") ? 2 : -1;
                    if (k >= 0) {
                        out[k] = Long.parseLong(kv[1].replaceAll("[^0-9]", ""));
                    }
                }
            } catch (IOException | RuntimeException e) {
                return out;
            }
            return out;
        }
    }
}
