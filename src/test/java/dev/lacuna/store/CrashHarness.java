package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;

import dev.lacuna.cli.Main;

/**
 * Runs {@code lacuna} as a real child process (java with the test class path) and kills it with a real signal
 * once it prints a given log line plus a delay; then checks the store the way a user would find it.
 */
final class CrashHarness {
    /** What happened to one child. */
    record Outcome(boolean killed, int exitCode, String log) {
    }

    private CrashHarness() {
    }

    /**
     * Starts {@code lacuna args...}; when a line of its log contains {@code trigger}, waits {@code delayMillis}
     * and sends {@code signal} (KILL, TERM or INT). A child that finishes first is not killed.
     */
    static Outcome runAndKill(String signal, String trigger, long delayMillis, String... args)
            throws IOException, InterruptedException {
        return runAndKill(Main.class.getName(), signal, trigger, delayMillis, args);
    }

    /** As {@link #runAndKill(String, String, long, String...)}, running the main class {@code mainClass} of the tests. */
    static Outcome runAndKill(String mainClass, String signal, String trigger, long delayMillis, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-XX:TieredStopAtLevel=1", "-da:org.eclipse.rdf4j...", "-cp", System.getProperty("java.class.path"),
                mainClass));
        command.addAll(List.of(args));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        StringBuilder log = new StringBuilder();
        CountDownLatch triggered = new CountDownLatch(1);
        Thread reader = new Thread(() -> drain(child.getInputStream(), log, trigger, triggered));
        reader.setDaemon(true);
        reader.start();
        boolean killed = false;
        while (child.isAlive()) {
            if (triggered.await(50, TimeUnit.MILLISECONDS)) {
                Thread.sleep(delayMillis);
                if (child.isAlive()) {
                    new ProcessBuilder("kill", "-" + signal, Long.toString(child.pid())).start().waitFor();
                    killed = true;
                }
                break;
            }
        }
        if (!child.waitFor(120, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            throw new AssertionError("child did not end after SIG" + signal + ":\n" + log);
        }
        reader.join(5_000);
        synchronized (log) {
            return new Outcome(killed, child.exitValue(), log.toString());
        }
    }

    private static void drain(InputStream in, StringBuilder log, String trigger, CountDownLatch triggered) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                synchronized (log) {
                    log.append(line).append('\n');
                }
                if (line.contains(trigger)) {
                    triggered.countDown();
                }
            }
        } catch (IOException e) {
            // the child died; what it printed so far is in the log
        }
    }

    /** Every statement of the graphs, as N-Quads-like strings, for a statement-for-statement comparison. */
    static Set<String> statements(Repository repository, IRI... graphs) {
        Set<String> out = new HashSet<>();
        try (RepositoryConnection c = repository.getConnection()) {
            for (IRI g : graphs) {
                for (Statement st : c.getStatements(null, null, null, false, g)) {
                    out.add(st.getSubject() + " " + st.getPredicate() + " " + st.getObject() + " " + g);
                }
            }
        }
        return out;
    }

    /** The store opens, the earlier KG is intact statement for statement, and the indexes agree. */
    static void assertSound(StoreConfig config, KgGraphs earlier, Set<String> earlierStatements, String context) {
        Repository repository = Stores.open(config);
        try {
            assertEquals(earlierStatements, statements(repository, earlier.complete(), earlier.labels()),
                    "earlier KG changed; " + context);
            StoreCheck.Report report = StoreCheck.check(repository);
            assertTrue(report.passed(), () -> "indexes disagree; " + context + "\n" + report);
        } finally {
            repository.shutDown();
        }
    }

    static String storeSpec(StoreConfig config) {
        if (config instanceof StoreConfig.NativeStoreConfig n) {
            return "native:" + n.dir();
        }
        return "lmdb:" + ((StoreConfig.LmdbStoreConfig) config).dir();
    }

    static boolean exists(Path p) {
        return Files.exists(p);
    }
}
