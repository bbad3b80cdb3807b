package dev.lacuna.serve;

import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import org.eclipse.rdf4j.common.lang.FileFormat;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.query.BooleanQuery;
import org.eclipse.rdf4j.query.Dataset;
import org.eclipse.rdf4j.query.GraphQuery;
import org.eclipse.rdf4j.query.GraphQueryResult;
import org.eclipse.rdf4j.query.MalformedQueryException;
import org.eclipse.rdf4j.query.Query;
import org.eclipse.rdf4j.query.QueryEvaluationException;
import org.eclipse.rdf4j.query.QueryInterruptedException;
import org.eclipse.rdf4j.query.QueryLanguage;
import org.eclipse.rdf4j.query.TupleQuery;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.query.algebra.FunctionCall;
import org.eclipse.rdf4j.query.algebra.Regex;
import org.eclipse.rdf4j.query.algebra.Service;
import org.eclipse.rdf4j.query.algebra.ValueConstant;
import org.eclipse.rdf4j.query.algebra.evaluation.function.FunctionRegistry;
import org.eclipse.rdf4j.query.algebra.helpers.AbstractQueryModelVisitor;
import org.eclipse.rdf4j.query.parser.ParsedBooleanQuery;
import org.eclipse.rdf4j.query.parser.ParsedGraphQuery;
import org.eclipse.rdf4j.query.parser.ParsedOperation;
import org.eclipse.rdf4j.query.parser.ParsedQuery;
import org.eclipse.rdf4j.query.parser.ParsedTupleQuery;
import org.eclipse.rdf4j.query.parser.ParsedUpdate;
import org.eclipse.rdf4j.query.parser.QueryParserUtil;
import org.eclipse.rdf4j.query.resultio.BooleanQueryResultFormat;
import org.eclipse.rdf4j.query.resultio.QueryResultIO;
import org.eclipse.rdf4j.query.resultio.TupleQueryResultFormat;
import org.eclipse.rdf4j.query.resultio.TupleQueryResultWriter;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailBooleanQuery;
import org.eclipse.rdf4j.repository.sail.SailGraphQuery;
import org.eclipse.rdf4j.repository.sail.SailRepositoryConnection;
import org.eclipse.rdf4j.repository.sail.SailTupleQuery;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.RDFWriter;
import org.eclipse.rdf4j.rio.Rio;
import org.eclipse.rdf4j.rio.helpers.BasicWriterSettings;

import dev.lacuna.store.Explicit;

/**
 * Runs one query against one endpoint target and renders the whole answer into bytes before anything is sent:
 * a query that fails or times out half-way then gets a clean error status instead of a truncated 200, and
 * responses carry a Content-Length (keep-alive without chunking). At most maxRows rows are kept.
 */
final class QueryRunner {

    /** A rendered answer. */
    record Answer(int status, String contentType, byte[] body, long rows, boolean truncated) {
    }

    private final Duration timeout;
    private final long maxRows;
    private final boolean storeLimit;

    /**
     * @param storeLimit pass the time limit to the store too: for remote stores, which stop their own evaluation.
     *        Embedded stores are stopped by the {@link QueryBudget} instead, whose check runs in the evaluating
     *        thread (RDF4J's own limit closes the iteration from a timer thread).
     */
    QueryRunner(Duration timeout, long maxRows, boolean storeLimit) {
        this.timeout = timeout;
        this.maxRows = maxRows;
        this.storeLimit = storeLimit;
    }

    /**
     * Parses the text, relative IRIs against the service's base IRI; malformed text becomes a 400 with the parser's
     * message, SERVICE a 400 too.
     */
    static ParsedOperation parse(String text, String baseIri) {
        ParsedOperation parsed;
        try {
            parsed = QueryParserUtil.parseOperation(QueryLanguage.SPARQL, text, baseIri);
        } catch (MalformedQueryException e) {
            // The parser's first line says where ("Encountered ... at line 1, column 6."); the rest lists every
            // token it expected, dozens of lines that do not belong in a one-line answer.
            String message = String.valueOf(e.getMessage()).strip();
            int eol = message.indexOf('\n');
            throw new HttpError(400, "malformed SPARQL: " + (eol < 0 ? message : message.substring(0, eol).strip()));
        } catch (NumberFormatException e) {
            // RDF4J's parser reads LIMIT and OFFSET as a long and lets the failure through.
            throw new HttpError(400, "malformed SPARQL: a number out of range (LIMIT and OFFSET take at most "
                    + Long.MAX_VALUE + ")");
        }
        if (parsed instanceof ParsedQuery q) {
            check(q);
        }
        if (parsed instanceof ParsedUpdate u && u.getUpdateExprs().isEmpty()) {
            // RDF4J reads ";" (or nothing but a prologue) as an update of no operations; SPARQL's grammar has no ";"
            // without an operation before it, and an operation that does nothing is a client's mistake worth naming.
            throw new HttpError(400, "malformed SPARQL: no query and no update operation in the text");
        }
        return parsed;
    }

