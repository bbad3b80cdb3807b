package dev.lacuna.store;

import org.eclipse.rdf4j.http.protocol.UnauthorizedException;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.repository.Repository;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryException;

import dev.lacuna.BadInputException;

/**
 * A repository behind the RDF4J REST protocol that its server cannot open, named for what it is. GraphDB accepts a
 * repository configuration with a ruleset it does not know, then fails every request to that repository, even the
 * DELETE that would remove it, with a bare "Invalid rule set"; left alone, that surfaces in the middle of a command.
 */
final class RemoteRepositoryCheck {
    private static final String INVALID_RULESET = "Invalid rule set";

    private RemoteRepositoryCheck() {
    }

    /** Asks the repository one cheap question (a graph of a name nobody uses) and explains a ruleset it cannot open. */
    static void requireOpens(Repository repository, String url) {
        try (RepositoryConnection c = repository.getConnection()) {
            c.hasStatement(null, null, null, false,
                    SimpleValueFactory.getInstance().createIRI("urn:lacuna:repository-probe"));
        } catch (UnauthorizedException e) {
            throw new BadInputException("repository " + url + " answered 401 Unauthorized: its server needs a user and "
                    + "password: " + SparqlCredentials.HOW_TO_GIVE + " (for scripts/graphdb.sh --data DIR: --credentials "
                    + "DIR/graphdb.credentials)");
        } catch (RepositoryException e) {
            String reason = rootMessage(e);
            if (reason.contains(INVALID_RULESET)) {
                throw new BadInputException("repository " + url + " cannot be opened: its server says \"" + reason
                        + "\". It was created with a ruleset GraphDB does not know, and GraphDB can neither open nor"
                        + " delete it over HTTP: stop GraphDB, delete the repository's folder (data/repositories/ID in"
                        + " GraphDB's home; DIR/repositories/ID for scripts/graphdb.sh --data DIR), start GraphDB and"
                        + " create the repository again with a known ruleset: for Lacuna, ruleset \"empty\""
                        + " (docker/graphdb-repository.ttl)");
            }
            throw e;
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? "" : t.getMessage();
        // The REST protocol hands the server's exception over as text: the last "Exception: " holds the reason.
        int at = m.lastIndexOf("Exception: ");
        return at >= 0 ? m.substring(at + "Exception: ".length()) : m;
    }
}
