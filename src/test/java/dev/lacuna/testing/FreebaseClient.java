package dev.lacuna.testing;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.rdf4j.query.BindingSet;
import org.eclipse.rdf4j.query.TupleQueryResult;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.sparql.SPARQLRepository;

import dev.lacuna.view.KgView;

/** Asks a SPARQL endpoint as ToG and PoG do and reads one variable's values without the Freebase namespace. */
public final class FreebaseClient {
    private FreebaseClient() {
    }

    /** The values of {@code var} in the endpoint's order, {@code ns:m.5} read as {@code m.5}. */
    public static List<String> select(String endpoint, String query, String var) {
        SPARQLRepository client = new SPARQLRepository(endpoint);
        List<String> out = new ArrayList<>();
        try (RepositoryConnection c = client.getConnection(); TupleQueryResult r = c.prepareTupleQuery(query).evaluate()) {
            for (BindingSet b : r) {
                out.add(b.getValue(var).stringValue().replace(KgView.FREEBASE_NS, ""));
            }
        } finally {
            client.shutDown();
        }
        return out;
    }
}
