package dev.lacuna.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.eval.BenchmarkFixture;

/**
 * RoG's build_graph (src/utils/graph_utils.py) adds each [h, r, t] to an undirected networkx Graph keyed by the
 * names as written: one edge per pair of names. The summary's collapse count must follow the names, so entities
 * that share a text label collapse too.
 */
class RogCollapseTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void entitiesSharingALabelCollapseIntoOneNode() throws IOException {
        Path bench = BenchmarkFixture.write(tmp.resolve("bench"));
        // Entities 2 and 3 are both called Bob: 1-brotherOf-2 and 1-brotherOf-3 become one edge Alice-Bob.
        Files.writeString(bench.resolve("entities.tsv"), Files.readString(bench.resolve("entities.tsv")).replace("Carol Ann", "Bob"));
        Files.createDirectories(bench.resolve("kg"));
        Files.writeString(bench.resolve("kg/complete.tsv"), "1\tbrotherOf\t2\n1\tbrotherOf\t3\n4\tsisterOf\t5\n");
        Files.writeString(bench.resolve("kg/incomplete.tsv"), "1\tbrotherOf\t3\n");
        Files.writeString(bench.resolve("kg/removed.tsv"), "1\tbrotherOf\t2\n4\tsisterOf\t5\n");
        Files.writeString(bench.resolve("rules.tsv"), "Rule\tHead Coverage\n?a  brotherOf  ?b   => ?b  brotherOf  ?a\t0.5\n");
        Files.writeString(bench.resolve("summary.json"), "{\"format\": 1, \"kg\": \"fixture\", \"base\": \"https://lacuna.dev/\", "
                + "\"triples\": {\"complete\": 3, \"incomplete\": 1, \"removed\": 2}, \"questions\": {\"total\": 5}}\n");
        // Topics 1, 2 and 3 all reach both triples within two hops; topic 4 reaches one, topic 6 none.
        assertEquals(3, collapsed(bench, "text"));
        assertEquals(0, collapsed(bench, "private"));
    }

    private long collapsed(Path bench, String labels) throws IOException {
        Path out = tmp.resolve("rog-" + labels);
        CliRunner.Run run = CliRunner.run("export", "--benchmark", bench.toString(), "--format", "rog", "--graph", "complete",
                "--labels", labels, "--out", out.toString());
        assertEquals(0, run.code(), run.toString());
        long recount = 0;
        for (String file : List.of("train.jsonl", "validation.jsonl", "test.jsonl")) {
            for (String line : Files.readAllLines(out.resolve(file))) {
                recount += collapsedByUndirectedGraph(JSON.readTree(line).get("graph"));
            }
        }
        long summary = JSON.readTree(out.resolve("export.json").toFile()).at("/written/collapsed_by_rog_undirected_graph").asLong();
        assertEquals(recount, summary, "export.json agrees with the files");
        return summary;
    }

    /** Triples minus the edges networkx keeps: one per unordered pair of node names. */
    static long collapsedByUndirectedGraph(JsonNode graph) {
        Set<Set<String>> edges = new HashSet<>();
        for (JsonNode t : graph) {
            edges.add(Set.of(t.get(0).asText(), t.get(2).asText()).size() == 1 ? Set.of(t.get(0).asText())
                    : Set.of(t.get(0).asText(), t.get(2).asText()));
        }
        return graph.size() - edges.size();
    }
}