    /**
     * Refuses, before evaluation, what would otherwise fail late or silently: SERVICE (federated queries would make
     * this server fetch URLs for a client), functions the store does not know (a FILTER would drop every row) and
     * constant regular expressions that do not compile.
     */
    private static void check(ParsedQuery q) {
        q.getTupleExpr().visit(new AbstractQueryModelVisitor<RuntimeException>() {
            @Override
            public void meet(Service node) {
                throw new HttpError(400, "SERVICE (federated query) is disabled on this endpoint");
            }

            @Override
            public void meet(FunctionCall node) {
                if (FunctionRegistry.getInstance().get(node.getURI()).isEmpty()) {
                    throw new HttpError(400, "unknown function <" + node.getURI() + ">");
                }
                super.meet(node);
            }

            @Override
            public void meet(Regex node) {
                if (node.getPatternArg() instanceof ValueConstant pattern) {
                    String flags = node.getFlagsArg() instanceof ValueConstant f ? f.getValue().stringValue() : "";
                    try {
                        Pattern.compile(pattern.getValue().stringValue(),
                                flags.contains("i") ? Pattern.CASE_INSENSITIVE : 0);
                    } catch (PatternSyntaxException e) {
                        throw new HttpError(400, "bad regular expression: " + e.getDescription() + " in '"
                                + pattern.getValue().stringValue() + "'");
                    }
                }
                super.meet(node);
            }
        });
    }

