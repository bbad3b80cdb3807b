package dev.lacuna.construct;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.junit.jupiter.api.Test;

import dev.lacuna.folder.GraphFiles;
import dev.lacuna.folder.TrigFile;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.verify.StoreGraph;

/**
 * verify's packed store graph writes the same graph TSV and TriG bytes as the writers of the build do from the
 * statements, and falls back to statements where a graph is not of the KG's form.
 */
class StoreGraphTest {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final KgGraphs KG = KgGraphs.of("t");
    /** Names whose TSV order (String) differs from the TriG order (relation/9 before relation/10, escapes). */
    private static final List<String> RELATIONS = List.of("b", "a", "Z", "a_b", "é", "10", "9", "a b", "x/2", "x/10");

    private static List<Statement> randomGraph(long seed, int size) {
        SplittableRandom random = new SplittableRandom(seed);
        LinkedHashSet<Statement> statements = new LinkedHashSet<>();
        for (int i = 0; i < size; i++) {
            // a few hubs, so that a head's run holds many relations
            long h = random.nextInt(10) < 3 ? random.nextInt(5) : random.nextInt(2_000);
            statements.add(VF.createStatement(KG.entity(h), KG.relation(RELATIONS.get(random.nextInt(RELATIONS.size()))),
                    KG.entity(random.nextInt(3_000))));
        }
        return new ArrayList<>(statements);
    }

    private static void sameBytes(List<Statement> statements, boolean packed) throws IOException {
        StoreGraph graph = StoreGraph.of(statements, KG);
        assertEquals(packed, graph.packed());
        assertEquals(statements.size(), graph.size());
        StringWriter want = new StringWriter();
        GraphFiles.writeGraphTsv(KG, statements, want);
        StringWriter got = new StringWriter();
        graph.writeTsv(got);
        assertEquals(want.toString(), got.toString());

        Map<IRI, List<Statement>> both = new LinkedHashMap<>();
        List<Statement> other = randomGraph(9, 200);
        both.put(KG.incomplete(), statements);
        both.put(KG.complete(), other);
        StringWriter wantTrig = new StringWriter();
        TrigFile.writeTrig(both, wantTrig);
        Map<IRI, Iterable<Statement>> inOrder = new LinkedHashMap<>();
        inOrder.put(KG.incomplete(), graph.trigOrder());
        inOrder.put(KG.complete(), StoreGraph.of(other, KG).trigOrder());
        StringWriter gotTrig = new StringWriter();
        TrigFile.writeTrigInOrder(inOrder, gotTrig);
        assertEquals(wantTrig.toString(), gotTrig.toString());
    }

    @Test
    void aGraphOfTheKgsFormIsPackedAndWritesTheSameBytes() throws IOException {
        sameBytes(randomGraph(1, 20_000), true);
        sameBytes(List.of(), true);
    }

    @Test
    void aGraphNotOfTheKgsFormIsHeldAsStatementsAndWritesTheSameBytes() throws IOException {
        // entity/007 names another resource than entity/7; a non-entity subject; ids too wide for a packed key
        for (Statement odd : List.of(
                VF.createStatement(VF.createIRI(KG.entityPrefix() + "007"), KG.relation("a"), KG.entity(7)),
                VF.createStatement(VF.createIRI("urn:other:4"), KG.relation("a"), KG.entity(7)),
                VF.createStatement(KG.entity(999_999_999_999_999_999L), KG.relation("a"), KG.entity(999_999_999_999L)))) {
            List<Statement> statements = randomGraph(2, 3_000);
            statements.add(1_000, odd);
            sameBytes(statements, false);
        }
    }

    /**
     * The build's folder writes complete and incomplete packed and sorts only labels and benchmark as statements:
     * its TriG file and graph files must be the bytes of one sort of all four graphs' statements, as it wrote them
     * before.
     */
    @Test
    void theBuildsFolderGraphsGiveTheBytesOfSortingEveryStatement() throws IOException {
        List<Statement> complete = randomGraph(3, 20_000);
        List<Statement> incomplete = new ArrayList<>(complete);
        incomplete.removeIf(st -> st.getObject().stringValue().endsWith("7"));
        List<Statement> labels = new ArrayList<>();
        for (int e = 0; e < 3_000; e += 3) {
            labels.add(VF.createStatement(KG.entity(e), VF.createIRI("https://lacuna.dev/ns#sourceId"),
                    VF.createLiteral("Q" + (3_000 - e))));
            labels.add(VF.createStatement(KG.entity(e), VF.createIRI("http://www.w3.org/2000/01/rdf-schema#label"),
                    VF.createLiteral(e % 2 == 0 ? "a \"quoted\" é " + e : "x" + e, e % 5 == 0 ? "en" : "de")));
        }
        List<Statement> benchmark = List.of(
                VF.createStatement(VF.createIRI("https://lacuna.dev/kg/t/build"), VF.createIRI("https://lacuna.dev/ns#parameter"),
                        VF.createLiteral("seed=1")),
                VF.createStatement(VF.createIRI("https://lacuna.dev/kg/t/question/10"), VF.createIRI("https://lacuna.dev/ns#answer"),
                        KG.entity(12)),
                VF.createStatement(VF.createIRI("https://lacuna.dev/kg/t/question/9"), VF.createIRI("https://lacuna.dev/ns#answer"),
                        KG.entity(2_999)));
        FolderGraphs graphs = new FolderGraphs(complete, incomplete, labels, benchmark, Map.of());
        StringWriter want = new StringWriter();
        TrigFile.writeTrig(graphs.named(KG), want);
        StringWriter got = new StringWriter();
        FolderWriter.writeTrig(KG, StoreGraph.of(complete, KG), StoreGraph.of(incomplete, KG), graphs, got);
        assertEquals(want.toString(), got.toString());
        for (List<Statement> graph : List.of(complete, incomplete)) {
            StringWriter wantTsv = new StringWriter();
            GraphFiles.writeGraphTsv(KG, graph, wantTsv);
            StringWriter gotTsv = new StringWriter();
            StoreGraph.of(graph, KG).writeTsv(gotTsv);
            assertEquals(wantTsv.toString(), gotTsv.toString());
        }
    }
}
