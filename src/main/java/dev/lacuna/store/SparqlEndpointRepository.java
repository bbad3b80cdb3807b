package dev.lacuna.store;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.eclipse.rdf4j.http.client.SPARQLProtocolSession;
import org.eclipse.rdf4j.common.iteration.ConvertingIteration;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.util.Literals;
import org.eclipse.rdf4j.model.vocabulary.XSD;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.query.resultio.AbstractQueryResultParser;
import org.eclipse.rdf4j.query.resultio.BooleanQueryResultFormat;
import org.eclipse.rdf4j.query.resultio.BooleanQueryResultParser;
import org.eclipse.rdf4j.query.resultio.BooleanQueryResultParserFactory;
import org.eclipse.rdf4j.query.resultio.BooleanQueryResultParserRegistry;
import org.eclipse.rdf4j.query.resultio.QueryResultFormat;
import org.eclipse.rdf4j.query.resultio.QueryResultParseException;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryException;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.eclipse.rdf4j.repository.sparql.SPARQLConnection;
import org.eclipse.rdf4j.repository.sparql.SPARQLRepository;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.lacuna.Json;

/**
 * A store reached only by the SPARQL 1.1 Protocol ({@code --sparql URL}), reading ASK results leniently: OpenLink
 * Virtuoso 7.2 (the store ToG, PoG and GoG run on) answers ASK with a one-row table whose variable is
 * {@code __ASK_RETVAL} instead of a boolean result, in XML and JSON alike, which RDF4J's parsers refuse ("Found
 * tuple results in boolean parser"), so every existence check of load, build and verify failed on it. With
 * {@link SparqlCredentials} its sessions ({@link SparqlEndpointSession}) answer the endpoint's Digest or Basic
 * challenge, as a lab's Virtuoso asks on {@code /sparql-auth}, the only place it takes updates.
 */
public final class SparqlEndpointRepository extends SPARQLRepository {

    /** Virtuoso's name for the one column of an ASK answer. */
    static final String ASK_COLUMN = "__ask_retval";

    private static final ValueFactory VF = SimpleValueFactory.getInstance();

    static {
        // The registry is keyed by format, so these replace RDF4J's XML and JSON boolean parsers process-wide;
        // they read every standard boolean document exactly as RDF4J's do.
        BooleanQueryResultParserRegistry registry = BooleanQueryResultParserRegistry.getInstance();
        registry.add(new Factory(BooleanQueryResultFormat.JSON));
        registry.add(new Factory(BooleanQueryResultFormat.SPARQL));
    }

    /**
     * Statements per INSERT DATA / DELETE DATA request: Virtuoso's SPARQL compiler runs out
     * of memory on the loader's 20,000-statement batches ("SP030 ... memory exhausted").
     */
    static final int STATEMENTS_PER_UPDATE = 1_000;

    private final String queryUrl;
    private final String updateUrl;
    /** Null for an endpoint that takes anonymous requests. */
    private final SparqlCredentials credentials;
    private volatile ExecutorService executor;

    public SparqlEndpointRepository(String queryUrl, String updateUrl) {
        this(queryUrl, updateUrl, null);
    }

    public SparqlEndpointRepository(String queryUrl, String updateUrl, SparqlCredentials credentials) {
        super(queryUrl, updateUrl);
        this.queryUrl = queryUrl;
        this.updateUrl = updateUrl;
        this.credentials = credentials;
    }

    /** Given credentials are tried once here, so a wrong password stops a command before it reads or writes. */
    @Override
    protected void initializeInternal() throws RepositoryException {
        super.initializeInternal();
        if (credentials != null) {
            SparqlEndpointSession.checkCredentials(getHttpClient(), queryUrl, updateUrl, credentials);
        }
    }

    /** Sessions that answer the endpoint's challenge with the credentials (see {@link SparqlEndpointSession}). */
    @Override
    protected SPARQLProtocolSession createSPARQLProtocolSession() {
        return new SparqlEndpointSession(getHttpClient(), executor(), queryUrl, updateUrl, credentials);
    }

    /** Threads for results read in the background, as RDF4J's own session manager keeps them. */
    private ExecutorService executor() {
        if (executor == null) {
            synchronized (this) {
                if (executor == null) {
                    executor = Executors.newCachedThreadPool(r -> {
                        Thread t = new Thread(r, "lacuna-sparql-endpoint");
                        t.setDaemon(true);
                        return t;
                    });
                }
            }
        }
        return executor;
    }

