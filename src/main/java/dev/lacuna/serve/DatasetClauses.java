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

import dev.lacuna.view.Shape;

/**
 * The dataset of one operation, from the protocol's graph parameters and the operation's own clauses, honoured or
 * refused but never ignored. A path that serves one graph accepts clauses that name that graph (its IRI, as the
 * service description gives it) with their SPARQL meaning: {@code FROM <g>} alone makes g the default graph and
 * leaves no named graphs, {@code FROM NAMED <g>} alone leaves the default graph empty. A clause naming any other
 * graph is a 400 naming the graph this path serves: a client asking for {@code FROM <.../complete>} on the
 * incomplete path learns that it cannot have it, rather than getting incomplete answers without a word. Without
 * any clause the served graph is both the default graph and the one named graph. In the Freebase shape a query's
 * clauses may name the served graph {@code <http://freebase.com>} too, the graph Virtuoso-hosted Freebase dumps are
 * loaded as (an update's data may, see {@link UpdateGuard}; its WITH and USING may not, since RDF4J would write
 * that graph by its name).
 */
final class DatasetClauses {
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private DatasetClauses() {
    }

    /** The dataset to evaluate a query with; null means the query's own (only on a path that serves the whole store). */
    static Dataset forQuery(Target target, SparqlRequest request, ParsedQuery parsed, Shape shape) {
        List<IRI> defaults = served(target, shape, iris(request.all("default-graph-uri")));
        List<IRI> named = served(target, shape, iris(request.all("named-graph-uri")));
        boolean protocol = !defaults.isEmpty() || !named.isEmpty();
        if (target.graph() == null) {
            return protocol ? build(defaults, named) : null;
        }
        Dataset own = parsed.getDataset();
        List<IRI> ownDefaults = own == null ? List.of() : served(target, shape, new ArrayList<>(own.getDefaultGraphs()));
        List<IRI> ownNamed = own == null ? List.of() : served(target, shape, new ArrayList<>(own.getNamedGraphs()));
        List<IRI> all = new ArrayList<>(defaults);
        all.addAll(named);
        all.addAll(ownDefaults);
        all.addAll(ownNamed);
        requireServed(target, all, "FROM, FROM NAMED, default-graph-uri and named-graph-uri");
        if (protocol) {
            // the protocol's dataset replaces the query's own, as SPARQL 1.1 Protocol 2.1.4 says
            return build(defaults, named);
        }
        if (!ownDefaults.isEmpty() || !ownNamed.isEmpty()) {
            return build(ownDefaults, ownNamed);
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

    /** The graphs with the Freebase shape's name for the served graph replaced by the served graph's IRI. */
    private static List<IRI> served(Target target, Shape shape, List<IRI> graphs) {
        if (shape == Shape.FREEBASE && target.graph() != null) {
            graphs.replaceAll(g -> g.equals(UpdateGuard.FREEBASE_GRAPH) ? target.graph() : g);
        }
        return graphs;
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
