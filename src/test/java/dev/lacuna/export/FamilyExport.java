package dev.lacuna.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionFiles;
import dev.lacuna.testing.TestData;

/** Test support: the Family benchmark built once per JVM through the CLI, and what its folder holds. */
final class FamilyExport {
    private static Path benchmark;
    private static Path store;

    private FamilyExport() {
    }

    /**
     * Builds Family (bundled KG, AMIE3 reference rules, seed 42) once per JVM, in a temporary folder of its own
     * (removed when the JVM exits): test classes share it, and a class's @TempDir may be gone before the next runs.
     */
    static synchronized Path benchmark() throws IOException {
        if (benchmark != null) {
            return benchmark;
        }
        Path dir = Files.createTempDirectory("lacuna-family-export");
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                dev.lacuna.folder.OutputFolder.deleteTree(dir);
            } catch (IOException e) {
                // a temporary folder left behind is harmless
            }
        }));
        Path kg = dir.resolve("family.tsv");
        try (InputStream in = FamilyExport.class.getResourceAsStream("/kg/family.tsv")) {
            Files.copy(in, kg);
        }
        String storeSpec = "native:" + dir.resolve("store");
        CliRunner.Run load = CliRunner.run("load", "--store", storeSpec, kg.toString());
        assertEquals(0, load.code(), load.toString());
        Path out = dir.resolve("benchmark");
        CliRunner.Run build = CliRunner.run("build", "--store", storeSpec, "--rules",
                TestData.amie3("family-maxad3.tsv").toString(), "--out", out.toString());
        assertEquals(0, build.code(), build.toString());
        benchmark = out;
        FamilyExport.store = dir.resolve("store");
        return out;
    }

    /** The native store the benchmark was built from (call {@link #benchmark()} first). */
    static Path store() {
        return store;
    }

    static List<Question> questions(Path benchmark) {
        List<Question> all = new ArrayList<>();
        for (String split : List.of("train", "valid", "test")) {
            all.addAll(QuestionFiles.readJsonl(benchmark.resolve("questions").resolve(split + ".jsonl")));
        }
        return all;
    }

    /** private id -> {source id, label}, read independently of the code under test. */
    static Map<String, String[]> entities(Path benchmark) throws IOException {
        Map<String, String[]> out = new HashMap<>();
        List<String> lines = Files.readAllLines(benchmark.resolve("entities.tsv"));
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split("\t", -1);
            out.put(f[0], new String[] {f[1], f[2]});
        }
        return out;
    }

    /** The removed triples as "h r t" strings in private ids. */
    static Set<String> removed(Path benchmark) throws IOException {
        Set<String> out = new HashSet<>();
        for (String line : Files.readAllLines(benchmark.resolve("kg/removed.tsv"))) {
            out.add(line.replace('\t', ' '));
        }
        return out;
    }
}
