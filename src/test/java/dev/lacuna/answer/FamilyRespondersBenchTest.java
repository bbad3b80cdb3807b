package dev.lacuna.answer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.cli.CliContext;
import dev.lacuna.cli.Main;

/**
 * The README's results table, end to end on the bundled Family KG: {@code lacuna demo} (load, mine, build),
 * then {@code lacuna answer} with lookup and rules on both graphs, then {@code lacuna evaluate}. Asserts the
 * protocol's sanity checks (lookup: HHR 1 on complete, Hits@Hard 0 on incomplete) and the appendix-H
 * guarantee (rules recover every hard answer on incomplete). Writes target/bench/responders-family.md.
 */
@Tag("bench")
class FamilyRespondersBenchTest {
    @TempDir
    Path tmp;

    @Test
    void lookupAndRulesOnFamily() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CliContext quiet = new CliContext(new PrintStream(log, true, StandardCharsets.UTF_8),
                new PrintStream(log, true, StandardCharsets.UTF_8));
        Main main = new Main(Main.allCommands());
        assertEquals(0, main.run(new String[] {"demo", "--workdir", tmp.toString()}, quiet), log.toString(StandardCharsets.UTF_8));
        String store = "native:" + tmp.resolve("store");
        Path bench = tmp.resolve("benchmark");
        StringBuilder md = new StringBuilder("# Reference responders on Family (split all)\n\n| responder | graph | answer time s |\n|---|---|---:|\n");
        List<String> systems = new ArrayList<>();
        for (String responder : List.of("lookup", "rules")) {
            List<Path> files = new ArrayList<>();
            for (String graph : List.of("complete", "incomplete")) {
                Path pred = tmp.resolve(responder + "-" + graph + ".jsonl");
                long t0 = System.nanoTime();
                assertEquals(0, main.run(new String[] {"answer", "--benchmark", bench.toString(), "--responder", responder,
                        "--graph", graph, "--store", store, "--split", "all", "--output", pred.toString()}, quiet),
                        log.toString(StandardCharsets.UTF_8));
                md.append(String.format(Locale.ROOT, "| %s | %s | %.1f |%n", responder, graph, (System.nanoTime() - t0) / 1e9));
                files.add(pred);
            }
            systems.add(responder + "=" + files.get(0) + "," + files.get(1));
        }
        Path json = tmp.resolve("report.json");
        Path markdown = Path.of("target", "bench", "responders-family-report.md");
        Files.createDirectories(markdown.getParent());
        for (Path out : List.of(json, markdown)) {
            List<String> args = new ArrayList<>(List.of("evaluate", "--benchmark", bench.toString(), "--split", "all",
                    "--output", out.toString()));
            systems.forEach(s -> {
                args.add("--system");
                args.add(s);
            });
            assertEquals(0, main.run(args.toArray(String[]::new), quiet), log.toString(StandardCharsets.UTF_8));
        }
        JsonNode report = new ObjectMapper().readTree(json.toFile());
        JsonNode lookup = report.at("/systems/0/runs");
        JsonNode rules = report.at("/systems/1/runs");
        assertEquals(1.0, lookup.at("/complete/strict/hhr").asDouble(), 1e-12);
        assertEquals(0.0, lookup.at("/incomplete/strict/hits_at_hard").asDouble(), 1e-12);
        assertEquals(1.0, rules.at("/incomplete/strict/hits_at_hard").asDouble(), 1e-12);
        md.append("\nFull report: responders-family-report.md\n");
        Files.writeString(Path.of("target", "bench", "responders-family.md"), md.toString(), StandardCharsets.UTF_8);
    }
}
