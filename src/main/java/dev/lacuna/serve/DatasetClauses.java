package dev.lacuna.serve;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.query.Dataset;
import org.eclipse.rdf4j.query.algebra.UpdateExpr;
import org.eclipse.rdf4j.query.impl.SimpleDataset;
import org.eclipse.rdf4j.query.parser.ParsedQuery;
import org.eclipse.rdf4j.query.parser.ParsedUpdate;

/**
 * The dataset of one operation, from the protocol's graph parameters and the operation's own clauses, honoured or
 * refused but never ignored. A path that serves one graph accepts clauses that name that graph (its IRI, as the
 * service description gives it) with their SPARQL meaning: {@code FROM <g>} alone makes g the default graph and
 * leaves no named graphs, {@code FROM NAMED <g>} alone leaves the default graph empty. A clause naming any other
 * graph is a 400 naming the graph this path serves: a client asking for {@code FROM <.../complete>} on the
 * incomplete path learns that it cannot have it, rather than getting incomplete answers without a word. Without
 * any clause the served graph is both the default graph and the one named graph.
 */
final class DatasetClauses {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private DatasetClauses() {
    }

    /** The dataset to evaluate a query with; null means the query's own (only on a path that serves the whole store). */
    static Dataset forQuery(Target target, SparqlRequest request, ParsedQuery parsed) {
        List<IRI> defaults = iris(request.all("default-graph-uri"));
        List<IRI> named = iris(request.all("named-graph-uri"));
        boolean protocol = !defaults.isEmpty() || !named.isEmpty();
        if (target.graph() == null) {
            return protocol ? build(defaults, named) : null;
        }
        Dataset own = parsed.getDataset();
        List<IRI> all = new ArrayList<>(defaults);
        all.addAll(named);
        if (own != null) {
            all.addAll(own.getDefaultGraphs());
            all.addAll(own.getNamedGraphs());
        }
        requireServed(target, all, "FROM, FROM NAMED, default-graph-uri and named-graph-uri");
        if (protocol) {
            // the protocol's dataset replaces the query's own, as SPARQL 1.1 Protocol 2.1.4 says
            return build(defaults, named);
        }
        if (own != null && !(own.getDefaultGraphs().isEmpty() && own.getNamedGraphs().isEmpty())) {
            return build(new ArrayList<>(own.getDefaultGraphs()), new ArrayList<>(own.getNamedGraphs()));
        }
        return target.dataset();
    }

    /**
     * Checks the graphs an update names in WITH, USING, USING NAMED and the using-graph-uri / using-named-graph-uri
     * parameters: only the served graph, and the parameters not together with the clauses (SPARQL 1.1 Protocol
     * 2.2.3 makes that an error). Returns the dataset an INSERT/DELETE ... WHERE runs with: the served graph is
     * the graph changed, and the WHERE clause's default graph unless using-named-graph-uri alone was given (then it is
     * empty, as the protocol says); null on a path without a graph.
     */
    static Dataset forUpdate(Target target, SparqlRequest request, ParsedUpdate parsed) {
        List<IRI> using = iris(request.all("using-graph-uri"));
        List<IRI> usingNamed = iris(request.all("using-named-graph-uri"));
        List<IRI> params = new ArrayList<>(using);
        params.addAll(usingNamed);
        List<IRI> clauses = new ArrayList<>();
        for (UpdateExpr expr : parsed.getUpdateExprs()) {
            Dataset d = parsed.getDatasetMapping().get(expr);
            if (d != null) {
                clauses.addAll(d.getDefaultGraphs());
                clauses.addAll(d.getNamedGraphs());
                if (d.getDefaultInsertGraph() != null) {
                    clauses.add(d.getDefaultInsertGraph());
                }
                clauses.addAll(d.getDefaultRemoveGraphs());
            }
        }
        if (!params.isEmpty() && !clauses.isEmpty()) {
            throw new HttpError(400, "using-graph-uri/using-named-graph-uri and a WITH or USING clause in the same "
                    + "update: give the graphs one way");
        }
        if (target.graph() == null) {
            return null;
        }
        List<IRI> named = new ArrayList<>(params);
        named.addAll(clauses);
        requireServed(target, named, "WITH, USING, USING NAMED, using-graph-uri and using-named-graph-uri");
        SimpleDataset d = new SimpleDataset();
        d.addDefaultGraph(using.isEmpty() && !usingNamed.isEmpty() ? LacunaEndpoint.NO_NAMED_GRAPHS : target.graph());
        d.addNamedGraph(usingNamed.isEmpty() ? LacunaEndpoint.NO_NAMED_GRAPHS : target.graph());
        d.addDefaultRemoveGraph(target.graph());
        d.setDefaultInsertGraph(target.graph());
        return d;
    }

    private static void requireServed(Target target, List<IRI> named, String clauses) {
        for (IRI g : named) {
            if (!g.equals(target.graph())) {
                // The message names the served graph, never the one asked for: nothing here echoes another graph.
                throw new HttpError(400, "this path serves one graph, <" + target.graph() + ">: " + clauses
                        + " may name only it (or be left out)");
            }
        }
    }

    private static Dataset build(List<IRI> defaults, List<IRI> named) {
        SimpleDataset d = new SimpleDataset();
        // RDF4J reads an empty set of default graphs as "every graph": an empty one is named instead
        (defaults.isEmpty() ? List.of(LacunaEndpoint.NO_NAMED_GRAPHS) : defaults).forEach(d::addDefaultGraph);
        (named.isEmpty() ? List.of(LacunaEndpoint.NO_NAMED_GRAPHS) : named).forEach(d::addNamedGraph);
        return d;
    }

    private static List<IRI> iris(List<String> values) {
        List<IRI> out = new ArrayList<>();
        for (String v : values) {
            out.add(VF.createIRI(v));
        }
        return out;
    }
}
