package dev.lacuna.evidence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.construct.BenchmarkBuilder;
import dev.lacuna.construct.BuildSettings;
import dev.lacuna.folder.BenchmarkFolder;
import dev.lacuna.grounding.Triple;
import dev.lacuna.questions.Question;
import dev.lacuna.questions.SplitName;
import dev.lacuna.rules.AmieRules;
import dev.lacuna.rules.RuleGraph;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.KgLoader;
import dev.lacuna.testing.TestData;

/**
 * Over a whole Family build with deeper questions (bundled KG, AMIE3's rules, {@code --depth 2}): every question's own
 * grounding or proof is one of its alternative paths on incomplete, found by the enumeration itself, and stays among
 * the paths kept when the bound is one.
 */
class FamilyPathsTest {
    @TempDir
    Path dir;

    @Test
    void everySelectedGroundingIsAnAlternativePathOnIncomplete() throws Exception {
        Path kg = dir.resolve("family.tsv");
        try (InputStream in = FamilyPathsTest.class.getResourceAsStream("/kg/family.tsv")) {
            Files.copy(in, kg);
        }
        Repository store = new SailRepository(new MemoryStore());
        store.init();
        KgGraphs graphs = KgGraphs.of("family");
        Path out = dir.resolve("benchmark");
        try {
            new KgLoader(store, graphs).load(List.of(kg), KgLoader.Options.defaults());
            new BenchmarkBuilder(store, graphs).build(AmieRules.read(TestData.amie3("family-maxad3.tsv")),
                    RuleGraph.MINED_BY_AMIE3, BuildSettings.defaults(out).withSeed(1).withDepth(2,
                            BuildSettings.DEFAULT_PER_DEPTH));
        } finally {
            store.shutDown();
        }
        BenchmarkFolder folder = BenchmarkFolder.at(out);
        List<Question> questions = new ArrayList<>();
        for (SplitName split : SplitName.values()) {
            questions.addAll(folder.questions(split));
        }
        AlternativePaths all = FolderPaths.read(folder, 10_000).graph(GraphRole.INCOMPLETE);
        AlternativePaths one = FolderPaths.read(folder, 1).graph(GraphRole.INCOMPLETE);
        int deeper = 0;
        List<String> missed = new ArrayList<>();
        for (Question q : questions) {
            List<Triple> own = AlternativePaths.own(q).triples();
            QuestionPaths found = all.of(q);
            boolean enumerated = found.paths().stream().anyMatch(p -> p.triples().equals(own));
            if (!enumerated || found.direct() || !one.of(q).paths().get(0).triples().equals(own)) {
                missed.add(q.id());
            }
            deeper += q.depthOrOne() > 1 ? 1 : 0;
        }
        assertTrue(deeper > 0, "the build has deeper questions");
        assertTrue(questions.size() > 1000, questions.size() + " questions");
        assertEquals(List.of(), missed);
    }
}
