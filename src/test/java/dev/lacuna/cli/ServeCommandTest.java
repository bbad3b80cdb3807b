package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Options;
import org.junit.jupiter.api.Test;

import dev.lacuna.ExitCodes;

/** Usage errors of {@code lacuna serve} exit 2 with a message, before any store is opened. */
class ServeCommandTest {

    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Main(List.of(new ServeCommand())).run(args, new CliContext(new PrintStream(out, true),
                new PrintStream(err, true)));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void badOptionsExitWithUsageCodeAndSayWhy() {
        Run labels = run("serve", "--labels", "names");
        assertEquals(ExitCodes.USAGE, labels.code());
        assertTrue(labels.err().contains("unknown label mode 'names'"), labels.err());
        Run shape = run("serve", "--shape", "wikidata");
        assertEquals(ExitCodes.USAGE, shape.code());
        assertTrue(shape.err().contains("unknown shape 'wikidata': expected plain, freebase"), shape.err());
        Run timeout = run("serve", "--timeout", "soon");
        assertEquals(ExitCodes.USAGE, timeout.code());
        assertTrue(timeout.err().contains("--timeout"), timeout.err());
        Run update = run("serve", "--allow-update", "--token", "");
        assertEquals(ExitCodes.USAGE, update.code());
        Run token = run("serve", "--token", "0123456789abcdef0123");
        assertEquals(ExitCodes.USAGE, token.code());
        assertTrue(token.err().contains("--allow-update"), token.err());
        Run keep = run("serve", "--keep-updates", "changes.ru");
        assertEquals(ExitCodes.USAGE, keep.code());
        assertTrue(keep.err().contains("--keep-updates only makes sense with --allow-update"), keep.err());
        Run expose = run("serve", "--expose", "labels");
        assertEquals(ExitCodes.USAGE, expose.code());
        assertTrue(expose.err().contains("--expose takes incomplete, complete, complete,incomplete or all"), expose.err());
        Run cors = run("serve", "--cors", "*");
        assertEquals(ExitCodes.USAGE, cors.code());
        assertTrue(cors.err().contains("--cors needs one origin"), cors.err());
        Run completeUpdate = run("serve", "--expose", "complete", "--allow-update", "0123456789abcdef0123");
        assertEquals(ExitCodes.USAGE, completeUpdate.code());
        assertTrue(completeUpdate.err().contains("never writable"), completeUpdate.err());
        Run empty = run("serve", "--store", "memory", "--kg", "family", "--port", "0");
        assertEquals(ExitCodes.USAGE, empty.code());
        assertTrue(empty.err().contains("lacuna load --kg family"), empty.err());
        Run port = run("serve", "--port", "99999", "--store", "memory");
        assertEquals(ExitCodes.USAGE, port.code());
        assertTrue(port.err().contains("port must lie in 0..65535"), port.err());
        Run both = run("serve", "--store", "memory", "--repository", "http://localhost:1/repositories/x");
        assertEquals(ExitCodes.USAGE, both.code());
    }

    /**
     * Two tokens were accepted (the option's won, the other got 403 without a word); a writable run under
     * --expose all served one graph two ways that disagreed (the store's at /sparql, the run's copy at
     * /sparql/incomplete). Both are usage errors now, and a token that differs from the environment's is warned about.
     */
    @Test
    void updateOptionsThatContradictEachOtherAreRefused() throws Exception {
        Run twice = run("serve", "--allow-update", "0123456789abcdef0123", "--token", "fedcba98765432100123");
        assertEquals(ExitCodes.USAGE, twice.code());
        assertTrue(twice.err().contains("the update token is given twice"), twice.err());
        Run all = run("serve", "--expose", "all", "--allow-update", "0123456789abcdef0123");
        assertEquals(ExitCodes.USAGE, all.code());
        assertTrue(all.err().contains("--allow-update cannot go with --expose all"), all.err());
        Options options = new Options();
        new ServeCommand().addOptions(options);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String token = ServeCommand.updateToken(new DefaultParser().parse(options,
                new String[] {"--allow-update", "0123456789abcdef0123"}), "another-token-from-the-env",
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals("0123456789abcdef0123", token);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("warning: the update token given on the command line"
                + " is used; $LACUNA_UPDATE_TOKEN holds another"), err.toString(StandardCharsets.UTF_8));
        assertEquals("another-token-from-the-env", ServeCommand.updateToken(new DefaultParser().parse(options,
                new String[] {"--allow-update"}), "another-token-from-the-env", new PrintStream(err, true, StandardCharsets.UTF_8)));
    }

    @Test
    void helpListsTheOptions() {
        Run help = run("serve", "--help");
        assertEquals(ExitCodes.OK, help.code());
        for (String option : List.of("--labels", "--shape", "--timeout", "--max-rows", "--workers", "--allow-update",
                "--repository", "--sparql", "--compat", "--view-store", "--expose", "--cors", "--query-memory")) {
            assertTrue(help.out().contains(option), option);
        }
    }

    @Test
    void durations() {
        assertEquals(Duration.ofSeconds(30), ServeCommand.duration("30"));
        assertEquals(Duration.ofSeconds(30), ServeCommand.duration("30s"));
        assertEquals(Duration.ofMillis(500), ServeCommand.duration("500ms"));
        assertEquals(Duration.ofMinutes(2), ServeCommand.duration("2m"));
    }
}
