package dev.lacuna.rules.sparql;

import java.nio.file.Path;

import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.fuseki.main.FusekiServer;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sparql.SPARQLRepository;

import dev.lacuna.store.StoreConfig;
import dev.lacuna.store.Stores;

/**
 * The same suite on a remote store of another engine: Apache Jena Fuseki on 127.0.0.1 (in-memory dataset),
 * reached over HTTP through RDF4J's SPARQLRepository, as {@code --sparql URL} does. Jena evaluates every
 * compiled query itself (counts, seeded samples drawn in the store, predictions, DELETE DATA), so passing here
 * shows the queries mean the same on a store that is not RDF4J. Family is loaded by the project's loader into
 * a memory store and copied into Jena's dataset before the server starts (loading over HTTP takes 30 s).
 */
class FusekiRuleQueriesTest extends RuleQueriesStoreTest {
    private FusekiServer server;

    @Override
    Repository open(Path dir) {
        DatasetGraph dataset = DatasetGraphFactory.createTxnMem();
        Repository staging = Stores.open(new StoreConfig.MemoryStoreConfig());
        try (RepositoryConnection c = staging.getConnection()) {
            FamilyFixture.load(staging);
            dataset.executeWrite(() -> {
                for (Statement s : c.getStatements(null, null, null, false)) {
                    dataset.add(node(s.getContext()), node(s.getSubject()), node(s.getPredicate()), node(s.getObject()));
                }
            });
        } finally {
            staging.shutDown();
        }
        server = FusekiServer.create().loopback(true).port(0).add("/kg", dataset).build().start();
        String base = "http://127.0.0.1:" + server.getHttpPort() + "/kg";
        SPARQLRepository repository = new SPARQLRepository(base + "/query", base + "/update");
        repository.init();
        return repository;
    }

    private static Node node(Value v) {
        if (v instanceof Literal l) {
            return NodeFactory.createLiteralDT(l.getLabel(),
                    TypeMapper.getInstance().getSafeTypeByName(l.getDatatype().stringValue()));
        }
        return NodeFactory.createURI(v.stringValue());
    }

    @Override
    void load(Repository repository) {
        // filled in open(), server-side
    }

    @Override
    void stop() {
        if (server != null) {
            server.stop();
        }
    }
}
