package dev.lacuna.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.nativerdf.NativeStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.cli.CliContext;
import dev.lacuna.cli.Main;

/** `lacuna serve` tells the operator what it serves, and only that, with its limits; --expose all is loud. */
class ServeStartupMessageTest {

    @Test
    void startUpMessageListsOnlyTheServedPathsAndTheRowLimit(@TempDir Path dir) throws Exception {
        Path storeDir = dir.resolve("store");
        Repository store = new SailRepository(new NativeStore(storeDir.toFile()));
        store.init();
        ServeFixture.load(store);
        store.shutDown();

        String plain = startAndStop(storeDir, "--max-rows", "7");
        assertTrue(plain.contains("serving incomplete"), plain);
        List<String> urls = plain.lines().filter(l -> l.startsWith("  http://")).map(String::strip).toList();
        assertEquals(2, urls.size(), plain);
        assertTrue(urls.get(0).endsWith("/sparql") && urls.get(1).endsWith("/sparql/incomplete"), plain);
        assertFalse(plain.contains("/sparql/complete"), plain);
        assertTrue(plain.contains("at most 7 rows per answer") && plain.contains("X-Lacuna-Truncated"), plain);
        assertFalse(plain.contains("WARNING"), plain);

        // the warning is a diagnostic: on standard error, in the one form of warnings, never in the report
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream before = System.err;
        String all;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            all = startAndStop(storeDir, "--expose", "all");
        } finally {
            System.setErr(before);
        }
        assertFalse(all.contains("EVERY graph"), all);
        String warnings = err.toString(StandardCharsets.UTF_8);
        assertTrue(warnings.contains("warning: --expose all: /sparql serves EVERY graph"), warnings);
        assertTrue(all.contains("/sparql/complete") && all.contains("/sparql/incomplete"), all);

        // an option that cannot act here says so rather than being silently ignored: a label view is a copy already
        err.reset();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            startAndStop(storeDir, "--pass-through", "--labels", "text");
        } finally {
            System.setErr(before);
        }
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("warning: --pass-through changes nothing here"),
                err.toString(StandardCharsets.UTF_8));
        // on a store on disk it serves the store itself instead of a copy in memory, without a warning about itself
        err.reset();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            startAndStop(storeDir, "--pass-through");
        } finally {
            System.setErr(before);
        }
        assertFalse(err.toString(StandardCharsets.UTF_8).contains("--pass-through changes nothing"),
                err.toString(StandardCharsets.UTF_8));
    }

    private static String startAndStop(Path storeDir, String... extra) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AtomicInteger code = new AtomicInteger(-1);
        List<String> args = new ArrayList<>(List.of("serve", "--store", "native:" + storeDir, "--kg",
                ServeFixture.KG.name(), "--port", "0", "--no-access-log"));
        args.addAll(List.of(extra));
        Thread serve = new Thread(() -> code.set(new Main(Main.allCommands()).run(args.toArray(new String[0]),
                new CliContext(new PrintStream(out, true, StandardCharsets.UTF_8), System.err))));
        serve.start();
        try {
            for (int i = 0; i < 600 && !out.toString(StandardCharsets.UTF_8).contains("Stop with Ctrl-C"); i++) {
                Thread.sleep(50);
            }
        } finally {
            serve.interrupt();
            serve.join(10_000);
        }
        assertEquals(0, code.get(), out.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }
}
