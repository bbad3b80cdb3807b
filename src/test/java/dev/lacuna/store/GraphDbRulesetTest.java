package dev.lacuna.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.testing.GraphDb;

/**
 * A GraphDB repository created with a ruleset GraphDB does not know: GraphDB takes the configuration, then cannot
 * open the repository (nor delete it over HTTP). Lacuna says so and how to recover, with exit code 2.
 */
@ExtendWith(GraphDb.class)
class GraphDbRulesetTest {
    @Test
    void unknownRulesetIsNamedWithTheWayOut(GraphDb graphDb, @TempDir Path tmp) throws Exception {
        String id = graphDb.createRepository("bad-ruleset", "no-such-ruleset");
        Path kg = tmp.resolve("kg.tsv");
        Files.writeString(kg, "a\tr\tb\n");
        for (String command : new String[] {"load", "stats"}) {
            CliRunner.Run run = "load".equals(command)
                    ? CliRunner.run(CliRunner.with("load", graphDb.storeArgs(id), kg.toString()))
                    : CliRunner.run(CliRunner.with("stats", graphDb.storeArgs(id)));
            assertEquals(2, run.code(), run.toString());
            assertTrue(run.err().contains("Invalid rule set: no-such-ruleset"), run.err());
            assertTrue(run.err().contains("ruleset \"empty\"") && run.err().contains("repositories/ID"), run.err());
            assertFalse(run.err().contains("Exception"), run.err());
        }
    }
}
