package dev.lacuna.rules.sparql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.cli.CliRunner;

/** {@code lacuna compile} through the real entry point: printing, files, running, and bad input (exit 2). */
class CompileCommandTest {
    private static final String HEADER = "Rule\tHead Coverage\tStandard Confidence\tPca Confidence\tSupport\tBody Size\tPca Body Size\tFunctional Variable\n";

    @TempDir
    Path tmp;

    private String family() {
        return FamilyFixture.rulesFile().toString();
    }

    @Test
    void printsOneRulesGroundingQueryThatParses() {
        CliRunner.Run run = CliRunner.run("compile", "--rules", family(), "--rule", "2", "--kind", "groundings",
                "--limit", "30", "--seed", "5", "--kg", "family");
        assertEquals(0, run.code(), run.toString());
        assertTrue(run.out().startsWith("# rule 2 (groundings in <https://lacuna.dev/kg/family/complete>): "
                + "?b  son  ?a   => ?a  father  ?b\n"), run.out());
        assertTrue(run.out().contains("LIMIT 30"), run.out());
        assertTrue(run.out().contains("\"5\""), "the seed salts the order: " + run.out());
        CompiledQueriesParseTest.parsesAsQuery(run.out());
    }

    @Test
    void everyKindPrintsForEveryRule() {
        for (String kind : List.of("groundings", "predictions", "body", "support", "counts")) {
            CliRunner.Run run = CliRunner.run("compile", "--rules", family(), "--kind", kind, "--graph", "incomplete");
            assertEquals(0, run.code(), run.toString());
            long queries = run.out().lines().filter(l -> l.startsWith("# rule ")).count();
            assertEquals(kind.equals("counts") ? 3 * 145 : 145, queries, kind);
            assertTrue(run.out().contains("kg/default/incomplete"), kind);
        }
        CliRunner.Run body = CliRunner.run("compile", "--rules", family(), "--rule", "1", "--kind", "body",
                "--subject", "17", "--object", "18");
        assertTrue(body.out().contains("ASK"), body.out());
        assertTrue(body.out().contains("<https://lacuna.dev/kg/default/entity/18> <https://lacuna.dev/kg/default/relation/husband> "
                + "<https://lacuna.dev/kg/default/entity/17>"), body.out());
        CliRunner.Run topic = CliRunner.run("compile", "--rules", family(), "--rule", "1", "--kind", "predictions",
                "--topic", "17", "--side", "tail");
        assertTrue(topic.out().contains("SELECT DISTINCT ?a"), topic.out());
        CompiledQueriesParseTest.parsesAsQuery(topic.out());
    }

    @Test
    void writesOneFilePerRuleAndQuery() throws Exception {
        Path out = tmp.resolve("queries");
        CliRunner.Run run = CliRunner.run("compile", "--rules", family(), "--kind", "counts", "--out", out.toString());
        assertEquals(0, run.code(), run.toString());
        List<Path> files;
        try (Stream<Path> s = Files.list(out)) {
            files = s.sorted().toList();
        }
        assertEquals(3 * 145, files.size());
        assertEquals("rule-001-body-size.rq", files.get(0).getFileName().toString());
        assertTrue(Files.exists(out.resolve("rule-145-pca-body-size.rq")));
        CompiledQueriesParseTest.parsesAsQuery(Files.readString(out.resolve("rule-007-support.rq")));
    }

