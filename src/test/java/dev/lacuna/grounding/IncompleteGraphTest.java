package dev.lacuna.grounding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;

/**
 * incomplete must be complete minus the deleted heads, statement for statement, on every embedded store.
 * On a NativeStore, a copy that read the B-tree it was writing (isolation NONE) lost two thirds of FB15k-237
 * (93,798 of 272,115 triples copied) but nothing of graphs under about 200,000 triples, whose indexes are one
 * level shallower; that case is covered by the FB15k-237 build in {@code BuildBenchmark} and by
 * {@code IncompleteGraphBenchmark}, too slow for this suite. Here: the contract, on every embedded store.
 */
class IncompleteGraphTest {
    private static final KgGraphs KG = KgGraphs.of("g");

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"native", "lmdb", "memory"})
    void incompleteIsCompleteMinusDeletedStatementForStatement(String kind) {
        StoreConfig config = switch (kind) {
            case "native" -> new StoreConfig.NativeStoreConfig(tmp.resolve("store"));
            case "lmdb" -> new StoreConfig.LmdbStoreConfig(tmp.resolve("store"));
            default -> new StoreConfig.MemoryStoreConfig();
        };
        Repository repository = Stores.open(config);
        try {
            fill(repository, 10_000);
            Set<List<String>> complete = graph(repository, KG.complete());
            List<Triple> deleted = new ArrayList<>();
            int i = 0;
            for (List<String> t : complete) {
                if (i++ % 97 == 0) {
                    deleted.add(new Triple(Long.parseLong(t.get(0)), t.get(1), Long.parseLong(t.get(2))));
                }
            }
            deleted.sort(null);
            IncompleteGraph.rebuild(repository, KG, deleted, 500);

            Set<List<String>> expected = new HashSet<>(complete);
            deleted.forEach(t -> expected.remove(t.asList()));
            Set<List<String>> incomplete = graph(repository, KG.incomplete());
            assertEquals(complete.size() - deleted.size(), incomplete.size());
            assertEquals(expected, incomplete);
            assertEquals(complete, graph(repository, KG.complete()), "complete is only read");

            // A second build starts from a fresh copy again.
            IncompleteGraph.rebuild(repository, KG, deleted.subList(0, 10), 500);
            Set<List<String>> again = graph(repository, KG.incomplete());
            assertEquals(complete.size() - 10, again.size());
            assertTrue(complete.containsAll(again));
            assertFalse(again.contains(deleted.get(0).asList()));
        } finally {
            repository.shutDown();
        }
    }

    private static Set<List<String>> graph(Repository repository, IRI g) {
        Set<List<String>> out = new HashSet<>();
        try (RepositoryConnection c = repository.getConnection()) {
            for (Statement st : c.getStatements(null, null, null, false, g)) {
                out.add(List.of(Long.toString(KG.privateId((IRI) st.getSubject())),
                        KG.relationName(st.getPredicate()),
                        Long.toString(KG.privateId((IRI) st.getObject()))));
            }
        }
        return out;
    }

    /**
     * n distinct triples in complete, with skewed degrees like FB15k-237 (a few hubs hold most edges). Added
     * directly rather than through the loader: the test is about the copy, and this is five times faster.
     */
    static void fill(Repository repository, int n) {
        SplittableRandom random = new SplittableRandom(3);
        int entities = n / 20;
        Set<Long> seen = new HashSet<>();
        try (RepositoryConnection c = repository.getConnection()) {
            c.begin();
            List<Statement> batch = new ArrayList<>();
            while (seen.size() < n) {
                int s = (int) Math.floor(Math.pow(entities, random.nextDouble()));
                int o = random.nextInt(entities);
                int r = (int) Math.floor(Math.pow(200, random.nextDouble()));
                if (seen.add(((long) s * 256 + r) * entities + o)) {
                    batch.add(c.getValueFactory().createStatement(KG.entity(s), KG.relation("r" + r), KG.entity(o),
                            KG.complete()));
                }
                if (batch.size() == 10_000) {
                    c.add(batch);
                    batch.clear();
                }
            }
            c.add(batch);
            c.commit();
        }
    }
}