    @Override
    protected void shutDownInternal() throws RepositoryException {
        try {
            super.shutDownInternal();
        } finally {
            if (executor != null) {
                executor.shutdownNow();
            }
        }
    }

    @Override
    public RepositoryConnection getConnection() throws RepositoryException {
        if (!isInitialized()) {
            init();
        }
        return new ChunkedConnection(this, createHTTPClient());
    }

    /** Sends a large add or remove as several updates of a bounded size. */
    private static final class ChunkedConnection extends SPARQLConnection {
        ChunkedConnection(SPARQLRepository repository, SPARQLProtocolSession session) {
            super(repository, session);
            // CLEAR of a graph that does not exist yet (a first build's staging graphs) is an error in SPARQL 1.1
            // without SILENT: Fuseki refused the build with "No such graph", where Virtuoso let it pass.
            setSilentClear(true);
        }

        /**
         * Statements of one named graph carry it as their context, as on every other store. RDF4J's quad mode would
         * do so, but asks with FROM NAMED, which Virtuoso ignores: it answered with every graph's statements.
         */
        @Override
        public RepositoryResult<Statement> getStatements(Resource subj, IRI pred, Value obj, boolean includeInferred,
                                                         Resource... contexts) throws RepositoryException {
            RepositoryResult<Statement> plain = super.getStatements(subj, pred, obj, includeInferred, contexts);
            Resource graph = contexts.length == 1 ? contexts[0] : null;
            return new RepositoryResult<>(new ConvertingIteration<Statement, Statement>(plain) {
                @Override
                protected Statement convert(Statement st) {
                    Value object = asWritten(st.getObject());
                    Resource context = st.getContext() != null || graph == null ? st.getContext() : graph;
                    return object == st.getObject() && context == st.getContext() ? st
                            : context == null ? VF.createStatement(st.getSubject(), st.getPredicate(), object)
                            : VF.createStatement(st.getSubject(), st.getPredicate(), object, context);
                }
            });
        }

        /**
         * Virtuoso stores an {@code xsd:double} as a double but prints it in a graph as an {@code xsd:decimal} of
         * its binary expansion ("0.63319400000000003459" for 0.633194), so the rule measures Lacuna wrote would come
         * back in another form and the benchmark folder would differ from an embedded store's. Lacuna's graphs hold
         * no decimals (every number it writes is an integer or a double), so a decimal read back is such a double:
         * it is given back as the double it parses to, in RDF4J's form, as Lacuna wrote it.
         */
        private static Value asWritten(Value v) {
            if (v instanceof Literal l && XSD.DECIMAL.equals(l.getDatatype())) {
                try {
                    return VF.createLiteral(Double.parseDouble(l.getLabel()));
                } catch (NumberFormatException notANumber) {
                    return v;
                }
            }
            return v;
        }

        /** The same FROM NAMED problem as above: RDF4J's size query counted every graph on Virtuoso. */
        @Override
        public long size(Resource... contexts) throws RepositoryException {
            if (contexts.length != 1 || !(contexts[0] instanceof IRI graph)) {
                return super.size(contexts);
            }
            try (TupleQueryResult r = Explicit.tupleQuery(this, SparqlFiles.render("count-graph.rq", Map.of("graph", graph)))
                    .evaluate()) {
                return r.hasNext() ? Literals.getLongValue(r.next().getValue("triples"), 0) : 0;
            }
        }

        @Override
        public void add(Iterable<? extends Statement> statements, Resource... contexts) throws RepositoryException {
            inChunks(statements, chunk -> super.add(chunk, contexts));
        }

        @Override
        public void remove(Iterable<? extends Statement> statements, Resource... contexts) throws RepositoryException {
            inChunks(statements, chunk -> super.remove(chunk, contexts));
        }

        /**
         * Inside the caller's transaction each full chunk goes out as its own update, since the endpoint would send
         * the whole transaction as one request at commit: a plain SPARQL endpoint has no transaction across
         * requests, so nothing is lost that the protocol could have kept.
         */
        private void inChunks(Iterable<? extends Statement> statements, Consumer<List<Statement>> send) {
            List<List<Statement>> chunks = chunks(statements);
            for (int i = 0; i < chunks.size(); i++) {
                boolean own = !isActive();
                if (own) {
                    begin();
                }
                send.accept(chunks.get(i));
                if (own || i < chunks.size() - 1) {
                    commit();
                    if (!own) {
                        begin();
                    }
                }
            }
        }