    Answer query(Repository repository, Dataset dataset, String text, ParsedQuery parsed, String formatParam,
            String accept) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (RepositoryConnection c = repository.getConnection()) {
            Query query = prepare(c, text, parsed);
            if (dataset != null) {
                query.setDataset(dataset);
            }
            if (storeLimit) {
                query.setMaxExecutionTime(storeSeconds());
            }
            if (parsed instanceof ParsedBooleanQuery) {
                FileFormat format = ResultFormats.choose(ResultFormats.Kind.BOOLEAN, formatParam, accept);
                boolean value = ((BooleanQuery) query).evaluate();
                ByteArrayOutputStream out = new ByteArrayOutputStream(64);
                QueryResultIO.writeBoolean(value, (BooleanQueryResultFormat) format, out);
                return new Answer(200, ResultFormats.contentType(format), out.toByteArray(), 1, false);
            } else if (parsed instanceof ParsedGraphQuery) {
                return graph((GraphQuery) query, formatParam, accept, deadline);
            } else if (c instanceof SailRepositoryConnection) {
                return tuple((TupleQuery) query, formatParam, accept, deadline);
            } else {
                return remoteTuple((TupleQuery) query, formatParam, accept, deadline);
            }
        } catch (QueryInterruptedException e) {
            throw timedOut();
        } catch (QueryEvaluationException e) {
            // RDF4J's time limit closes the iteration from a timer thread; the evaluating thread may then see
            // "The iteration has been closed" instead of QueryInterruptedException.
            if (System.nanoTime() >= deadline) {
                throw timedOut();
            }
            throw e;
        }
    }

    /**
     * The query ready to evaluate. On an embedded store, the algebra the endpoint has parsed and checked already:
     * parsing the text a second time cost as much as evaluating one of ToG's one-pattern queries. A remote store
     * receives the text, so its client prepares from the text (and parses nothing).
     */
    static Query prepare(RepositoryConnection c, String text, ParsedQuery parsed) {
        if (c instanceof SailRepositoryConnection sail) {
            // The constructors are protected: RDF4J's own prepareQuery is their only other caller.
            Query query = parsed instanceof ParsedTupleQuery t ? new SailTupleQuery(t, sail) { }
                    : parsed instanceof ParsedBooleanQuery b ? new SailBooleanQuery(b, sail) { }
                    : parsed instanceof ParsedGraphQuery g ? new SailGraphQuery(g, sail) { }
                    : null;
            if (query != null) {
                return Explicit.explicit(query);
            }
        }
        // The form is known from the parse: the store's client need not find it again (upper-casing the text).
        return parsed instanceof ParsedTupleQuery ? Explicit.tupleQuery(c, text)
                : parsed instanceof ParsedBooleanQuery ? Explicit.booleanQuery(c, text) : Explicit.query(c, text);
    }

    /** The store's limit in whole seconds, rounded up so it never fires before ours. */
    private int storeSeconds() {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, (timeout.toMillis() + 999) / 1000));
    }

    static boolean isUpdate(ParsedOperation parsed) {
        return parsed instanceof ParsedUpdate;
    }

    /** Rows written as they come; the iteration's close after the row limit stops the store's evaluation. */
    private Answer tuple(TupleQuery query, String formatParam, String accept, long deadline) {
        TupleQueryResultFormat format = (TupleQueryResultFormat) ResultFormats.choose(ResultFormats.Kind.TUPLE,
                formatParam, accept);
        ByteArrayOutputStream out = new ByteArrayOutputStream(1024);
        TupleQueryResultWriter writer = writer(format, out);
        long rows = 0;
        boolean truncated = false;
        try (TupleQueryResult result = query.evaluate()) {
            writer.startQueryResult(result.getBindingNames());
            while (result.hasNext()) {
                if (rows >= maxRows) {
                    truncated = true;
                    break;
                }
                writer.handleSolution(result.next());
                if ((++rows & 1023) == 0 && System.nanoTime() > deadline) {
                    throw timedOut();
                }
            }
        }
        writer.endQueryResult();
        return new Answer(200, ResultFormats.contentType(format), out.toByteArray(), rows, truncated);
    }

    /**
     * A remote store's rows, handed to the writer by the thread that reads the response: RDF4J's iterator over a
     * remote result reads it on a second thread and passes every row across (a thread hand-off per row).
     */
    private Answer remoteTuple(TupleQuery query, String formatParam, String accept, long deadline) {
        TupleQueryResultFormat format = (TupleQueryResultFormat) ResultFormats.choose(ResultFormats.Kind.TUPLE,
                formatParam, accept);
        ByteArrayOutputStream out = new ByteArrayOutputStream(1024);
        RowsWritten rows = new RowsWritten(writer(format, out), maxRows, deadline);
        try {
            query.evaluate(rows);
        } catch (RuntimeException e) {
            if (!rows.stopped(e)) {
                throw e;
            }
        }
        if (rows.timedOut()) {
            throw timedOut();
        }
        rows.end();
        return new Answer(200, ResultFormats.contentType(format), out.toByteArray(), rows.count(), rows.truncated());
    }

    /**
     * A writer without indentation: RDF4J's JSON and XML writers indent by default, which showed in the endpoint's
     * profile under ToG's queries and added bytes to every answer; clients parse answers, nobody reads them.
     */
    private static TupleQueryResultWriter writer(TupleQueryResultFormat format, ByteArrayOutputStream out) {
        TupleQueryResultWriter writer = QueryResultIO.createTupleWriter(format, out);
        writer.getWriterConfig().set(BasicWriterSettings.PRETTY_PRINT, false);
        return writer;
    }

    private Answer graph(GraphQuery query, String formatParam, String accept, long deadline) {
        RDFFormat format = (RDFFormat) ResultFormats.choose(ResultFormats.Kind.GRAPH, formatParam, accept);
        List<Statement> statements = new ArrayList<>();
        boolean truncated = false;
        Map<String, String> namespaces;
        try (GraphQueryResult result = query.evaluate()) {
            while (result.hasNext()) {
                if (statements.size() >= maxRows) {
                    truncated = true;
                    break;
                }
                statements.add(result.next());
                if ((statements.size() & 1023) == 0 && System.nanoTime() > deadline) {
                    throw timedOut();
                }
            }
            namespaces = result.getNamespaces();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(256 + statements.size() * 96);
        RDFWriter writer = Rio.createWriter(format, out);
        writer.startRDF();
        namespaces.forEach(writer::handleNamespace);
        for (Statement st : statements) {
            writer.handleStatement(st);
        }
        writer.endRDF();
        return new Answer(200, ResultFormats.contentType(format), out.toByteArray(), statements.size(), truncated);
    }

    private HttpError timedOut() {
        return new HttpError(503, "query exceeded the time limit of " + describe(timeout)
                + "; narrow it (add a LIMIT or bind more terms) or ask the operator for a longer --timeout");
    }

    static String describe(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
    }
}