    @Test
    void runsCountsAndPredictionsOnTheStore() throws Exception {
        String store = "native:" + tmp.resolve("store");
        Path kg = Files.writeString(tmp.resolve("kg.tsv"),
                "1\thusband\t2\n2\twife\t1\n3\thusband\t4\n5\twife\t6\n");
        assertEquals(0, CliRunner.run("load", "--store", store, kg.toString()).code());
        Path rules = Files.writeString(tmp.resolve("rules.tsv"),
                HEADER + "?b  husband  ?a   => ?a  wife  ?b\t0.5\t0.5\t1.0\t1\t2\t1\t-1\n");
        CliRunner.Run counts = CliRunner.run("compile", "--store", store, "--rules", rules.toString(), "--kind", "counts", "--run");
        assertEquals(0, counts.code(), counts.toString());
        assertTrue(counts.out().contains("support\n1\n(1 row)"), counts.out());
        assertTrue(counts.out().contains("bodySize\n2\n(1 row)"), counts.out());
        assertTrue(counts.out().contains("pcaBodySize\n1\n(1 row)"), counts.out());
        CliRunner.Run predictions = CliRunner.run("compile", "--store", store, "--rules", rules.toString(),
                "--kind", "predictions", "--run");
        assertEquals(0, predictions.code(), predictions.toString());
        assertTrue(predictions.out().matches("(?s).*\\na\\s+b\\n\\d+\\s+\\d+\\n\\(1 row\\).*"), predictions.out());
        CliRunner.Run body = CliRunner.run("compile", "--store", store, "--rules", rules.toString(),
                "--kind", "body", "--run");
        assertTrue(body.out().contains("\ntrue\n"), body.out());

        CliRunner.Run missing = CliRunner.run("compile", "--store", store, "--rules", rules.toString(),
                "--graph", "incomplete", "--run");
        assertEquals(2, missing.code(), missing.toString());
        assertTrue(missing.err().contains("graph incomplete <https://lacuna.dev/kg/default/incomplete> holds no triples"),
                missing.err());
        CliRunner.Run otherKg = CliRunner.run("compile", "--store", store, "--rules", rules.toString(),
                "--kg", "nope", "--run");
        assertEquals(2, otherKg.code(), otherKg.toString());
    }

    @Test
    void badInputExitsTwoWithAClearMessage() throws Exception {
        CliRunner.Run unknownRule = CliRunner.run("compile", "--rules", family(), "--rule", "146");
        assertEquals(2, unknownRule.code(), unknownRule.toString());
        assertTrue(unknownRule.err().contains(family() + ": no rule 146: the file has 145 rules, numbered 1 to 145"),
                unknownRule.err());
        assertEquals(2, CliRunner.run("compile", "--rules", family(), "--rule", "0").code());
        assertEquals(2, CliRunner.run("compile", "--rules", family(), "--rule", "x").code());

        Path handWritten = Files.writeString(tmp.resolve("hand.tsv"), HEADER
                + "?b  husband  ?a   => ?a  wife  ?b\t0.5\t0.5\t1.0\t1\t2\t1\t-1\n"
                + "?a  father  ?c  ?c  mother  ?d   => ?a  son  ?b\t0.5\t0.5\t1.0\t1\t2\t1\t-1\n");
        CliRunner.Run unbound = CliRunner.run("compile", "--rules", handWritten.toString());
        assertEquals(2, unbound.code(), unbound.toString());
        assertTrue(unbound.err().contains(handWritten + ":3: rule 2: rule '"), unbound.err());
        assertTrue(unbound.err().contains("head variable ?b does not occur in the body"), unbound.err());
        assertFalse(unbound.out().contains("SELECT"), "nothing printed before the error: " + unbound.out());
        assertEquals(0, CliRunner.run("compile", "--rules", handWritten.toString(), "--rule", "1").code());

        CliRunner.Run graph = CliRunner.run("compile", "--rules", family(), "--graph", "labels");
        assertEquals(2, graph.code(), graph.toString());
        assertTrue(graph.err().contains("unknown --graph 'labels': expected complete, incomplete"), graph.err());
        assertEquals(2, CliRunner.run("compile", "--rules", family(), "--kind", "everything").code());
        assertEquals(2, CliRunner.run("compile", "--rules", tmp.resolve("none.tsv").toString()).code());
        assertEquals(2, CliRunner.run("compile").code());
        assertEquals(2, CliRunner.run("compile", "--rules", family(), "--rule", "1", "--kind", "predictions",
                "--topic", "not an id").code());
        assertEquals(2, CliRunner.run("compile", "--rules", family(), "--rule", "1", "--kind", "predictions",
                "--topic", "3", "--side", "middle").code());
    }
}
