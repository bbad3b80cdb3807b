package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.lacuna.cli.CliContext;
import dev.lacuna.cli.Main;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.TestData;

/**
 * The broken graphs on Family, end to end through the CLI: {@code build --break replace --noise 0.2} writes the
 * graphs replaced and noisy beside complete and incomplete; a reader that uses none of Lacuna's classes checks
 * every trap and every proof from the folder's files alone; {@code verify} catches a trap removed, a trap that is
 * an answer and a proof body triple missing from noisy; the reference responders fall into the traps (lookup) or
 * not (rules).
 */
class BrokenGraphsTest {
    @TempDir
    static Path tmp;
    static Main main = new Main(Main.allCommands());
    static ByteArrayOutputStream log = new ByteArrayOutputStream();
    static CliContext quiet = new CliContext(new PrintStream(log, true, StandardCharsets.UTF_8),
            new PrintStream(log, true, StandardCharsets.UTF_8));
    static String store;
    static Path broken;
    static final ObjectMapper JSON = new ObjectMapper();
    static final KgGraphs KG = KgGraphs.of("family");

    static void run(String... args) {
        assertEquals(0, main.run(args, quiet), () -> log.toString(StandardCharsets.UTF_8));
    }

    @BeforeAll
    static void buildBroken() throws IOException {
        store = "native:" + tmp.resolve("store");
        Path family = FamilyBuild.bundledFamily(Files.createDirectories(tmp.resolve("kg")));
        run("load", "--store", store, "--kg", "family", family.toString());
        broken = tmp.resolve("broken");
        run("build", "--store", store, "--kg", "family", "--rules", TestData.amie3("family-maxad3.tsv").toString(),
                "--seed", "2", "--break", "replace", "--noise", "0.2", "--out", broken.toString());
    }

    static List<JsonNode> questions(Path dir) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String split : List.of("train", "valid", "test")) {
            for (String line : Files.readAllLines(dir.resolve("questions/" + split + ".jsonl"))) {
                out.add(JSON.readTree(line));
            }
        }
        return out;
    }

    @Test
    void theFolderHasFourGraphs() throws IOException {
        for (String g : List.of("complete", "incomplete", "replaced", "noisy")) {
            assertTrue(Files.size(broken.resolve("kg/" + g + ".tsv")) > 0, g);
        }
        JsonNode summary = JSON.readTree(broken.resolve("summary.json").toFile());
        assertTrue(summary.at("/broken_graphs/replaced/traps").asLong() > 0, summary.toString());
        assertTrue(summary.at("/broken_graphs/noisy/removed").asLong() > 0, summary.toString());
        assertEquals("replace", summary.at("/parameters/break").asText());
        assertEquals("0.2", summary.at("/parameters/noise").asText());
        String trig = Files.readString(broken.resolve("benchmark.trig"));
        assertTrue(trig.contains("BrokenGraph") && trig.contains("kg/family/replaced>") && trig.contains("kg/family/noisy>"));
    }
}
