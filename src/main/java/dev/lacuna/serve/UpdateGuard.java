package dev.lacuna.serve;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.query.Dataset;
import org.eclipse.rdf4j.query.Update;
import org.eclipse.rdf4j.query.algebra.DeleteData;
import org.eclipse.rdf4j.query.algebra.InsertData;
import org.eclipse.rdf4j.query.algebra.Modify;
import org.eclipse.rdf4j.query.algebra.Service;
import org.eclipse.rdf4j.query.algebra.StatementPattern;
import org.eclipse.rdf4j.query.algebra.TupleExpr;
import org.eclipse.rdf4j.query.algebra.UpdateExpr;
import org.eclipse.rdf4j.query.algebra.helpers.AbstractQueryModelVisitor;
import org.eclipse.rdf4j.query.parser.ParsedUpdate;
import org.eclipse.rdf4j.query.parser.sparql.SPARQLUpdateDataBlockParser;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailRepositoryConnection;
import org.eclipse.rdf4j.rio.RDFParseException;
import org.eclipse.rdf4j.rio.helpers.StatementCollector;
import org.eclipse.rdf4j.sail.NotifyingSailConnection;
import org.eclipse.rdf4j.sail.SailConnectionListener;

import dev.lacuna.store.Explicit;
import dev.lacuna.view.Shape;

/**
 * The only writes a token holder may make: {@code INSERT DATA}, {@code DELETE DATA} and {@code INSERT/DELETE ...
 * WHERE} on the endpoint's own graph (GoG deletes and re-inserts edges). Everything else is refused before
 * anything runs: LOAD (reads files and URLs), CLEAR, DROP, CREATE, COPY, MOVE, ADD, SERVICE, and WITH, USING or
 * GRAPH naming another graph. In the Freebase shape, GoG's {@code GRAPH <http://freebase.com>} means the
 * endpoint's graph. An update that would add a term no SPARQL text in UTF-8 can hold ({@link WritableTerms}) is
 * refused (400) before its commit. What each update touched goes to the run's {@link RunCopy}, which keeps the
 * run's changes.
 */
final class UpdateGuard {
    static final IRI FREEBASE_GRAPH = SimpleValueFactory.getInstance().createIRI("http://freebase.com");
    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    private final Shape shape;

    UpdateGuard(Shape shape) {
        this.shape = shape;
    }

    /** One checked operation: data to add or remove, or a WHERE update to run with the graph as its dataset. */
    private record Step(boolean insert, List<Statement> data, boolean where) {
    }

    /**
     * Checks every operation of the update, then applies them all to the target's graph in one transaction. An
     * INSERT/DELETE ... WHERE runs with the dataset {@code where} ({@link DatasetClauses#forUpdate}: the graph as the
     * one changed, and as the WHERE clause's default graph unless the protocol asked for it only as a named graph).
     */
    void apply(Target target, String text, ParsedUpdate parsed, Dataset where) {
        Repository repository = target.repository();
        IRI graph = target.graph();
        List<Step> steps = new ArrayList<>();
        boolean remapped = false;
        for (UpdateExpr expr : parsed.getUpdateExprs()) {
            Dataset clause = parsed.getDatasetMapping().get(expr);
            if (clause != null && !namesOnly(clause, graph)) {
                // DatasetClauses answers this with a 400 first; kept here so no caller can skip it
                throw refused("WITH/USING names another graph: updates may only change this endpoint's graph");
            }
            if (expr instanceof InsertData d) {
                List<Statement> data = data(d.getDataBlock(), d.getLineNumberOffset(), true, graph);
                remapped |= data.stream().anyMatch(st -> FREEBASE_GRAPH.equals(st.getContext()));
                steps.add(new Step(true, onto(data, graph), false));
            } else if (expr instanceof DeleteData d) {
                List<Statement> data = data(d.getDataBlock(), d.getLineNumberOffset(), false, graph);
                remapped |= data.stream().anyMatch(st -> FREEBASE_GRAPH.equals(st.getContext()));
                steps.add(new Step(false, onto(data, graph), false));
            } else if (expr instanceof Modify m) {
                for (TupleExpr part : new TupleExpr[] {m.getDeleteExpr(), m.getInsertExpr(), m.getWhereExpr()}) {
                    if (part != null) {
                        checkPattern(part);
                    }
                }
                steps.add(new Step(false, List.of(), true));
            } else {
                throw refused(kind(expr) + " is refused: only INSERT DATA, DELETE DATA and INSERT/DELETE ... WHERE on "
                        + "this endpoint's graph are accepted");
            }
        }
        boolean whereUpdate = steps.stream().anyMatch(Step::where);
        if (whereUpdate && remapped) {
            throw refused("send GRAPH <http://freebase.com> data in an update of its own, without INSERT/DELETE ... WHERE");
        }
        if (!whereUpdate) {
            for (Step step : steps) {
                if (step.insert()) {
                    step.data().forEach(UpdateGuard::requireWritable);
                }
            }
        }
        Collection<Statement> touched;
        try (RepositoryConnection c = repository.getConnection()) {
            Observed observed = whereUpdate ? Observed.on(c) : null;
            c.begin();
            try {
                if (whereUpdate) {
                    // Checked above: no GRAPH, no SERVICE, dataset clauses naming this graph alone: the dataset below is all it touches.
                    Update update = Explicit.update(c, text);
                    update.setDataset(where);
                    update.execute();
                    if (observed != null && observed.problem != null) {
                        throw new HttpError(400, "update refused: " + observed.problem + "; nothing was changed");
                    }
                    touched = observed == null ? null : observed.touched;
                } else {
                    touched = new ArrayList<>();
                    for (Step step : steps) {
                        if (step.insert()) {
                            c.add(step.data());
                        } else {
                            c.remove(step.data());
                        }
                        touched.addAll(step.data());
                    }
                }
                c.commit();
            } finally {
                if (c.isActive()) {
                    c.rollback();
                }
            }
        }
        if (target.runCopy() != null) {
            target.runCopy().changed(touched);
        }
    }

