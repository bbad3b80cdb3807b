package dev.lacuna.store;

import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.ExecutorService;

import org.apache.http.HttpResponse;
import org.apache.http.auth.AuthScope;
import org.apache.http.auth.UsernamePasswordCredentials;
import org.apache.http.client.CredentialsProvider;
import org.apache.http.client.HttpClient;
import org.apache.http.client.methods.HttpGet;
import org.apache.http.client.methods.HttpUriRequest;
import org.apache.http.client.protocol.HttpClientContext;
import org.apache.http.impl.client.BasicCredentialsProvider;
import org.apache.http.util.EntityUtils;
import org.eclipse.rdf4j.common.exception.RDF4JException;
import org.eclipse.rdf4j.http.client.SPARQLProtocolSession;
import org.eclipse.rdf4j.http.protocol.UnauthorizedException;
import org.eclipse.rdf4j.query.Binding;
import org.eclipse.rdf4j.query.Dataset;
import org.eclipse.rdf4j.query.MalformedQueryException;
import org.eclipse.rdf4j.query.QueryInterruptedException;
import org.eclipse.rdf4j.query.QueryLanguage;
import org.eclipse.rdf4j.repository.RepositoryException;

import dev.lacuna.BadInputException;
import dev.lacuna.LacunaException;

/**
 * One SPARQL Protocol session of a {@link SparqlEndpointRepository}, answering an endpoint's challenge with the
 * user's {@link SparqlCredentials} (HTTP Digest, as Virtuoso's {@code /sparql-auth} asks, or Basic), and naming a
 * refusal as such. Credentials are offered only when the endpoint challenges, and only to the hosts and ports of
 * the query and update URLs: RDF4J's own {@code setUsernameAndPassword} would send them preemptively as Basic,
 * readable on the wire, with every request. A refusal is bad input (exit 2), raised where the request fails, so
 * nothing of the refused write reached the store.
 */
final class SparqlEndpointSession extends SPARQLProtocolSession {
    private final SparqlCredentials credentials;

    SparqlEndpointSession(HttpClient client, ExecutorService executor, String queryUrl, String updateUrl,
                          SparqlCredentials credentials) {
        super(client, executor);
        setQueryURL(queryUrl);
        setUpdateURL(updateUrl);
        this.credentials = credentials;
        if (credentials != null) {
            ((HttpClientContext) getHttpContext()).setCredentialsProvider(provider(credentials, queryUrl, updateUrl));
        }
    }

    @Override
    protected HttpResponse execute(HttpUriRequest method) throws IOException, RDF4JException {
        try {
            return super.execute(method);
        } catch (UnauthorizedException e) {
            throw refused(method.getURI(), credentials);
        }
    }

    /**
     * Virtuoso answers an update from a user without SPARQL_UPDATE (its anonymous {@code SPARQL} user on
     * {@code /sparql}) with a 500 whose text holds SR186; said here with the way out instead of as a server error.
     */
    @Override
    public void sendUpdate(QueryLanguage ql, String update, String baseURI, Dataset dataset, boolean includeInferred,
                           int maxQueryTime, Binding... bindings) throws IOException, RepositoryException,
            MalformedQueryException, UnauthorizedException, QueryInterruptedException {
        try {
            super.sendUpdate(ql, update, baseURI, dataset, includeInferred, maxQueryTime, bindings);
        } catch (RepositoryException e) {
            if (String.valueOf(e.getMessage()).contains("SR186")) {
                throw new BadInputException("SPARQL endpoint " + plain(URI.create(getUpdateURL()))
                        + " refused the update: the user " + (credentials == null ? "(anonymous)" : "'"
                        + credentials.user() + "'") + " has no permission to update (Virtuoso's SR186). On Virtuoso, "
                        + "updates go to /sparql-auth (--sparql-update URL) as a user granted SPARQL_UPDATE"
                        + (credentials == null ? "; " + SparqlCredentials.HOW_TO_GIVE : ""));
            }
            throw e;
        }
    }

    /**
     * Whether the endpoint accepts the credentials, asked once before anything is read or written by a plain GET of
     * the update URL: a 401 then means the user name or password is wrong, and any other answer (a form, 400, 405)
     * that they passed or were not asked for.
     */
    static void checkCredentials(HttpClient client, String queryUrl, String updateUrl, SparqlCredentials credentials) {
        HttpClientContext context = HttpClientContext.create();
        context.setCredentialsProvider(provider(credentials, queryUrl, updateUrl));
        int status;
        try {
            HttpResponse response = client.execute(new HttpGet(updateUrl), context);
            status = response.getStatusLine().getStatusCode();
            EntityUtils.consumeQuietly(response.getEntity());
        } catch (IOException e) {
            throw new LacunaException("cannot reach the SPARQL endpoint " + plain(URI.create(updateUrl)) + ": "
                    + e.getMessage(), e);
        }
        if (status == 401) {
            throw refused(URI.create(updateUrl), credentials);
        }
    }

    private static CredentialsProvider provider(SparqlCredentials credentials, String... urls) {
        BasicCredentialsProvider provider = new BasicCredentialsProvider();
        UsernamePasswordCredentials pair = new UsernamePasswordCredentials(credentials.user(), credentials.password());
        Set<AuthScope> scopes = new LinkedHashSet<>();
        for (String url : urls) {
            URI uri = URI.create(url);
            int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
            scopes.add(new AuthScope(uri.getHost(), port));
        }
        for (AuthScope scope : scopes) {
            provider.setCredentials(scope, pair);
        }
        return provider;
    }

    /** A 401, said as missing or as refused credentials. */
    static BadInputException refused(URI url, SparqlCredentials credentials) {
        String endpoint = "SPARQL endpoint " + plain(url);
        return new BadInputException(credentials == null
                ? endpoint + " answered 401 Unauthorized: it needs credentials: " + SparqlCredentials.HOW_TO_GIVE
                : endpoint + " refused the credentials of " + credentials + " (401 Unauthorized): check the user name "
                        + "and password");
    }

    /** The URL without its query string, which for a GET holds a whole query. */
    private static String plain(URI url) {
        return url.getScheme() + "://" + url.getRawAuthority() + (url.getRawPath() == null ? "" : url.getRawPath());
    }
}
