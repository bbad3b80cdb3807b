package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.eval.BenchmarkFixture;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.testing.TestData;

/**
 * Every path a command writes goes through one guard at start, {@code serve --keep-updates} and {@code --view-store}
 * included (the keep file was checked only at stop): nothing lands in a store's folder or a benchmark's folder,
 * whether or not the command reads it, nor on a folder, nor in a folder that does not exist. Each refusal exits 2
 * naming the option and the path, before anything is served, with every file of the store and the benchmark byte
 * for byte as it was. A real LMDB store and a real benchmark built in it.
 */
class OutputIntoStoreOrBenchmarkTest {
    private static final String TOKEN = "a-long-enough-update-token";

    @TempDir
    static Path tmp;
    static Path store;
    static Path bench;
    private static final ExecutorService SERVE = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "serve-under-test");
        t.setDaemon(true);
        return t;
    });

    @BeforeAll
    static void buildABenchmark() {
        store = tmp.resolve("store");
        bench = tmp.resolve("bench");
        Path rules = tmp.resolve("rules.tsv");
        AmieRules.write(AmieRules.read(TestData.amie3("family-maxad3.tsv")).subList(0, 10), rules);
        CliRunner.succeed("load", "--store", "lmdb:" + store, "--kg", "family", TestData.kg("family", "facts.txt").toString());
        CliRunner.succeed("build", "--store", "lmdb:" + store, "--kg", "family", "--rules", rules.toString(), "--out",
                bench.toString(), "--seed", "3");
    }

    @AfterAll
    static void stop() {
        SERVE.shutdownNow();
    }

    /** Every file of the store and the benchmark with its bytes. */
    private static Map<Path, byte[]> snapshot() throws IOException {
        Map<Path, byte[]> files = new LinkedHashMap<>();
        for (Path root : new Path[] {store, bench}) {
            try (Stream<Path> all = Files.walk(root)) {
                for (Path p : all.sorted().toList()) {
                    if (Files.isRegularFile(p) && !p.getFileName().toString().equals("locked")) {
                        files.put(p, Files.readAllBytes(p));
                    }
                }
            }
        }
        return files;
    }

    /**
     * Runs {@code serve} (in a thread: a serve that is not refused runs until stopped, and then fails this test rather
     * than hanging it) and checks the refusal: exit 2, the option and the path named, nothing changed.
     */
    private static void refused(String option, Path path, String reason, String... args) throws Exception {
        Map<Path, byte[]> before = snapshot();
        Future<CliRunner.Run> serving = SERVE.submit(() -> CliRunner.run(args));
        CliRunner.Run run;
        try {
            run = serving.get(60, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("serve started with " + option + " " + path + " instead of refusing it");
        }
        assertEquals(2, run.code(), run.toString());
        assertTrue(run.err().contains(option + " " + path) && run.err().contains(reason), run.toString());
        assertTrue(run.out().isEmpty(), "nothing served: " + run);
        Map<Path, byte[]> after = snapshot();
        assertEquals(before.keySet(), after.keySet(), "no file added or removed: " + run);
        before.forEach((p, bytes) -> assertArrayEquals(bytes, after.get(p), p + " changed"));
    }

    private static String[] serve(String... more) {
        String[] base = {"serve", "--store", "lmdb:" + store, "--kg", "family", "--port", "0", "--no-access-log",
                "--allow-update", "--token", TOKEN};
        String[] out = new String[base.length + more.length];
        System.arraycopy(base, 0, out, 0, base.length);
        System.arraycopy(more, 0, out, base.length, more.length);
        return out;
    }

    @Test
    void keepUpdatesIntoTheStoreIsRefusedAtStart() throws Exception {
        Path data = store.resolve("triples").resolve("data.mdb");
        assertTrue(Files.isRegularFile(data), "the LMDB data file the keep file once replaced");
        // the store serve reads is an input of it: named as such
        String inStore = "of the input folder " + store;
        refused("--keep-updates", data, inStore, serve("--keep-updates", data.toString()));
        Path beside = store.resolve("changes.ru");
        refused("--keep-updates", beside, "lies inside the input folder " + store, serve("--keep-updates", beside.toString()));
        refused("--keep-updates", store, "is the input folder " + store, serve("--keep-updates", store.toString()));
        Path link = Files.createSymbolicLink(tmp.resolve("link-to-data.ru"), data);
        refused("--keep-updates", link, inStore + " (through a symbolic link)", serve("--keep-updates", link.toString()));
        // another store, which this serve does not read, all the same
        Path other = tmp.resolve("other-store");
        CliRunner.succeed("load", "--store", "lmdb:" + other, "--kg", "small", Files.writeString(tmp.resolve("small.tsv"),
                "a\tr\tb\n").toString());
        Path otherData = other.resolve("triples").resolve("data.mdb");
        refused("--keep-updates", otherData, "lies inside the store folder " + other.toRealPath(),
                serve("--keep-updates", otherData.toString()));
    }

    @Test
    void keepUpdatesIntoTheBenchmarkIsRefusedAtStart() throws Exception {
        Path summary = bench.resolve("summary.json");
        refused("--keep-updates", summary, "inside the benchmark folder", serve("--keep-updates", summary.toString()));
        Path questions = bench.resolve("questions").resolve("changes.ru");
        refused("--keep-updates", questions, "inside the benchmark folder", serve("--keep-updates", questions.toString()));
    }

    @Test
    void keepUpdatesOnAFolderOrInAMissingFolderIsRefusedAtStart() throws Exception {
        Path folder = Files.createDirectories(tmp.resolve("a-folder"));
        refused("--keep-updates", folder, "is a folder", serve("--keep-updates", folder.toString()));
        Path missing = tmp.resolve("no-such-folder").resolve("changes.ru");
        refused("--keep-updates", missing, "does not exist", serve("--keep-updates", missing.toString()));
        assertFalse(Files.exists(missing.getParent()), "the missing folder is not created");
    }

    @Test
    void aViewStoreInsideTheBenchmarkOrTheStoreIsRefusedAtStart() throws Exception {
        Path inBench = bench.resolve("view");
        refused("--view-store", inBench, "inside the benchmark folder", serve("--view-store", "lmdb:" + inBench));
        refused("--view-store", bench, "is a benchmark folder", serve("--view-store", "lmdb:" + bench));
        Path inStore = store.resolve("view");
        refused("--view-store", inStore, "inside the input folder", serve("--view-store", "lmdb:" + inStore));
    }

    /** rules.tsv, written through a temporary file, has the permissions of the files build writes in place. */
    @Test
    void everyFileOfTheBenchmarkHasThePermissionsOfAPlainCreate() throws Exception {
        Set<PosixFilePermission> plain = Files.getPosixFilePermissions(Files.createFile(tmp.resolve("plain.txt")));
        try (Stream<Path> all = Files.walk(bench)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                assertEquals(plain, Files.getPosixFilePermissions(p), p.toString());
            }
        }
    }

    @Test
    void otherCommandsWriteNeitherIntoABenchmarkTheyDoNotRead() throws Exception {
        // evaluate reads another benchmark: the real one is no input of it, and is refused all the same
        Path fixture = BenchmarkFixture.write(tmp.resolve("fixture"));
        Path predictions = BenchmarkFixture.writeString(tmp.resolve("p.jsonl"),
                BenchmarkFixture.predictions("q1", "2,4", "q2", "", "q3", "7,8"));
        Map<Path, byte[]> before = snapshot();
        Path report = bench.resolve("report.json");
        CliRunner.Run evaluate = CliRunner.run("evaluate", "--benchmark", fixture.toString(), "--predictions",
                predictions.toString(), "-o", report.toString());
        assertEquals(2, evaluate.code(), evaluate.toString());
        assertTrue(evaluate.err().contains("inside the benchmark folder " + bench.toRealPath()), evaluate.toString());
        Path rules = store.resolve("rules.tsv");
        Path kg = Files.writeString(tmp.resolve("kg.tsv"), "a\tr\tb\nb\tr\ta\n");
        CliRunner.Run mine = CliRunner.run("mine", "--input", kg.toString(), "--output", rules.toString());
        assertEquals(2, mine.code(), mine.toString());
        assertTrue(mine.err().contains("inside the store folder " + store.toRealPath()), mine.toString());
        CliRunner.Run load = CliRunner.run("load", "--store", "lmdb:" + bench.resolve("store"), "--kg", "small",
                kg.toString());
        assertEquals(2, load.code(), load.toString());
        assertTrue(load.err().contains("--store " + bench.resolve("store") + " lies inside the benchmark folder"),
                load.toString());
        Path missing = tmp.resolve("nowhere").resolve("rules.tsv");
        mine = CliRunner.run("mine", "--input", kg.toString(), "--output", missing.toString());
        assertEquals(2, mine.code(), mine.toString());
        assertTrue(mine.err().contains("does not exist"), mine.toString());
        Map<Path, byte[]> after = snapshot();
        assertEquals(before.keySet(), after.keySet());
        before.forEach((p, bytes) -> assertArrayEquals(bytes, after.get(p), p + " changed"));
    }
}
