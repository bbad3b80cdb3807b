package dev.lacuna.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;

import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.repository.RepositoryConnection;
import org.eclipse.rdf4j.repository.RepositoryResult;
import org.junit.jupiter.api.Test;

import dev.lacuna.construct.FamilyBuild;
import dev.lacuna.serve.LacunaEndpoint;
import dev.lacuna.serve.ServeFixture;

/**
 * A GoG-style run against a built benchmark: the system inserts a hard answer's removed triple and deletes an
 * edge. Afterwards the folder still verifies against the store and the next server does not serve the insert.
 */
class WritableRunVerifyTest extends TamperedFolderTest {
    private static final String TOKEN = "a-long-enough-update-token";
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void verifyPassesAndTheNextServerAnswersAsBuiltAfterAWritableRun() throws Exception {
        String removed = null;
        String kept = null;
        try (RepositoryConnection c = repository.getConnection();
                RepositoryResult<Statement> all = c.getStatements(null, null, null, false, FamilyBuild.KG.complete())) {
            for (Statement st : all) {
                boolean inIncomplete = c.hasStatement(st.getSubject(), st.getPredicate(), st.getObject(), false,
                        FamilyBuild.KG.incomplete());
                String triple = "<" + st.getSubject() + "> <" + st.getPredicate() + "> <" + st.getObject() + ">";
                if (!inIncomplete && removed == null) {
                    removed = triple;
                } else if (inIncomplete && kept == null) {
                    kept = triple;
                }
            }
        }
        assertTrue(removed != null && kept != null, "a removed and a kept triple");
        LacunaEndpoint gog = LacunaEndpoint.builder().repository(repository).kg(FamilyBuild.KG).port(0)
                .allowUpdate(TOKEN).accessLog(false).build().start();
        try {
            assertEquals(204, update(gog, "INSERT DATA { " + removed + " }"));
            assertEquals(204, update(gog, "DELETE DATA { " + kept + " }"));
            assertTrue(ask(gog, removed));
        } finally {
            gog.stop();
        }
        Verifier.Report report = Verifier.verify(repository, copy());
        assertTrue(report.passed(), report.checks().toString());
        LacunaEndpoint next = LacunaEndpoint.builder().repository(repository).kg(FamilyBuild.KG).port(0)
                .accessLog(false).build().start();
        try {
            assertFalse(ask(next, removed), "an earlier run's insert is served");
            assertTrue(ask(next, kept), "an earlier run's delete is served");
        } finally {
            next.stop();
        }
    }

    private int update(LacunaEndpoint endpoint, String text) throws Exception {
        return ServeFixture.update(http, endpoint, TOKEN, text).statusCode();
    }

    private boolean ask(LacunaEndpoint endpoint, String triple) throws Exception {
        return ServeFixture.ask(http, endpoint, triple);
    }
}
