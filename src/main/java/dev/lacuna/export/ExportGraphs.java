package dev.lacuna.export;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.eclipse.rdf4j.common.transaction.IsolationLevels;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.TupleQuery;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepository;
import org.eclipse.rdf4j.sail.memory.MemoryStore;

import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.LacunaVocab;
import dev.lacuna.store.SparqlFiles;

/**
 * The benchmark folder's graphs in an in-memory store laid out as {@code lacuna load} and {@code build} lay out
 * theirs (complete, incomplete and labels graphs under the folder's base IRI), so that the label and Freebase
 * views are made by the very code {@code serve} uses, and per-question subgraphs are found by SPARQL.
 */
public final class ExportGraphs implements AutoCloseable {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final int BATCH = 50_000;
    /** Neighbourhoods kept between questions: topics of one rule share most of their 2-hop neighbourhood. */
    private static final int CACHE = 20_000;

    private final Repository repository;
    private final KgGraphs kg;
    private final RepositoryConnection conn;
    private final Map<String, List<String[]>> cache = new LinkedHashMap<>(CACHE, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, List<String[]>> e) {
            return size() > CACHE;
        }
    };
    private String cachedGraph;
    private TupleQuery neighbourhood;

    public ExportGraphs(BenchmarkFolder folder) {
        this.kg = folder.kg();
        this.repository = new SailRepository(new MemoryStore());
        repository.init();
        this.conn = repository.getConnection();
        conn.begin(IsolationLevels.NONE);
        int[] inBatch = {0};
        for (String graph : new String[] {"complete", "incomplete"}) {
            IRI g = kg.graph(graph);
            folder.forEachTriple(graph, t -> {
                conn.add(kg.entity(Long.parseLong(t[0])), kg.relation(t[1]), kg.entity(Long.parseLong(t[2])), g);
                if (++inBatch[0] == BATCH) {
                    conn.commit();
                    conn.begin(IsolationLevels.NONE);
                    inBatch[0] = 0;
                }
            });
        }
        for (BenchmarkFolder.Entity e : folder.entities().values()) {
            IRI entity = kg.entity(Long.parseLong(e.privateId()));
            conn.add(entity, LacunaVocab.PRIVATE_ID, VF.createLiteral(Long.parseLong(e.privateId())), kg.labels());
            conn.add(entity, LacunaVocab.SOURCE_ID, VF.createLiteral(e.sourceId()), kg.labels());
            if (!e.label().isEmpty()) {
                conn.add(entity, RDFS.LABEL, VF.createLiteral(e.label()), kg.labels());
            }
        }
        conn.commit();
    }

    public Repository repository() {
        return repository;
    }

    public KgGraphs kg() {
        return kg;
    }

    /** A question's subgraph: the triples within {@code hops} of the topic, capped, and how it was cut. */
    public record Subgraph(List<String[]> triples, Set<String> entities, int dropped) {
    }

    /**
     * The triples within {@code hops} steps of the topic (either direction), in private ids, nearer hops first and
     * sorted within a hop. Over {@code maxTriples}, whole nearer hops are kept and the farthest hop that does not
     * fit is sampled with a Random seeded by the seed and the question id: the same input gives the same subgraph.
     */
    public Subgraph subgraph(String graph, String topic, int hops, int maxTriples, long seed, String questionId) {
        if (!graph.equals(cachedGraph)) {
            cache.clear();
            cachedGraph = graph;
        }
        Set<String> reached = new HashSet<>();
        reached.add(topic);
        Set<String> seenTriples = new HashSet<>();
        List<String[]> kept = new ArrayList<>();
        List<String> frontier = List.of(topic);
        int dropped = 0;
        for (int hop = 1; hop <= hops && !frontier.isEmpty(); hop++) {
            List<String[]> layer = new ArrayList<>();
            for (String entity : frontier) {
                for (String[] t : neighbourhood(graph, entity)) {
                    if (seenTriples.add(t[0] + '\t' + t[1] + '\t' + t[2])) {
                        layer.add(t);
                    }
                }
            }
            layer.sort(TRIPLE_ORDER);
            if (kept.size() + layer.size() > maxTriples) {
                int room = maxTriples - kept.size();
                Collections.shuffle(layer, new Random(seed * 31 + questionId.hashCode()));
                List<String[]> sample = new ArrayList<>(layer.subList(0, room));
                dropped += layer.size() - room;
                sample.sort(TRIPLE_ORDER);
                layer = sample;
            }
            Set<String> next = new LinkedHashSet<>();
            for (String[] t : layer) {
                kept.add(t);
                for (String e : new String[] {t[0], t[2]}) {
                    if (reached.add(e)) {
                        next.add(e);
                    }
                }
            }
            if (kept.size() >= maxTriples) {
                break;
            }
            frontier = new ArrayList<>(next);
        }
        Set<String> entities = new LinkedHashSet<>();
        entities.add(topic);
        for (String[] t : kept) {
            entities.add(t[0]);
            entities.add(t[2]);
        }
        return new Subgraph(kept, entities, dropped);
    }

    /** Numeric private ids in numeric order, then relation names. */
    static final Comparator<String[]> TRIPLE_ORDER = Comparator.<String[]>comparingLong(t -> Long.parseLong(t[0]))
            .thenComparing(t -> t[1]).thenComparingLong(t -> Long.parseLong(t[2]));

    private List<String[]> neighbourhood(String graph, String entity) {
        List<String[]> hit = cache.get(entity);
        if (hit != null) {
            return hit;
        }
        if (neighbourhood == null) {
            neighbourhood = conn.prepareTupleQuery(SparqlFiles.load("export-neighbourhood.rq"));
        }
        neighbourhood.setBinding("graph", kg.graph(graph));
        neighbourhood.setBinding("entity", kg.entity(Long.parseLong(entity)));
        List<String[]> out = new ArrayList<>();
        try (TupleQueryResult result = neighbourhood.evaluate()) {
            for (BindingSet b : result) {
                long other = b.getValue("other") instanceof IRI iri ? kg.privateId(iri) : -1;
                if (other < 0) {
                    continue;
                }
                String relation = kg.relationName((IRI) b.getValue("p"));
                boolean out1 = "out".equals(b.getValue("dir").stringValue());
                out.add(out1 ? new String[] {entity, relation, Long.toString(other)}
                        : new String[] {Long.toString(other), relation, entity});
            }
        }
        cache.put(entity, out);
        return out;
    }

    @Override
    public void close() {
        conn.close();
        repository.shutDown();
    }
}
