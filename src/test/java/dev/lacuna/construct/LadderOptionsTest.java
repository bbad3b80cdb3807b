package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.fasterxml.jackson.databind.JsonNode;

import dev.lacuna.cli.CliRunner;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;
import dev.lacuna.testing.TestData;
import dev.lacuna.verify.Verifier;

/**
 * Every option with every other on Family: --depth, --break replace, --noise, --groundings and rules with
 * constants. Each build passes its own verify (it exits 0) and {@code lacuna verify}, and the independent reader
 * ({@link FolderProofReader}, the folder's files alone) finds every proof a grounding chain of its rules with
 * bodies in incomplete or earlier heads and of exact depth, in incomplete and in replaced; noisy holds every proof's
 * body. And verify fails when noisy loses a body triple of a depth-3 question's proof.
 */
class LadderOptionsTest {
    @TempDir
    static Path tmp;
    static String store;
    static String rules;

    @BeforeAll
    static void load() throws IOException {
        store = "native:" + tmp.resolve("store");
        Path family = FamilyBuild.bundledFamily(Files.createDirectories(tmp.resolve("kg")));
        CliRunner.succeed("load", "--store", store, "--kg", "family", family.toString());
        rules = TestData.amie3("family-maxad3.tsv").toString();
    }

    static Stream<Arguments> matrix() {
        return Stream.of(
                Arguments.of("d3-replace-noise", List.of("--rules", "RULES", "--seed", "2", "--depth", "3", "--break",
                        "replace", "--noise", "0.2")),
                Arguments.of("d2-noise-sparql", List.of("--rules", "RULES", "--seed", "1", "--depth", "2", "--noise",
                        "0.5", "--groundings", "sparql")),
                Arguments.of("d3-const-replace", List.of("--maxad", "2", "--const", "--seed", "1", "--depth", "3",
                        "--break", "replace", "--noise", "0.1")),
                Arguments.of("d3-all-sparql-per-depth", List.of("--rules", "RULES", "--seed", "3", "--depth", "3",
                        "--break", "replace", "--noise", "0.2", "--groundings", "sparql", "--per-depth", "5")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("matrix")
    void everyCombinationHoldsItsGuarantees(String name, List<String> options) throws IOException {
        Path out = tmp.resolve(name);
        List<String> args = new ArrayList<>(List.of("build", "--store", store, "--kg", "family", "--out",
                out.toString(), "--force"));
        options.forEach(o -> args.add(o.equals("RULES") ? rules : o));
        CliRunner.succeed(args.toArray(String[]::new));
        CliRunner.succeed("verify", "--store", store, out.toString());

        FolderProofReader reader = new FolderProofReader(out);
        Set<String> incomplete = FolderProofReader.graph(out.resolve("kg/incomplete.tsv"));
        Set<String> oneStep = reader.oneStepMore(incomplete);
        Set<String> twoSteps = reader.oneStepMore(oneStep);
        boolean replace = options.contains("replace");
        Set<String> replaced = replace ? FolderProofReader.graph(out.resolve("kg/replaced.tsv")) : null;
        Set<String> replacedOneStep = replace ? reader.oneStepMore(replaced) : null;
        // Computed once: the build has dozens of depth-3 questions, and each closure takes seconds.
        Set<String> replacedTwoSteps = replace && options.contains("3") ? reader.oneStepMore(replacedOneStep) : null;
        Set<String> noisy = FolderProofReader.graph(out.resolve("kg/noisy.tsv"));
        Map<Integer, Integer> perDepth = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        for (JsonNode q : FolderProofReader.questions(out)) {
            int depth = q.get("depth").asInt();
            perDepth.merge(depth, 1, Integer::sum);
            for (String t : FolderProofReader.graphBody(q)) {
                if (!noisy.contains(t)) {
                    problems.add(q.get("id").asText() + ": proof body triple " + t + " not in noisy");
                }
            }
            if (depth == 1) {
                continue;
            }
            problems.addAll(reader.proofProblems(q, incomplete));
            String hard = FolderProofReader.tsv(q.at("/grounding/head"));
            // Exact: not within depth - 1 steps, in incomplete nor in replaced (a trap adds a triple, never takes one).
            if ((depth == 2 ? oneStep : twoSteps).contains(hard)) {
                problems.add(q.get("id").asText() + ": follows from incomplete in fewer than " + depth + " steps");
            }
            if (replace) {
                Set<String> shorter = depth == 2 ? replacedOneStep : replacedTwoSteps;
                if (shorter.contains(hard)) {
                    problems.add(q.get("id").asText() + ": follows from replaced in fewer than " + depth + " steps");
                }
            }
        }
        assertEquals(List.of(), problems);
        int deepest = options.contains("3") ? 3 : 2;
        // AMIE3's reference rules chain; rules of one body atom with constants (maxad 2) may give no exact depth 2.
        if (options.contains("RULES")) {
            assertTrue(perDepth.getOrDefault(2, 0) > 0, perDepth.toString());
        }
        assertTrue(perDepth.keySet().stream().allMatch(d -> d <= deepest), perDepth.toString());
    }

    @Test
    void verifyFailsOnNoisyThatLostABodyTripleOfADepthThreeProof() throws IOException {
        Path out = tmp.resolve("noisy-tampered");
        CliRunner.succeed("build", "--store", store, "--kg", "family", "--rules", rules, "--seed", "2", "--depth", "3",
                "--noise", "0.2", "--out", out.toString(), "--force");
        JsonNode q = FolderProofReader.questions(out).stream().filter(x -> x.get("depth").asInt() == 3).findFirst()
                .orElseThrow(() -> new AssertionError("the build has a depth-3 question"));
        String[] t = FolderProofReader.graphBody(q).iterator().next().split("\t");
        Repository repository = Stores.open(StoreSpec.parse(store));
        try (RepositoryConnection c = repository.getConnection()) {
            KgGraphs kg = KgGraphs.of("family");
            c.remove(kg.entity(Long.parseLong(t[0])), kg.relation(t[1]), kg.entity(Long.parseLong(t[2])), kg.noisy());
            Verifier.Report report = Verifier.verify(repository, out);
            assertFalse(report.passed());
            String failures = report.checks().stream().filter(x -> x.name().equals("every proof body triple in noisy"))
                    .flatMap(x -> x.failures().stream()).reduce("", String::concat);
            assertTrue(failures.contains(q.get("id").asText() + ": proof body triple " + String.join(" ", t)),
                    failures);
        } finally {
            repository.shutDown();
        }
    }
}
