package dev.lacuna.export;

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

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;

import dev.lacuna.construct.BenchmarkBuilder;
import dev.lacuna.construct.BuildSettings;
import dev.lacuna.folder.OutputFolder;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.QuestionFiles;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.MinedRule;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.rules.sparql.EntityConstants;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.KgLoader;
import dev.lacuna.testing.TestData;

/**
 * Test support: the Family benchmark built once per JVM, and what its folder holds. It is built by the build's own
 * code (BenchmarkBuilder with the AMIE3 reference rules, seed 42, as {@code lacuna build --rules} builds it) in
 * an in-memory store that stays open for the JVM, so that tests can serve the very store the folder came from.
 * The CLI's build would add a native store's writes and the verify pass (tested by the build's own tests):
 * about half a minute each on a loaded machine, paid by every export test run.
 */
final class FamilyExport {
    static final KgGraphs KG = KgGraphs.of("default");
    private static Path benchmark;
    private static Repository store;

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
                OutputFolder.deleteTree(dir);
            } catch (IOException e) {
                // a temporary folder left behind is harmless
            }
        }));
        Path kg = dir.resolve("family.tsv");
        try (InputStream in = FamilyExport.class.getResourceAsStream("/kg/family.tsv")) {
            Files.copy(in, kg);
        }
        Repository repository = new SailRepository(new MemoryStore());
        repository.init();
        new KgLoader(repository, KG).load(List.of(kg), KgLoader.Options.defaults());
        List<MinedRule> rules = AmieRules.read(TestData.amie3("family-maxad3.tsv"));
        try (RepositoryConnection c = repository.getConnection()) {
            rules = EntityConstants.resolve(c, KG, rules);
        }
        Path out = dir.resolve("benchmark");
        new BenchmarkBuilder(repository, KG).build(rules, RuleGraph.MINED_BY_AMIE3, BuildSettings.defaults(out));
        store = repository;
        benchmark = out;
        return out;
    }

    /** The store the benchmark was built from (call {@link #benchmark()} first); shared: never shut it down. */
    static Repository store() {
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
