package dev.lacuna.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.testing.TestData;

/**
 * On Family every source id is also some entity's private id, so answers in the wrong naming still name entities.
 * answer's predictions, mapped to source ids by a user's tool that keeps every other field (benchmark_id, entities,
 * answers_digest), are refused rather than scored as private ids; given {@code --entities source} they score exactly as
 * the file answer wrote.
 */
class FamilyPredictionsNamingTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void mappedPredictionsAreRefusedOrScoredRightNeverWrong() throws Exception {
        String store = "lmdb:" + tmp.resolve("store");
        Path bench = tmp.resolve("bench");
        CliRunner.succeed("load", "--store", store, "--kg", "fam", "src/main/resources/kg/family.tsv");
        CliRunner.succeed("build", "--store", store, "--kg", "fam", "--rules", TestData.amie3("family-maxad3.tsv").toString(),
                "--out", bench.toString());
        Path answered = tmp.resolve("rules.jsonl");
        CliRunner.succeed("answer", "--store", store, "--benchmark", bench.toString(), "--responder", "rules",
                "--graph", "incomplete", "-o", answered.toString());
        CliRunner.Run own = CliRunner.succeed("evaluate", "--benchmark", bench.toString(), "--predictions",
                answered.toString(), "--format", "json");

        Map<String, String> source = new HashMap<>();
        for (String line : Files.readAllLines(bench.resolve("entities.tsv")).subList(1, 2921)) {
            String[] f = line.split("\t");
            source.put(f[0], f[1]);
        }
        List<String> mapped = new ArrayList<>();
        for (String line : Files.readAllLines(answered)) {
            ObjectNode record = (ObjectNode) JSON.readTree(line);
            ArrayNode names = JSON.createArrayNode();
            record.get("prediction").forEach(a -> names.add(source.get(a.asText())));
            record.set("prediction", names);
            mapped.add(JSON.writeValueAsString(record));
        }
        Path file = Files.write(tmp.resolve("mapped.jsonl"), mapped);
        assertTrue(mapped.get(0).contains("\"benchmark_id\"") && mapped.get(0).contains("\"entities\":\"private\""));

        CliRunner.Run refused = CliRunner.run("evaluate", "--benchmark", bench.toString(), "--predictions", file.toString());
        assertEquals(2, refused.code(), refused.toString());
        assertTrue(refused.err().contains("changed after they were written"), refused.toString());
        CliRunner.Run right = CliRunner.succeed("evaluate", "--benchmark", bench.toString(), "--predictions",
                file.toString(), "--entities", "source", "--format", "json");
        JsonNode a = JSON.readTree(own.out()).at("/systems/0/runs/single/strict");
        JsonNode b = JSON.readTree(right.out()).at("/systems/0/runs/single/strict");
        assertTrue(a.get("hits_at_any").asDouble() > 0.9, own.out());
        assertEquals(a, b, "the mapped file scored in its naming scores as answer's own file");
    }
}
