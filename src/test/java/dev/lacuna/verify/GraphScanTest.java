package dev.lacuna.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.SplittableRandom;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.lacuna.folder.GraphFiles;
import dev.lacuna.store.GraphChecksum;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreCheck;
import dev.lacuna.store.StoreSpec;
import dev.lacuna.store.Stores;

/**
 * verify's graphs gathered from one scan of an LMDB store (every graph's statements interleaved in index order,
 * another KG's graphs and the default graph beside them) are the graphs read one by one: the same packed graphs,
 * checksums and statements, and the index check sharing the scan still counts the whole store.
 */
class GraphScanTest {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final KgGraphs KG = KgGraphs.of("t");
    private static final KgGraphs OTHER = KgGraphs.of("u");

    @TempDir
    Path dir;
    private Repository repository;
    private final List<Statement> complete = new ArrayList<>();
    private final List<Statement> incomplete = new ArrayList<>();
    private final List<Statement> labels = new ArrayList<>();
    private final List<Statement> noisy = new ArrayList<>();

    @BeforeEach
    void store() {
        repository = Stores.open(StoreSpec.parse("lmdb:" + dir.resolve("store")));
        SplittableRandom random = new SplittableRandom(3);
        HashSet<Statement> triples = new HashSet<>();
        for (int i = 0; i < 5_000; i++) {
            long h = random.nextInt(10) < 3 ? random.nextInt(5) : random.nextInt(800);
            triples.add(VF.createStatement(KG.entity(h), KG.relation("r" + random.nextInt(12)), KG.entity(random.nextInt(900))));
        }
        complete.addAll(triples);
        for (Statement st : complete) {
            if (random.nextInt(20) != 0) {
                incomplete.add(st);
            }
        }
        for (int e = 0; e < 900; e++) {
            labels.add(VF.createStatement(KG.entity(e), RDFS.LABEL, VF.createLiteral("entity " + e + (e % 7 == 0 ? " é" : ""))));
        }
        noisy.addAll(incomplete.subList(0, 100));
        noisy.add(VF.createStatement(KG.entity(1), KG.relation("r0"), KG.entity(2)));
        try (RepositoryConnection conn = repository.getConnection()) {
            conn.begin();
            conn.add(complete, KG.complete());
            conn.add(incomplete, KG.incomplete());
            conn.add(labels, KG.labels());
            conn.add(VF.createStatement(KG.kg(), RDFS.COMMENT, VF.createLiteral("a build")), KG.benchmark());
            conn.add(noisy, KG.noisy());
            conn.add(complete.subList(0, 500), OTHER.complete());
            conn.add(VF.createStatement(KG.entity(3), RDFS.SEEALSO, KG.entity(4)));
            conn.commit();
        }
    }

    @AfterEach
    void close() {
        Stores.close(repository);
    }

    @Test
    void oneScanGivesWhatGraphByGraphGives() throws IOException {
        GraphScan.Result byGraph;
        GraphScan.Result oneScan;
        try (RepositoryConnection conn = repository.getConnection()) {
            byGraph = GraphScan.read(conn, KG, List.of(GraphRole.NOISY), false);
            oneScan = GraphScan.read(conn, KG, List.of(GraphRole.NOISY), true);
        }
        for (GraphScan.Result r : List.of(byGraph, oneScan)) {
            assertGraphs(r);
        }
    }

    @Test
    void theIndexCheckSharingTheScanCountsTheWholeStore() throws IOException {
        GraphScan graphs = new GraphScan(KG, List.of(GraphRole.NOISY));
        StoreCheck.Report report;
        try (StoreCheck.Pass pass = StoreCheck.start(repository)) {
            pass.scan(graphs);
            report = pass.finish();
        }
        assertTrue(report.passed(), report.toString());
        assertEquals(StoreCheck.check(repository), report);
        long counted = report.graphs().stream().mapToLong(StoreCheck.GraphResult::statements).sum();
        assertEquals(complete.size() + incomplete.size() + labels.size() + 1 + noisy.size() + 500, counted);
        assertEquals(complete.size() + incomplete.size() + labels.size() + 1 + noisy.size(), graphs.statements());
        assertGraphs(graphs.finish());
    }

    private void assertGraphs(GraphScan.Result r) throws IOException {
        Verifier.StoreGraphs g = r.graphs();
        assertTrue(g.complete().packed());
        assertEquals(tsv(complete), tsv(g.complete()));
        assertEquals(tsv(incomplete), tsv(g.incomplete()));
        assertEquals(checksum(complete), g.completeSum().value());
        assertEquals(checksum(incomplete), g.incompleteSum().value());
        assertEquals(new HashSet<>(labels), new HashSet<>(g.labels()));
        assertEquals(1, g.benchmark().size());
        assertEquals(List.of(KG.noisy()), List.copyOf(r.broken().keySet()));
        assertEquals(new HashSet<>(noisy), new HashSet<>(r.broken().get(KG.noisy())));
    }

    private static String tsv(List<Statement> statements) throws IOException {
        StringWriter w = new StringWriter();
        GraphFiles.writeGraphTsv(KG, statements, w);
        return w.toString();
    }

    private static String tsv(StoreGraph graph) throws IOException {
        StringWriter w = new StringWriter();
        graph.writeTsv(w);
        return w.toString();
    }

    private static String checksum(List<Statement> statements) {
        GraphChecksum sum = new GraphChecksum();
        statements.forEach(sum::add);
        return sum.value();
    }

}