    private static void requireWritable(Statement st) {
        String problem = WritableTerms.problem(st);
        if (problem != null) {
            throw new HttpError(400, "update refused: " + problem + "; nothing was changed");
        }
    }

    /**
     * The statements an INSERT/DELETE ... WHERE adds and removes, as the store reports them while it runs (RDF4J's
     * connection listener): an added term no UTF-8 SPARQL text can hold stops the update before its commit.
     */
    private static final class Observed implements SailConnectionListener {
        private final List<Statement> touched = new ArrayList<>();
        /** Why the first added statement that cannot be written cannot, else null (reported after the update ran). */
        private String problem;

        /** Listens to the connection's store; null for a store that does not report its changes. */
        static Observed on(RepositoryConnection c) {
            if (c instanceof SailRepositoryConnection sail && sail.getSailConnection() instanceof NotifyingSailConnection n) {
                Observed observed = new Observed();
                n.addConnectionListener(observed);
                return observed;
            }
            return null;
        }

        @Override
        public void statementAdded(Statement st, boolean inferred) {
            if (problem == null) {
                problem = WritableTerms.problem(st);
            }
            touched.add(st);
        }

        @Override
        public void statementRemoved(Statement st, boolean inferred) {
            touched.add(st);
        }

        @Override
        @SuppressWarnings("removal")
        public void statementAdded(Statement st) {
            statementAdded(st, false);
        }

        @Override
        @SuppressWarnings("removal")
        public void statementRemoved(Statement st) {
            statementRemoved(st, false);
        }
    }

    private static boolean namesOnly(Dataset clause, IRI graph) {
        List<IRI> named = new ArrayList<>(clause.getDefaultGraphs());
        named.addAll(clause.getNamedGraphs());
        named.addAll(clause.getDefaultRemoveGraphs());
        if (clause.getDefaultInsertGraph() != null) {
            named.add(clause.getDefaultInsertGraph());
        }
        return named.stream().allMatch(graph::equals);
    }

    private List<Statement> data(String block, int lineOffset, boolean insert, IRI graph) {
        SPARQLUpdateDataBlockParser parser = new SPARQLUpdateDataBlockParser(VF);
        parser.setLineNumberOffset(lineOffset);
        parser.setAllowBlankNodes(insert);
        StatementCollector collector = new StatementCollector();
        parser.setRDFHandler(collector);
        try {
            parser.parse(new StringReader(block), "");
        } catch (RDFParseException e) {
            throw new HttpError(400, "malformed update data: " + e.getMessage());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        List<Statement> out = new ArrayList<>(collector.getStatements());
        for (Statement st : out) {
            Resource g = st.getContext();
            boolean ours = g == null || g.equals(graph) || (shape == Shape.FREEBASE && g.equals(FREEBASE_GRAPH));
            if (!ours) {
                throw refused("GRAPH <" + g + "> names another graph: updates may only change this endpoint's graph");
            }
        }
        return out;
    }

    private static List<Statement> onto(List<Statement> data, IRI graph) {
        List<Statement> out = new ArrayList<>(data.size());
        for (Statement st : data) {
            out.add(VF.createStatement(st.getSubject(), st.getPredicate(), st.getObject(), graph));
        }
        return out;
    }

    private static void checkPattern(TupleExpr expr) {
        expr.visit(new AbstractQueryModelVisitor<RuntimeException>() {
            @Override
            public void meet(StatementPattern node) {
                if (node.getContextVar() != null) {
                    throw refused("GRAPH inside INSERT/DELETE ... WHERE is refused: the endpoint's graph is the default");
                }
            }

            @Override
            public void meet(Service node) {
                throw refused("SERVICE inside an update is refused: this server fetches no URLs");
            }
        });
    }

    private static String kind(UpdateExpr expr) {
        return expr.getClass().getSimpleName().toUpperCase(Locale.ROOT);
    }

    private static HttpError refused(String message) {
        return new HttpError(403, message);
    }
}
