package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.rules.AmieRules;

/**
 * The Family benchmark built through the CLI on two stores, each load, build and verify passing, and the two folders
 * compared byte for byte: how the remote-store suites show that a store changes nothing in the benchmark.
 */
final class SameBenchmark {
    /** One store's load and build, for assertions on what they printed. */
    record Run(Path out, CliRunner.Run load, CliRunner.Run build) {
    }

    /** Every option that changes what a build makes: the ladder to depth 3, the replaced and the noisy graph. */
    static final List<String> ALL_OPTIONS = List.of("--depth", "3", "--break", "replace", "--noise", "0.2", "--seed", "2");

    private SameBenchmark() {
    }

    /** The folder's summary records questions of depth 2 and 3, and its replaced and noisy graphs. */
    static void assertDeeperQuestions(Path out) throws IOException {
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertTrue(summary.path("depths").path("2").path("questions").asLong() > 0, summary.toString());
        assertTrue(summary.path("depths").path("3").path("questions").asLong() > 0, summary.toString());
        assertTrue(Files.size(out.resolve("kg/replaced.tsv")) > 0 && Files.size(out.resolve("kg/noisy.tsv")) > 0);
    }

    /** Loads Family, builds it with 30 of AMIE3's rules and verifies it on each store ({@code --option value}). */
    static List<Run> buildOnEach(Path tmp, String[]... stores) throws IOException {
        return buildOnEach(tmp, List.of(), stores);
    }

    /** As {@link #buildOnEach(Path, String[]...)}, each build with the same further build options. */
    static List<Run> buildOnEach(Path tmp, List<String> options, String[]... stores) throws IOException {
        Path family = FamilyBuild.bundledFamily(tmp);
        Path rules = tmp.resolve("rules.tsv");
        AmieRules.write(FamilyBuild.referenceRules().subList(0, 30), rules);
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < stores.length; i++) {
            String[] store = stores[i];
            Path out = tmp.resolve("out-" + i);
            CliRunner.Run load = CliRunner.run(CliRunner.with("load", store, "--kg", "family", family.toString()));
            assertEquals(0, load.code(), load.toString());
            List<String> args = new ArrayList<>(List.of("--kg", "family", "--rules", rules.toString(), "--out",
                    out.toString()));
            args.addAll(options);
            CliRunner.Run build = CliRunner.run(CliRunner.with("build", store, args.toArray(String[]::new)));
            assertEquals(0, build.code(), build.toString());
            assertTrue(build.out().contains("ok   answer sets equal"), build.out());
            CliRunner.Run verify = CliRunner.run(CliRunner.with("verify", store, out.toString()));
            assertEquals(0, verify.code(), verify.toString());
            runs.add(new Run(out, load, build));
        }
        return runs;
    }

    /** The same files, byte for byte. */
    static void assertSameFolders(Path expected, Path actual) throws IOException {
        List<Path> files = files(expected);
        assertTrue(files.size() > 5, files.toString());
        assertEquals(files, files(actual));
        for (Path f : files) {
            assertArrayEquals(Files.readAllBytes(expected.resolve(f)), Files.readAllBytes(actual.resolve(f)), f.toString());
        }
    }

    private static List<Path> files(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(root::relativize).sorted().toList();
        }
    }
}