        private static List<List<Statement>> chunks(Iterable<? extends Statement> statements) {
            List<List<Statement>> chunks = new ArrayList<>();
            List<Statement> chunk = new ArrayList<>(STATEMENTS_PER_UPDATE);
            for (Statement st : statements) {
                chunk.add(st);
                if (chunk.size() == STATEMENTS_PER_UPDATE) {
                    chunks.add(chunk);
                    chunk = new ArrayList<>(STATEMENTS_PER_UPDATE);
                }
            }
            if (!chunk.isEmpty()) {
                chunks.add(chunk);
            }
            return chunks;
        }
    }

    private record Factory(BooleanQueryResultFormat format) implements BooleanQueryResultParserFactory {
        @Override
        public BooleanQueryResultFormat getBooleanQueryResultFormat() {
            return format;
        }

        @Override
        public BooleanQueryResultParser getParser() {
            return new LenientAskParser(format);
        }
    }

    /** A boolean result, or a one-column table of Virtuoso's {@code __ASK_RETVAL} (no row, 0 or false: false). */
    static final class LenientAskParser extends AbstractQueryResultParser implements BooleanQueryResultParser {
        private static final ObjectMapper JSON = Json.mapper();
        private final BooleanQueryResultFormat format;

        LenientAskParser(BooleanQueryResultFormat format) {
            this.format = format;
        }

        @Override
        public QueryResultFormat getQueryResultFormat() {
            return format;
        }

        @Override
        public BooleanQueryResultFormat getBooleanQueryResultFormat() {
            return format;
        }

        @Override
        public void parseQueryResult(InputStream in) throws IOException, QueryResultParseException {
            parse(in);
        }

        @Override
        public synchronized boolean parse(InputStream in) throws IOException, QueryResultParseException {
            boolean value = format == BooleanQueryResultFormat.JSON ? fromJson(in) : fromXml(in);
            if (handler != null) {
                handler.handleBoolean(value);
            }
            return value;
        }

        private static boolean fromJson(InputStream in) throws IOException {
            JsonNode root;
            try {
                root = JSON.readTree(in);
            } catch (IOException e) {
                throw new QueryResultParseException("ASK result is not JSON: " + e.getMessage(), -1, -1);
            }
            if (root == null) {
                throw new QueryResultParseException("empty ASK result", -1, -1);
            }
            if (root.path("boolean").isBoolean()) {
                return root.get("boolean").booleanValue();
            }
            JsonNode vars = root.path("head").path("vars");
            if (vars.size() == 1 && ASK_COLUMN.equalsIgnoreCase(vars.get(0).asText())) {
                Iterator<JsonNode> rows = root.path("results").path("bindings").elements();
                return rows.hasNext() && truth(rows.next().path(vars.get(0).asText()).path("value").asText("0"));
            }
            throw new QueryResultParseException("ASK result has neither a boolean nor Virtuoso's __ASK_RETVAL column",
                    -1, -1);
        }

        private static boolean fromXml(InputStream in) throws IOException {
            Document doc;
            try {
                DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
                factory.setNamespaceAware(true);
                factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
                factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
                doc = factory.newDocumentBuilder().parse(in);
            } catch (SAXException | ParserConfigurationException e) {
                throw new QueryResultParseException("ASK result is not XML: " + e.getMessage(), -1, -1);
            }
            NodeList booleans = doc.getElementsByTagNameNS("*", "boolean");
            if (booleans.getLength() > 0) {
                return Boolean.parseBoolean(booleans.item(0).getTextContent().strip());
            }
            NodeList variables = doc.getElementsByTagNameNS("*", "variable");
            if (variables.getLength() == 1
                    && ASK_COLUMN.equalsIgnoreCase(((Element) variables.item(0)).getAttribute("name"))) {
                NodeList bindings = doc.getElementsByTagNameNS("*", "binding");
                return bindings.getLength() > 0 && truth(bindings.item(0).getTextContent().strip());
            }
            throw new QueryResultParseException("ASK result has neither a boolean nor Virtuoso's __ASK_RETVAL column",
                    -1, -1);
        }

        private static boolean truth(String text) {
            return !(text.equals("0") || text.equalsIgnoreCase("false") || text.isEmpty());
        }
    }
}
