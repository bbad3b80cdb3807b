package dev.lacuna.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;

import dev.lacuna.folder.PlainValues;
import dev.lacuna.store.GraphChecksum;
import dev.lacuna.store.GraphRole;
import dev.lacuna.store.KgGraphs;
import dev.lacuna.store.StoreKinds;

/**
 * The graphs verify compares with a folder (complete and incomplete packed with their checksums, labels, benchmark
 * and the broken graphs the folder lists), gathered from statements of any graph in any order: each statement is
 * sorted to its graph as it comes. An embedded store answers a read with only the graph bound by reading its whole
 * index (no index starts with the graph), so reading the six graphs one by one read the store six times: at 20M
 * triples, 210 s of verify's 304 s. One scan of the store ({@link dev.lacuna.store.StoreCheck.Pass#scan}, shared
 * with the index check) reads it once.
 */
final class GraphScan implements Consumer<Statement> {
    private static final int NONE = -1;
    private static final int COMPLETE = 0;
    private static final int INCOMPLETE = 1;
    private static final int LABELS = 2;
    private static final int BENCHMARK = 3;
    private static final int BROKEN = 4;

    private final PlainValues plain = new PlainValues();
    private final Map<Resource, Integer> roles = new HashMap<>();
    private final List<IRI> graphs = new ArrayList<>();
    private final StoreGraph[] packed;
    private final GraphChecksum[] sums = {new GraphChecksum(), new GraphChecksum()};
    private final List<List<Statement>> held = new ArrayList<>();
    private Resource lastContext;
    private int lastRole = NONE;
    private Statement lastTriple;
    private long lastHash;
    private long statements;

    /** What {@link #finish} gives: the graphs as {@link Verifier} compares them. */
    record Result(Verifier.StoreGraphs graphs, Map<IRI, List<Statement>> broken) {
    }

    GraphScan(KgGraphs kg, List<GraphRole> brokenRoles) {
        packed = new StoreGraph[] {StoreGraph.reading(kg), StoreGraph.reading(kg)};
        graphs.addAll(List.of(kg.complete(), kg.incomplete(), kg.labels(), kg.benchmark()));
        for (GraphRole role : brokenRoles) {
            graphs.add(kg.graph(role));
        }
        for (int i = 0; i < graphs.size(); i++) {
            roles.put(graphs.get(i), i);
            if (i >= LABELS) {
                held.add(new ArrayList<>());
            }
        }
    }

    /**
     * Reads the graphs from the store: an embedded store in one scan of all its statements, a store behind HTTP
     * graph by graph (its server answers a graph without reading the others).
     */
    static Result read(Repository repository, KgGraphs kg, List<GraphRole> brokenRoles) {
        try (RepositoryConnection conn = repository.getConnection()) {
            return read(conn, kg, brokenRoles, StoreKinds.config(repository).embedded());
        }
    }

    /** As above: {@code oneScan}, all the store's statements in one read, else graph by graph. */
    static Result read(RepositoryConnection conn, KgGraphs kg, List<GraphRole> brokenRoles, boolean oneScan) {
        GraphScan scan = new GraphScan(kg, brokenRoles);
        if (oneScan) {
            StatementPipe.scan(conn, scan);
        } else {
            for (IRI graph : scan.graphs) {
                scan.read(conn, graph);
            }
        }
        return scan.finish();
    }

    private void read(RepositoryConnection conn, IRI graph) {
        try (RepositoryResult<Statement> it = conn.getStatements(null, null, null, false, graph)) {
            for (Statement st : it) {
                accept(st);
            }
        }
    }

    @Override
    public void accept(Statement st) {
        Resource context = plain.context(st);
        if (context != lastContext) {
            lastContext = context;
            lastRole = context == null ? NONE : roles.getOrDefault(context, NONE);
        }
        if (lastRole == NONE) {
            return;
        }
        Statement p = plain.plain(st);
        statements++;
        if (lastRole > INCOMPLETE) {
            held.get(lastRole - LABELS).add(p);
            return;
        }
        // In an index that ends with the graph (RDF4J's defaults all do), a triple of complete comes next to its copy
        // in incomplete: hashed once.
        if (lastTriple == null || p.getSubject() != lastTriple.getSubject() || p.getPredicate() != lastTriple.getPredicate()
                || p.getObject() != lastTriple.getObject()) {
            lastTriple = p;
            lastHash = GraphChecksum.hash(p);
        }
        sums[lastRole].addHash(lastHash);
        packed[lastRole].add(p);
    }

    /** How many statements of the graphs were read. */
    long statements() {
        return statements;
    }

    /** Packs complete and incomplete (sorting them) and hands the graphs over. */
    Result finish() {
        packed[COMPLETE].finish();
        packed[INCOMPLETE].finish();
        Map<IRI, List<Statement>> broken = new LinkedHashMap<>();
        for (int i = BROKEN; i < graphs.size(); i++) {
            broken.put(graphs.get(i), held.get(i - LABELS));
        }
        return new Result(new Verifier.StoreGraphs(packed[COMPLETE], sums[COMPLETE], packed[INCOMPLETE], sums[INCOMPLETE],
                held.get(0), held.get(1)), broken);
    }
}
